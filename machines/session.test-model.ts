/**
 * The session keeper's test model, for tier-2 tests here and tier-3 tests of the real keeper
 * (src/app/session-keeper.test.tsx, with a fake server and fake timers).
 *
 * Driving a path (`path.test({ events, states })`):
 * - `xstate.init`: mount the keeper for a signed-in reader; its first session read waits;
 * - `xstate.done.actor.readSession` / `recoverSession`: the waiting session read answers
 *   `event.output` (a session, or null: the server has none); `xstate.error.actor.*`: it fails
 *   (offline);
 * - `xstate.done.actor.refreshSession`: the waiting refresh answers `event.output`;
 *   `xstate.error.actor.refreshSession`: it fails with `event.error` (`{ status: 503 }` is
 *   retryable, `{ status: 401 }` is not);
 * - {@link SESSION_TICK_EVENT} / {@link SESSION_WAIT_EVENT}: advance fake timers by 30 s;
 *   {@link SESSION_BACKOFF_EVENT}: advance by the current backoff (`backoffDelayMs(retry)`);
 * - `page.hidden` / `page.visible`: fire `visibilitychange` with that state.
 * States: `ended` → the reader is signed out on the page; every other state → still signed in.
 * Sample sessions: {@link FRESH_SESSION} never needs a refresh, {@link EXPIRING_SESSION} always
 * does (independent of the clock).
 */
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { sessionMachine, type SessionData, type SessionEvent } from './session.machine.ts';
import { restingLeafPaths } from './graph-coverage.ts';

/** A session snapshot. */
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The 30 s tick in `active.idle`, as an event type. */
export const SESSION_TICK_EVENT = 'xstate.after.refreshTick.session.active.idle';
/** The 30 s wait after an unreadable first read, as an event type. */
export const SESSION_WAIT_EVENT = 'xstate.after.refreshTick.session.waiting';
/** The end of a backoff wait in `active.backingOff`, as an event type. */
export const SESSION_BACKOFF_EVENT = 'xstate.after.retryBackoff.session.active.backingOff';

/** Events of the model: the app's events, timers and the answers of the invoked calls. */
export type SessionTestEvent =
  | SessionEvent
  | { type: typeof SESSION_TICK_EVENT }
  | { type: typeof SESSION_WAIT_EVENT }
  | { type: typeof SESSION_BACKOFF_EVENT }
  | { type: 'xstate.done.actor.readSession'; output: SessionData | null }
  | { type: 'xstate.error.actor.readSession'; error: unknown }
  | { type: 'xstate.done.actor.recoverSession'; output: SessionData | null }
  | { type: 'xstate.error.actor.recoverSession'; error: unknown }
  | { type: 'xstate.done.actor.refreshSession'; output: SessionData }
  | { type: 'xstate.error.actor.refreshSession'; error: unknown };

/** A session that never needs refreshing (expires in the far future). */
export const FRESH_SESSION: SessionData = { expiresAt: 8.64e15 };
/** A session that is always due for refresh (expired at the epoch). */
export const EXPIRING_SESSION: SessionData = { expiresAt: 0 };

/** Sample events: visibility, the tick, the wait, the backoff, and each kind of answer. */
export const SESSION_TEST_EVENTS: readonly SessionTestEvent[] = [
  { type: 'page.hidden' },
  { type: 'page.visible' },
  { type: SESSION_TICK_EVENT },
  { type: SESSION_WAIT_EVENT },
  { type: SESSION_BACKOFF_EVENT },
  { type: 'xstate.done.actor.readSession', output: FRESH_SESSION },
  { type: 'xstate.done.actor.readSession', output: EXPIRING_SESSION },
  { type: 'xstate.done.actor.readSession', output: null },
  { type: 'xstate.error.actor.readSession', error: { message: 'Failed to fetch', isNetworkError: true } },
  { type: 'xstate.done.actor.recoverSession', output: EXPIRING_SESSION },
  { type: 'xstate.done.actor.recoverSession', output: null },
  {
    type: 'xstate.error.actor.recoverSession',
    error: { message: 'Failed to fetch', isNetworkError: true },
  },
  { type: 'xstate.done.actor.refreshSession', output: FRESH_SESSION },
  { type: 'xstate.error.actor.refreshSession', error: { message: 'Service Unavailable', status: 503 } },
  { type: 'xstate.error.actor.refreshSession', error: { message: 'Auth session missing!', status: 401 } },
];

/** Every resting state, as keys for `path.test({ states })`. */
export const SESSION_STATE_KEYS: readonly string[] = restingLeafPaths(sessionMachine);

/**
 * Serialises a snapshot by state, whether there is a session and whether it is due, the retry
 * count and whether an error is held.
 *
 * @param snapshot a session snapshot
 */
export function serializeSessionSnapshot(snapshot: SessionSnapshot): string {
  const { session, retry, error } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    session: session === null ? null : session.expiresAt === 0 ? 'expiring' : 'fresh',
    retry,
    error: error !== null,
  });
}

/** A test model of the session keeper. */
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
