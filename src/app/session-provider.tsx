import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type { MeResponse } from '#core/api/account.ts';
import type { AuthErrorInfo } from '#core/auth/refresh.ts';
import { sessionMachine, type AuthChange, type SessionData } from '#machines/session.machine.ts';
import { ApiError, apiFetch } from '../lib/api/http.ts';
import { ME_QUERY_KEY } from '../lib/api/me.ts';

/** better-auth's GET /api/auth/get-session answer: the session and user, or null when signed out. */
const GetSessionResponseSchema = z
  .object({
    session: z.object({ expiresAt: z.union([z.string(), z.number()]) }),
    user: z.object({ id: z.string(), email: z.string().optional() }),
  })
  .nullable();

/** Where better-auth answers the current session (server/auth/auth.ts mounts it at /api/auth). */
export const GET_SESSION_PATH = '/api/auth/get-session';

/**
 * Reads the session cookie's session from the server. A cookie session has no refresh token:
 * better-auth extends the expiry when this is called after its `updateAge` (1 h, server/auth),
 * so reading it near expiry is the refresh (§4.3).
 *
 * @returns the session (expiry in epoch milliseconds), or null when the server has none
 * @throws {AuthErrorInfo} `isNetworkError` when offline, else the HTTP status (502/503/504 are
 *   retried by the session machine, anything else removes the session)
 */
export async function fetchSession(): Promise<SessionData | null> {
  try {
    const answer = await apiFetch(GET_SESSION_PATH, GetSessionResponseSchema);
    if (!answer) return null;
    const expiresAt = new Date(answer.session.expiresAt).getTime();
    if (!Number.isFinite(expiresAt))
      throw { message: 'Session without a valid expiry' } satisfies AuthErrorInfo;
    return {
      expiresAt,
      user: { id: answer.user.id, ...(answer.user.email && { email: answer.user.email }) },
    };
  } catch (error) {
    if (error instanceof ApiError) {
      const info: AuthErrorInfo =
        error.status === 0
          ? { message: error.message, isNetworkError: true }
          : { message: error.message, status: error.status };
      throw info;
    }
    throw error;
  }
}

/** Forgets everything about the signed-in user on this page; the route guard then sends them to /login. */
function clearSignedInState(queryClient: QueryClient) {
  if (queryClient.getQueryData(ME_QUERY_KEY) === null) return;
  queryClient.setQueryData(ME_QUERY_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
}

/** Props of {@link SessionProvider}. */
export interface SessionProviderProps {
  children: ReactNode;
  /** Reads the current session; defaults to {@link fetchSession}. Tests pass a fake. */
  loadSession?: () => Promise<SessionData | null>;
}

/**
 * Keeps the signed-in session alive (spec §4.3) with machines/session.machine.ts:
 * - reads the session at start (initial session) and reports the §4.3 events;
 * - every 30 s checks the expiry and refreshes within 3 ticks (90 s) of it, retrying 502/503/504
 *   and network failures with backoff;
 * - pauses while the tab is hidden and re-reads the session when it becomes visible again;
 * - on a non-retryable failure (or no session left on the server) removes the session: the
 *   current user in the query cache becomes null, so the route guard sends the reader to /login.
 *
 * GET /api/me (the query cache) stays the one source of "who is signed in" for the pages. The
 * provider follows it: a user appearing there (sign-in) is read into the machine as `signedIn`,
 * and it turning null (sign-out) is `signedOut`.
 */
export function SessionProvider({ children, loadSession = fetchSession }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    sessionMachine.provide({
      actors: {
        loadSession: fromPromise(() => loadSession()),
        refreshSession: fromPromise(async () => {
          // A refresh that finds no session on the server is final (§4.3): not retried.
          const session = await loadSession();
          if (!session) throw { message: 'Auth session missing!', status: 401 } satisfies AuthErrorInfo;
          return session;
        }),
      },
      actions: {
        // The session lives in the HttpOnly cookie; there is nothing to store on this side.
        persistSession: () => {},
        removeSession: () => clearSignedInState(queryClient),
        notifyAuthChange: (_, change: AuthChange) => {
          if (change.kind === 'signedOut') clearSignedInState(queryClient);
          // A new session for someone other than the cached user: ask /api/me again.
          const me = queryClient.getQueryData<MeResponse | null>(ME_QUERY_KEY);
          if (change.session && me && me.user.id !== change.session.user.id) {
            void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
          }
        },
      },
    }),
  );
  const actor = useActorRef(machine);

  // §4.3: recovered when the tab becomes visible again; no ticks while hidden.
  useEffect(() => {
    const onVisibility = () =>
      actor.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [actor]);

  // Follow sign-in and sign-out as the current user in the query cache shows them.
  useEffect(() => {
    let reading = false;
    const follow = () => {
      const me = queryClient.getQueryData<MeResponse | null>(ME_QUERY_KEY);
      const { session } = actor.getSnapshot().context;
      if (me === null && session) {
        actor.send({ type: 'auth.signedOut' });
      } else if (
        me &&
        session?.user.id !== me.user.id &&
        !reading &&
        !actor.getSnapshot().matches('loading')
      ) {
        reading = true;
        loadSession()
          .then((next) => {
            if (next) actor.send({ type: 'auth.signedIn', session: next });
          })
          .catch(() => {
            // Not fatal: the next visibility change or sign-in reads it again.
          })
          .finally(() => {
            reading = false;
          });
      }
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === ME_QUERY_KEY[0] && event.type === 'updated') follow();
    });
    return unsubscribe;
  }, [actor, loadSession, queryClient]);

  return <>{children}</>;
}
