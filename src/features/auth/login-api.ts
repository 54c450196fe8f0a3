/**
 * The calls the login page makes, shaped as the login machine's actors want them (an
 * {@link AuthOutcome} per call). The page takes a {@link LoginApi} so tests can answer each
 * call themselves; {@link createLoginApi} is the real one.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AuthOutcome } from '#machines/login.machine.ts';
import type {
  PasswordResetPayload,
  SignInPayload,
  SignUpPayload,
  SocialProvider,
} from '#core/auth/sign-up.ts';
import { SignUpRequestSchema } from '#core/api/account.ts';
import * as auth from '../../lib/api/auth-client.ts';
import { ME_QUERY_KEY, fetchMe } from '../../lib/api/me.ts';

/** An outcome that may carry the reasons a password was refused (spec §5). */
export type LoginOutcome = AuthOutcome & { readonly reasons?: readonly string[] };

/** What the login page needs from the server. */
export interface LoginApi {
  /** Sign in; on success also says the user's type, so the page can redirect (§4.1). */
  signIn(payload: SignInPayload): Promise<LoginOutcome>;
  /** Create an account (§7.1). */
  signUp(payload: SignUpPayload): Promise<LoginOutcome>;
  /** Ask for a password-reset e-mail (§7.1). */
  requestPasswordReset(payload: PasswordResetPayload): Promise<LoginOutcome>;
  /** Start a social sign-in (§7.1). */
  signInWithProvider(input: { provider: SocialProvider }): Promise<LoginOutcome>;
  /** Set a new password with the e-mailed token. */
  resetPassword(input: { newPassword: string; token: string }): Promise<LoginOutcome>;
}

function outcome(result: auth.AuthCallResult): LoginOutcome {
  if (result.ok) return { ok: true };
  return { ok: false, message: result.message, ...(result.reasons && { reasons: result.reasons }) };
}

/**
 * The real login API: better-auth for sign-in, reset and social sign-in; POST /api/signup for
 * sign-up. After a sign-in the current user is fetched into the query cache (the route guard
 * reads it) and its user_type returned.
 *
 * @param queryClient the app's query client
 */
export function createLoginApi(queryClient: QueryClient): LoginApi {
  return {
    async signIn({ email, password }) {
      const result = await auth.signInWithEmail(email, password);
      if (!result.ok) return outcome(result);
      const me = await fetchMe();
      queryClient.setQueryData(ME_QUERY_KEY, me);
      return { ok: true, userType: me?.profile?.user_type ?? null };
    },
    async signUp(payload) {
      // The server validates too; parsing here catches a form the server would refuse with an
      // unhelpful 'invalid_input', and says which value is wrong.
      const parsed = SignUpRequestSchema.safeParse(payload);
      if (!parsed.success) {
        return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join(' ') };
      }
      return outcome(await auth.signUp(parsed.data));
    },
    async requestPasswordReset({ email }) {
      return outcome(await auth.requestPasswordReset(email));
    },
    async signInWithProvider({ provider }) {
      return outcome(await auth.signInWithProvider(provider));
    },
    async resetPassword({ newPassword, token }) {
      return outcome(await auth.resetPassword(newPassword, token));
    },
  };
}
