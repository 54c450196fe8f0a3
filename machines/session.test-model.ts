/**
 * Generated paths through the session statechart, for tier-2 tests here and tier-3 tests of
 * the auth provider (with a fake auth backend and fake timers).
 *
 * Driving a path (`path.test({ events, states })`):
 * - `xstate.init`: mount the auth provider; the fake `loadSession` call waits;
 * - `xstate.done.actor.loadSession` / `recoverSession`: the stored session read resolves with
 *   `event.output` (a session or null); `xstate.error.actor.*`: it throws;
 * - `xstate.done.actor.refreshSession`: the fake refresh resolves with `event.output`;
 *   `xstate.error.actor.refreshSession`: it rejects with `event.error` (`{ status: 503 }`
 *   is retryable, `{ status: 401 }` is not);
 * - {@link SESSION_TICK_EVENT}: advance fake timers by 30 s;
 *   {@link SESSION_BACKOFF_EVENT}: advance by the current backoff (`backoffDelayMs(retry)`);
 * - `page.hidden` / `page.visible`: fire `visibilitychange` with that state;
 * - `auth.*`: the backend client reports that event (or the user signs in/out in the UI).
 * States: `signedOut` → signed-out UI (Sign In link); `active.*` → signed-in UI; `loading`
 * and `recovering` → nothing changes yet. Sample sessions: {@link FRESH_SESSION} never needs
 * a refresh, {@link EXPIRING_SESSION} always does (independent of the clock).
 */
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { sessionMachine, type SessionData, type SessionEvent } from './session.machine.ts';
import { restingLeafPaths } from './graph-coverage.ts';

/** A session snapshot. */
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The 30 s tick in `active.idle`, as an event type. */
export const SESSION_TICK_EVENT = 'xstate.after.refreshTick.session.active.idle';
/** The end of a backoff wait in `active.backingOff`, as an event type. */
export const SESSION_BACKOFF_EVENT = 'xstate.after.retryBackoff.session.active.backingOff';

/** Events of the model: app events, timers and the answers of the invoked calls. */
export type SessionTestEvent =
  | SessionEvent
  | { type: typeof SESSION_TICK_EVENT }
  | { type: typeof SESSION_BACKOFF_EVENT }
  | { type: 'xstate.done.actor.loadSession'; output: SessionData | null }
  | { type: 'xstate.error.actor.loadSession'; error: unknown }
  | { type: 'xstate.done.actor.recoverSession'; output: SessionData | null }
  | { type: 'xstate.error.actor.recoverSession'; error: unknown }
  | { type: 'xstate.done.actor.refreshSession'; output: SessionData }
  | { type: 'xstate.error.actor.refreshSession'; error: unknown };

/** A session that never needs refreshing (expires in the far future). */
export const FRESH_SESSION: SessionData = { expiresAt: 8.64e15, user: { id: 'user-1' } };
/** A session that is always due for refresh (expired at the epoch). */
export const EXPIRING_SESSION: SessionData = { expiresAt: 0, user: { id: 'user-1' } };

/** Sample events: each §4.3 event, the tick, the backoff, visibility, and each kind of answer. */
export const SESSION_TEST_EVENTS: readonly SessionTestEvent[] = [
  { type: 'auth.signedIn', session: FRESH_SESSION },
  { type: 'auth.signedIn', session: EXPIRING_SESSION },
  { type: 'auth.tokenRefreshed', session: FRESH_SESSION },
  { type: 'auth.signedOut' },
  { type: 'auth.userUpdated', user: { id: 'user-1', email: 'mia@example.com' } },
  { type: 'auth.passwordRecovery', session: FRESH_SESSION },
  { type: 'auth.initialSession', session: null },
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: SESSION_TICK_EVENT },
  { type: SESSION_BACKOFF_EVENT },
  { type: 'xstate.done.actor.loadSession', output: FRESH_SESSION },
  { type: 'xstate.done.actor.loadSession', output: null },
  { type: 'xstate.error.actor.loadSession', error: { message: 'storage unavailable' } },
  { type: 'xstate.done.actor.recoverSession', output: EXPIRING_SESSION },
  { type: 'xstate.done.actor.recoverSession', output: null },
  { type: 'xstate.error.actor.recoverSession', error: { message: 'storage unavailable' } },
  { type: 'xstate.done.actor.refreshSession', output: FRESH_SESSION },
  { type: 'xstate.error.actor.refreshSession', error: { message: 'Service Unavailable', status: 503 } },
  { type: 'xstate.error.actor.refreshSession', error: { message: 'Invalid Refresh Token', status: 401 } },
];

/** Every resting state, as keys for `path.test({ states })`. */
export const SESSION_STATE_KEYS: readonly string[] = restingLeafPaths(sessionMachine);

/**
 * Serialises a snapshot by state, whether there is a session and whether it is due,
 * the retry count and the recovery flag.
 *
 * @param snapshot a session snapshot
 */
export function serializeSessionSnapshot(snapshot: SessionSnapshot): string {
  const { session, retry, isPasswordRecovery, error } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    session: session === null ? null : session.expiresAt === 0 ? 'expiring' : 'fresh',
    retry,
    isPasswordRecovery,
    error: error !== null,
  });
}

/** A test model of the session. */
export function createSessionTestModel(): TestModel<SessionSnapshot, SessionTestEvent, undefined> {
  return new TestModel<SessionSnapshot, SessionTestEvent, undefined>(
    sessionMachine as unknown as ActorLogic<SessionSnapshot, SessionTestEvent, undefined>,
    {
      events: SESSION_TEST_EVENTS,
      serializeState: (s) => serializeSessionSnapshot(s),
      stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key as never),
    },
  );
}
