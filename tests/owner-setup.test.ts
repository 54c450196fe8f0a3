/**
 * The owner of a fresh install (issue #14 item 8): sign-ups make no owner, however many arrive at once;
 * the one-time set-up link the server prints makes exactly one, signed in and with a confirmed address;
 * a used, expired, forged or hostile link is refused and loses nothing; ADMIN_EMAILS still works.
 * One fresh PGlite database for the file (owners are server-wide; PostgreSQL is shared by files), so the
 * steps below run in order.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureOwnerSetupLink,
  hasOwner,
  isOwnerSetupTokenValid,
  OWNER_SETUP_HOURS,
  OWNER_SETUP_IDENTIFIER,
} from '../server/auth/owner-setup.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { accounts, userRoles, users, verifications } from '../server/db/schema.ts';
import { createBrowser, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openFreshTestDatabase } from './helpers/database.ts';

const PASSWORD = 'purple-otter-reads-42';
const BASE = 'http://localhost:3000';
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;

describe('the owner of a fresh install (pglite)', () => {
  let fresh: DatabaseHandle;
  let app: TestApp;
  let token: string;
  const pupils = Array.from({ length: 8 }, (_, i) => uniqueEmail(`pupil${i}`));

  beforeAll(async () => {
    fresh = await openFreshTestDatabase();
    app = createTestApp(fresh);
  }, 120_000);
  afterAll(async () => {
    await fresh?.close();
  });

  const owners = async () =>
    asSystem(fresh.db, (tx) => tx.select().from(userRoles).where(eq(userRoles.role, 'owner')));
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const setUp = (body: unknown, address?: string) =>
    createBrowser(app, address).request('/api/setup/owner', { method: 'POST', json: body });
  const ownerBody = (linkToken: string, email = uniqueEmail('owner')) => ({
    token: linkToken,
    email,
    password: PASSWORD,
    data: { display_name: 'Ms Rivera', user_type: 'teacher' },
  });

  it('makes no owner at sign-up, even for 8 sign-ups at once', { timeout: 120_000 }, async () => {
    const answers = await Promise.all(
      pupils.map((email, i) =>
        createBrowser(app, `198.51.100.${i + 1}`).api.signup.$post({
          json: { email, password: PASSWORD, data: { display_name: 'Kim' } },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(await owners()).toHaveLength(0);
  });

  it('prints a link whose token only the operator has', async () => {
    const link = await ensureOwnerSetupLink(fresh.db, BASE);
    expect(link?.url).toMatch(/^http:\/\/localhost:3000\/setup\?token=[A-Za-z0-9_-]{43}$/);
    expect(link?.unconfirmedOwner).toBe(false); // "No owner yet" is true here
    token = tokenOf(link!.url);
    const rows = await fresh.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, OWNER_SETUP_IDENTIFIER));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).not.toContain(token); // only its hash is kept
    const browser = createBrowser(app);
    expect(await (await browser.api.setup.owner.$get({ query: { token } })).json()).toEqual({ valid: true });
  });

  it(
    'refuses expired, forged, bad, hostile and oversized input, and taken addresses, losing nothing',
    { timeout: 60_000 },
    async () => {
      const past = new Date(Date.now() - (OWNER_SETUP_HOURS + 1) * 3_600_000);
      const expired = tokenOf((await ensureOwnerSetupLink(fresh.db, BASE, past))!.url);
      const refusals: Array<[unknown, number, string]> = [
        [ownerBody(expired), 403, 'setup_link_invalid'],
        [ownerBody('A'.repeat(43)), 403, 'setup_link_invalid'],
        [ownerBody("' or 1=1 --"), 403, 'setup_link_invalid'],
        [ownerBody('x'.repeat(65)), 422, 'invalid_input'],
        [{ ...ownerBody(token), role: 'owner' }, 422, 'invalid_input'],
        [{ ...ownerBody(token), data: { display_name: 'Kid', user_type: 'student' } }, 422, 'invalid_input'],
        [
          { ...ownerBody(token), data: { display_name: 'Nul\u0000', user_type: 'teacher' } },
          422,
          'invalid_input',
        ],
        [{ ...ownerBody(token), email: 'not-an-email' }, 422, 'invalid_input'],
        [{ ...ownerBody(token), password: 'password1' }, 422, 'weak_password'],
        [{ token }, 422, 'invalid_input'],
        // An account that exists already is not taken over.
        [ownerBody(token, pupils[0]), 409, 'email_taken'],
      ];
      for (const [body, status, code] of refusals) {
        const res = await setUp(body);
        expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
        expect((await errorOf(res)).code).toBe(code);
      }
      const huge = await setUp({ ...ownerBody(token), email: `${'a'.repeat(100_000)}@example.test` });
      expect(huge.status).toBe(413);
      const crossSite = await createBrowser(app).request('/api/setup/owner', {
        method: 'POST',
        json: ownerBody(token),
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.status).toBe(403);
      expect((await createBrowser(app).request(`/api/setup/owner?token=${'x'.repeat(65)}`)).status).toBe(422);
      expect(await hasOwner(fresh.db)).toBe(false);
      expect(await isOwnerSetupTokenValid(fresh.db, token)).toBe(true);
      expect(await isOwnerSetupTokenValid(fresh.db, expired)).toBe(false);
    },
  );

  it(
    'makes exactly one owner of 8 uses at once, signed in, with a confirmed address',
    { timeout: 120_000 },
    async () => {
      const emails = Array.from({ length: 8 }, (_, i) => uniqueEmail(`race${i}`));
      const browsers = emails.map((_, i) => createBrowser(app, `198.51.100.${i + 1}`));
      const answers = await Promise.all(
        browsers.map((browser, i) =>
          browser.request('/api/setup/owner', { method: 'POST', json: ownerBody(token, emails[i]) }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403, 403, 403, 403, 403, 403]);
      for (const refused of answers.filter((a) => a.status === 403))
        expect((await errorOf(refused)).code).toBe('setup_link_invalid');
      expect(await owners()).toHaveLength(1);
      const won = answers.findIndex((a) => a.status === 201);
      expect(await answers[won]!.json()).toEqual({ ok: true });
      // The answer's cookies sign the owner in.
      const me = (await (await browsers[won]!.api.me.$get()).json()) as {
        roles: string[];
        user: { emailVerified: boolean };
      };
      expect(me.roles.sort()).toEqual(['owner', 'teacher']);
      expect(me.user.emailVerified).toBe(true);
      // Only the winner's account was made.
      for (const email of emails.filter((_, i) => i !== won))
        expect(await fresh.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

      // Used: no link works any more, and the next start prints none.
      const browser = createBrowser(app);
      expect(await (await browser.api.setup.owner.$get({ query: { token } })).json()).toEqual({
        valid: false,
      });
      const again = await setUp(ownerBody(token));
      expect(again.status).toBe(409);
      expect((await errorOf(again)).code).toBe('owner_exists');
      expect(await ensureOwnerSetupLink(fresh.db, BASE)).toBeNull();
    },
  );

  it('still makes ADMIN_EMAILS owners at sign-up', { timeout: 60_000 }, async () => {
    const admin = uniqueEmail('admin');
    const withAdmins = createTestApp(fresh, { ADMIN_EMAILS: admin });
    const res = await createBrowser(withAdmins).api.signup.$post({
      json: { email: admin, password: PASSWORD, data: { display_name: 'Pat', user_type: 'teacher' } },
    });
    expect(res.status).toBe(201);
    expect(await owners()).toHaveLength(2);
  });

  // An operator who names their address in ADMIN_EMAILS on a server without SMTP (ADR 0023, addendum of
  // 27 Nov 2026): the sign-up gives them the owner role, but their sign-in waits for a confirmation that
  // only a signed-in owner or admin could read in the outbox. The same database, started again from no
  // owner (a second fresh one would cost the suite several seconds).
  describe('an ADMIN_EMAILS owner who has not confirmed their address', () => {
    const admin = uniqueEmail('operator');
    const confirmed = uniqueEmail('confirmed');
    let withAdmins: TestApp;
    let link: string;
    const signIn = (email: string, password: string, address?: string) =>
      createBrowser(app, address).request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email, password },
      });
    const passwordOf = async (email: string) => {
      const [row] = await fresh.db
        .select({ password: accounts.password, verified: users.emailVerified })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(eq(users.email, email));
      return row;
    };

    beforeAll(async () => {
      await asSystem(fresh.db, (tx) => tx.delete(userRoles).where(eq(userRoles.role, 'owner')));
      // A confirmed account that was not an owner, and whose address the operator then names too.
      const res = await createBrowser(app).api.signup.$post({
        json: { email: confirmed, password: PASSWORD, data: { display_name: 'Lee', user_type: 'guardian' } },
      });
      expect(res.status).toBe(201);
      await fresh.db.update(users).set({ emailVerified: true }).where(eq(users.email, confirmed));
      withAdmins = createTestApp(fresh, { ADMIN_EMAILS: `${admin},${confirmed}` });
    }, 60_000);

    it('is not counted as an owner, so a restart prints the set-up link', { timeout: 60_000 }, async () => {
      const res = await createBrowser(withAdmins).api.signup.$post({
        json: { email: admin, password: PASSWORD, data: { display_name: 'Sam', user_type: 'teacher' } },
      });
      expect(res.status).toBe(201);
      expect(await owners()).toHaveLength(1); // the role is theirs…
      expect((await signIn(admin, PASSWORD)).status).toBe(403); // …but they cannot sign in
      // Nor, after 5 wrong passwords, on any device they have not signed in from before.
      for (let i = 0; i < 5; i++) expect((await signIn(admin, `wrong-password-${i}`)).status).toBe(401);
      expect((await signIn(admin, PASSWORD, '198.51.100.39')).status).toBe(429);
      expect(await hasOwner(fresh.db)).toBe(false);
      const printed = await ensureOwnerSetupLink(fresh.db, BASE);
      expect(printed).not.toBeNull();
      // The start-up line says an owner account waits for confirmation, not "No owner yet".
      expect(printed!.unconfirmedOwner).toBe(true);
      link = tokenOf(printed!.url);
      expect(await isOwnerSetupTokenValid(fresh.db, link)).toBe(true);
    });

    it(
      "refuses a bad link, a confirmed account, and another user's account, changing nothing",
      { timeout: 60_000 },
      async () => {
        const before = await Promise.all([admin, confirmed, pupils[1]!].map(passwordOf));
        const refusals: Array<[unknown, number, string]> = [
          [
            { ...ownerBody('B'.repeat(43), admin), password: 'another-long-pass-77' },
            403,
            'setup_link_invalid',
          ],
          [{ ...ownerBody(link, confirmed), password: 'another-long-pass-77' }, 409, 'email_taken'],
          // An unconfirmed account whose address is not in ADMIN_EMAILS.
          [{ ...ownerBody(link, pupils[1]), password: 'another-long-pass-77' }, 409, 'email_taken'],
        ];
        for (const [body, status, code] of refusals) {
          const res = await createBrowser(withAdmins).request('/api/setup/owner', {
            method: 'POST',
            json: body,
          });
          expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
          expect((await errorOf(res)).code).toBe(code);
        }
        // Without ADMIN_EMAILS the operator's own account is not taken either.
        const plain = await setUp({ ...ownerBody(link, admin), password: 'another-long-pass-77' });
        expect(plain.status).toBe(409);
        expect(await Promise.all([admin, confirmed, pupils[1]!].map(passwordOf))).toEqual(before);
        expect(await hasOwner(fresh.db)).toBe(false);
        expect(await isOwnerSetupTokenValid(fresh.db, link)).toBe(true);
      },
    );

    it(
      'lets the set-up link take the account: confirmed, new password, owner, signed in; one of 6 at once',
      { timeout: 120_000 },
      async () => {
        const passwords = Array.from({ length: 6 }, (_, i) => `violet-heron-sings-${i}${i}`);
        const browsers = passwords.map((_, i) => createBrowser(withAdmins, `198.51.100.${20 + i}`));
        const answers = await Promise.all(
          browsers.map((browser, i) =>
            browser.request('/api/setup/owner', {
              method: 'POST',
              json: { ...ownerBody(link, admin), password: passwords[i] },
            }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
        const won = answers.findIndex((a) => a.status === 201);
        const me = (await (await browsers[won]!.api.me.$get()).json()) as {
          roles: string[];
          user: { email: string; emailVerified: boolean };
        };
        expect(me.user.email).toBe(admin);
        expect(me.user.emailVerified).toBe(true);
        expect(me.roles).toContain('owner');
        // One credential, with the winner's password; the sign-up's password no longer works.
        const [user] = await fresh.db.select().from(users).where(eq(users.email, admin));
        expect(await fresh.db.select().from(accounts).where(eq(accounts.userId, user!.id))).toHaveLength(1);
        expect((await signIn(admin, passwords[won]!, '198.51.100.40')).status).toBe(200);
        expect((await signIn(admin, PASSWORD, '198.51.100.41')).status).toBe(401);
        expect((await signIn(admin, passwords[(won + 1) % 6]!, '198.51.100.42')).status).toBe(401);
        // Used: an owner exists now; the link is refused and the next start prints none.
        expect(await hasOwner(fresh.db)).toBe(true);
        const again = await setUp({ ...ownerBody(link, admin), password: 'another-long-pass-77' });
        expect(again.status).toBe(409);
        expect((await errorOf(again)).code).toBe('owner_exists');
        expect(await ensureOwnerSetupLink(fresh.db, BASE)).toBeNull();
      },
    );
  });
});
