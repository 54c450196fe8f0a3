/**
 * The better-auth client for this origin (server mounts better-auth at /api/auth/*), and the
 * account calls the login page and the shell make (spec §7.1). Every call resolves to a plain
 * result object; provider refusals carry the provider's message for the destructive toasts of §8.
 */
import type { createAuthClient } from 'better-auth/react';
import type { AuthConfigResponse, SignUpRequest } from '#core/api/account.ts';
import type { SocialProvider } from '#core/auth/sign-up.ts';
import { api } from './client.ts';
import { ApiError, call } from './http.ts';

/** Where the auth routes are mounted on the server. */
export const AUTH_BASE_PATH = '/api/auth';

type AuthClient = ReturnType<typeof createAuthClient>;
let client: Promise<AuthClient> | null = null;

/**
 * The shared better-auth client, loaded and created on first use: the library is its own chunk,
 * downloaded when someone signs in, out or resets a password, not with every page
 * (docs/decisions/0012-route-splitting.md), and tests that never sign in never build it. Base URL: this origin +
 * {@link AUTH_BASE_PATH}.
 */
export function getAuthClient(): Promise<AuthClient> {
  client ??= import('better-auth/react').then(({ createAuthClient }) =>
    createAuthClient({ baseURL: `${window.location.origin}${AUTH_BASE_PATH}` }),
  );
  return client;
}

/** The result of an account call: ok, or refused with the provider's message and code. */
export type AuthCallResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly message: string;
      readonly code?: string;
      readonly status?: number;
      readonly reasons?: readonly string[];
    };

/** Shape of better-auth's `{ error }` (better-fetch adds status; our own routes nest `error`). */
interface ProviderError {
  message?: string;
  code?: string;
  status?: number;
  statusText?: string;
  /** Why a password was refused (server/auth/hooks.ts `weak_password`). */
  reasons?: unknown;
  error?: { message?: string; code?: string };
}

/**
 * What a reader who has not confirmed their e-mail is told at sign-in: the server has just sent a
 * new confirmation link (better-auth `sendOnSignIn`), which its own message ("Email not verified")
 * does not say.
 */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Your e-mail is not confirmed yet. We have sent you a new link: open it, then sign in.';

/**
 * Turns better-auth's error object into a failure result. A locked account answers HTTP 429
 * `{ code: 'account_locked', message }`; a weak new password HTTP 400 `{ code: 'weak_password',
 * message, reasons }` (server/auth/hooks.ts).
 *
 * @param error the `error` of a better-auth call
 */
export function toFailure(error: ProviderError): AuthCallResult & { ok: false } {
  const code = error.code ?? error.error?.code;
  const message =
    code === 'EMAIL_NOT_VERIFIED'
      ? EMAIL_NOT_VERIFIED_MESSAGE
      : error.message || error.error?.message || error.statusText || '';
  const reasons = Array.isArray(error.reasons)
    ? error.reasons.filter((r): r is string => typeof r === 'string')
    : undefined;
  return {
    ok: false,
    message,
    ...(code !== undefined && { code }),
    ...(error.status !== undefined && { status: error.status }),
    ...(reasons !== undefined && { reasons }),
  };
}

/** Sign in with e-mail and password (spec §7.1). */
export async function signInWithEmail(email: string, password: string): Promise<AuthCallResult> {
  const { error } = await (await getAuthClient()).signIn.email({ email, password });
  return error ? toFailure(error) : { ok: true };
}

/** Sign out (spec §7.1 "Sign out from the auth context"). */
export async function signOut(): Promise<AuthCallResult> {
  const { error } = await (await getAuthClient()).signOut();
  return error ? toFailure(error) : { ok: true };
}

/**
 * Ask for a password-reset e-mail (spec §7.1 "Password reset by e-mail … with a redirect to
 * {origin}/login"). The link goes through the server and lands on /login?token=….
 */
export async function requestPasswordReset(email: string): Promise<AuthCallResult> {
  const { error } = await (await getAuthClient()).requestPasswordReset({ email, redirectTo: '/login' });
  return error ? toFailure(error) : { ok: true };
}

/** Set a new password with the token from the e-mailed link (/login?token=…). */
export async function resetPassword(newPassword: string, token: string): Promise<AuthCallResult> {
  const { error } = await (await getAuthClient()).resetPassword({ newPassword, token });
  return error ? toFailure(error) : { ok: true };
}

/** Reasons of a weak password (`details.reasons` of the 422 `weak_password` answer). */
function reasonsOf(details: unknown): string[] | undefined {
  if (typeof details !== 'object' || details === null || !('reasons' in details)) return undefined;
  const { reasons } = details as { reasons: unknown };
  return Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string') : undefined;
}

/**
 * Create an account (POST /api/signup; spec §7.1). The server answers the same whether or not
 * the e-mail exists. A weak password comes back with its reasons (spec §5).
 *
 * @throws {ApiError} only for answers that are not a refusal (network failure, 5xx)
 */
export async function signUp(payload: SignUpRequest): Promise<AuthCallResult> {
  try {
    await call(api.signup.$post({ json: payload }));
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      const reasons = reasonsOf(error.details);
      return {
        ok: false,
        message: error.message,
        code: error.code,
        status: error.status,
        ...(reasons !== undefined && { reasons }),
      };
    }
    throw error;
  }
}

/** GET /api/auth-config: which social providers this server has set up. */
export async function fetchAuthConfig(): Promise<AuthConfigResponse> {
  return call(api['auth-config'].$get());
}

/** The provider's name as the buttons show it. */
export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  github: 'GitHub',
  twitter: 'Twitter',
};

/**
 * Social sign-in (spec §7.1): first asks the server which providers are set up; one that is
 * not gives a refusal saying so (shown as 'Social login failed'). Otherwise the browser is sent
 * to the provider, returning to / (spec §2.1).
 */
export async function signInWithProvider(provider: SocialProvider): Promise<AuthCallResult> {
  const config = await fetchAuthConfig();
  if (!config.socialProviders.includes(provider)) {
    return { ok: false, message: `${PROVIDER_LABELS[provider]} sign-in is not set up on this server.` };
  }
  const { error } = await (await getAuthClient()).signIn.social({ provider, callbackURL: '/' });
  return error ? toFailure(error) : { ok: true };
}
