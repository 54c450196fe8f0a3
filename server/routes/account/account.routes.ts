/**
 * Account API (mounted at /api): sign-up with profile metadata, the signed-in user's account, profile,
 * onboarding, assessment eligibility, role management (finding people and changing their roles; roles.service.ts)
 * and which social providers are set up.
 * Payload schemas: core/api/account.ts; errors: core/api/errors.ts.
 */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  DeleteAccountRequestSchema,
  MISSING_CREDENTIALS,
  type AuthConfigResponse,
  OnboardingRequestSchema,
  PeopleQuerySchema,
  ProfileUpdateSchema,
  RoleChangeRequestSchema,
  SignUpRequestSchema,
} from '#core/api/account.ts';
import { isAPIError } from 'better-auth/api';
import type { Auth } from '../../auth/auth.ts';
import { LOCK_MINUTES, LOCKED_MESSAGE } from '../../auth/lockout.ts';
import { passwordProblems } from '../../auth/password-policy.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError, ApiFailure } from '../../http/errors.ts';
import { createFixedWindowLimiter, type RateLimiter } from '../../http/rate-limit.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate, type RefusalFor } from '../../http/validate.ts';
import {
  checkEligibility,
  completeOnboarding,
  createAccountRecords,
  findUserIdByEmail,
  getOwnAccount,
  updateOwnProfile,
} from './account.service.ts';
import { deleteAccount, hasPassword, type ForgetSpeech } from './delete-account.service.ts';
import { changeRole, listPeople } from './roles.service.ts';

export { MISSING_CREDENTIALS };

/**
 * People searches (GET /api/roles/people, pages included) one user may make in a minute (ADR 0054). A search is
 * a scan of every account's name and e-mail, and pages of e-mails are what a stolen admin session would be used to
 * harvest: a person typing and paging makes a few a minute, a script thousands.
 */
export const PEOPLE_SEARCHES_PER_MINUTE = 60;

/**
 * Role changes (POST /api/roles) one user may make in a minute (ADR 0054): an owner setting up a school gives a few
 * roles a minute by hand; a stolen session or a script would try thousands.
 */
export const ROLE_CHANGES_PER_MINUTE = 60;

/** A sign-up without e-mail or password is `missing_credentials` (spec §5); other faults `invalid_input`. */
const signUpRefusal: RefusalFor = (issues) =>
  issues.some((i) => i.message === MISSING_CREDENTIALS)
    ? { status: 422, code: 'missing_credentials', message: MISSING_CREDENTIALS }
    : {
        status: 422,
        code: 'invalid_input',
        message: issues[0]?.message ?? 'Invalid sign-up details.',
        details: issues,
      };

/** Build the account routes. */
export function createAccountRoutes(deps: {
  db: Database;
  auth: Auth;
  adminEmails: string[];
  socialProviders: AuthConfigResponse['socialProviders'];
  exposeOutbox: boolean;
  /** DATA_DIR, where the recordings of a deleted account are removed from. */
  dataDir: string;
  /** Removes a deleted account's texts from the speech cache. */
  forgetSpeech?: ForgetSpeech;
  /** Called after an account is deleted (the app forgets cached session lookups and the reader's warp). */
  onAccountDeleted?: (userId: string) => void;
  /** Per-user limit of people searches (default {@link PEOPLE_SEARCHES_PER_MINUTE} a minute). */
  peopleSearchLimiter?: RateLimiter;
  /** Per-user limit of role changes (default {@link ROLE_CHANGES_PER_MINUTE} a minute). */
  roleChangeLimiter?: RateLimiter;
}) {
  const { db, auth, adminEmails, socialProviders, exposeOutbox, dataDir } = deps;
  const peopleSearchLimiter =
    deps.peopleSearchLimiter ?? createFixedWindowLimiter(PEOPLE_SEARCHES_PER_MINUTE, 60_000);
  const roleChangeLimiter =
    deps.roleChangeLimiter ?? createFixedWindowLimiter(ROLE_CHANGES_PER_MINUTE, 60_000);
  const api = new Hono<AppEnv>()
    /** POST /api/signup { email, password, data } → 201 { ok: true }, the same whether or not the e-mail is known. */
    .post('/signup', validate('json', SignUpRequestSchema, signUpRefusal), async (c) => {
      const { email, password, data } = c.req.valid('json');
      const reasons = passwordProblems(password, { email, name: data.display_name });
      if (reasons.length) {
        return apiError(c, 422, 'weak_password', 'Please choose a stronger password.', { reasons });
      }
      const existed = await findUserIdByEmail(db, email);
      try {
        await auth.api.signUpEmail({
          body: { email, password, name: data.display_name, callbackURL: '/auth/confirm' },
          headers: c.req.raw.headers,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : 'Sign up failed';
        c.var.log.warn({ err: error }, 'sign-up refused by better-auth');
        return apiError(c, 422, 'sign_up_failed', message);
      }
      if (!existed) {
        const userId = await findUserIdByEmail(db, email);
        if (userId) await createAccountRecords(db, { userId, email, data, adminEmails });
      }
      return c.json({ ok: true as const }, 201);
    })

    /** GET /api/auth-config → { socialProviders }: the providers configured on this server. */
    .get('/auth-config', (c) => c.json({ socialProviders }))

    /** GET /api/me → MeResponse { user, profile, roles, hasReadingSessions, streak }. */
    .get('/me', requireUser, async (c) => {
      const { user } = c.var;
      const account = await getOwnAccount(db, user.id);
      return c.json({
        user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
        ...account,
      });
    })

    /** PATCH /api/profile (ProfileUpdateSchema) → { profile }; 404 `no_profile`. */
    .patch('/profile', requireUser, validate('json', ProfileUpdateSchema), async (c) => {
      const profile = await updateOwnProfile(db, c.var.user.id, c.req.valid('json'));
      if (!profile) return apiError(c, 404, 'no_profile', 'No user or profile found');
      return c.json({ profile });
    })

    /** POST /api/onboarding (OnboardingRequestSchema) → { profile } with onboarding_completed. */
    .post('/onboarding', requireUser, validate('json', OnboardingRequestSchema), async (c) => {
      const profile = await completeOnboarding(db, c.var.user.id, c.req.valid('json'));
      if (!profile) return apiError(c, 404, 'no_profile', 'No user or profile found');
      return c.json({ profile });
    })

    /** GET /api/assessment-eligibility → { eligible, reason } (spec §7.4). */
    .get('/assessment-eligibility', requireUser, async (c) => {
      try {
        return c.json(await checkEligibility(db, c.var.user.id));
      } catch (error) {
        c.var.log.error({ err: error }, 'eligibility check failed');
        return apiError(c, 500, 'eligibility_failed', 'Failed to check assessment eligibility');
      }
    })

    /**
     * POST /api/roles { action, userId, role } → { success: true } (spec §7.5 secure-role-management);
     * 403 `forbidden`, 404 `user_not_found`, 409 `last_owner`, 422 `invalid_input`; 429 `rate_limited` with
     * Retry-After after {@link ROLE_CHANGES_PER_MINUTE} in a minute.
     */
    .post('/roles', requireUser, validate('json', RoleChangeRequestSchema), async (c) => {
      const quota = roleChangeLimiter.take(c.var.user.id);
      if (!quota.ok) {
        throw new ApiFailure(
          429,
          'rate_limited',
          `That is a lot of role changes at once. Please wait ${quota.retryAfterSeconds} seconds and try again.`,
          { retryAfterSeconds: quota.retryAfterSeconds },
          { 'retry-after': String(quota.retryAfterSeconds) },
        );
      }
      await changeRole(db, c.var.user.id, c.req.valid('json'));
      return c.json({ success: true as const });
    })
    /**
     * GET /api/roles/people?q=&cursor= → PeoplePage { people: [{ id, name, email, roles }], nextCursor }: the
     * people whose name or e-mail holds `q`, 20 a page by name (docs/decisions/0054-roles-screen.md). Owners and
     * admins only: 403 `forbidden` for anyone else; 422 `invalid_input` for `q` outside 2–100 characters, with
     * control characters, a cursor not of this list, or another query field; 429 `rate_limited` with Retry-After
     * after {@link PEOPLE_SEARCHES_PER_MINUTE} in a minute. The query string is never logged.
     */
    .get('/roles/people', requireUser, validate('query', PeopleQuerySchema), async (c) => {
      const quota = peopleSearchLimiter.take(c.var.user.id);
      if (!quota.ok) {
        throw new ApiFailure(
          429,
          'rate_limited',
          `That is a lot of searches at once. Please wait ${quota.retryAfterSeconds} seconds and try again.`,
          { retryAfterSeconds: quota.retryAfterSeconds },
          { 'retry-after': String(quota.retryAfterSeconds) },
        );
      }
      return c.json(await listPeople(db, c.var.user.id, c.req.valid('query')), 200);
    })
    /**
     * DELETE /api/account { password? } → { deleted: true }, with the session cookies cleared: the
     * signed-in user's account and everything of it (issue #14 item 11; delete-account.service.ts).
     * Only one's own account: there is no id to send. The password is asked again when the account has
     * one: 403 `wrong_password` (counted by the sign-in lockout), 429 `account_locked`; 409 `last_owner`;
     * 422 `invalid_input`.
     */
    .delete('/account', requireUser, validate('json', DeleteAccountRequestSchema), async (c) => {
      const userId = c.var.user.id;
      const { password } = c.req.valid('json');
      if (await hasPassword(db, userId)) {
        // better-auth's verify-password runs the lockout hooks (server/auth/hooks.ts): a wrong password
        // here counts as a failed sign-in of the account, and a locked account is refused.
        const outcome =
          password === undefined
            ? 'wrong'
            : await auth.api
                .verifyPassword({ body: { password }, headers: c.req.raw.headers })
                .then(() => 'ok' as const)
                .catch((error: unknown) =>
                  isAPIError(error) && error.statusCode === 429 ? ('locked' as const) : ('wrong' as const),
                );
        if (outcome === 'locked') {
          c.header('retry-after', String(LOCK_MINUTES * 60));
          return apiError(c, 429, 'account_locked', LOCKED_MESSAGE);
        }
        if (outcome === 'wrong')
          return apiError(c, 403, 'wrong_password', 'That is not the password of this account.');
      }
      // Signing out first gives the answer's cookie-clearing headers; the rows go with the user anyway.
      const signedOut = await auth.api
        .signOut({ headers: c.req.raw.headers, asResponse: true })
        .catch(() => null);
      const deleted = await deleteAccount(db, userId, {
        dataDir,
        ...(deps.forgetSpeech && { forgetSpeech: deps.forgetSpeech }),
      });
      deps.onAccountDeleted?.(userId);
      if (!deleted) return apiError(c, 404, 'user_not_found', 'No such account.');
      for (const cookie of signedOut?.headers.getSetCookie() ?? [])
        c.header('set-cookie', cookie, { append: true });
      c.var.log.info({ event: 'account_deleted' }, 'an account was deleted');
      return c.json({ deleted: true as const });
    });

  if (exposeOutbox) {
    /** NODE_ENV=test only: GET /api/test/outbox?to=EMAIL → { messages } newest first (not in AppType). */
    api.get('/test/outbox', async (c) => {
      const to = c.req.query('to');
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(50);
      return c.json({
        messages: rows.map((r) => ({
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          createdAt: r.createdAt,
        })),
      });
    });
  }

  return api;
}
