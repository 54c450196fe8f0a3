/**
 * The owner set-up link's API (mounted at /api; issue #14 item 8, server/auth/owner-setup.ts):
 * GET /api/setup/owner?token= says whether a link still works, POST /api/setup/owner makes the owner's
 * account with it and signs them in. Public: the link's token is the credential.
 */
import { Hono, type Context } from 'hono';
import { OwnerSetupQuerySchema, OwnerSetupRequestSchema, type OwnerSetupStatus } from '#core/api/account.ts';
import type { Auth } from '../../auth/auth.ts';
import type { Lockout } from '../../auth/lockout.ts';
import {
  claimUnconfirmedAccount,
  consumeOwnerSetupToken,
  hasOwner,
  isClaimableAccount,
  isOwnerSetupTokenValid,
  restoreOwnerSetup,
} from '../../auth/owner-setup.ts';
import { passwordProblems } from '../../auth/password-policy.ts';
import type { Database } from '../../db/client.ts';
import { CLIENT_IP_HEADER } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { apiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { createAccountRecords, findUserIdByEmail } from '../account/account.service.ts';

const INVALID_LINK =
  'This set-up link does not work: it was used already or has expired. Restart the server for a new one.';

/** Build the set-up routes. */
export function createSetupRoutes(deps: {
  db: Database;
  auth: Auth;
  adminEmails: string[];
  /** Sign-in lockout, lifted for an account the link takes (as a password reset lifts it). */
  lockout: Lockout;
  /** Empty the cached session lookups (after a taken account's sessions are removed). */
  forgetSessions: () => void;
}) {
  const { db, auth, adminEmails, lockout, forgetSessions } = deps;
  return (
    new Hono<AppEnv>()
      /** GET /api/setup/owner?token=… → { valid } (false once used, expired, or an owner exists). */
      .get('/setup/owner', validate('query', OwnerSetupQuerySchema), async (c) => {
        const body: OwnerSetupStatus = {
          valid: await isOwnerSetupTokenValid(db, c.req.valid('query').token),
        };
        return c.json(body);
      })
      /**
       * POST /api/setup/owner (OwnerSetupRequestSchema) → 201 { ok: true } with the new owner's session
       * cookies. The address counts as confirmed (the operator holds the link; without SMTP the owner
       * reads the outbox in the app). 403 `setup_link_invalid`, 409 `owner_exists` / `email_taken`,
       * 422 `weak_password` / `invalid_input`. The link is used only when the account is made.
       * An existing account is refused (`email_taken`), except an unconfirmed one whose address is in
       * ADMIN_EMAILS: the operator who named it, locked out until they confirm it (without SMTP the mail
       * waits in an outbox only an owner reads), takes it with the link: confirmed, the password entered
       * here, the owner role, signed in (ADR 0023, addendum of 27 Nov 2026). Its profile stays as it was.
       */
      .post('/setup/owner', validate('json', OwnerSetupRequestSchema), async (c) => {
        const { token, email, password, data } = c.req.valid('json');
        const reasons = passwordProblems(password, { email, name: data.display_name });
        if (reasons.length) {
          return apiError(c, 422, 'weak_password', 'Please choose a stronger password.', { reasons });
        }
        if (await hasOwner(db)) {
          return apiError(c, 409, 'owner_exists', 'This server has an owner already: sign in instead.');
        }
        const existingId = await findUserIdByEmail(db, email);
        if (existingId && !(await isClaimableAccount(db, existingId, email, adminEmails))) {
          return apiError(
            c,
            409,
            'email_taken',
            'An account with this e-mail exists. Use another e-mail, or name it in ADMIN_EMAILS.',
          );
        }
        const consumed = await consumeOwnerSetupToken(db, token);
        if (!consumed) return apiError(c, 403, 'setup_link_invalid', INVALID_LINK);
        let userId: string;
        if (existingId) {
          try {
            const passwordHash = await (await auth.$context).password.hash(password);
            if (!(await claimUnconfirmedAccount(db, { userId: existingId, passwordHash }))) {
              // Confirmed in between: it is no longer the link's to take.
              await restoreOwnerSetup(db, consumed);
              return apiError(
                c,
                409,
                'email_taken',
                'An account with this e-mail exists. Use another e-mail.',
              );
            }
            await createAccountRecords(db, {
              userId: existingId,
              email,
              data: { display_name: data.display_name, user_type: data.user_type },
              adminEmails,
              owner: true,
            });
          } catch (error) {
            await restoreOwnerSetup(db, consumed);
            throw error;
          }
          forgetSessions();
          await lockout.clear(email);
          c.var.log.info(
            { event: 'owner_claimed' },
            'an unconfirmed ADMIN_EMAILS account was made the owner with the set-up link',
          );
          return signInOwner(c, email, password);
        }
        try {
          // better-auth's own steps of an e-mail sign-up (hash, user, credential account), without its
          // confirmation mail: the owner's address is taken as confirmed.
          const context = await auth.$context;
          const hash = await context.password.hash(password);
          const user = await context.internalAdapter.createUser(
            {
              email: email.toLowerCase(),
              name: data.display_name,
              emailVerified: true,
            },
            { method: 'email-password' },
          );
          userId = user.id;
          await context.internalAdapter.linkAccount({
            userId,
            providerId: 'credential',
            accountId: userId,
            password: hash,
          });
          await createAccountRecords(db, {
            userId,
            email,
            data: { display_name: data.display_name, user_type: data.user_type },
            adminEmails,
            owner: true,
          });
        } catch (error) {
          await restoreOwnerSetup(db, consumed);
          c.var.log.error({ err: error }, 'owner set-up failed');
          if (await findUserIdByEmail(db, email)) {
            return apiError(c, 409, 'email_taken', 'An account with this e-mail exists. Use another e-mail.');
          }
          throw error;
        }
        c.var.log.info({ event: 'owner_created' }, 'the owner account was made with the set-up link');
        return signInOwner(c, email, password);
      })
  );

  /** Sign the new owner in: 201 { ok: true } with their session cookies. */
  async function signInOwner(c: Context<AppEnv>, email: string, password: string) {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get('clientIp'));
    const signedIn = await auth.api
      .signInEmail({ body: { email, password }, headers, asResponse: true })
      .catch(() => null);
    for (const cookie of signedIn?.headers.getSetCookie() ?? [])
      c.header('set-cookie', cookie, { append: true });
    return c.json({ ok: true as const }, 201);
  }
}
