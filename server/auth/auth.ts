/**
 * Accounts with better-auth on our own database (replacing the hosted backend's auth, spec §7.1):
 * e-mail and password with e-mail verification, password reset by e-mail, social providers that are
 * configured, sessions of SESSION_HOURS. Product defaults differ from better-auth's: shorter sessions,
 * other sessions revoked on a password reset or change, the password policy on every route that sets a
 * password, rate limits generous per client address (a class shares one; the address comes from the
 * socket or TRUST_PROXY hops, server/http/client-ip.ts) with a per-account, per-device lockout instead
 * (lockout.ts, hooks.ts), and origin checks on whatever NODE_ENV says (docs/security.md). Passwords are hashed by better-auth's scrypt,
 * except on a loopback test server (password-hash.ts).
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { CLIENT_IP_HEADER } from '../http/client-ip.ts';
import { sameOrigin } from '../http/same-origin.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountHooks } from './hooks.ts';
import { createPasswordHasher, passwordHashStrength } from './password-hash.ts';
import { createAuthRateLimitStorage } from './rate-limit-storage.ts';
import type { Lockout } from './lockout.ts';

/** Where a followed confirmation link lands (src/features/auth/ConfirmEmailPage.tsx). */
export const VERIFIED_CALLBACK = '/auth/confirm?verified=1';

/** The social providers of spec §2.3, in button order. */

export const SOCIAL_PROVIDER_IDS = ['google', 'apple', 'github', 'twitter'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

/** Providers whose client id and secret are both set. */
export function configuredSocialProviders(env: Env): SocialProviderId[] {
  const pairs: Record<SocialProviderId, [string | undefined, string | undefined]> = {
    google: [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
    apple: [env.APPLE_CLIENT_ID, env.APPLE_CLIENT_SECRET],
    github: [env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET],
    twitter: [env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET],
  };
  return SOCIAL_PROVIDER_IDS.filter((id) => pairs[id][0] && pairs[id][1]);
}

/** Public address of the app (links in mail, cookie security). */
export function publicUrl(env: Env): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** Origins always allowed to make credentialed requests (besides a same-origin request's own). */
export function trustedOrigins(env: Env): string[] {
  const origins = new Set([new URL(publicUrl(env)).origin, ...env.TRUSTED_ORIGINS]);
  if (env.NODE_ENV === 'development') origins.add('http://localhost:5173');
  return [...origins];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function mailBody(greeting: string, lines: string[], link: { url: string; label: string }) {
  const text = `${greeting}\n\n${lines.join('\n')}\n\n${link.label}: ${link.url}\n\n— Sparky Reads`;
  const html = `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p>— Sparky Reads</p>`;
  return { text, html };
}

/** Build the better-auth instance. */
export function createAuth(deps: {
  env: Env;
  db: Database;
  mailer: Mailer;
  secret: string;
  log: Logger;
  /** Sign-in lockout store (lifted for an address when its password is reset). */
  lockout: Lockout;
}) {
  const { env, db, mailer, secret, log, lockout } = deps;
  const social = configuredSocialProviders(env);
  const socialProviders = Object.fromEntries(
    social.map((id) => {
      const upper = id.toUpperCase() as 'GOOGLE' | 'APPLE' | 'GITHUB' | 'TWITTER';
      return [id, { clientId: env[`${upper}_CLIENT_ID`]!, clientSecret: env[`${upper}_CLIENT_SECRET`]! }];
    }),
  );
  const base = publicUrl(env);

  return betterAuth({
    appName: 'Sparky Reads',
    baseURL: base,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // The configured origins, plus the request's own when it is same-origin: the app works at whatever
    // address it was opened (127.0.0.1, the LAN address of a classroom tablet), cross-site stays refused.
    trustedOrigins: (request?: Request) => {
      const own =
        request &&
        sameOrigin(
          {
            origin: request.headers.get('origin') ?? undefined,
            host: request.headers.get('host') ?? undefined,
            forwardedHost: request.headers.get('x-forwarded-host') ?? undefined,
            secFetchSite: request.headers.get('sec-fetch-site') ?? undefined,
          },
          env.TRUST_PROXY > 0,
        );
      return own ? [...trustedOrigins(env), own] : trustedOrigins(env);
    },
    hooks: accountHooks({ lockout, secureCookies: base.startsWith('https://') }),
    session: {
      expiresIn: env.SESSION_HOURS * 3600,
      // Refresh the expiry at most hourly while the user is active.
      updateAge: 3600,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // better-auth's own scrypt; cheaper only on a loopback test server (password-hash.ts, ADR 0033)
      password: createPasswordHasher(passwordHashStrength(env)),
      resetPasswordTokenExpiresIn: 3600,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Sparky Reads password',
          ...mailBody(
            `Hello ${user.name},`,
            [
              'Someone asked to reset your password. If it was you, choose a new one here (the link works for one hour).',
              'If it was not you, you can ignore this message.',
            ],
            {
              url,
              label: 'Choose a new password',
            },
          ),
        });
      },
      async onPasswordReset({ user }) {
        // A successful reset lifts every lockout of the address: the person proved they own it.
        await lockout.clear(user.email);
      },
      async onExistingUserSignUp({ user }) {
        // Sign-up answers the same whether or not the address is known; tell the owner instead.
        await mailer.send({
          to: user.email,
          subject: 'Someone tried to create a Sparky Reads account with your e-mail',
          ...mailBody(
            `Hello ${user.name},`,
            [
              'Someone tried to sign up with this e-mail address, which already has an account. If it was you, sign in, or reset your password if you forgot it.',
            ],
            {
              url: `${base}/login`,
              label: 'Sign in',
            },
          ),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, url }) {
        // Every confirmation link lands on the confirmation screen (§2.1), also the mail re-sent when
        // an unverified user tries to sign in (better-auth's default callback is "/"). `verified=1`
        // tells that screen the link worked; a refused link comes back with `&error=…` instead.
        const link = new URL(url);
        link.searchParams.set('callbackURL', VERIFIED_CALLBACK);
        await mailer.send({
          to: user.email,
          subject: 'Confirm your e-mail for Sparky Reads',
          ...mailBody(
            `Hello ${user.name},`,
            ['Welcome to Sparky Reads! Please confirm your e-mail address to finish creating your account.'],
            {
              url: link.toString(),
              label: 'Confirm my e-mail',
            },
          ),
        });
      },
    },
    socialProviders,
    rateLimit: {
      enabled: env.NODE_ENV !== 'development',
      window: 60,
      max: 600,
      // better-auth's default allows 3 sign-ins per 10 s per address: a class behind one address would be
      // refused (scripts/bench-classroom-sign-in.ts checks 30 pupils in 10 s). The per-account, per-device
      // lockout (lockout.ts) protects each password; this limit slows one address guessing many accounts.
      customRules: {
        '/sign-in/email': { window: 10, max: 100 },
        '/sign-up/email': { window: 60, max: 60 },
        '/request-password-reset': { window: 60, max: 30 },
      },
      // Fixed windows owned by this server (ADR 0034): better-auth's memory storage never resets under
      // a steady stream from one address and is shared by every server in the process.
      customStorage: createAuthRateLimitStorage(),
    },
    advanced: {
      // better-auth skips its origin and callback-URL checks when NODE_ENV=test unless told otherwise:
      // test mode must not open a redirect or CSRF hole (docs/security.md).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // The client's address is resolved by server/app.ts from the socket (or TRUST_PROXY hops) and
      // passed in this header, which the server always overwrites: a forged X-Forwarded-For is ignored.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: base.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    logger: {
      log: (level, message) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        log[method]({ source: 'better-auth' }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
