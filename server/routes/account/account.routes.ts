/**
 * Account API (mounted at /api): sign-up with profile metadata, the signed-in user's account, profile,
 * onboarding, assessment eligibility, role management and which social providers are set up.
 * Payload schemas: core/api/account.ts.
 */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { z } from 'zod';
import {
  OnboardingRequestSchema,
  ProfileUpdateSchema,
  RoleChangeRequestSchema,
  SignUpRequestSchema,
} from '#core/api/account.ts';
import type { Auth } from '../../auth/auth.ts';
import { passwordProblems } from '../../auth/password-policy.ts';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { readJson } from '../../http/read-json.ts';
import { requireUser } from '../../http/require-user.ts';
import {
  changeRole,
  checkEligibility,
  completeOnboarding,
  createAccountRecords,
  findUserIdByEmail,
  getOwnAccount,
  updateOwnProfile,
} from './account.service.ts';

/** Spec §5: sign-up and sign-in need an e-mail (or phone) and a password. */
export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

function zodDetails(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Build the account routes. */
export function createAccountRoutes(deps: {
  db: Database;
  auth: Auth;
  adminEmails: string[];
  socialProviders: string[];
  exposeOutbox: boolean;
}) {
  const { db, auth, adminEmails, socialProviders, exposeOutbox } = deps;
  const api = new Hono<AppEnv>();

  /** POST /api/signup { email, password, data } → 201 { ok: true }, the same whether or not the e-mail is known. */
  api.post('/signup', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return apiError(c, body.status, body.code, body.message);
    const raw = body.value as { email?: unknown; password?: unknown } | null;
    if (!raw || typeof raw !== 'object' || !raw.email || !raw.password) {
      return apiError(c, 422, 'missing_credentials', MISSING_CREDENTIALS);
    }
    const parsed = SignUpRequestSchema.safeParse(body.value);
    if (!parsed.success) {
      return apiError(
        c,
        422,
        'invalid_input',
        parsed.error.issues[0]?.message ?? 'Invalid sign-up details.',
        zodDetails(parsed.error),
      );
    }
    const { email, password, data } = parsed.data;
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
      c.get('log').warn({ err: error }, 'sign-up refused by better-auth');
      return apiError(c, 422, 'sign_up_failed', message);
    }
    if (!existed) {
      const userId = await findUserIdByEmail(db, email);
      if (userId) await createAccountRecords(db, { userId, email, data, adminEmails });
    }
    return c.json({ ok: true as const }, 201);
  });

  /** GET /api/auth-config → { socialProviders }: the providers configured on this server. */
  api.get('/auth-config', (c) => c.json({ socialProviders }));

  /** GET /api/me → { user, profile, roles, hasReadingSessions }. */
  api.get('/me', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    const account = await getOwnAccount(db, user.id);
    return c.json({
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
      ...account,
    });
  });

  /** PATCH /api/profile (ProfileUpdateSchema) → { profile }. */
  api.patch('/profile', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    const body = await readJson(c);
    if (!body.ok) return apiError(c, body.status, body.code, body.message);
    const parsed = ProfileUpdateSchema.safeParse(body.value);
    if (!parsed.success)
      return apiError(
        c,
        422,
        'invalid_input',
        parsed.error.issues[0]?.message ?? 'Invalid profile.',
        zodDetails(parsed.error),
      );
    const profile = await updateOwnProfile(db, user.id, parsed.data);
    if (!profile) return apiError(c, 404, 'no_profile', 'No user or profile found');
    return c.json({ profile });
  });

  /** POST /api/onboarding (OnboardingRequestSchema) → { profile } with onboarding_completed. */
  api.post('/onboarding', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    const body = await readJson(c);
    if (!body.ok) return apiError(c, body.status, body.code, body.message);
    const parsed = OnboardingRequestSchema.safeParse(body.value);
    if (!parsed.success)
      return apiError(
        c,
        422,
        'invalid_input',
        parsed.error.issues[0]?.message ?? 'Invalid details.',
        zodDetails(parsed.error),
      );
    const profile = await completeOnboarding(db, user.id, parsed.data);
    if (!profile) return apiError(c, 404, 'no_profile', 'No user or profile found');
    return c.json({ profile });
  });

  /** GET /api/assessment-eligibility → { eligible, reason } (spec §7.4). */
  api.get('/assessment-eligibility', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    try {
      return c.json(await checkEligibility(db, user.id));
    } catch (error) {
      c.get('log').error({ err: error }, 'eligibility check failed');
      return apiError(c, 500, 'eligibility_failed', 'Failed to check assessment eligibility');
    }
  });

  /** POST /api/roles { action, userId, role } → { success } (spec §7.5 secure-role-management). */
  api.post('/roles', async (c) => {
    const user = requireUser(c);
    if (user instanceof Response) return user;
    const body = await readJson(c);
    if (!body.ok) return apiError(c, body.status, body.code, body.message);
    const parsed = RoleChangeRequestSchema.safeParse(body.value);
    if (!parsed.success)
      return c.json({ success: false, error: parsed.error.issues[0]?.message ?? 'Invalid request' }, 422);
    const result = await changeRole(db, user.id, parsed.data);
    if (!result.success) return c.json({ success: false, error: result.error }, result.status);
    return c.json({ success: true });
  });

  if (exposeOutbox) {
    /** NODE_ENV=test only: GET /api/test/outbox?to=EMAIL → { messages } newest first. */
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
