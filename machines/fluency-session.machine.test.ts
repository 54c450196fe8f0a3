import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromCallback,
  fromPromise,
  initialTransition,
  transition,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import {
  fluencySessionMachine,
  type FluencySessionEvent,
  type FluencySessionInput,
  type SaveInput,
} from './fluency-session.machine.ts';
import {
  COUNTDOWN_TICK_EVENT,
  FLUENCY_STATE_KEYS,
  FLUENCY_TEST_EVENTS,
  RECORDING_LIMIT_EVENT,
  SAMPLE_RECORDING,
  STILL_READING_WAIT_EVENT,
  SAMPLE_RESPONSE,
  SAMPLE_SAVE_ERRORS,
  SAMPLE_STORY_ID,
  createFluencySessionTestModel,
  serializeFluencySnapshot,
  type FluencySessionTestEvent,
} from './fluency-session.test-model.ts';
import { analyseMachine, statesThatCannotReach } from './graph-coverage.ts';
import { STILL_READING_PROMPT, STILL_READING_WAIT_SECONDS } from '#core/fluency-session/end-of-reading.ts';

type Snap = SnapshotFrom<typeof fluencySessionMachine>;

/** Tier 1: pure transitions, collecting `announce` messages (and which were assertive). */
function run(
  events: FluencySessionTestEvent[],
  input: FluencySessionInput = {},
): { snapshot: Snap; said: string[]; urgent: string[] } {
  const said: string[] = [];
  const urgent: string[] = [];
  const collect = (actions: { type: string; params?: unknown }[]) => {
    for (const a of actions) {
      if (a.type !== 'announce') continue;
      const { message, politeness } = a.params as { message: string; politeness?: string };
      said.push(message);
      if (politeness === 'assertive') urgent.push(message);
    }
  };
  let [snapshot, actions] = initialTransition(fluencySessionMachine, input);
  collect(actions as never);
  for (const event of events) {
    [snapshot, actions] = transition(fluencySessionMachine, snapshot, event as FluencySessionEvent);
    collect(actions as never);
  }
  return { snapshot, said, urgent };
}

const granted: FluencySessionTestEvent = { type: 'xstate.done.actor.requestMicrophone', output: undefined };
const tick: FluencySessionTestEvent = { type: COUNTDOWN_TICK_EVENT };
const toRecording: FluencySessionTestEvent[] = [{ type: 'session.start' }, granted, tick, tick, tick];
const toSubmitting: FluencySessionTestEvent[] = [
  ...toRecording,
  { type: 'session.stop' },
  { type: 'recording.captured', recording: SAMPLE_RECORDING },
];

describe('fluencySessionMachine: tier 1, pure transitions', () => {
  it('starts choosing; Start needs a story', () => {
    expect(run([]).snapshot.value).toBe('choosing');
    expect(run([{ type: 'session.start' }]).snapshot.value).toBe('choosing');
    const chosen = run([{ type: 'story.choose', storyId: SAMPLE_STORY_ID }, { type: 'session.start' }]);
    expect(chosen.snapshot.value).toBe('requestingMicrophone');
    expect(run([{ type: 'session.start' }], { storyId: SAMPLE_STORY_ID }).snapshot.value).toBe(
      'requestingMicrophone',
    );
  });

  it('a refused microphone explains itself and can be asked again', () => {
    const denied = run(
      [
        { type: 'session.start' },
        { type: 'xstate.error.actor.requestMicrophone', error: { reason: 'denied' } },
      ],
      { storyId: SAMPLE_STORY_ID },
    );
    expect(denied.snapshot.value).toBe('microphoneProblem');
    expect(denied.snapshot.context.microphoneIssue).toBe('denied');
    expect(denied.said).toContain('Sparky is not allowed to use the microphone.');
    const odd = run(
      [{ type: 'session.start' }, { type: 'xstate.error.actor.requestMicrophone', error: 'boom' as never }],
      {
        storyId: SAMPLE_STORY_ID,
      },
    );
    expect(odd.snapshot.context.microphoneIssue).toBe('failed');
    const again = run(
      [
        { type: 'session.start' },
        { type: 'xstate.error.actor.requestMicrophone', error: { reason: 'denied' } },
        { type: 'session.retry' },
      ],
      { storyId: SAMPLE_STORY_ID },
    );
    expect(again.snapshot.value).toBe('requestingMicrophone');
    expect(again.snapshot.context.microphoneIssue).toBeNull();
  });

  it('counts 3, 2, 1 then records, announcing each number', () => {
    const { snapshot, said } = run([{ type: 'session.start' }, granted], { storyId: SAMPLE_STORY_ID });
    expect(snapshot.matches('countdown')).toBe(true);
    expect(snapshot.context.countdown).toBe(3);
    expect(said).toContain('Get ready. 3');
    const two = run([{ type: 'session.start' }, granted, tick], { storyId: SAMPLE_STORY_ID });
    expect(two.snapshot.context.countdown).toBe(2);
    expect(two.said.at(-1)).toBe('2');
    const one = run([{ type: 'session.start' }, granted, tick, tick], { storyId: SAMPLE_STORY_ID });
    expect(one.snapshot.context.countdown).toBe(1);
    const rec = run(toRecording, { storyId: SAMPLE_STORY_ID });
    expect(rec.snapshot.matches({ recording: { capturing: 'listening' } })).toBe(true);
    expect(rec.said.at(-1)).toBe('Recording. Start reading now.');
  });

  it('records time and level; stops on Stop, on finishing, and at the time limit', () => {
    const progress = run([...toRecording, { type: 'recording.progress', elapsedSeconds: 7, level: 0.5 }], {
      storyId: SAMPLE_STORY_ID,
    });
    expect(progress.snapshot.context).toMatchObject({ elapsedSeconds: 7, level: 0.5 });
    const stops: [FluencySessionTestEvent, string][] = [
      [{ type: 'session.stop' }, 'stopButton'],
      [{ type: 'recording.finished' }, 'finished'],
      [{ type: RECORDING_LIMIT_EVENT }, 'timeLimit'],
      [{ type: 'recording.progress', elapsedSeconds: 30, level: 0.5 }, 'timeLimit'],
    ];
    for (const [event, reason] of stops) {
      const { snapshot } = run([...toRecording, event], { storyId: SAMPLE_STORY_ID, maxSeconds: 30 });
      expect(snapshot.matches({ recording: 'finishing' }), reason).toBe(true);
      expect(snapshot.context.stopReason).toBe(reason);
    }
  });

  it('a long silence asks "Are you still reading?" and never stops the reading by itself', () => {
    const opts = { storyId: SAMPLE_STORY_ID };
    const asked = run(
      [
        ...toRecording,
        { type: 'recording.progress', elapsedSeconds: 16, level: 0.1 },
        { type: 'recording.silent' },
      ],
      opts,
    );
    expect(asked.snapshot.matches({ recording: { capturing: 'askingStillReading' } })).toBe(true);
    expect(asked.snapshot.context.askedAtSeconds).toBe(16);
    expect(asked.urgent).toEqual([STILL_READING_PROMPT]);
    expect(asked.snapshot.context.stopReason).toBeNull();

    // Reading again, or "Keep reading", goes back to listening; the question is cleared.
    for (const event of [{ type: 'recording.resumed' }, { type: 'session.continue' }] as const) {
      const back = run([...toRecording, { type: 'recording.silent' }, event], opts);
      expect(back.snapshot.matches({ recording: { capturing: 'listening' } }), event.type).toBe(true);
      expect(back.snapshot.context.askedAtSeconds).toBeNull();
    }
    // Asked again after another silence.
    const twice = run(
      [
        ...toRecording,
        { type: 'recording.silent' },
        { type: 'recording.resumed' },
        { type: 'recording.silent' },
      ],
      opts,
    );
    expect(twice.urgent).toEqual([STILL_READING_PROMPT, STILL_READING_PROMPT]);

    // Only the further wait without an answer stops it, and the page says why.
    const stopped = run(
      [...toRecording, { type: 'recording.silent' }, { type: STILL_READING_WAIT_EVENT }],
      opts,
    );
    expect(stopped.snapshot.matches({ recording: 'finishing' })).toBe(true);
    expect(stopped.snapshot.context.stopReason).toBe('silence');
    expect(stopped.said.at(-1)).toBe('Recording stopped, because it was quiet for a long time.');

    // Stop and the time limit still work while asking.
    const stop = run([...toRecording, { type: 'recording.silent' }, { type: 'session.stop' }], opts);
    expect(stop.snapshot.context.stopReason).toBe('stopButton');
    const limit = run([...toRecording, { type: 'recording.silent' }, { type: RECORDING_LIMIT_EVENT }], opts);
    expect(limit.snapshot.context.stopReason).toBe('timeLimit');
    // "Keep reading" while listening does nothing.
    expect(run([...toRecording, { type: 'session.continue' }], opts).snapshot.value).toEqual({
      recording: { capturing: 'listening' },
    });
  });

  it('keeps the recording, uploads, scores, shows results', () => {
    const sending = run(toSubmitting, { storyId: SAMPLE_STORY_ID });
    expect(sending.snapshot.matches({ submitting: 'uploading' })).toBe(true);
    expect(sending.snapshot.context.recording).toEqual(SAMPLE_RECORDING);
    const scoring = run([...toSubmitting, { type: 'upload.sent' }], { storyId: SAMPLE_STORY_ID });
    expect(scoring.snapshot.matches({ submitting: 'scoring' })).toBe(true);
    const done = run(
      [...toSubmitting, { type: 'upload.sent' }, { type: 'save.succeeded', response: SAMPLE_RESPONSE }],
      {
        storyId: SAMPLE_STORY_ID,
      },
    );
    expect(done.snapshot.value).toBe('results');
    expect(done.snapshot.context.response).toEqual(SAMPLE_RESPONSE);
    // The child's summary, for the screen reader now and Sparky's voice later (issue 17).
    expect(done.said.at(-1)).toBe(
      'Your results are ready. Good try! Keep practising to earn stars. You read 7 of the 9 words: most of the story. Words to practise: brown and big.',
    );
  });

  it('each save error keeps the recording; retry re-sends it; Read again records anew', () => {
    for (const error of Object.values(SAMPLE_SAVE_ERRORS)) {
      const failed = run([...toSubmitting, { type: 'save.failed', error }], { storyId: SAMPLE_STORY_ID });
      expect(failed.snapshot.value).toBe('failed');
      expect(failed.snapshot.context.saveError?.kind).toBe(error.kind);
      expect(failed.snapshot.context.recording).toEqual(SAMPLE_RECORDING);
      const retried = run([...toSubmitting, { type: 'save.failed', error }, { type: 'session.retry' }], {
        storyId: SAMPLE_STORY_ID,
      });
      expect(retried.snapshot.matches({ submitting: 'uploading' })).toBe(true);
      expect(retried.snapshot.context.recording).toEqual(SAMPLE_RECORDING);
      const restarted = run([...toSubmitting, { type: 'save.failed', error }, { type: 'session.restart' }], {
        storyId: SAMPLE_STORY_ID,
      });
      expect(restarted.snapshot.value).toBe('requestingMicrophone');
      expect(restarted.snapshot.context.recording).toBeNull();
    }
  });

  it('cancel from anywhere returns to choosing and forgets the recording', () => {
    const prefixes: FluencySessionTestEvent[][] = [
      [{ type: 'session.start' }],
      [{ type: 'session.start' }, granted],
      toRecording,
      [...toRecording, { type: 'session.stop' }],
      toSubmitting,
      [...toSubmitting, { type: 'save.failed', error: SAMPLE_SAVE_ERRORS.network }],
      [...toSubmitting, { type: 'save.succeeded', response: SAMPLE_RESPONSE }],
    ];
    for (const prefix of prefixes) {
      const { snapshot } = run([...prefix, { type: 'session.cancel' }], { storyId: SAMPLE_STORY_ID });
      expect(snapshot.value).toBe('choosing');
      expect(snapshot.context.storyId).toBe(SAMPLE_STORY_ID);
      expect(snapshot.context.recording).toBeNull();
      expect(snapshot.context.response).toBeNull();
    }
  });

  it('a microphone failure while recording is a microphone problem', () => {
    const { snapshot } = run([...toRecording, { type: 'recording.failed' }], { storyId: SAMPLE_STORY_ID });
    expect(snapshot.value).toBe('microphoneProblem');
    expect(snapshot.context.microphoneIssue).toBe('failed');
  });
});

describe('fluencySessionMachine: tier 1, actors with fake timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A recorder that reports progress each 100 ms and delivers the recording on capture.stop. */
  function fakeActors(saves: SaveInput[], answers: ('ok' | 'network')[]) {
    let stopped = 0;
    const machine = fluencySessionMachine.provide({
      actors: {
        requestMicrophone: fromPromise<void>(async () => {}),
        captureAudio: fromCallback(({ sendBack, receive }) => {
          let t = 0;
          const timer = setInterval(() => {
            t += 0.1;
            sendBack({ type: 'recording.progress', elapsedSeconds: Math.round(t * 10) / 10, level: 0.6 });
          }, 100);
          receive(() => {
            stopped += 1;
            sendBack({ type: 'recording.captured', recording: { ...SAMPLE_RECORDING, durationSeconds: t } });
          });
          return () => clearInterval(timer);
        }),
        saveReading: fromCallback<EventObject, SaveInput>(({ sendBack, input }) => {
          saves.push(input);
          const answer = answers.shift() ?? 'ok';
          const timer = setTimeout(() => {
            sendBack({ type: 'upload.sent' });
            if (answer === 'ok') sendBack({ type: 'save.succeeded', response: SAMPLE_RESPONSE });
            else sendBack({ type: 'save.failed', error: SAMPLE_SAVE_ERRORS.network });
          }, 50);
          return () => clearTimeout(timer);
        }),
      },
    });
    return { machine, stops: () => stopped };
  }

  it('runs the whole session on the clock: 3 s countdown, 60 s limit, a network failure, a retry with the same key', async () => {
    const saves: SaveInput[] = [];
    const published: unknown[] = [];
    const { machine, stops } = fakeActors(saves, ['network', 'ok']);
    const actor = createActor(
      machine.provide({ actions: { publishResult: (_, params) => void published.push(params.response) } }),
      { input: { storyId: SAMPLE_STORY_ID } },
    ).start();
    actor.send({ type: 'session.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('countdown')).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(actor.getSnapshot().context.countdown).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ recording: { capturing: 'listening' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().context.elapsedSeconds).toBeCloseTo(30, 0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(stops()).toBe(1);
    expect(actor.getSnapshot().context.stopReason).toBe('timeLimit');
    expect(actor.getSnapshot().matches({ submitting: 'uploading' })).toBe(true);
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'session.retry' });
    await vi.advanceTimersByTimeAsync(50);
    expect(actor.getSnapshot().value).toBe('results');
    expect(saves).toHaveLength(2);
    expect(saves[0]).toEqual({
      recordingId: SAMPLE_RECORDING.id,
      idempotencyKey: SAMPLE_RECORDING.id,
      storyId: SAMPLE_STORY_ID,
    });
    expect(saves[1]).toEqual(saves[0]);
    expect(published).toEqual([SAMPLE_RESPONSE]);
    actor.stop();
  });

  it(`waits ${STILL_READING_WAIT_SECONDS} s after asking; "Keep reading" restarts the recorder's silence watch`, async () => {
    const received: string[] = [];
    let report: ((event: EventObject) => void) | null = null;
    const machine = fluencySessionMachine.provide({
      actors: {
        requestMicrophone: fromPromise<void>(async () => {}),
        captureAudio: fromCallback(({ sendBack, receive }) => {
          report = sendBack;
          receive((event) => {
            received.push(event.type);
            if (event.type === 'capture.stop')
              sendBack({ type: 'recording.captured', recording: SAMPLE_RECORDING });
          });
        }),
        saveReading: fromCallback(() => {}),
      },
    });
    const actor = createActor(machine, { input: { storyId: SAMPLE_STORY_ID, maxSeconds: 120 } }).start();
    actor.send({ type: 'session.start' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().matches('recording')).toBe(true);
    report!({ type: 'recording.silent' });
    await vi.advanceTimersByTimeAsync(STILL_READING_WAIT_SECONDS * 1000 - 100);
    expect(actor.getSnapshot().matches({ recording: { capturing: 'askingStillReading' } })).toBe(true);
    actor.send({ type: 'session.continue' });
    expect(received).toEqual(['capture.listenAgain']);
    // The old wait is gone: nothing stops at its end.
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches({ recording: { capturing: 'listening' } })).toBe(true);
    report!({ type: 'recording.silent' });
    await vi.advanceTimersByTimeAsync(STILL_READING_WAIT_SECONDS * 1000);
    expect(received).toEqual(['capture.listenAgain', 'capture.stop']);
    expect(actor.getSnapshot().context.stopReason).toBe('silence');
    expect(actor.getSnapshot().matches({ submitting: 'uploading' })).toBe(true);
    actor.stop();
  });

  it('cancel while recording stops the recorder (the microphone is released)', async () => {
    const saves: SaveInput[] = [];
    const { machine } = fakeActors(saves, []);
    const actor = createActor(machine, { input: { storyId: SAMPLE_STORY_ID } }).start();
    actor.send({ type: 'session.start' });
    await vi.advanceTimersByTimeAsync(3500);
    expect(actor.getSnapshot().matches('recording')).toBe(true);
    actor.send({ type: 'session.cancel' });
    const before = actor.getSnapshot().context.elapsedSeconds;
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.elapsedSeconds).toBe(before);
    expect(saves).toEqual([]);
    actor.stop();
  });
});

describe('fluencySessionMachine: tier 2, graph coverage', () => {
  it('reaches every state, has no dead ends, and can always get back to choosing', () => {
    for (const input of [{}, { storyId: SAMPLE_STORY_ID }]) {
      const report = analyseMachine(fluencySessionMachine, {
        events: FLUENCY_TEST_EVENTS,
        input,
        serializeState: serializeFluencySnapshot,
      });
      expect(report.unreached).toEqual([]);
      // Choosing with no story only changes context (a story is picked), never the state value,
      // so the traversal counts it as a dead end; every other state moves.
      expect(report.deadEnds.map((k) => JSON.parse(k) as { value: unknown; story: boolean })).toEqual(
        'storyId' in input ? [] : [expect.objectContaining({ value: 'choosing', story: false })],
      );
      expect(statesThatCannotReach(report, (s) => s.matches('choosing'))).toEqual([]);
      expect(statesThatCannotReach(report, (s) => s.matches('results'))).toEqual([]);
    }
  });

  it('the shortest paths visit every resting state', () => {
    const paths = createFluencySessionTestModel().getShortestPaths();
    for (const key of FLUENCY_STATE_KEYS) {
      expect(
        paths.some((p) => p.steps.some((step) => step.state.matches(key as never))),
        key,
      ).toBe(true);
    }
    expect(FLUENCY_STATE_KEYS).toEqual([
      'choosing',
      'requestingMicrophone',
      'microphoneProblem',
      'countdown.ticking',
      'recording.capturing.listening',
      'recording.capturing.askingStillReading',
      'recording.finishing',
      'submitting.uploading',
      'submitting.scoring',
      'failed',
      'results',
    ]);
  });

  it('a path to results can be executed step by step', async () => {
    const [path] = createFluencySessionTestModel().getShortestPaths({ toState: (s) => s.matches('results') });
    expect(path).toBeDefined();
    const seen: string[] = [];
    await path!.test({
      events: Object.fromEntries(FLUENCY_TEST_EVENTS.map((e) => [e.type, () => void seen.push(e.type)])),
      states: { results: () => void seen.push('state:results') },
    });
    expect(seen.at(-1)).toBe('state:results');
    expect(seen).toContain('recording.captured');
  });
});
