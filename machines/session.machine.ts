/**
 * The signed-in session (§4.3, §8 "Retryable", §9 Auth): the auth events, automatic refresh
 * near expiry, retries with backoff, removal on a final failure, and recovery when the tab
 * becomes visible again.
 *
 * The app supplies, with `sessionMachine.provide()`:
 * - actor `loadSession` (no input; resolves to the stored {@link SessionData} or null);
 * - actor `refreshSession` (input `{ session }`; resolves to the new {@link SessionData};
 *   rejects with an {@link AuthErrorInfo}-like error: 502/503/504 or a network failure is
 *   retried, anything else removes the session);
 * - actions `persistSession` (params `{ session }`), `removeSession`, and `notifyAuthChange`
 *   (params {@link AuthChange}) for listeners such as the auth context (defaults do nothing);
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
} from '#core/auth/refresh.ts';

/** The signed-in user as the session carries it. */
export interface SessionUser {
  /** User id. */
  id: string;
  /** E-mail, when known. */
  email?: string;
}

/** A session. Serialisable. */
export interface SessionData {
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
  /** The user. */
  user: SessionUser;
  /** Bearer token, when the backend uses one (cookie sessions leave it out). */
  accessToken?: string;
  /** Refresh token, when the backend uses one. */
  refreshToken?: string;
}

/** The six auth events of §4.3, as `notifyAuthChange` reports them. */
export type AuthChangeKind =
  'signedIn' | 'tokenRefreshed' | 'signedOut' | 'userUpdated' | 'passwordRecovery' | 'initialSession';

/** What listeners are told (params of `notifyAuthChange`). */
export interface AuthChange {
  /** Which of the §4.3 events. */
  kind: AuthChangeKind;
  /** The session after the change; null when signed out. */
  session: SessionData | null;
}

/** Serialisable context. */
export interface SessionContext {
  /** The current session, or null. */
  session: SessionData | null;
  /** Retries made in the current refresh attempt (0 when not retrying). */
  retry: number;
  /** The last refresh or load error's message, or null. */
  error: string | null;
  /** True after a password-recovery link signed the user in (§4.3): the app should ask for a new password. */
  isPasswordRecovery: boolean;
  /** The last §4.3 event seen or caused. */
  lastChange: AuthChangeKind | null;
}

/** Events the app sends. Auth events mirror §4.3; page events come from `visibilitychange`. */
export type SessionEvent =
  | { type: 'auth.signedIn'; session: SessionData }
  | { type: 'auth.tokenRefreshed'; session: SessionData }
  | { type: 'auth.signedOut' }
  | { type: 'auth.userUpdated'; user: SessionUser }
  | { type: 'auth.passwordRecovery'; session: SessionData }
  | { type: 'auth.initialSession'; session: SessionData | null }
  | { type: 'page.visible' }
  | { type: 'page.hidden' };

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`sessionMachine: actor '${name}' was not provided`);
};

/**
 * The session statechart (id `session`).
 *
 * States:
 * - `loading`: reading the stored session at start (`loadSession`);
 * - `signedOut`;
 * - `active` › `idle` (ticking every 30 s), `refreshing` (`refreshSession`), `backingOff`
 *   (waiting 200 ms, 400 ms, … before a retry), `paused` (tab hidden: no ticks);
 *   `active.checking` is transient (refresh if within 90 s of expiry, else idle);
 * - `recovering`: the tab became visible; re-read the stored session, then check expiry.
 *
 * A retryable failure (502/503/504/network) is retried while the backoff fits in 30 s, then
 * the session is kept and tried again on the next tick; any other failure removes the
 * session (§4.3) and reports `signedOut`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    loadSession: fromPromise<SessionData | null>(
      notProvided('loadSession'),
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
    /** Save the session (storage); provided by the app. */
    persistSession: (_, _params: { session: SessionData }) => {},
    /** Delete the stored session; provided by the app. */
    removeSession: () => {},
    /** Tell listeners about a §4.3 event; provided by the app. */
    notifyAuthChange: (_, _change: AuthChange) => {},
    setSession: assign({
      session: (_, params: { session: SessionData | null }) => params.session,
      retry: 0,
      error: null,
    }),
    clearSession: assign({ session: null, retry: 0, isPasswordRecovery: false }),
    setUser: assign({
      session: ({ context }, params: { user: SessionUser }) =>
        context.session === null ? null : { ...context.session, user: params.user },
    }),
    setChange: assign({ lastChange: (_, params: { kind: AuthChangeKind }) => params.kind }),
    setRecovery: assign({ isPasswordRecovery: (_, params: { value: boolean }) => params.value }),
    countRetry: assign({ retry: ({ context }) => context.retry + 1 }),
    resetRetry: assign({ retry: 0 }),
    setError: assign({ error: (_, params: { error: unknown }) => errorMessage(params.error) }),
  },
  guards: {
    /** §4.3, §9: within 3 ticks (90 s) of expiry. Reads the clock; swap with `.provide()` in tests if needed. */
    isNearExpiry: ({ context }) =>
      context.session !== null && isNearExpiry(context.session.expiresAt, Date.now()),
    hasSession: (_, params: { session: SessionData | null | undefined }) => params.session != null,
    isSignedIn: ({ context }) => context.session !== null,
    /** §8: 502/503/504/network, and the next retry still fits the 30 s budget (§9). */
    canRetryRefresh: ({ context }, params: { error: unknown }) =>
      isRetryableAuthError(params.error) && canRetry(context.retry + 1),
    isRetryable: (_, params: { error: unknown }) => isRetryableAuthError(params.error),
  },
}).createMachine({
  id: 'session',
  context: { session: null, retry: 0, error: null, isPasswordRecovery: false, lastChange: null },
  initial: 'loading',
  on: {
    'auth.signedIn': {
      target: '.active',
      actions: [
        { type: 'setSession', params: ({ event }) => ({ session: event.session }) },
        { type: 'setRecovery', params: { value: false } },
        { type: 'setChange', params: { kind: 'signedIn' } },
        { type: 'persistSession', params: ({ event }) => ({ session: event.session }) },
        { type: 'notifyAuthChange', params: ({ event }) => ({ kind: 'signedIn', session: event.session }) },
      ],
    },
    'auth.tokenRefreshed': {
      target: '.active',
      actions: [
        { type: 'setSession', params: ({ event }) => ({ session: event.session }) },
        { type: 'setChange', params: { kind: 'tokenRefreshed' } },
        { type: 'persistSession', params: ({ event }) => ({ session: event.session }) },
        {
          type: 'notifyAuthChange',
          params: ({ event }) => ({ kind: 'tokenRefreshed', session: event.session }),
        },
      ],
    },
    'auth.passwordRecovery': {
      target: '.active',
      actions: [
        { type: 'setSession', params: ({ event }) => ({ session: event.session }) },
        { type: 'setRecovery', params: { value: true } },
        { type: 'setChange', params: { kind: 'passwordRecovery' } },
        { type: 'persistSession', params: ({ event }) => ({ session: event.session }) },
        {
          type: 'notifyAuthChange',
          params: ({ event }) => ({ kind: 'passwordRecovery', session: event.session }),
        },
      ],
    },
    'auth.initialSession': [
      {
        guard: { type: 'hasSession', params: ({ event }) => ({ session: event.session }) },
        target: '.active',
        actions: [
          { type: 'setSession', params: ({ event }) => ({ session: event.session }) },
          { type: 'setChange', params: { kind: 'initialSession' } },
          {
            type: 'notifyAuthChange',
            params: ({ event }) => ({ kind: 'initialSession', session: event.session }),
          },
        ],
      },
      {
        target: '.signedOut',
        actions: [
          'clearSession',
          { type: 'setChange', params: { kind: 'initialSession' } },
          { type: 'notifyAuthChange', params: { kind: 'initialSession', session: null } },
        ],
      },
    ],
    'auth.signedOut': {
      target: '.signedOut',
      actions: [
        'clearSession',
        'removeSession',
        { type: 'setChange', params: { kind: 'signedOut' } },
        { type: 'notifyAuthChange', params: { kind: 'signedOut', session: null } },
      ],
    },
    'auth.userUpdated': {
      guard: 'isSignedIn',
      actions: [
        { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
        { type: 'setChange', params: { kind: 'userUpdated' } },
        {
          type: 'notifyAuthChange',
          params: ({ context }) => ({ kind: 'userUpdated', session: context.session }),
        },
      ],
    },
  },
  states: {
    /** Reading the stored session at start; reports `initialSession` (§4.3). */
    loading: {
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => ({ session: event.output }) },
            target: 'active',
            actions: [
              { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
              { type: 'setChange', params: { kind: 'initialSession' } },
              {
                type: 'notifyAuthChange',
                params: ({ event }) => ({ kind: 'initialSession', session: event.output }),
              },
            ],
          },
          {
            target: 'signedOut',
            actions: [
              { type: 'setChange', params: { kind: 'initialSession' } },
              { type: 'notifyAuthChange', params: { kind: 'initialSession', session: null } },
            ],
          },
        ],
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            { type: 'setChange', params: { kind: 'initialSession' } },
            { type: 'notifyAuthChange', params: { kind: 'initialSession', session: null } },
          ],
        },
      },
    },
    signedOut: {
      on: {
        // Another tab may have signed in while this one was hidden.
        'page.visible': 'recovering',
      },
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
              actions: [
                { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
                { type: 'setChange', params: { kind: 'tokenRefreshed' } },
                { type: 'persistSession', params: ({ event }) => ({ session: event.output }) },
                {
                  type: 'notifyAuthChange',
                  params: ({ event }) => ({ kind: 'tokenRefreshed', session: event.output }),
                },
              ],
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
                // §4.3: non-retryable failure removes the session.
                target: '#session.signedOut',
                actions: [
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  'clearSession',
                  'removeSession',
                  { type: 'setChange', params: { kind: 'signedOut' } },
                  { type: 'notifyAuthChange', params: { kind: 'signedOut', session: null } },
                ],
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
    /** §4.3: the tab is visible again; re-read the stored session, then refresh if due. */
    recovering: {
      invoke: {
        id: 'recoverSession',
        src: 'loadSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => ({ session: event.output }) },
            target: 'active',
            actions: { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
          },
          {
            target: 'signedOut',
            guard: 'isSignedIn',
            actions: [
              'clearSession',
              { type: 'setChange', params: { kind: 'signedOut' } },
              { type: 'notifyAuthChange', params: { kind: 'signedOut', session: null } },
            ],
          },
          { target: 'signedOut' },
        ],
        onError: [
          // Storage unreadable: keep what we have rather than sign the user out.
          {
            guard: 'isSignedIn',
            target: 'active',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'signedOut',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});
