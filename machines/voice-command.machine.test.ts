import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  initialTransition,
  transition,
  type SnapshotFrom,
} from 'xstate';
import {
  CANNOT_LISTEN_NOW,
  COMING_SOON,
  MICROPHONE_MESSAGES,
  NOTHING_HEARD,
  notUnderstoodMessage,
} from '#core/voice/answers.ts';
import { analyseMachine, leafPaths, statesThatCannotReach } from './graph-coverage.ts';
import {
  CONFIRM_MS,
  LISTEN_TIMEOUT_MS,
  MAX_UTTERANCE_MS,
  voiceCommandMachine,
  type Heard,
  type ListenCommand,
  type ListenInput,
  type VoiceCommandEvent,
  type VoiceCommandInput,
} from './voice-command.machine.ts';
import {
  CONFIRM_EVENT,
  HEARD_COMING_SOON,
  HEARD_NAVIGATE,
  HEARD_NOTHING,
  LISTEN_TIMEOUT_EVENT,
  NOT_UNDERSTOOD_EVENT,
  VOICE_STATE_KEYS,
  VOICE_TEST_EVENTS,
  createVoiceCommandTestModel,
  serializeVoiceSnapshot,
  type VoiceCommandTestEvent,
} from './voice-command.test-model.ts';

type Snap = SnapshotFrom<typeof voiceCommandMachine>;

/** Tier 1: pure transitions, collecting what is said and the actions run. */
function run(
  events: VoiceCommandTestEvent[],
  input: VoiceCommandInput = {},
): { snapshot: Snap; said: string[]; actions: string[] } {
  const said: string[] = [];
  const names: string[] = [];
  const collect = (actions: { type: string; params?: unknown }[]) => {
    for (const a of actions) {
      names.push(a.type);
      if (a.type === 'speak') said.push((a.params as { text: string }).text);
    }
  };
  let [snapshot, actions] = initialTransition(voiceCommandMachine, input);
  collect(actions as never);
  for (const event of events) {
    [snapshot, actions] = transition(voiceCommandMachine, snapshot, event as VoiceCommandEvent);
    collect(actions as never);
  }
  return { snapshot, said, actions: names };
}

const talk: VoiceCommandTestEvent = { type: 'voice.talk' };
const spoke: VoiceCommandTestEvent[] = [
  talk,
  { type: 'speech.started' },
  { type: 'speech.ended', utteranceId: 'u1', seconds: 1.2 },
];
const recognised = (output: Heard): VoiceCommandTestEvent => ({
  type: 'xstate.done.actor.recognise',
  output,
});

describe('voiceCommandMachine, tier 1: transitions', () => {
  it('rests idle, listens on a press and ducks the audio while the microphone is open', () => {
    expect(run([]).snapshot.value).toBe('idle');
    const { snapshot, actions } = run([talk]);
    expect(snapshot.matches({ capturing: 'listening' })).toBe(true);
    expect(snapshot.hasTag('listening')).toBe(true);
    expect(actions).toContain('duckAudio');
    const hearing = run([talk, { type: 'speech.started' }]).snapshot;
    expect(hearing.matches({ capturing: 'hearing' })).toBe(true);
    expect(hearing.hasTag('hearing')).toBe(true);
  });

  it('sends the utterance to be recognised, says where it goes, then does it', () => {
    const sent = run(spoke);
    expect(sent.snapshot.value).toBe('recognising');
    expect(sent.snapshot.hasTag('busy')).toBe(true);
    expect(sent.snapshot.context.utteranceId).toBe('u1');
    expect(sent.actions).toContain('unduckAudio');
    const heard = run([...spoke, recognised(HEARD_NAVIGATE)]);
    expect(heard.snapshot.value).toBe('confirming');
    expect(heard.said).toEqual(['Going to Reading Practice.']);
    expect(heard.snapshot.context.lastMessage).toBe('Going to Reading Practice.');
    const acting = run([...spoke, recognised(HEARD_NAVIGATE), { type: CONFIRM_EVENT }]);
    expect(acting.snapshot.value).toBe('acting');
    const done = run([
      ...spoke,
      recognised(HEARD_NAVIGATE),
      { type: CONFIRM_EVENT },
      { type: 'xstate.done.actor.act', output: undefined },
    ]);
    expect(done.snapshot.value).toBe('idle');
  });

  it('answers a screen that is not built yet kindly and never acts on it', () => {
    const { snapshot, said } = run([...spoke, recognised(HEARD_COMING_SOON), { type: CONFIRM_EVENT }]);
    expect(said).toEqual([COMING_SOON]);
    expect(snapshot.value).toBe('idle');
  });

  it('says "I didn\'t catch that" with three suggestions when no command was said', () => {
    const suggestions = ['start reading', 'The Lost Mitten', 'go home', 'help'];
    const { snapshot, said } = run([
      { type: 'voice.suggestions', suggestions },
      ...spoke,
      recognised(HEARD_NOTHING),
    ]);
    expect(snapshot.value).toBe('notUnderstood');
    const message = "I didn't catch that. You can say “start reading”, “The Lost Mitten” or “go home”.";
    expect(notUnderstoodMessage(suggestions)).toBe(message);
    expect(said).toEqual([message]);
    expect(run([...spoke, recognised(HEARD_NOTHING), { type: NOT_UNDERSTOOD_EVENT }]).snapshot.value).toBe(
      'idle',
    );
    expect(run([...spoke, recognised(HEARD_NOTHING), talk]).snapshot.matches('capturing')).toBe(true);
  });

  it('while a reading is recorded, a miss or a failure is not said aloud', () => {
    const recording: VoiceCommandTestEvent = { type: 'voice.recording', on: true };
    const miss = run([recording, ...spoke, recognised(HEARD_NOTHING)]);
    expect(miss.snapshot.value).toBe('idle');
    expect(miss.said).toEqual([]);
    const failed = run([
      recording,
      ...spoke,
      { type: 'xstate.error.actor.recognise', error: new Error('x') },
    ]);
    expect(failed.snapshot.value).toBe('idle');
    expect(failed.said).toEqual([]);
  });

  it('says so when the server cannot listen', () => {
    const { snapshot, said } = run([
      ...spoke,
      { type: 'xstate.error.actor.recognise', error: new Error('x') },
    ]);
    expect(snapshot.value).toBe('idle');
    expect(said).toEqual([CANNOT_LISTEN_NOW]);
  });

  it('ignores a sound without a voice hands-free, and answers it "I didn\'t catch that" after a press', () => {
    const cough = {
      type: 'xstate.error.actor.recognise',
      error: { code: 'audio_noise' },
    } as VoiceCommandTestEvent;
    const handsFree = run([
      { type: 'voice.handsFree', on: true },
      { type: 'speech.started' },
      { type: 'speech.ended', utteranceId: 'u1', seconds: 0.4 },
      cough,
    ]);
    expect(handsFree.snapshot.matches('capturing')).toBe(true);
    expect(handsFree.said).toEqual([]);
    const pressed = run([...spoke, cough]);
    expect(pressed.snapshot.value).toBe('notUnderstood');
    expect(pressed.said).toHaveLength(1);
    expect(pressed.said[0]).toMatch(/^I didn't catch that/);
  });

  it('explains a microphone problem and tries again on the next press', () => {
    const { snapshot, said } = run([talk, { type: 'microphone.failed', issue: 'denied' }]);
    expect(snapshot.value).toBe('microphoneProblem');
    expect(said).toEqual([MICROPHONE_MESSAGES.denied]);
    expect(
      run([talk, { type: 'microphone.failed', issue: 'denied' }, talk]).snapshot.matches('capturing'),
    ).toBe(true);
  });

  it('push-to-talk stops listening after a silence, or on a second press before any voice', () => {
    const timeout = run([talk, { type: LISTEN_TIMEOUT_EVENT }]);
    expect(timeout.snapshot.value).toBe('idle');
    expect(timeout.said).toEqual([NOTHING_HEARD]);
    expect(run([talk, talk]).snapshot.value).toBe('idle');
    expect(run([talk, { type: 'speech.started' }, { type: 'speech.misfire' }]).snapshot.value).toEqual({
      capturing: 'listening',
    });
  });

  it('does not send speech longer than a command', () => {
    const long = run([
      talk,
      { type: 'speech.started' },
      { type: 'speech.ended', utteranceId: 'u2', seconds: 20 },
    ]);
    expect(long.snapshot.value).toEqual({ capturing: 'listening' });
    expect(long.snapshot.context.utteranceId).toBeNull();
  });

  it('hands-free listens again after each answer, until it is turned off', () => {
    const handsFree: VoiceCommandTestEvent = { type: 'voice.handsFree', on: true };
    const after = run([
      handsFree,
      { type: 'speech.started' },
      { type: 'speech.ended', utteranceId: 'u1', seconds: 1 },
      recognised(HEARD_NOTHING),
      { type: NOT_UNDERSTOOD_EVENT },
    ]);
    expect(after.snapshot.matches('capturing')).toBe(true);
    // no listening timeout hands-free
    expect(run([handsFree, { type: LISTEN_TIMEOUT_EVENT }]).snapshot.matches('capturing')).toBe(true);
    expect(run([handsFree, { type: 'voice.handsFree', on: false }]).snapshot.value).toBe('idle');
  });

  it('Escape cancels whatever is going on', () => {
    for (const events of [[talk], spoke, [...spoke, recognised(HEARD_NAVIGATE)]])
      expect(run([...events, { type: 'voice.cancel' }]).snapshot.value).toBe('idle');
  });
});

describe('voiceCommandMachine, tier 1: with actors and the clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends the utterance at 8 s, recognises it, confirms, then acts', async () => {
    const received: ListenCommand[] = [];
    const acted: Heard[] = [];
    const said: string[] = [];
    const actor = createActor(
      voiceCommandMachine.provide({
        actors: {
          listen: fromCallback<ListenCommand, ListenInput>(({ sendBack, receive }) => {
            receive((event) => {
              received.push(event);
              sendBack({ type: 'speech.ended', utteranceId: 'long', seconds: 8 });
            });
          }),
          recognise: fromPromise(async () => HEARD_NAVIGATE),
          act: fromPromise(async ({ input }: { input: Heard }) => {
            acted.push(input);
          }),
        },
        actions: { speak: (_, params) => said.push(params.text) },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'voice.talk' });
    actor.send({ type: 'speech.started' });
    await vi.advanceTimersByTimeAsync(MAX_UTTERANCE_MS - 1);
    expect(received).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(received).toEqual([{ type: 'listen.finish' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(acted).toEqual([]);
    await vi.advanceTimersByTimeAsync(CONFIRM_MS);
    expect(acted).toEqual([HEARD_NAVIGATE]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(said).toEqual(['Going to Reading Practice.']);
    actor.stop();
  });

  it('closes the microphone after 8 s of nothing said', async () => {
    let closed = false;
    const actor = createActor(
      voiceCommandMachine.provide({
        actors: {
          listen: fromCallback<ListenCommand, ListenInput>(() => () => {
            closed = true;
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'voice.talk' });
    await vi.advanceTimersByTimeAsync(LISTEN_TIMEOUT_MS);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.lastMessage).toBe(NOTHING_HEARD);
    expect(closed).toBe(true);
    actor.stop();
  });
});

describe('voiceCommandMachine, tier 2: graph coverage', () => {
  const report = analyseMachine(voiceCommandMachine, {
    events: VOICE_TEST_EVENTS,
    input: {},
    serializeState: (s) => serializeVoiceSnapshot(s as Snap),
  });

  it('reaches every state, and none is a dead end', () => {
    expect(report.unreached).toEqual([]);
    expect(report.deadEnds).toEqual([]);
    expect(VOICE_STATE_KEYS).toEqual(
      expect.arrayContaining([
        'idle',
        'capturing.listening',
        'capturing.hearing',
        'recognising',
        'confirming',
        'acting',
        'notUnderstood',
        'microphoneProblem',
      ]),
    );
  });

  it('can get back to idle from every state', () => {
    expect(statesThatCannotReach(report, (s) => (s as Snap).matches('idle'))).toEqual([]);
  });

  it('gives shortest paths through every state for the UI tests', () => {
    const paths = createVoiceCommandTestModel().getShortestPaths();
    // paths that are prefixes of longer ones are merged: count the states along each path
    const ends = new Set(paths.flatMap((p) => p.steps.flatMap((step) => leafPaths(step.state.value))));
    expect([...ends].sort()).toEqual([...VOICE_STATE_KEYS].sort());
  });
});
