/**
 * better-auth hooks that hold our account rules on *every* route that signs in or sets a password,
 * whatever the body encoding (better-auth parses JSON and form-encoded bodies before hooks run, and
 * server-side `auth.api.*` calls go through the same hooks):
 *
 * - `/sign-in/email`: the per-account, per-device lockout (lockout.ts). Failures (401) are counted;
 *   a success clears the count and trusts the browser (device cookie).
 * - `/sign-up/email`, `/change-password`, `/reset-password`: the password policy (password-policy.ts),
 *   with the user's name and e-mail as context.
 * - `/change-password` always ends the user's other sessions (`revokeOtherSessions` forced on).
 * - `/change-password` and `/verify-password` (server-only; DELETE /api/account asks the password through
 *   it) check a signed-in user's password: a wrong one counts as a sign-in failure of that account, and a
 *   locked account is refused, so a stolen session is no way round the lockout.
 * - `/sign-up/email`, `/update-user`: a name with a control character (NUL) is refused.
 */
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import {
  DEVICE_COOKIE,
  LOCK_MINUTES,
  LOCKED_MESSAGE,
  newDeviceId,
  parseDeviceId,
  type Lockout,
} from './lockout.ts';
import { passwordProblems } from './password-policy.ts';
import { CONTROL_CHARACTERS } from '#core/api/account.ts';

/** Error code of a refused weak password, in better-auth's answer `{ code, message, reasons }`. */
export const WEAK_PASSWORD_CODE = 'weak_password';
/** Error code of a locked account (HTTP 429). */
export const ACCOUNT_LOCKED_CODE = 'account_locked';
/** Message of a refused weak password; `reasons` lists why (spec §5). */
export const WEAK_PASSWORD_MESSAGE = 'Please choose a stronger password.';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function stringField(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

function refuseWeak(password: string | undefined, context: { email?: string; name?: string }): void {
  if (password === undefined) return; // better-auth's own body check answers a missing field
  const reasons = passwordProblems(password, context);
  if (reasons.length) {
    throw new APIError('BAD_REQUEST', { code: WEAK_PASSWORD_CODE, message: WEAK_PASSWORD_MESSAGE, reasons });
  }
}

/** A name with a NUL or other control character is refused (PostgreSQL refuses NUL in text). */
function refuseControlCharacters(name: string | undefined): void {
  if (name !== undefined && CONTROL_CHARACTERS.test(name)) {
    throw new APIError('BAD_REQUEST', {
      code: 'invalid_input',
      message: 'Use letters, numbers, spaces and punctuation only in a name.',
    });
  }
}

/** The user a reset token was made for (to judge the new password against their name and e-mail). */
async function resetTokenUser(ctx: HookContext) {
  const token = stringField(ctx.body, 'token') ?? stringField(ctx.query, 'token');
  if (!token) return undefined;
  const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification) return undefined;
  return (await ctx.context.internalAdapter.findUserById(verification.value)) ?? undefined;
}

/** Options of the device cookie: long-lived, sent only to the auth routes, never readable by scripts. */
function deviceCookieOptions(secure: boolean) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/api/auth',
    maxAge: 365 * 86_400,
    secure,
  };
}

/**
 * The `hooks` option of betterAuth().
 * @param deps.lockout the lockout store
 * @param deps.secureCookies whether cookies are Secure (PUBLIC_URL is https)
 */
export function accountHooks(deps: { lockout: Lockout; secureCookies: boolean }) {
  const { lockout, secureCookies } = deps;

  /** 429 `account_locked` when the count this browser belongs to is locked for the account. */
  async function refuseLocked(email: string, ctx: HookContext): Promise<void> {
    const bucket = await lockout.bucketFor(email, parseDeviceId(ctx.getCookie(DEVICE_COOKIE)));
    if (await lockout.lockedUntil(email, bucket)) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { code: ACCOUNT_LOCKED_CODE, message: LOCKED_MESSAGE },
        { 'retry-after': String(LOCK_MINUTES * 60) },
      );
    }
  }

  const before = createAuthMiddleware(async (ctx) => {
    switch (ctx.path) {
      case '/sign-in/email': {
        const email = stringField(ctx.body, 'email');
        if (email) await refuseLocked(email, ctx);
        return;
      }
      case '/update-user':
        refuseControlCharacters(stringField(ctx.body, 'name'));
        return;
      case '/sign-up/email':
        refuseControlCharacters(stringField(ctx.body, 'name'));
        refuseWeak(stringField(ctx.body, 'password'), {
          email: stringField(ctx.body, 'email'),
          name: stringField(ctx.body, 'name'),
        });
        return;
      case '/verify-password': {
        const session = await getSessionFromCtx(ctx).catch(() => null);
        if (session) await refuseLocked(session.user.email, ctx);
        return;
      }
      case '/change-password': {
        const session = await getSessionFromCtx(ctx).catch(() => null);
        if (session) await refuseLocked(session.user.email, ctx);
        refuseWeak(stringField(ctx.body, 'newPassword'), {
          email: session?.user.email,
          name: session?.user.name,
        });
        // A changed password ends every other session (the thief's too).
        return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
      }
      case '/reset-password': {
        const user = await resetTokenUser(ctx);
        refuseWeak(stringField(ctx.body, 'newPassword'), { email: user?.email, name: user?.name });
        return;
      }
      default:
        return;
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/verify-password' || ctx.path === '/change-password') {
      // A signed-in user's wrong password is a failed guess at the account like a wrong sign-in.
      const returned = ctx.context.returned;
      if (!isAPIError(returned) || returned.body?.code !== 'INVALID_PASSWORD') return;
      const session = await getSessionFromCtx(ctx).catch(() => null);
      if (!session) return;
      const email = session.user.email;
      await lockout.recordFailure(
        email,
        await lockout.bucketFor(email, parseDeviceId(ctx.getCookie(DEVICE_COOKIE))),
      );
      return;
    }
    if (ctx.path !== '/sign-in/email') return;
    const email = stringField(ctx.body, 'email');
    if (!email) return;
    const returned = ctx.context.returned;
    const deviceId = parseDeviceId(ctx.getCookie(DEVICE_COOKIE));
    const bucket = await lockout.bucketFor(email, deviceId);
    if (isAPIError(returned)) {
      if (returned.statusCode === 401) await lockout.recordFailure(email, bucket);
      return;
    }
    if (!ctx.context.newSession) return;
    await lockout.clear(email, bucket);
    const id = deviceId ?? newDeviceId();
    await lockout.trust(email, id);
    if (!deviceId) ctx.setCookie(DEVICE_COOKIE, id, deviceCookieOptions(secureCookies));
  });

  return { before, after };
}
