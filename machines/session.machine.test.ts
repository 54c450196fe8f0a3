import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { REFRESH_TICK_MS } from '#core/auth/refresh.ts';
import { sessionMachine, type SessionData, type SessionEvent } from './session.machine.ts';
import {
  EXPIRING_SESSION,
  FRESH_SESSION,
  SESSION_STATE_KEYS,
  SESSION_TEST_EVENTS,
  SESSION_TICK_EVENT,
  createSessionTestModel,
  serializeSessionSnapshot,
  type SessionTestEvent,
} from './session.test-model.ts';
import { analyseMachine, statesThatCannotReach } from './graph-coverage.ts';

const NOW = Date.UTC(2025, 0, 6, 9, 0, 0);
const session = (expiresInMs: number): SessionData => ({ expiresAt: NOW + expiresInMs });

function pure(events: SessionTestEvent[]) {
  let [s] = initialTransition(sessionMachine);
  for (const e of events) [s] = transition(sessionMachine, s, e as SessionEvent);
  return s;
}

describe('sessionMachine: §4.3 (pure transitions, tier 1)', () => {
  it('reads the session at start: a session keeps the reader signed in, none ends it', () => {
    expect(pure([]).value).toBe('loading');
    expect(pure([{ type: 'xstate.done.actor.readSession', output: FRESH_SESSION }]).value).toEqual({
      active: 'idle',
    });
    const ended = pure([{ type: 'xstate.done.actor.readSession', output: null }]);
    expect(ended.value).toBe('ended');
    expect(ended.status).toBe('done');
  });

  it('an unreadable first read (offline) waits a tick and reads again, without signing out', () => {
    const waiting = pure([
      { type: 'xstate.error.actor.readSession', error: { message: 'Failed to fetch', isNetworkError: true } },
    ]);
    expect(waiting.value).toBe('waiting');
    expect(waiting.context.error).toBe('Failed to fetch');
    expect(
      transition(sessionMachine, waiting, { type: 'xstate.after.refreshTick.session.waiting' } as never)[0]
        .value,
    ).toBe('loading');
  });

  it('an expiring session is refreshed at once; a fresh one waits for the tick', () => {
    expect(pure([{ type: 'xstate.done.actor.readSession', output: EXPIRING_SESSION }]).value).toEqual({
      active: 'refreshing',
    });
    const idle = pure([{ type: 'xstate.done.actor.readSession', output: FRESH_SESSION }]);
    expect(transition(sessionMachine, idle, { type: SESSION_TICK_EVENT } as never)[0].value).toEqual({
      active: 'idle',
    });
  });

  it('hidden tab pauses ticking; visible again recovers and refreshes when due', () => {
    const paused = pure([
      { type: 'xstate.done.actor.readSession', output: FRESH_SESSION },
      { type: 'page.hidden' },
    ]);
    expect(paused.value).toEqual({ active: 'paused' });
    expect(transition(sessionMachine, paused, { type: SESSION_TICK_EVENT } as never)[0].value).toEqual({
      active: 'paused',
    });
    const recovering = transition(sessionMachine, paused, { type: 'page.visible' })[0];
    expect(recovering.value).toBe('recovering');
    const due = transition(sessionMachine, recovering, {
      type: 'xstate.done.actor.recoverSession',
      output: EXPIRING_SESSION,
    } as never)[0];
    expect(due.value).toEqual({ active: 'refreshing' });
    const gone = transition(sessionMachine, recovering, {
      type: 'xstate.done.actor.recoverSession',
      output: null,
    } as never)[0];
    expect(gone.value).toBe('ended');
  });

  it('no event signs anyone in or out: the app sends only page.visible and page.hidden', () => {
    expect([...sessionMachine.events].sort()).toEqual(
      expect.arrayContaining(['page.hidden', 'page.visible']),
    );
    expect(sessionMachine.events.filter((type) => type.startsWith('auth.'))).toEqual([]);
  });
});

describe('sessionMachine with provided actors and fake timers (tier 1)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  function start(opts: { stored: SessionData | null; refresh: (s: SessionData) => Promise<SessionData> }) {
    const ended = vi.fn();
    const revalidated = vi.fn();
    const refresh = vi.fn(opts.refresh);
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          readSession: fromPromise(async () => opts.stored),
          refreshSession: fromPromise(({ input }) => refresh(input.session)),
        },
        actions: { endSession: ended, revalidateUser: revalidated },
      }),
    ).start();
    return { actor, ended, revalidated, refresh };
  }

  it('refreshes on the first tick that finds the session within 90 s of expiry', async () => {
    // Expires in 150 s: tick at 30 s (120 s left: no), at 60 s (90 s left: yes).
    const { actor, refresh } = start({ stored: session(150_000), refresh: async () => session(3_600_000) });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(actor.getSnapshot().context.session?.expiresAt).toBe(NOW + 3_600_000);
    actor.stop();
  });

  it('retries 503 with backoff 200, 400, 800 ms, then succeeds', async () => {
    let calls = 0;
    const { actor, refresh } = start({
      stored: session(10_000),
      refresh: async () => {
        calls++;
        if (calls <= 3) throw { message: 'Service Unavailable', status: 503 };
        return session(3_600_000);
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ active: 'backingOff' });
    await vi.advanceTimersByTimeAsync(199);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(refresh).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(799);
    expect(refresh).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(actor.getSnapshot().context.retry).toBe(0);
    actor.stop();
  });

  it('gives up retrying within 30 s, keeps the session, and tries again on the next tick', async () => {
    const { actor, refresh, ended } = start({
      stored: session(10_000),
      refresh: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await vi.advanceTimersByTimeAsync(25_400); // 1 try + 7 retries: 200 + … + 12 800 ms
    expect(refresh).toHaveBeenCalledTimes(8);
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(actor.getSnapshot().context.session).not.toBeNull();
    expect(ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refresh).toHaveBeenCalledTimes(9);
    actor.stop();
  });

  it('a non-retryable failure ends the session once', async () => {
    const { actor, ended } = start({
      stored: session(10_000),
      refresh: async () => {
        throw { message: 'Auth session missing!', status: 401 };
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context.error).toBe('Auth session missing!');
    expect(ended).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * REFRESH_TICK_MS);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('no ticks while hidden; on becoming visible asks who is signed in, then refreshes when due', async () => {
    const { actor, refresh, revalidated } = start({
      stored: session(200_000),
      refresh: async () => session(3_600_000),
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'page.hidden' });
    await vi.advanceTimersByTimeAsync(10 * REFRESH_TICK_MS);
    expect(refresh).not.toHaveBeenCalled();
    expect(revalidated).not.toHaveBeenCalled();
    actor.send({ type: 'page.visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(revalidated).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    actor.stop();
  });
});

describe('sessionMachine: graph coverage (tier 2)', () => {
  const report = analyseMachine(sessionMachine, {
    events: SESSION_TEST_EVENTS,
    serializeState: serializeSessionSnapshot,
  });

  it('reaches every resting state with no dead ends', () => {
    expect(report.unreached).toEqual([]);
    expect(report.deadEnds).toEqual([]);
  });

  it('from every state the session can end, and can be kept alive and idle', () => {
    expect(statesThatCannotReach(report, (s) => s.matches('ended'))).toEqual([]);
    const alive = [...report.states].filter(([, s]) => !s.matches('ended')).map(([k]) => k);
    const cannotIdle = statesThatCannotReach(report, (s) => s.matches({ active: 'idle' }));
    expect(cannotIdle.filter((k) => alive.includes(k))).toEqual([]);
  });

  it('retries stop at 7 within the 30 s budget', () => {
    const retries = [...report.states.values()].map((s) => s.context.retry);
    expect(Math.max(...retries)).toBe(7);
  });

  it("the exported model's shortest paths visit every resting state", () => {
    const paths = createSessionTestModel().getShortestPaths();
    for (const key of SESSION_STATE_KEYS) {
      expect(
        paths.some((p) => p.steps.some((st) => st.state.matches(key as never))),
        key,
      ).toBe(true);
    }
  });
});
