import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { REFRESH_TICK_MS } from '#core/auth/refresh.ts';
import { sessionMachine, type AuthChange, type SessionData, type SessionEvent } from './session.machine.ts';
import {
  EXPIRING_SESSION,
  FRESH_SESSION,
  SESSION_BACKOFF_EVENT,
  SESSION_STATE_KEYS,
  SESSION_TEST_EVENTS,
  SESSION_TICK_EVENT,
  createSessionTestModel,
  serializeSessionSnapshot,
} from './session.test-model.ts';
import { analyseMachine, statesThatCannotReach } from './graph-coverage.ts';

const NOW = Date.UTC(2025, 0, 6, 9, 0, 0);
const session = (expiresInMs: number, id = 'user-1'): SessionData => ({
  expiresAt: NOW + expiresInMs,
  user: { id },
  refreshToken: 'r',
});

function pure(events: unknown[]) {
  let [s] = initialTransition(sessionMachine);
  for (const e of events) [s] = transition(sessionMachine, s, e as SessionEvent);
  return s;
}

describe('sessionMachine: §4.3 events (pure transitions)', () => {
  it('starts loading, then signed in or out from the stored session', () => {
    expect(pure([]).value).toBe('loading');
    expect(pure([{ type: 'xstate.done.actor.loadSession', output: FRESH_SESSION }]).value).toEqual({
      active: 'idle',
    });
    expect(pure([{ type: 'xstate.done.actor.loadSession', output: null }]).value).toBe('signedOut');
  });

  it('signedIn / tokenRefreshed / passwordRecovery / initialSession / signedOut / userUpdated', () => {
    const signed = pure([
      { type: 'xstate.done.actor.loadSession', output: null },
      { type: 'auth.signedIn', session: FRESH_SESSION },
    ]);
    expect(signed.matches('active')).toBe(true);
    expect(signed.context.lastChange).toBe('signedIn');
    const updated = transition(sessionMachine, signed, {
      type: 'auth.userUpdated',
      user: { id: 'user-1', email: 'a@b.c' },
    })[0];
    expect(updated.context.session?.user.email).toBe('a@b.c');
    const recovery = transition(sessionMachine, signed, {
      type: 'auth.passwordRecovery',
      session: FRESH_SESSION,
    })[0];
    expect(recovery.context.isPasswordRecovery).toBe(true);
    const out = transition(sessionMachine, recovery, { type: 'auth.signedOut' })[0];
    expect(out.value).toBe('signedOut');
    expect(out.context.session).toBeNull();
    expect(out.context.isPasswordRecovery).toBe(false);
    expect(
      transition(sessionMachine, out, { type: 'auth.userUpdated', user: { id: 'x' } })[0].context.session,
    ).toBeNull();
    expect(
      transition(sessionMachine, out, { type: 'auth.initialSession', session: FRESH_SESSION })[0].context
        .lastChange,
    ).toBe('initialSession');
    expect(
      transition(sessionMachine, out, { type: 'auth.tokenRefreshed', session: FRESH_SESSION })[0].matches(
        'active',
      ),
    ).toBe(true);
  });

  it('an expiring session is refreshed at once; a fresh one waits for the tick', () => {
    expect(pure([{ type: 'xstate.done.actor.loadSession', output: EXPIRING_SESSION }]).value).toEqual({
      active: 'refreshing',
    });
    const idle = pure([{ type: 'xstate.done.actor.loadSession', output: FRESH_SESSION }]);
    expect(transition(sessionMachine, idle, { type: SESSION_TICK_EVENT } as never)[0].value).toEqual({
      active: 'idle',
    });
  });

  it('hidden tab pauses ticking; visible again recovers', () => {
    const paused = pure([
      { type: 'xstate.done.actor.loadSession', output: FRESH_SESSION },
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
  });
});

describe('sessionMachine with provided actors and fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  function start(opts: { stored: SessionData | null; refresh: (s: SessionData) => Promise<SessionData> }) {
    const changes: AuthChange[] = [];
    const removed = vi.fn();
    const refresh = vi.fn(opts.refresh);
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          loadSession: fromPromise(async () => opts.stored),
          refreshSession: fromPromise(({ input }) => refresh(input.session)),
        },
        actions: {
          notifyAuthChange: (_, change) => void changes.push(change),
          removeSession: removed,
        },
      }),
    ).start();
    return { actor, changes, removed, refresh };
  }

  it('refreshes on the first tick that finds the session within 90 s of expiry', async () => {
    // Expires in 150 s: tick at 30 s (120 s left: no), at 60 s (90 s left: yes).
    const { actor, refresh, changes } = start({
      stored: session(150_000),
      refresh: async () => session(3_600_000),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(changes[0]).toMatchObject({ kind: 'initialSession' });
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(actor.getSnapshot().context.session?.expiresAt).toBe(NOW + 3_600_000);
    expect(changes.at(-1)?.kind).toBe('tokenRefreshed');
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
    const { actor, refresh, removed } = start({
      stored: session(10_000),
      refresh: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await vi.advanceTimersByTimeAsync(25_400); // 1 try + 7 retries: 200 + … + 12 800 ms
    expect(refresh).toHaveBeenCalledTimes(8);
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(actor.getSnapshot().context.session).not.toBeNull();
    expect(removed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refresh).toHaveBeenCalledTimes(9);
    actor.stop();
  });

  it('a non-retryable failure removes the session and reports signedOut', async () => {
    const { actor, removed, changes } = start({
      stored: session(10_000),
      refresh: async () => {
        throw { message: 'Invalid Refresh Token: Already Used', status: 400 };
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe('Invalid Refresh Token: Already Used');
    expect(removed).toHaveBeenCalledTimes(1);
    expect(changes.at(-1)).toEqual({ kind: 'signedOut', session: null });
    actor.stop();
  });

  it('no ticks while hidden; refresh on becoming visible when due', async () => {
    const { actor, refresh } = start({ stored: session(200_000), refresh: async () => session(3_600_000) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'page.hidden' });
    await vi.advanceTimersByTimeAsync(10 * REFRESH_TICK_MS);
    expect(refresh).not.toHaveBeenCalled();
    actor.send({ type: 'page.visible' });
    await vi.advanceTimersByTimeAsync(0);
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

  it('from every state the user can end signed out, and signed in and idle', () => {
    expect(statesThatCannotReach(report, (s) => s.matches('signedOut'))).toEqual([]);
    expect(statesThatCannotReach(report, (s) => s.matches({ active: 'idle' }))).toEqual([]);
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
    expect(SESSION_BACKOFF_EVENT).toContain('backingOff');
  });
});
