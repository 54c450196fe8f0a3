import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type { AuthErrorInfo } from '#core/auth/refresh.ts';
import { sessionMachine, type SessionData } from '#machines/session.machine.ts';
import { ApiError, apiFetch } from '../lib/api/http.ts';
import { ME_QUERY_KEY, forgetSignedInUser } from '../lib/api/me.ts';
import { isSigningOut } from './sign-out-state.ts';

/** better-auth's GET /api/auth/get-session answer: the session, or null when signed out. */
const GetSessionResponseSchema = z
  .object({ session: z.object({ expiresAt: z.union([z.string(), z.number()]) }) })
  .nullable();

/** Where better-auth answers the current session (server/auth/auth.ts mounts it at /api/auth). */
export const GET_SESSION_PATH = '/api/auth/get-session';

/**
 * Reads the session cookie's session from the server. A cookie session has no refresh token:
 * better-auth extends the expiry when this is called after its `updateAge` (1 h, server/auth),
 * so reading it near expiry is the refresh (§4.3).
 *
 * @returns the session's expiry (epoch milliseconds), or null when the server has no session
 * @throws {AuthErrorInfo} `isNetworkError` when offline, else the HTTP status (502/503/504 are
 *   retried by the session machine, anything else ends the session)
 */
export async function fetchSession(): Promise<SessionData | null> {
  try {
    const answer = await apiFetch(GET_SESSION_PATH, GetSessionResponseSchema);
    if (!answer) return null;
    const expiresAt = new Date(answer.session.expiresAt).getTime();
    if (!Number.isFinite(expiresAt))
      throw { message: 'Session without a valid expiry' } satisfies AuthErrorInfo;
    return { expiresAt };
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

/** Props of {@link SessionKeeper}. */
export interface SessionKeeperProps {
  /** Reads the server's session; defaults to {@link fetchSession}. Tests pass a fake. */
  readSession?: () => Promise<SessionData | null>;
}

/**
 * Keeps a signed-in reader's session alive (spec §4.3) with machines/session.machine.ts. Rendered
 * inside the route guard (ProtectedLayout.tsx), so it runs only while someone is signed in:
 * - reads the session's expiry at start, and every 30 s refreshes it within 3 ticks (90 s) of
 *   expiry, retrying 502/503/504 and network failures with backoff;
 * - pauses while the tab is hidden; when it is visible again asks `GET /api/me` again and re-reads
 *   the session;
 * - when the server has no session any more (or a refresh fails for good), forgets the user
 *   (`forgetSignedInUser`): `['me']` becomes null and the route guard sends the reader to /login.
 *
 * Who is signed in stays in one place, the `['me']` query: the keeper never copies it and sends
 * the machine nothing but the tab's visibility. Renders nothing.
 */
export function SessionKeeper({ readSession = fetchSession }: SessionKeeperProps) {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    sessionMachine.provide({
      actors: {
        readSession: fromPromise(() => readSession()),
        refreshSession: fromPromise(async () => {
          // A refresh that finds no session on the server is final (§4.3): not retried.
          const session = await readSession();
          if (!session) throw { message: 'Auth session missing!', status: 401 } satisfies AuthErrorInfo;
          return session;
        }),
      },
      actions: {
        // A sign-out under way in this tab forgets the user itself, once it has left for the landing page.
        endSession: () => {
          if (!isSigningOut()) forgetSignedInUser(queryClient);
        },
        revalidateUser: () => void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
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

  return null;
}
