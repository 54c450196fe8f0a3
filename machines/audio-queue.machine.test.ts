import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, initialTransition, transition } from 'xstate';
import type { AudioItem } from '#core/audio/queue.ts';
import {
  DUCK_FACTOR,
  audioQueueMachine,
  effectiveVolume,
  type AudioQueueEvent,
  type PlayInput,
  type PlayerCommand,
  type Playable,
} from './audio-queue.machine.ts';
import {
  AUDIO_QUEUE_STATE_KEYS,
  AUDIO_QUEUE_TEST_EVENTS,
  MODEL_NOW,
  SAMPLE_PLAYABLE,
  createAudioQueueTestModel,
  serializeAudioQueueSnapshot,
} from './audio-queue.test-model.ts';
import { analyseMachine, statesThatCannotReach } from './graph-coverage.ts';

const say = (text: string, type: AudioItem['type'], at = MODEL_NOW): AudioQueueEvent => ({
  type: 'audio.enqueue',
  request: { text, type },
  at,
});

function pure(events: unknown[]) {
  let [s] = initialTransition(audioQueueMachine, {});
  for (const e of events) [s] = transition(audioQueueMachine, s, e as AudioQueueEvent);
  return s;
}

const loaded = { type: 'xstate.done.actor.loadItem', output: SAMPLE_PLAYABLE };

describe('audioQueueMachine: tier 1, pure transitions', () => {
  it('starts the first item at once and plays it when loaded', () => {
    const s = pure([say('Hello', 'guidance')]);
    expect(s.value).toBe('loading');
    expect(s.context.current?.text).toBe('Hello');
    expect(s.hasTag('busy')).toBe(true);
    const p = transition(audioQueueMachine, s, loaded as never)[0];
    expect(p.value).toEqual({ playing: 'running' });
    expect(p.hasTag('speaking')).toBe(true);
    expect(transition(audioQueueMachine, p, { type: 'audio.ended' })[0].value).toBe('idle');
  });

  it('plays waiting items in order, then rests', () => {
    let s = pure([say('Home', 'button'), say('Stories', 'button')]);
    expect(s.context.queue.map((i) => i.text)).toEqual(['Stories']);
    s = pure([say('Home', 'button'), say('Stories', 'button'), loaded, { type: 'audio.ended' }]);
    expect(s.value).toBe('loading');
    expect(s.context.current?.text).toBe('Stories');
    s = transition(audioQueueMachine, s, loaded as never)[0];
    s = transition(audioQueueMachine, s, { type: 'audio.ended' })[0];
    expect(s.value).toBe('idle');
    expect(s.context.current).toBeNull();
  });

  it('withdrawing guidance cuts off the line being said and drops waiting guidance, not other lines', () => {
    let s = pure([say('Old page, line one', 'guidance', MODEL_NOW), loaded]);
    s = transition(audioQueueMachine, s, say('Old page, line two', 'guidance', MODEL_NOW + 1))[0];
    s = transition(audioQueueMachine, s, say('Home', 'button', MODEL_NOW + 2))[0];
    expect(s.value).toEqual({ playing: 'running' });
    expect(s.context.queue.map((i) => i.text)).toEqual(['Old page, line two', 'Home']);
    s = transition(audioQueueMachine, s, { type: 'audio.withdraw', itemType: 'guidance' })[0];
    // The current guidance line is cut off and the button name, the only other line, starts.
    expect(s.value).toBe('loading');
    expect(s.context.current?.text).toBe('Home');
    expect(s.context.queue).toEqual([]);
    // Withdrawing a type with nothing of it queued changes nothing.
    s = transition(audioQueueMachine, s, { type: 'audio.withdraw', itemType: 'read' })[0];
    expect(s.context.current?.text).toBe('Home');
  });

  it('withdrawing a type that is not playing leaves the current line alone', () => {
    let s = pure([say('Saved!', 'toast', MODEL_NOW), loaded]);
    s = transition(audioQueueMachine, s, say('A page line', 'guidance', MODEL_NOW + 1))[0];
    s = transition(audioQueueMachine, s, { type: 'audio.withdraw', itemType: 'guidance' })[0];
    expect(s.value).toEqual({ playing: 'running' });
    expect(s.context.current?.text).toBe('Saved!');
    expect(s.context.queue).toEqual([]);
  });

  it('a second guidance line waits for the first; a warning cuts it off', () => {
    const playing = pure([say('Line one.', 'guidance'), loaded]);
    const second = transition(audioQueueMachine, playing, say('Line two.', 'guidance', MODEL_NOW + 3000))[0];
    expect(second.value).toEqual({ playing: 'running' });
    expect(second.context.current?.text).toBe('Line one.');
    expect(second.context.queue.map((i) => i.text)).toEqual(['Line two.']);
    const warned = transition(audioQueueMachine, second, say('Oops!', 'error', MODEL_NOW + 3100))[0];
    expect(warned.value).toBe('loading');
    expect(warned.context.current?.text).toBe('Oops!');
    // Replaced: line two was dropped with the queue.
    expect(warned.context.queue).toEqual([]);
  });

  it('drops the same text and type within 2 s', () => {
    const s = pure([say('Home', 'button'), say('Home', 'button', MODEL_NOW + 500)]);
    expect(s.context.lastOutcome).toBe('duplicate');
    expect(s.context.queue).toEqual([]);
  });

  it('pause, resume and toggle while playing; pause while loading starts paused', () => {
    const playing = pure([say('Hello', 'guidance'), loaded]);
    const paused = transition(audioQueueMachine, playing, { type: 'audio.pause' })[0];
    expect(paused.value).toEqual({ playing: 'paused' });
    expect(paused.hasTag('speaking')).toBe(false);
    expect(paused.hasTag('busy')).toBe(true);
    expect(transition(audioQueueMachine, paused, { type: 'audio.resume' })[0].value).toEqual({
      playing: 'running',
    });
    expect(transition(audioQueueMachine, paused, { type: 'audio.toggle' })[0].value).toEqual({
      playing: 'running',
    });
    const held = pure([say('Hello', 'guidance'), { type: 'audio.toggle' }, loaded]);
    expect(held.value).toEqual({ playing: 'paused' });
    const released = pure([
      say('Hello', 'guidance'),
      { type: 'audio.pause' },
      { type: 'audio.resume' },
      loaded,
    ]);
    expect(released.value).toEqual({ playing: 'running' });
  });

  it('skip goes to the next item; stop empties everything', () => {
    const two = pure([say('Home', 'button'), say('Stories', 'button'), loaded]);
    const skipped = transition(audioQueueMachine, two, { type: 'audio.skip' })[0];
    expect(skipped.value).toBe('loading');
    expect(skipped.context.current?.text).toBe('Stories');
    const stopped = transition(audioQueueMachine, two, { type: 'audio.stop' })[0];
    expect(stopped.value).toBe('idle');
    expect(stopped.context.queue).toEqual([]);
    expect(stopped.context.current).toBeNull();
  });

  it("while ducked the tutor's word still starts, at full volume (issue 12)", () => {
    const ducked = pure([{ type: 'audio.duck' }, say('river', 'tutor')]);
    expect(ducked.value).toBe('loading');
    expect(ducked.context.current?.type).toBe('tutor');
    expect(effectiveVolume(ducked.context)).toBe(ducked.context.volume);
    const answer = pure([say('Hello', 'answer')]).context.current;
    expect(effectiveVolume({ ...ducked.context, current: answer })).toBeCloseTo(
      ducked.context.volume * DUCK_FACTOR,
    );
  });

  it('stays ducked until every duck is matched by an unduck (two microphones at once)', () => {
    // The talk button listens while the reading recorder still holds the microphone.
    const both = pure([{ type: 'audio.duck' }, { type: 'audio.duck' }, say('Hello', 'answer')]);
    const oneLeft = transition(audioQueueMachine, both, { type: 'audio.unduck' })[0];
    expect(oneLeft.context.isDucked).toBe(true);
    expect(oneLeft.value).toBe('idle');
    const none = transition(audioQueueMachine, oneLeft, { type: 'audio.unduck' })[0];
    expect(none.context.isDucked).toBe(false);
    expect(none.value).toBe('loading');
    // An unduck with no duck left changes nothing, and does not count against the next duck.
    const extra = transition(audioQueueMachine, none, { type: 'audio.unduck' })[0];
    expect(extra.context.duckHolds).toBe(0);
    const again = transition(audioQueueMachine, extra, { type: 'audio.duck' })[0];
    expect(again.context.isDucked).toBe(true);
  });

  it('while ducked nothing new starts; unducking starts what waits', () => {
    const ducked = pure([{ type: 'audio.duck' }, say('Hello', 'answer')]);
    expect(ducked.value).toBe('idle');
    expect(ducked.context.queue).toHaveLength(1);
    const unducked = transition(audioQueueMachine, ducked, { type: 'audio.unduck' })[0];
    expect(unducked.value).toBe('loading');
  });

  it('a failed load or playback falls back to the device voice, then goes on', () => {
    const failedLoad = pure([say('Hello', 'guidance'), { type: 'xstate.error.actor.loadItem', error: 'x' }]);
    expect(failedLoad.value).toBe('fallingBack');
    const failedPlay = pure([say('Hello', 'guidance'), loaded, { type: 'audio.failed' }]);
    expect(failedPlay.value).toBe('fallingBack');
    const after = transition(audioQueueMachine, failedPlay, {
      type: 'xstate.error.actor.speakFallback',
      error: 'none',
    } as never)[0];
    expect(after.value).toBe('idle');
  });
});

describe('audioQueueMachine: tier 1, an actor with fakes and fake timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start() {
    const commands: PlayerCommand[] = [];
    const inputs: PlayInput[] = [];
    const failures: string[] = [];
    let player: { sendBack: (e: AudioQueueEvent) => void } | null = null;
    const loads: { item: AudioItem; resolve: (p: Playable) => void; reject: (e: unknown) => void }[] = [];
    const fallbacks: AudioItem[] = [];
    const actor = createActor(
      audioQueueMachine.provide({
        actors: {
          loadItem: fromPromise<Playable, { item: AudioItem }>(
            ({ input }) =>
              new Promise((resolve, reject) => loads.push({ item: input.item, resolve, reject })),
          ),
          playItem: fromCallback<PlayerCommand, PlayInput>(({ input, sendBack, receive }) => {
            inputs.push(input);
            player = { sendBack: sendBack as (e: AudioQueueEvent) => void };
            receive((command) => commands.push(command));
            // The fake audio ends after its duration.
            const timer = setTimeout(() => sendBack({ type: 'audio.ended' }), input.playable.duration * 1000);
            return () => clearTimeout(timer);
          }),
          speakFallback: fromPromise<void, { item: AudioItem }>(async ({ input }) => {
            fallbacks.push(input.item);
          }),
        },
        actions: {
          reportFailure: (_, params) => failures.push(params.error),
        },
      }),
      { input: { volume: 0.5 } },
    ).start();
    return { actor, commands, inputs, loads, failures, fallbacks, player: () => player };
  }

  it('plays through the queue with the real clock of the player', async () => {
    const t = start();
    t.actor.send(say('One', 'guidance', Date.now()));
    t.actor.send(say('Home', 'button', Date.now()));
    expect(t.loads).toHaveLength(1);
    t.loads[0]!.resolve(SAMPLE_PLAYABLE);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.actor.getSnapshot().value).toEqual({ playing: 'running' });
    expect(t.inputs[0]!.volume).toBe(0.5);
    await vi.advanceTimersByTimeAsync(1500);
    expect(t.loads).toHaveLength(2);
    expect(t.loads[1]!.item.text).toBe('Home');
  });

  it('tells the player to pause, resume and change volume, ducked to a fifth', async () => {
    const t = start();
    t.actor.send(say('One', 'guidance', Date.now()));
    t.loads[0]!.resolve(SAMPLE_PLAYABLE);
    await vi.advanceTimersByTimeAsync(0);
    t.actor.send({ type: 'audio.pause' });
    t.actor.send({ type: 'audio.resume' });
    t.actor.send({ type: 'audio.duck' });
    t.actor.send({ type: 'audio.volume', volume: 1 });
    t.actor.send({ type: 'audio.unduck' });
    expect(t.commands).toEqual([
      { type: 'player.pause' },
      { type: 'player.resume' },
      { type: 'player.volume', volume: 0.5 * DUCK_FACTOR },
      { type: 'player.volume', volume: DUCK_FACTOR },
      { type: 'player.volume', volume: 1 },
    ]);
  });

  it('a failed load is reported and said by the device voice', async () => {
    const t = start();
    t.actor.send(say('One', 'guidance', Date.now()));
    t.loads[0]!.reject(new Error('speech_unavailable'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.failures).toEqual(['Error: speech_unavailable']);
    expect(t.fallbacks.map((i) => i.text)).toEqual(['One']);
    expect(t.actor.getSnapshot().value).toBe('idle');
  });

  it('the same line offered again 2 s later is said again', async () => {
    const t = start();
    t.actor.send(say('Home', 'button', Date.now()));
    await vi.advanceTimersByTimeAsync(1999);
    t.actor.send(say('Home', 'button', Date.now()));
    expect(t.actor.getSnapshot().context.lastOutcome).toBe('duplicate');
    await vi.advanceTimersByTimeAsync(1);
    t.actor.send(say('Home', 'button', Date.now()));
    expect(t.actor.getSnapshot().context.lastOutcome).toBe('queued');
  });
});

describe('audioQueueMachine: tier 2, coverage of the generated graph', () => {
  const report = analyseMachine(audioQueueMachine, {
    events: AUDIO_QUEUE_TEST_EVENTS,
    serializeState: serializeAudioQueueSnapshot,
  });

  it('reaches every resting state with no dead ends', () => {
    expect(report.unreached).toEqual([]);
    // Silence is the only place the model can rest for good: its clock never moves, so once every
    // sample text has been heard, no event can start anything new there.
    const stuck = report.deadEnds.map((key) => JSON.parse(key) as { value: unknown; queue: unknown[] });
    expect(stuck.filter((s) => s.value !== 'idle' || s.queue.length > 0)).toEqual([]);
  });

  it('can always get back to silence, and never holds more than 5 waiting items', () => {
    expect(statesThatCannotReach(report, (s) => s.matches('idle') && s.context.current === null)).toEqual([]);
    for (const s of report.states.values()) expect(s.context.queue.length).toBeLessThanOrEqual(5);
  });

  it('keeps the queue in priority order and never plays a quieter item while a louder one waits', () => {
    for (const s of report.states.values()) {
      const { current, queue } = s.context;
      for (const [k, item] of queue.entries()) {
        if (k > 0) expect(queue[k - 1]!.priority).toBeGreaterThanOrEqual(item.priority);
      }
      if (current && queue[0]) expect(current.priority).toBeGreaterThanOrEqual(queue[0].priority);
    }
  });

  it('shortest paths visit every resting state', () => {
    const paths = createAudioQueueTestModel().getShortestPaths();
    for (const key of AUDIO_QUEUE_STATE_KEYS) {
      expect(
        paths.some((p) => p.steps.some((st) => st.state.matches(key as never))),
        key,
      ).toBe(true);
    }
  });
});
