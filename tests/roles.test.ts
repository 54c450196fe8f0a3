/**
 * Role management on PGlite and PostgreSQL (spec §6, §7.5; docs/decisions/0054-roles-screen.md): finding people by
 * name or e-mail (`GET /api/roles/people`, owners and admins only, paged, LIKE wildcards taken literally, bounded
 * and clean input, a limit a minute) and changing roles (`POST /api/roles`) many at once, with two owners removing each other at the
 * same moment, and the last owner kept. The database is shared with other files (on PostgreSQL at the same time),
 * so every person made here carries this run's tag and every search names it.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_PAGE_SIZE, PeoplePageSchema, type Person } from '../core/api/account.ts';
import type { Role } from '../core/auth/roles.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import { lockRoleChanges } from '../server/routes/account/roles.service.ts';
import {
  PEOPLE_SEARCHES_PER_MINUTE,
  ROLE_CHANGES_PER_MINUTE,
} from '../server/routes/account/account.routes.ts';
import { profiles, userRoles, users } from '../server/db/schema.ts';
import {
  createBrowser,
  createSignedInClient,
  createTestApp,
  errorOf,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { openFreshTestDatabase, openTestDatabase, testDatabaseKind } from './helpers/database.ts';

/** Letters only, so that no other file's name or e-mail holds it, and a search for it finds only ours. */
const letters = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)
    .padEnd(8, 'q');

/** A person made the way sign-up makes one (user row, profile, roles), without signing in. */
async function makePerson(
  handle: DatabaseHandle,
  name: string,
  options: { email?: string; roles?: Role[] } = {},
): Promise<{ id: string; name: string; email: string }> {
  const id = `test-${randomUUID()}`;
  const email = options.email ?? `${id}@example.test`;
  await handle.db.insert(users).values({ id, name, email });
  await asSystem(handle.db, async (tx) => {
    await tx.insert(profiles).values({ userId: id, displayName: name });
    for (const role of options.roles ?? []) await tx.insert(userRoles).values({ userId: id, role });
  });
  return { id, name, email };
}

/** A signed-in user with exactly `roles` (the profile's type is 'other', which gives no role of its own). */
async function signedInWith(app: TestApp, handle: DatabaseHandle, roles: Role[]) {
  const made = await createSignedInClient(app, handle, { user_type: 'other', display_name: 'Actor' });
  await asSystem(handle.db, async (tx) => {
    for (const role of roles) await tx.insert(userRoles).values({ userId: made.userId, role });
  });
  return made;
}

async function rolesOf(handle: DatabaseHandle, userId: string): Promise<string[]> {
  const rows = await asSystem(handle.db, (tx) =>
    tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
  );
  return rows.map((r) => r.role).sort();
}

const search = (client: TestBrowser, query: string) => client.request(`/api/roles/people?${query}`);

/** One page of a search, checked against the shared schema. */
async function page(client: TestBrowser, q: string, cursor?: string) {
  const response = await client.api.roles.people.$get({ query: { q, ...(cursor ? { cursor } : {}) } });
  expect(response.status, await response.clone().text()).toBe(200);
  return PeoplePageSchema.parse(await response.json());
}

describe(`roles: finding people and changing roles (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let owner: TestBrowser;
  let admin: TestBrowser;
  const tag = letters();

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
    owner = (await signedInWith(app, handle, ['owner'])).client;
    admin = (await signedInWith(app, handle, ['admin', 'teacher'])).client;
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('refuses the list to students, teachers, guardians, people without a role, and the signed-out', async () => {
    const q = `q=${tag}`;
    for (const roles of [['student'], ['teacher'], ['guardian'], ['teacher', 'guardian'], []] as Role[][]) {
      const { client } = await signedInWith(app, handle, roles);
      const refused = await search(client, q);
      expect(refused.status, roles.join() || 'no role').toBe(403);
      expect(await errorOf(refused)).toEqual({
        code: 'forbidden',
        message: 'Only owners and admins can look people up.',
      });
    }
    const anonymous = await search(createBrowser(app), q);
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe('unauthenticated');
  });

  it('shows owners and admins each person found with only id, name, e-mail and roles', async () => {
    const ana = await makePerson(handle, `Ana Lopez ${tag}`, { roles: ['teacher', 'guardian'] });
    const ben = await makePerson(handle, `Ben ${tag}`, { roles: ['student'] });
    const cal = await makePerson(handle, `Cal ${tag}`);
    for (const who of [owner, admin]) {
      const { people, nextCursor } = await page(who, tag);
      expect(nextCursor).toBeNull();
      expect(people).toEqual([
        { id: ana.id, name: ana.name, email: ana.email, roles: ['teacher', 'guardian'] },
        { id: ben.id, name: ben.name, email: ben.email, roles: ['student'] },
        { id: cal.id, name: cal.name, email: cal.email, roles: [] },
      ]);
      for (const person of people)
        expect(Object.keys(person).sort()).toEqual(['email', 'id', 'name', 'roles']);
    }
  });

  it('finds by a part of the name or of the e-mail, whatever the case', async () => {
    const word = letters();
    const byName = await makePerson(handle, `Dora ${word}Smith`);
    const byEmail = await makePerson(handle, 'Eve Plain', { email: `eve.${word}@school.example` });
    const names = async (q: string) => (await page(owner, q)).people.map((p) => p.id);
    expect(await names(`${word.toUpperCase()}SMITH`)).toEqual([byName.id]);
    expect(await names(`dora ${word}`)).toEqual([byName.id]);
    expect(await names(`EVE.${word.toUpperCase()}@SCHOOL`)).toEqual([byEmail.id]);
    expect(await names(word)).toEqual([byName.id, byEmail.id]);
    // Surrounding spaces are trimmed; nothing that matches nobody.
    expect(await names(`  ${word}smith  `)).toEqual([byName.id]);
    expect(await names(`${word}zz-nobody`)).toEqual([]);
  });

  it('takes %, _ and \\ in the query as themselves, not as wildcards', async () => {
    const word = letters();
    const percent = await makePerson(handle, `${word}%off`);
    const underscore = await makePerson(handle, `${word}_one`);
    const backslash = await makePerson(handle, `${word}\\two`);
    // Each would match as a wildcard or an escape.
    await makePerson(handle, `${word}Xoff`);
    await makePerson(handle, `${word}Yone`);
    await makePerson(handle, `${word}two`);
    const found = async (q: string) => (await page(owner, q)).people.map((p) => p.id);
    expect(await found(`${word}%`)).toEqual([percent.id]);
    expect(await found(`${word}%off`)).toEqual([percent.id]);
    expect(await found(`${word}_`)).toEqual([underscore.id]);
    expect(await found(`${word}\\`)).toEqual([backslash.id]);
    expect(await found(`${word}\\t`)).toEqual([backslash.id]);
    expect((await found('%%')).length).toBeLessThanOrEqual(PEOPLE_PAGE_SIZE);
    expect(await found(`${word}%%`)).toEqual([]);
  });

  it('refuses an empty, short, oversized, unclean or malformed query with 422 and answers hostile text as text', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20%20',
      'q=a',
      `q=${'a'.repeat(101)}`,
      'q=ab%00cd',
      'q=ab%07cd',
      'q=ab%E2%80%AEcd',
      `q=${tag}&q=${tag}`,
      `q=${tag}&role=owner`,
      `q=${tag}&cursor=`,
      `q=${tag}&cursor=not%20a%20cursor`,
      `q=${tag}&cursor=${'A'.repeat(601)}`,
      `q=${tag}&cursor=${Buffer.from('{"a":1}').toString('base64url')}`,
      `q=${tag}&cursor=${Buffer.from('["x"]').toString('base64url')}`,
      `q=${tag}&cursor=AAAA`,
    ]) {
      const refused = await search(owner, query);
      expect(refused.status, query).toBe(422);
      expect((await errorOf(refused)).code, query).toBe('invalid_input');
    }
    // The longest query allowed, and SQL in it, are only text to look for.
    expect((await page(owner, 'a'.repeat(100))).people).toEqual([]);
    for (const hostile of [`' or '1'='1`, `${tag}'; drop table user_roles; --`, '") or true --']) {
      expect((await page(owner, hostile)).people).toEqual([]);
    }
    expect(
      (await rolesOf(handle, (await makePerson(handle, `Still ${tag}`, { roles: ['student'] })).id)).length,
    ).toBe(1);
  });

  it('pages through everyone found exactly once, by name, 20 at a time', async () => {
    const word = letters();
    const made: string[] = [];
    // 45 people, some with the same name in other cases (the id orders them), made in no particular order.
    for (let i = 0; i < 45; i++) {
      const name =
        i % 9 === 0
          ? `${i % 2 ? 'SAM' : 'sam'} ${word}`
          : `P${String((i * 17) % 45).padStart(2, '0')} ${word}`;
      made.push((await makePerson(handle, name)).id);
    }
    const seen: Person[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const next = await page(owner, word, cursor);
      sizes.push(next.people.length);
      seen.push(...next.people);
      cursor = next.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen.map((p) => p.id).sort()).toEqual([...made].sort());
    expect(new Set(seen.map((p) => p.id)).size).toBe(45);
    const keys = seen.map((p) => [p.name.toLowerCase(), p.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
    expect(keys.map((k) => k[0])).toEqual(sorted.map((k) => k[0]));
    // A person added before the page they sort into is read still shows up, and nobody twice.
    const first = await page(owner, word);
    const late = await makePerson(handle, `zz late ${word}`);
    const rest: string[] = [];
    cursor = first.nextCursor ?? undefined;
    while (cursor) {
      const next = await page(owner, word, cursor);
      rest.push(...next.people.map((p) => p.id));
      cursor = next.nextCursor ?? undefined;
    }
    expect(rest).toContain(late.id);
    expect(new Set([...first.people.map((p) => p.id), ...rest]).size).toBe(46);
  });

  it(`limits each person to ${PEOPLE_SEARCHES_PER_MINUTE} searches a minute`, async () => {
    const { client: busy } = await signedInWith(app, handle, ['owner']);
    for (let i = 0; i < PEOPLE_SEARCHES_PER_MINUTE; i++) {
      expect((await search(busy, `q=${tag}${i % 2 ? '' : 'zz'}`)).status, `search ${i + 1}`).toBe(200);
    }
    const refused = await search(busy, `q=${tag}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const error = await errorOf(refused);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/^That is a lot of searches at once\. Please wait \d+ seconds/);
    // Another person's searches are their own.
    expect((await search(admin, `q=${tag}`)).status).toBe(200);
  });

  it(`limits each person to ${ROLE_CHANGES_PER_MINUTE} role changes a minute`, async () => {
    const { client: busy } = await signedInWith(app, handle, ['owner']);
    const pupil = await makePerson(handle, `Kit ${tag}`, { roles: ['student'] });
    const change = (i: number) =>
      busy.api.roles.$post({
        json: { action: i % 2 ? 'remove' : 'assign', userId: pupil.id, role: 'teacher' },
      });
    for (let i = 0; i < ROLE_CHANGES_PER_MINUTE; i++)
      expect((await change(i)).status, `change ${i + 1}`).toBe(200);
    const refused = await change(0);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const error = await errorOf(refused);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(/^That is a lot of role changes at once\. Please wait \d+ seconds/);
    // The refused change was not made: 60 changes in turn leave the pupil as they were.
    expect(await rolesOf(handle, pupil.id)).toEqual(['student']);
    // Another person's changes are their own.
    expect(
      (await admin.api.roles.$post({ json: { action: 'assign', userId: pupil.id, role: 'guardian' } }))
        .status,
    ).toBe(200);
  }, 60_000);

  it('lets an admin change only teacher, student and guardian, and says the spec failure', async () => {
    const pupil = await makePerson(handle, `Fay ${tag}`, { roles: ['student'] });
    const change = (action: 'assign' | 'remove', role: Role) =>
      admin.api.roles.$post({ json: { action, userId: pupil.id, role } });
    for (const role of ['teacher', 'guardian'] as const)
      expect((await change('assign', role)).status).toBe(200);
    expect((await change('remove', 'student')).status).toBe(200);
    expect(await rolesOf(handle, pupil.id)).toEqual(['guardian', 'teacher']);
    for (const role of ['owner', 'admin'] as const) {
      const assign = await change('assign', role);
      expect(assign.status).toBe(403);
      expect((await errorOf(assign)).message).toBe(
        'Failed to assign role: you are not allowed to change this role.',
      );
      const remove = await change('remove', role);
      expect((await errorOf(remove)).message).toBe(
        'Failed to remove role: you are not allowed to change this role.',
      );
    }
    expect(await rolesOf(handle, pupil.id)).toEqual(['guardian', 'teacher']);
    // The list shows the change at once.
    expect((await page(admin, `Fay ${tag}`)).people[0]!.roles).toEqual(['teacher', 'guardian']);
  });

  it('makes 10 role changes sent at once, to different people, all land', async () => {
    const people = await Promise.all(
      Array.from({ length: 10 }, (_, i) => makePerson(handle, `Batch ${i} ${tag}`, { roles: ['student'] })),
    );
    const answers = await Promise.all(
      people.map((p, i) =>
        (i % 2 ? admin : owner).api.roles.$post({
          json:
            i < 5
              ? { action: 'assign', userId: p.id, role: i % 2 ? 'guardian' : 'teacher' }
              : { action: 'remove', userId: p.id, role: 'student' },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const rows = await asSystem(handle.db, (tx) =>
      tx
        .select({ userId: userRoles.userId, role: userRoles.role })
        .from(userRoles)
        .where(
          inArray(
            userRoles.userId,
            people.map((p) => p.id),
          ),
        ),
    );
    for (const [i, p] of people.entries()) {
      const held = rows
        .filter((r) => r.userId === p.id)
        .map((r) => r.role)
        .sort();
      expect(held, `person ${i}`).toEqual(i < 5 ? ['student', i % 2 ? 'guardian' : 'teacher'].sort() : []);
    }
  });

  it('of two owners removing each other at once, exactly one stays an owner (pairs at once)', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 3 }, async () => [
        await signedInWith(app, handle, ['owner']),
        await signedInWith(app, handle, ['owner']),
      ]),
    );
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [
        a!.client.api.roles.$post({ json: { action: 'remove', userId: b!.userId, role: 'owner' } }),
        b!.client.api.roles.$post({ json: { action: 'remove', userId: a!.userId, role: 'owner' } }),
      ]),
    );
    for (const [i, [a, b]] of pairs.entries()) {
      const held = await Promise.all([a!, b!].map((p) => rolesOf(handle, p.userId)));
      expect(
        held.filter((r) => r.includes('owner')),
        `pair ${i}`,
      ).toHaveLength(1);
      const statuses = [answers[2 * i]!.status, answers[2 * i + 1]!.status].sort();
      // The second to run is no longer an owner when its turn comes.
      expect(statuses, `pair ${i}`).toEqual([200, 403]);
    }
  });

  // PGlite has one connection, so the lock cannot be held beside a request there.
  it.runIf(testDatabaseKind === 'postgres')(
    'an owner deleting their account waits for a role change in progress (the last-owner check is under its lock)',
    async () => {
      const leaving = await signedInWith(app, handle, ['owner']);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const change = handle.db.transaction(async (tx) => {
        await lockRoleChanges(tx);
        locked();
        await released;
      });
      await isLocked;
      let answered = false;
      const deletion = leaving.client
        .request('/api/account', { method: 'DELETE', json: { password: 'purple-otter-reads-42' } })
        .then((response) => {
          answered = true;
          return response;
        });
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(answered, 'the deletion went ahead while a role change held the lock').toBe(false);
      release();
      await change;
      expect((await deletion).status).toBe(200);
      expect(await rolesOf(handle, leaving.userId)).toEqual([]);
    },
    20_000,
  );
});

describe('roles: the last owner (a database of its own, pglite)', () => {
  let fresh: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    fresh = await openFreshTestDatabase();
    app = createTestApp(fresh);
  }, 120_000);
  afterAll(async () => {
    await fresh?.close();
  });

  it('keeps the only owner, says so, and lets a second owner be made and then step down', async () => {
    const only = await signedInWith(app, fresh, ['owner']);
    const other = await signedInWith(app, fresh, ['teacher']);
    const removeOnly = await only.client.api.roles.$post({
      json: { action: 'remove', userId: only.userId, role: 'owner' },
    });
    expect(removeOnly.status).toBe(409);
    expect(await errorOf(removeOnly)).toEqual({
      code: 'last_owner',
      message: 'Failed to remove role: the last owner cannot be removed.',
    });
    // Removing owner from someone who is not one is no change, not a refusal.
    const notOwner = await only.client.api.roles.$post({
      json: { action: 'remove', userId: other.userId, role: 'owner' },
    });
    expect(notOwner.status).toBe(200);
    expect(await rolesOf(fresh, only.userId)).toEqual(['owner']);

    const made = await only.client.api.roles.$post({
      json: { action: 'assign', userId: other.userId, role: 'owner' },
    });
    expect(made.status).toBe(200);
    const stepDown = await only.client.api.roles.$post({
      json: { action: 'remove', userId: only.userId, role: 'owner' },
    });
    expect(stepDown.status).toBe(200);
    expect(await rolesOf(fresh, only.userId)).toEqual([]);
    expect(await rolesOf(fresh, other.userId)).toEqual(['owner', 'teacher']);
    // Now the other is the last owner, and the one who stepped down can change nothing.
    const back = await only.client.api.roles.$post({
      json: { action: 'assign', userId: only.userId, role: 'owner' },
    });
    expect(back.status).toBe(403);
    expect((await search(only.client, 'q=Actor')).status).toBe(403);
    const last = await other.client.api.roles.$post({
      json: { action: 'remove', userId: other.userId, role: 'owner' },
    });
    expect(last.status).toBe(409);
  });
});
