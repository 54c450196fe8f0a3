/**
 * Keeping the signed-in session alive (§4.3, §8 "Retryable", §9 Auth): automatic refresh near
 * expiry, retries with backoff, removal on a final failure, and recovery when the tab becomes
 * visible again.
 *
 * Who is signed in is NOT held here. The one truth is the server's session cookie as
 * `GET /api/me` reports it, in TanStack Query's `['me']` entry (src/lib/api/me.ts). The app runs
 * this machine only while someone is signed in (inside the route guard), so it needs no sign-in or
 * sign-out events, and it never copies the user: it only reads the session's expiry, and it tells
 * the `['me']` entry when the server's session is gone (`endSession`) or may have changed
 * (`revalidateUser`). The §4.3 events map onto that truth: *signed in*, *signed out* and *user
 * updated* are changes of `['me']` (the login page, Sign Out, profile saves); *initial session* is
 * the first `readSession`; *token refreshed* is `refreshSession`; *password recovery* is the
 * reset link's new-password form on the login page.
 *
 * The app supplies, with `sessionMachine.provide()`:
 * - actor `readSession` (no input; resolves to the server's {@link SessionData}, or null when the
 *   server has no session; rejects when it cannot be read);
 * - actor `refreshSession` (input `{ session }`; resolves to the new {@link SessionData}; rejects
 *   with an {@link AuthErrorInfo}-like error: 502/503/504 or a network failure is retried, anything
 *   else ends the session);
 * - action `endSession`: the server has no session any more; forget the user on this page (the
 *   route guard then sends the reader to /login);
 * - action `revalidateUser`: the tab is visible again; ask `GET /api/me` again (another tab may
 *   have signed out, or in as someone else);
 * - optionally guard `isNearExpiry` (reads `Date.now()`; swap for a fixed clock in tests).
 */
import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import {
  REFRESH_TICK_MS,
  backoffDelayMs,
  canRetry,
  errorMessage,
  isNearExpiry,
  isRetryableAuthError,
  type AuthErrorInfo,
} from '#core/auth/refresh.ts';

export type { AuthErrorInfo };

/** The server's session as the keeper needs it. Serialisable. */
export interface SessionData {
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
}

/** Serialisable context. */
export interface SessionContext {
  /** The last session read or refreshed; null before the first read succeeds. */
  session: SessionData | null;
  /** Retries made in the current refresh attempt (0 when not retrying). */
  retry: number;
  /** The last read or refresh error's message, or null. */
  error: string | null;
}

/** The events the app sends: the tab's `visibilitychange`, nothing else. */
export type SessionEvent = { type: 'page.visible' } | { type: 'page.hidden' };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`sessionMachine: actor '${name}' was not provided`);
};

/**
 * The session keeper's statechart (id `session`).
 *
 * States:
 * - `loading`: reading the server's session at start (`readSession`, the §4.3 initial session);
 *   none there → `ended`; unreadable (offline) → `waiting`, which reads again after a tick;
 * - `active` › `idle` (ticking every 30 s), `refreshing` (`refreshSession`), `backingOff`
 *   (waiting 200 ms, 400 ms, … before a retry), `paused` (tab hidden: no ticks);
 *   `active.checking` is transient (refresh if within 90 s of expiry, else idle);
 * - `recovering`: the tab became visible; `revalidateUser`, re-read the session, then check expiry;
 * - `ended` (final): the server has no session; `endSession` ran.
 *
 * A retryable failure (502/503/504/network) is retried while the backoff fits in 30 s, then the
 * session is kept and tried again on the next tick; any other failure ends the session (§4.3).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    readSession: fromPromise<SessionData | null>(
      notProvided('readSession'),
    ) as PromiseActorLogic<SessionData | null>,
    refreshSession: fromPromise<SessionData, { session: SessionData }>(
      notProvided('refreshSession'),
    ) as PromiseActorLogic<SessionData, { session: SessionData }>,
  },
  delays: {
    /** §9: auto-refresh tick. */
    refreshTick: REFRESH_TICK_MS,
    /** §9: exponential backoff from 200 ms. */
    retryBackoff: ({ context }) => backoffDelayMs(context.retry),
  },
  actions: {
    /** The server has no session: forget the user on this page; provided by the app. */
    endSession: () => {},
    /** Ask the server again who is signed in; provided by the app. */
    revalidateUser: () => {},
    setSession: assign({
      session: (_, params: { session: SessionData }) => params.session,
      retry: 0,
      error: null,
    }),
    countRetry: assign({ retry: ({ context }) => context.retry + 1 }),
    resetRetry: assign({ retry: 0 }),
    setError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
  },
  guards: {
    /** §4.3, §9: within 3 ticks (90 s) of expiry. Reads the clock; swap with `.provide()` in tests if needed. */
    isNearExpiry: ({ context }) =>
      context.session !== null && isNearExpiry(context.session.expiresAt, Date.now()),
    hasSession: (_, params: { session: SessionData | null }) => params.session !== null,
    /** §8: 502/503/504/network, and the next retry still fits the 30 s budget (§9). */
    canRetryRefresh: ({ context }, params: { error: unknown }) =>
      isRetryableAuthError(params.error) && canRetry(context.retry + 1),
    isRetryable: (_, params: { error: unknown }) => isRetryableAuthError(params.error),
  },
}).createMachine({
  id: 'session',
  context: { session: null, retry: 0, error: null },
  initial: 'loading',
  states: {
    /** Reading the server's session at start (§4.3 initial session). */
    loading: {
      invoke: {
        id: 'readSession',
        src: 'readSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => ({ session: event.output }) },
            target: 'active',
            actions: { type: 'setSession', params: ({ event }) => ({ session: event.output! }) },
          },
          { target: 'ended' },
        ],
        onError: {
          target: 'waiting',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The session could not be read (offline): keep the reader signed in and read again on the next tick. */
    waiting: {
      after: { refreshTick: 'loading' },
    },
    active: {
      initial: 'checking',
      states: {
        /** Transient: §4.3 refresh when within 3 ticks of expiry. */
        checking: {
          always: [{ guard: 'isNearExpiry', target: 'refreshing' }, { target: 'idle' }],
        },
        /** Waiting for the next 30 s tick. */
        idle: {
          after: { refreshTick: 'checking' },
          on: {
            'page.hidden': 'paused',
            'page.visible': '#session.recovering',
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            input: ({ context }) => ({ session: context.session! }),
            onDone: {
              target: 'idle',
              actions: { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
            },
            onError: [
              {
                guard: { type: 'canRetryRefresh', params: ({ event }) => ({ error: event.error }) },
                target: 'backingOff',
                actions: [
                  'countRetry',
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                // Retryable, but the 30 s budget is spent: keep the session, try on the next tick.
                guard: { type: 'isRetryable', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                actions: [
                  'resetRetry',
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                // §4.3: a non-retryable failure removes the session.
                target: '#session.ended',
                actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        /** Waiting `backoffDelayMs(retry)` before the next try. */
        backingOff: {
          after: { retryBackoff: 'refreshing' },
        },
        /** Tab hidden: no ticks until it is visible again. */
        paused: {
          on: { 'page.visible': '#session.recovering' },
        },
      },
    },
    /** §4.3: the tab is visible again; ask who is signed in, re-read the session, then refresh if due. */
    recovering: {
      entry: 'revalidateUser',
      invoke: {
        id: 'recoverSession',
        src: 'readSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => ({ session: event.output }) },
            target: 'active',
            actions: { type: 'setSession', params: ({ event }) => ({ session: event.output! }) },
          },
          { target: 'ended' },
        ],
        // Unreadable (offline): keep what we have rather than sign the reader out.
        onError: {
          target: 'active',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The server has no session (§4.3 removed): the app forgets the user; the guard sends them to /login. */
    ended: {
      type: 'final',
      entry: 'endSession',
    },
  },
});
