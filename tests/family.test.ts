/**
 * Family links on PGlite and PostgreSQL (docs/decisions/0041-family-links.md; core/api/family.ts): a reader makes a
 * one-time code, a guardian enters it, both see the link, and the guardian reads the reader's report with the same
 * figures the reader sees, until either removes the link. Codes: one per reader, forgiving of how a person types
 * them, single use, a day long, ten tries per guardian in 15 minutes; roles, MAX_LINKS, bad and hostile input, other
 * people's links and readers, many requests at once, account deletion, and row-level security checked in the
 * database itself.
 */
import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChildReportSchema,
  FamilySchema,
  groupedLinkCode,
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  LINK_CODE_TTL_HOURS,
  LINK_FAILURES_PER_WINDOW,
  LINK_TRIES_PER_WINDOW,
  LINK_TRIES_WINDOW_MINUTES,
  LinkCodeResponseSchema,
  MAX_LINKS,
  RedeemLinkCodeResponseSchema,
  type Family,
} from '../core/api/family.ts';
import { ReadingStatsSchema } from '../core/api/reading-sessions.ts';
import { MAX_JSON_BYTES } from '../server/app.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser } from '../server/db/rls.ts';
import { queryRows } from '../server/db/sql-rows.ts';
import {
  achievements,
  guardianLinks,
  linkCodes,
  profiles,
  progressTracking,
  readingSessions,
  users,
} from '../server/db/schema.ts';
import {
  childReport,
  familyOf,
  hashLinkCode,
  makeLinkCode,
  randomLinkCode,
  redeemLinkCode,
} from '../server/routes/family/family.service.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { createTestUser, openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import {
  follow,
  makeCode,
  redeem,
  signUpGuardian,
  signUpReader,
  type FamilyPerson,
} from './helpers/family.ts';
import { expectPgError } from './helpers/pg-errors.ts';

const PASSWORD = 'purple-otter-reads-42';
const CODE_PATTERN = new RegExp(`^[${LINK_CODE_ALPHABET}]{${LINK_CODE_LENGTH}}$`);

/** A code of the alphabet that is not `code` (a wrong but well-formed guess). */
function otherCode(code: string): string {
  let guess = randomLinkCode();
  while (guess === code) guess = randomLinkCode();
  return guess;
}

/** Values in turn, then the last one again. */
function sequence<T>(...values: T[]) {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)]!;
}

describe(`family links (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  type Person = FamilyPerson;
  const reader = (name = 'Mia', data: { grade?: '2' | 'K'; user_type?: 'student' | 'other' } = {}) =>
    signUpReader(app, handle, name, data);
  const guardian = (name = 'Grown-up') => signUpGuardian(app, handle, name);
  async function familyOfClient(person: Person): Promise<Family> {
    const res = await person.client.api.family.$get();
    expect(res.status).toBe(200);
    return FamilySchema.parse(await res.json());
  }
  const reportOf = (person: Person, childId: string) =>
    person.client.request(`/api/family/children/${encodeURIComponent(childId)}/report`);
  const removeLink = (person: Person, linkId: string) =>
    person.client.request(`/api/family/links/${encodeURIComponent(linkId)}`, { method: 'DELETE' });
  /** A reader and a guardian linked through the API; the link's id. */
  async function linked(childName = 'Mia', guardianName = 'Grown-up') {
    const child = await reader(childName);
    const adult = await guardian(guardianName);
    return { child, adult, linkId: await follow(child, adult) };
  }
  const linksOf = (userId: string) =>
    asSystem(handle.db, (tx) =>
      tx
        .select()
        .from(guardianLinks)
        .where(or(eq(guardianLinks.guardianId, userId), eq(guardianLinks.childId, userId))),
    );
  const codeRowOf = async (userId: string) =>
    (await asSystem(handle.db, (tx) => tx.select().from(linkCodes).where(eq(linkCodes.childId, userId))))[0];

  it(
    'links a reader and a guardian with a code, and the guardian reads the reader’s real progress',
    { timeout: 120_000 },
    async () => {
      const child = await reader('Mia', { grade: '2' });
      const adult = await guardian('Mum');

      // Nothing yet, on either side.
      expect(await familyOfClient(child)).toEqual({ children: [], guardians: [], codeExpiresAt: null });
      expect(await familyOfClient(adult)).toEqual({ children: [], guardians: [], codeExpiresAt: null });

      const before = Date.now();
      const made = await child.client.api.family.code.$post();
      expect(made.status).toBe(201);
      expect(made.headers.get('cache-control')).toBe('no-store');
      const { code, expiresAt } = LinkCodeResponseSchema.parse(await made.json());
      expect(code).toMatch(CODE_PATTERN);
      const ttl = Date.parse(expiresAt) - before;
      expect(ttl).toBeGreaterThan(LINK_CODE_TTL_HOURS * 3_600_000 - 60_000);
      expect(ttl).toBeLessThanOrEqual(LINK_CODE_TTL_HOURS * 3_600_000 + 1_000);
      // Only the hash is kept.
      const row = await codeRowOf(child.userId);
      expect(row).toMatchObject({ codeHash: hashLinkCode(code) });
      expect(JSON.stringify(row)).not.toContain(code);
      expect((await familyOfClient(child)).codeExpiresAt).toBe(expiresAt);

      const res = await redeem(adult, code);
      expect(res.status).toBe(201);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { child: followed } = RedeemLinkCodeResponseSchema.parse(await res.json());
      expect(followed).toMatchObject({ userId: child.userId, displayName: 'Mia' });
      // The code is used up.
      expect(await codeRowOf(child.userId)).toBeUndefined();

      const adultSees = await familyOfClient(adult);
      expect(adultSees).toEqual({ children: [followed], guardians: [], codeExpiresAt: null });
      const childSees = await familyOfClient(child);
      expect(childSees).toEqual({
        children: [],
        guardians: [
          { linkId: followed.linkId, userId: adult.userId, displayName: 'Mum', linkedAt: followed.linkedAt },
        ],
        codeExpiresAt: null,
      });

      // The child's progress: two scored readings and one unscored, letters and words through the games' own
      // API and as older rows, two badges, and the profile's figures.
      const day = 86_400_000;
      const now = Date.now();
      await asSystem(handle.db, async (tx) => {
        await tx.insert(readingSessions).values([
          {
            userId: child.userId,
            storyTitle: 'The Red Hen',
            fluencyScore: 60,
            accuracyPercentage: 90,
            wordsPerMinute: 50,
            tokensAwarded: 5,
            createdAt: new Date(now - 2 * day),
          },
          {
            userId: child.userId,
            storyTitle: 'The Red Hen',
            fluencyScore: 70,
            accuracyPercentage: 95,
            wordsPerMinute: 61,
            tokensAwarded: 7,
            createdAt: new Date(now - day),
          },
          { userId: child.userId, storyTitle: 'Unscored', createdAt: new Date(now - 3 * day) },
        ]);
        await tx.insert(progressTracking).values([
          {
            userId: child.userId,
            activityType: 'letter_found',
            activityData: { letter: 'B', day: '2026-01-01' },
          },
          {
            userId: child.userId,
            activityType: 'letter_found',
            activityData: { letter: 'M', day: '2026-01-01' },
          },
          {
            userId: child.userId,
            activityType: 'word_built',
            activityData: { word: 'cat', day: '2026-01-01' },
          },
          { userId: child.userId, activityType: 'reading_session', activityData: {} },
        ]);
        await tx.insert(achievements).values([
          {
            userId: child.userId,
            achievementType: 'first_story',
            achievementName: 'Story Starter',
            description: 'Created your first story!',
            earnedAt: new Date(now - 5 * day),
          },
          {
            userId: child.userId,
            achievementType: 'word_builder',
            achievementName: 'Word Architect',
            description: 'Built ten words',
            earnedAt: new Date(now - day),
          },
        ]);
      });
      // 'M' again today counts no new letter; 'B' is only found again; 'dog' is a second word.
      for (const letter of ['M', 'A'] as const)
        expect((await child.client.api.alphabet.found.$post({ json: { letter } })).status).toBe(200);
      expect((await child.client.api['word-builder'].built.$post({ json: { word: 'dog' } })).status).toBe(
        200,
      );
      await asSystem(handle.db, (tx) =>
        tx
          .update(profiles)
          .set({ lexileLevel: 420, lastAssessmentWpm: 58.5, lastAssessmentAccuracy: 96, tokens: 33 })
          .where(eq(profiles.userId, child.userId)),
      );

      const reportRes = await reportOf(adult, child.userId);
      expect(reportRes.status).toBe(200);
      expect(reportRes.headers.get('cache-control')).toBe('no-store');
      const report = ChildReportSchema.parse(await reportRes.json());
      expect(report.child).toEqual({
        userId: child.userId,
        displayName: 'Mia',
        grade: '2',
        lexileLevel: 420,
        lastAssessmentWpm: 58.5,
        lastAssessmentAccuracy: 96,
        tokens: 33,
      });
      expect(report.lettersFound).toBe(3); // A, B, M
      // A second-grader who has not taken the reading check is sent to it first (ADR 0052).
      expect(report.learningPath.next).toBe('assessment');
      expect(report.wordsBuilt).toBe(2); // cat, dog
      expect(report.achievements.map((a) => a.achievement_type)).toEqual(['word_builder', 'first_story']);
      expect(report.achievements[0]).toMatchObject({ achievement_name: 'Word Architect' });
      // The statistics are the reader's own GET /api/reading-stats, figure for figure, without the chart of
      // single readings (ids and exact times), which the report does not show.
      const { chart, ...own } = ReadingStatsSchema.parse(
        await (await child.client.api['reading-stats'].$get()).json(),
      );
      expect(chart.map((c) => c.wcpm)).toEqual([50, 61]);
      expect(report.readingStats).toEqual(own);
      expect(report.readingStats).not.toHaveProperty('chart');
      expect(report.readingStats.averages).toEqual({ fluency: 65, accuracy: 92.5, wcpm: 56, sessions: 2 });
      expect(report.readingStats.recentProgress).toEqual({ accuracy: 5, fluency: 10, wcpm: 11, tokens: 2 });
      expect(report.readingStats.perStory.map((s) => s.storyTitle).sort()).toEqual([
        'The Red Hen',
        'Unscored',
      ]);

      // The guardian still cannot read the child's rows as themselves: only the report reaches them.
      expect(
        await asUser(handle.db, adult.userId, (tx) =>
          tx.select().from(readingSessions).where(eq(readingSessions.userId, child.userId)),
        ),
      ).toEqual([]);

      // A name comes from the profile, else from the account.
      await handle.db.update(users).set({ name: 'Mia (account)' }).where(eq(users.id, child.userId));
      expect((await familyOfClient(adult)).children[0]?.displayName).toBe('Mia');
      await asSystem(handle.db, (tx) => tx.delete(profiles).where(eq(profiles.userId, child.userId)));
      expect((await familyOfClient(adult)).children[0]?.displayName).toBe('Mia (account)');
      const bare = ChildReportSchema.parse(await (await reportOf(adult, child.userId)).json());
      expect(bare.child).toMatchObject({
        displayName: 'Mia (account)',
        grade: null,
        lexileLevel: null,
        tokens: 0,
      });
    },
  );

  it(
    'gives the guardian the reader’s learning path, its result only, and only for a reader they follow',
    { timeout: 60_000 },
    async () => {
      const child = await reader('Kit', { grade: 'K' });
      const adult = await guardian('Dad');
      await follow(child, adult);
      const pathOf = async () => {
        const res = await reportOf(adult, child.userId);
        expect(res.status).toBe(200);
        return ChildReportSchema.parse(await res.json()).learningPath;
      };

      // A kindergartner with no letters yet starts with Alphabet Learning; the check is for grade 1.
      expect(await pathOf()).toEqual({
        next: 'letters',
        allDone: false,
        steps: [
          { id: 'letters', status: 'now' },
          { id: 'words', status: 'todo' },
          { id: 'sounds', status: 'todo' },
          { id: 'reading', status: 'todo' },
          { id: 'assessment', status: 'later' },
          { id: 'goal', status: 'todo' },
        ],
      });

      // Every letter found: Word Builder is next.
      await asSystem(handle.db, (tx) =>
        tx.insert(progressTracking).values(
          [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter) => ({
            userId: child.userId,
            activityType: 'letter_found',
            activityData: { letter, day: '2026-01-01' },
          })),
        ),
      );
      const path = await pathOf();
      expect(path.next).toBe('words');
      expect(path.steps.slice(0, 2)).toEqual([
        { id: 'letters', status: 'done' },
        { id: 'words', status: 'now' },
      ]);

      // Only the result is sent: no age, no words sounded out, no check status of its own.
      const raw = (await (await reportOf(adult, child.userId)).json()) as Record<string, unknown>;
      expect(Object.keys(raw.learningPath as object).sort()).toEqual(['allDone', 'next', 'steps']);
      expect(JSON.stringify(raw)).not.toMatch(/"age"|wordsSounded|assessmentCompleted|assessment_completed/);

      // Another guardian, the reader themselves: 404 alike, no path.
      for (const person of [await guardian('Stranger'), child]) {
        const res = await reportOf(person, child.userId);
        expect(res.status).toBe(404);
        expect((await errorOf(res)).code).toBe('not_found');
      }
    },
  );

  it('a new code replaces the old one, and the code is forgiving of how it is typed', async () => {
    const child = await reader('Leo');
    const adult = await guardian();
    const first = await makeCode(child);
    const second = await makeCode(child);
    expect(second.code).not.toBe(first.code);
    expect((await familyOfClient(child)).codeExpiresAt).toBe(second.expiresAt);
    const old = await redeem(adult, first.code);
    expect(old.status).toBe(404);
    expect((await errorOf(old)).code).toBe('link_code_invalid');

    // As shown and typed: groups of three, a dash, spaces around.
    const typed = ` ${groupedLinkCode(second.code.slice(0, 6))}-${second.code.slice(6)} `;
    const res = await redeem(adult, typed);
    expect(res.status).toBe(201);
    expect(RedeemLinkCodeResponseSchema.parse(await res.json()).child.userId).toBe(child.userId);
    const spaced = await makeCode(await reader('Ada'));
    expect((await redeem(adult, spaced.code.split('').join(' '))).status).toBe(201);
    expect((await familyOfClient(adult)).children.map((c) => c.displayName)).toEqual(['Leo', 'Ada']);
  });

  it('refuses malformed codes, extra fields and bad bodies on both posts, changing nothing', async () => {
    const child = await reader();
    const adult = await guardian();
    const { code } = await makeCode(child);
    const bodies: unknown[] = [
      { code: code.slice(0, 8) },
      { code: `${code}1` },
      { code: `${code.slice(0, 8)}B` },
      { code: `${code.slice(0, 8)}O` },
      { code: `${code.slice(0, 8)}_` },
      { code: `${code.slice(0, 8)}é` },
      { code: `${code.slice(0, 8)}٣` },
      { code: 'x'.repeat(33) },
      { code: `${code}${' '.repeat(40)}` },
      { code: '' },
      { code: 123456 },
      { code: null },
      { code: [code] },
      {},
      { code, childId: child.userId },
      { code, guardianId: adult.userId },
      [code],
      code,
    ];
    for (const body of bodies) {
      const res = await adult.client.request('/api/family/links', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(res)).code).toBe('invalid_input');
    }
    const post = (path: string, headers: Record<string, string>, body: string) =>
      adult.client.request(path, { method: 'POST', headers, body });
    const json = { 'content-type': 'application/json' };
    const notJson = await post('/api/family/links', json, `{"code": "${code}"`);
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('invalid_json');
    const plain = await post('/api/family/links', { 'content-type': 'text/plain' }, JSON.stringify({ code }));
    expect(plain.status).toBe(422);
    const huge = await post(
      '/api/family/links',
      json,
      JSON.stringify({ code, pad: 'x'.repeat(MAX_JSON_BYTES) }),
    );
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe('body_too_large');

    // POST /api/family/code takes nothing: no body or {} only.
    const makeWith = (headers: Record<string, string>, body: string) =>
      child.client.request('/api/family/code', { method: 'POST', headers, body });
    expect((await makeWith(json, '{}')).status).toBe(201);
    const before = await codeRowOf(child.userId);
    for (const [headers, body, status, errorCode] of [
      [json, '{"childId":"someone"}', 422, 'invalid_input'],
      [json, '{"code":"ACDEFG"}', 422, 'invalid_input'],
      [json, '[]', 422, 'invalid_input'],
      [json, '{', 400, 'invalid_json'],
      [{ 'content-type': 'text/plain' }, '{}', 422, 'invalid_input'],
      [json, JSON.stringify({ pad: 'x'.repeat(MAX_JSON_BYTES) }), 413, 'body_too_large'],
    ] as const) {
      const res = await makeWith(headers, body);
      expect(res.status, body.slice(0, 40)).toBe(status);
      expect((await errorOf(res)).code).toBe(errorCode);
    }
    expect(await codeRowOf(child.userId)).toEqual(before);
    expect(await linksOf(adult.userId)).toEqual([]);

    // Without a session, every route answers 401.
    const stranger = createBrowser(app);
    for (const res of [
      await stranger.api.family.$get(),
      await stranger.api.family.code.$post(),
      await stranger.request('/api/family/links', { method: 'POST', json: { code } }),
      await stranger.request(`/api/family/children/${child.userId}/report`),
      await stranger.request(`/api/family/links/${crypto.randomUUID()}`, { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe('unauthenticated');
    }
  });

  it('refuses an expired code, with the clock of the service and in the database', async () => {
    const child = await reader();
    const adult = await guardian();
    const t0 = new Date('2027-06-01T08:00:00Z');
    const { code, expiresAt } = await makeLinkCode(handle.db, child.userId, t0);
    expect(expiresAt).toBe('2027-06-02T08:00:00.000Z');
    expect((await familyOf(handle.db, child.userId, new Date('2027-06-02T07:59:59Z'))).codeExpiresAt).toBe(
      expiresAt,
    );
    expect((await familyOf(handle.db, child.userId, new Date(expiresAt))).codeExpiresAt).toBeNull();
    await expect(redeemLinkCode(handle.db, adult.userId, code, new Date(expiresAt))).rejects.toMatchObject({
      status: 404,
      code: 'link_code_invalid',
    });
    // A minute before, it works (and the link is made at that time).
    const made = await redeemLinkCode(handle.db, adult.userId, code, new Date('2027-06-02T07:59:00Z'));
    expect(made).toMatchObject({
      created: true,
      child: { userId: child.userId, linkedAt: '2027-06-02T07:59:00.000Z' },
    });

    // Through the API: a code whose time has passed in the database is refused like an unknown one.
    const other = await reader();
    const fresh = await makeCode(other);
    await asSystem(handle.db, (tx) =>
      tx
        .update(linkCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(linkCodes.childId, other.userId)),
    );
    const res = await redeem(adult, fresh.code);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toMatchObject({ code: 'link_code_invalid' });
    expect((await familyOfClient(other)).codeExpiresAt).toBeNull();
  });

  it('uses a code once: a second guardian gets 404, and the same guardian again is told it is linked', async () => {
    const { child, adult, linkId } = await linked();
    const second = await guardian('Dad');
    // The code just used no longer works for anyone.
    const again = await makeCode(child);
    expect((await redeem(second, again.code)).status).toBe(201);
    expect((await redeem(adult, again.code)).status).toBe(404);
    // Already linked: a new code answers 200 with the same link, and is used up.
    const third = await makeCode(child);
    const res = await redeem(adult, third.code);
    expect(res.status).toBe(200);
    expect(RedeemLinkCodeResponseSchema.parse(await res.json()).child).toMatchObject({
      linkId,
      userId: child.userId,
    });
    expect(await codeRowOf(child.userId)).toBeUndefined();
    expect((await familyOfClient(child)).guardians.map((g) => g.displayName)).toEqual(['Grown-up', 'Dad']);
  });

  it('lets only readers make codes and only guardians enter them', { timeout: 60_000 }, async () => {
    const adult = await guardian();
    const teacher = await createSignedInClient(app, handle, { display_name: 'Ms T', user_type: 'teacher' });
    for (const person of [adult, teacher]) {
      const res = await person.client.api.family.code.$post();
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('not_a_reader');
      expect(await codeRowOf(person.userId)).toBeUndefined();
    }
    // 'other' is a reader too.
    const other = await reader('Sam', { user_type: 'other' });
    const { code } = await makeCode(other);
    const student = await reader('Kid');
    for (const person of [student, teacher, other]) {
      const res = await redeem(person, code);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('not_a_guardian');
    }
    // A refused try leaves the code working.
    expect((await redeem(adult, code)).status).toBe(201);
    // Without a profile: neither.
    const bare = await createTestUser(handle);
    await asSystem(handle.db, (tx) => tx.delete(profiles).where(eq(profiles.userId, bare.id)));
    await expect(makeLinkCode(handle.db, bare.id, new Date())).rejects.toMatchObject({
      code: 'not_a_reader',
    });
    await expect(redeemLinkCode(handle.db, bare.id, code, new Date())).rejects.toMatchObject({
      code: 'not_a_guardian',
    });
  });

  it(
    `limits a guardian to ${LINK_TRIES_PER_WINDOW} tries in ${LINK_TRIES_WINDOW_MINUTES} minutes, right or wrong`,
    { timeout: 60_000 },
    async () => {
      const child = await reader();
      const adult = await guardian();
      const { code } = await makeCode(child);
      for (let i = 0; i < LINK_TRIES_PER_WINDOW; i++) {
        const res = await redeem(adult, otherCode(code));
        expect(res.status, `try ${i + 1}`).toBe(404);
      }
      const limited = await redeem(adult, code);
      expect(limited.status).toBe(429);
      expect((await errorOf(limited)).code).toBe('rate_limited');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(LINK_TRIES_WINDOW_MINUTES * 60 - 60);
      expect(retryAfter).toBeLessThanOrEqual(LINK_TRIES_WINDOW_MINUTES * 60);
      expect(await linksOf(adult.userId)).toEqual([]);
      // Another guardian is not held back, and the code still works.
      expect((await redeem(await guardian(), code)).status).toBe(201);
    },
  );

  it(
    `pauses every guardian's tries once the server has taken ${LINK_FAILURES_PER_WINDOW} wrong codes, so accounts cannot pool their guesses`,
    { timeout: 180_000 },
    async () => {
      // A server of its own: the pause would hold the other tests back.
      const own = createTestApp(handle);
      const child = await createSignedInClient(own, handle, { display_name: 'Pia', user_type: 'student' });
      const res = await child.client.api.family.code.$post();
      const { code } = LinkCodeResponseSchema.parse(await res.json());
      let wrong = 0;
      while (wrong < LINK_FAILURES_PER_WINDOW) {
        const adult = await createSignedInClient(own, handle, {
          display_name: 'Guesser',
          user_type: 'guardian',
        });
        for (let i = 0; i < LINK_TRIES_PER_WINDOW && wrong < LINK_FAILURES_PER_WINDOW; i++, wrong++) {
          const guess = await adult.client.request('/api/family/links', {
            method: 'POST',
            json: { code: otherCode(code) },
          });
          expect(guess.status, `wrong code ${wrong + 1}`).toBe(404);
        }
      }
      // The parent with the right code, on a fresh account, is paused too, and told for how long.
      const parent = await createSignedInClient(own, handle, {
        display_name: 'Parent',
        user_type: 'guardian',
      });
      const paused = await parent.client.request('/api/family/links', { method: 'POST', json: { code } });
      expect(paused.status).toBe(429);
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The code itself was not spent.
      expect((await redeem(await guardian(), code)).status).toBe(201);
    },
  );

  it(`stops at ${MAX_LINKS} links on either side`, { timeout: 60_000 }, async () => {
    // A guardian who follows MAX_LINKS readers already.
    const adult = await guardian();
    const others = await Promise.all(Array.from({ length: MAX_LINKS }, () => createTestUser(handle)));
    await asSystem(handle.db, (tx) =>
      tx.insert(guardianLinks).values(others.map((o) => ({ guardianId: adult.userId, childId: o.id }))),
    );
    const child = await reader();
    const { code } = await makeCode(child);
    const full = await redeem(adult, code);
    expect(full.status).toBe(409);
    expect((await errorOf(full)).code).toBe('too_many_links');
    // The refused code still works once the guardian has room.
    expect((await removeLink(adult, (await linksOf(others[0]!.id))[0]!.id)).status).toBe(204);
    expect((await redeem(adult, code)).status).toBe(201);
    expect((await familyOfClient(adult)).children).toHaveLength(MAX_LINKS);

    // A reader who has MAX_LINKS grown-ups already.
    const popular = await reader();
    const grownUps = await Promise.all(
      Array.from({ length: MAX_LINKS }, () => createTestUser(handle, { userType: 'guardian' })),
    );
    await asSystem(handle.db, (tx) =>
      tx.insert(guardianLinks).values(grownUps.map((g) => ({ guardianId: g.id, childId: popular.userId }))),
    );
    const newcomer = await guardian();
    const res = await redeem(newcomer, (await makeCode(popular)).code);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('too_many_links');
    expect((await familyOfClient(popular)).guardians).toHaveLength(MAX_LINKS);
  });

  it('lets either side remove the link, after which the report is gone', async () => {
    const { child, adult, linkId } = await linked();
    expect((await reportOf(adult, child.userId)).status).toBe(200);
    const removed = await removeLink(adult, linkId);
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe('');
    const gone = await reportOf(adult, child.userId);
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).code).toBe('not_found');
    expect((await familyOfClient(child)).guardians).toEqual([]);
    expect((await familyOfClient(adult)).children).toEqual([]);
    expect((await removeLink(adult, linkId)).status).toBe(404);

    // Linked again; this time the reader removes it.
    const res = await redeem(adult, (await makeCode(child)).code);
    expect(res.status).toBe(201);
    const again = RedeemLinkCodeResponseSchema.parse(await res.json()).child.linkId;
    expect(again).not.toBe(linkId);
    expect((await removeLink(child, again)).status).toBe(204);
    expect((await reportOf(adult, child.userId)).status).toBe(404);
    expect(await linksOf(child.userId)).toEqual([]);
  });

  it('keeps links and reports from everyone else, answering 404 alike', { timeout: 60_000 }, async () => {
    const { child, adult, linkId } = await linked();
    const stranger = await guardian('Stranger');
    const otherReader = await reader('Other');
    for (const person of [stranger, otherReader]) {
      expect(await familyOfClient(person)).toEqual({ children: [], guardians: [], codeExpiresAt: null });
      const report = await reportOf(person, child.userId);
      expect(report.status).toBe(404);
      expect((await errorOf(report)).code).toBe('not_found');
      const removed = await removeLink(person, linkId);
      expect(removed.status).toBe(404);
      expect((await errorOf(removed)).code).toBe('not_found');
    }
    expect(await linksOf(child.userId)).toHaveLength(1);
    // Unknown, malformed and one's own ids; the child cannot read their guardian as a "child".
    for (const [person, id] of [
      [adult, adult.userId],
      [adult, 'no-such-user'],
      [adult, crypto.randomUUID()],
      [adult, 'bad id!'],
      [adult, `${'a'.repeat(129)}`],
      [adult, "x' or '1'='1"],
      [child, adult.userId],
      [child, child.userId],
    ] as const) {
      const res = await reportOf(person, id);
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
    for (const id of ['not-a-uuid', crypto.randomUUID(), '1', "' or 1=1 --"]) {
      const res = await removeLink(adult, id);
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).code).toBe('not_found');
    }
    expect(await childReport(handle.db, stranger.userId, child.userId, new Date())).toBeNull();
    expect(await linksOf(child.userId)).toHaveLength(1);
  });

  it('gives a code to one of two guardians entering it at once', { timeout: 60_000 }, async () => {
    const child = await reader();
    const [one, two] = await Promise.all([guardian('One'), guardian('Two')]);
    const { code } = await makeCode(child);
    const answers = await Promise.all([redeem(one!, code), redeem(two!, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
    const loser = answers.find((a) => a.status === 404)!;
    expect((await errorOf(loser)).code).toBe('link_code_invalid');
    expect(await linksOf(child.userId)).toHaveLength(1);
    expect((await familyOfClient(child)).guardians).toHaveLength(1);
  });

  it(
    'makes codes for 8 readers at once, and links one guardian to 3 readers at once',
    { timeout: 120_000 },
    async () => {
      const readers = await Promise.all(Array.from({ length: 8 }, (_, i) => reader(`Reader ${i}`)));
      const made = await Promise.all(readers.map((r) => r.client.api.family.code.$post()));
      expect(made.map((m) => m.status)).toEqual(readers.map(() => 201));
      const codes = await Promise.all(
        made.map(async (m) => LinkCodeResponseSchema.parse(await m.json()).code),
      );
      expect(new Set(codes).size).toBe(8);
      for (const [i, r] of readers.entries())
        expect(await codeRowOf(r.userId)).toMatchObject({ codeHash: hashLinkCode(codes[i]!) });

      // One reader asking five times at once keeps one code: one of those answered.
      const eager = readers[0]!;
      const five = await Promise.all(Array.from({ length: 5 }, () => eager.client.api.family.code.$post()));
      expect(five.map((m) => m.status)).toEqual([201, 201, 201, 201, 201]);
      const fiveCodes = await Promise.all(
        five.map(async (m) => LinkCodeResponseSchema.parse(await m.json()).code),
      );
      const kept = await asSystem(handle.db, (tx) =>
        tx.select().from(linkCodes).where(eq(linkCodes.childId, eager.userId)),
      );
      expect(kept).toHaveLength(1);
      expect(fiveCodes.map(hashLinkCode)).toContain(kept[0]!.codeHash);

      const adult = await guardian();
      const answers = await Promise.all(codes.slice(1, 4).map((code) => redeem(adult, code)));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      const family = await familyOfClient(adult);
      expect(family.children.map((c) => c.userId).sort()).toEqual(
        readers
          .slice(1, 4)
          .map((r) => r.userId)
          .sort(),
      );
    },
  );

  it('draws another code when the first one drawn is another reader’s', async () => {
    const [a, b] = await Promise.all([createTestUser(handle), createTestUser(handle)]);
    const taken = randomLinkCode();
    const free = otherCode(taken);
    const now = new Date();
    expect((await makeLinkCode(handle.db, a.id, now, () => taken)).code).toBe(taken);
    expect((await makeLinkCode(handle.db, b.id, now, sequence(taken, free))).code).toBe(free);
    expect(await codeRowOf(a.id)).toMatchObject({ codeHash: hashLinkCode(taken) });
    expect(await codeRowOf(b.id)).toMatchObject({ codeHash: hashLinkCode(free) });
  });

  it('removes links and codes with either account', { timeout: 90_000 }, async () => {
    const { child, adult } = await linked('Gone', 'Stays');
    await makeCode(child);
    const other = await reader('Still here');
    expect((await redeem(adult, (await makeCode(other)).code)).status).toBe(201);
    const deleted = await child.client.request('/api/account', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    expect(await linksOf(child.userId)).toEqual([]);
    expect(await codeRowOf(child.userId)).toBeUndefined();
    const family = await familyOfClient(adult);
    expect(family.children.map((c) => c.displayName)).toEqual(['Still here']);
    expect((await reportOf(adult, child.userId)).status).toBe(404);

    // The guardian's account goes too: the other reader's list empties.
    const gone = await adult.client.request('/api/account', {
      method: 'DELETE',
      json: { password: PASSWORD },
    });
    expect(gone.status).toBe(200);
    expect(await linksOf(adult.userId)).toEqual([]);
    expect((await familyOfClient(other)).guardians).toEqual([]);
  });

  it('holds in the database: RLS and grants of guardian_links and link_codes', async () => {
    const { child, adult, linkId } = await linked();
    const stranger = await guardian();
    const otherReader = await reader();
    await makeCode(otherReader);
    await makeCode(child);

    // Both sides see the link as themselves; nobody else does.
    for (const id of [child.userId, adult.userId])
      expect((await asUser(handle.db, id, (tx) => tx.select().from(guardianLinks))).map((l) => l.id)).toEqual(
        [linkId],
      );
    expect(await asUser(handle.db, stranger.userId, (tx) => tx.select().from(guardianLinks))).toEqual([]);
    expect(
      await asUser(handle.db, stranger.userId, (tx) =>
        tx.delete(guardianLinks).where(eq(guardianLinks.id, linkId)).returning(),
      ),
    ).toEqual([]);

    // Nobody makes or changes a link as themselves, not even its two sides.
    for (const [as, values] of [
      [adult.userId, { guardianId: adult.userId, childId: otherReader.userId }],
      [otherReader.userId, { guardianId: stranger.userId, childId: otherReader.userId }],
      [stranger.userId, { guardianId: stranger.userId, childId: child.userId }],
    ] as const) {
      await expectPgError(
        asUser(handle.db, as, (tx) => tx.insert(guardianLinks).values(values)),
        '42501',
      );
    }
    await expectPgError(
      asUser(handle.db, child.userId, (tx) =>
        tx.update(guardianLinks).set({ guardianId: stranger.userId }).where(eq(guardianLinks.id, linkId)),
      ),
      '42501',
    );
    // Nor oneself as one's own guardian, even as server work.
    await expectPgError(
      asSystem(handle.db, (tx) =>
        tx.insert(guardianLinks).values({ guardianId: child.userId, childId: child.userId }),
      ),
      '23514',
    );

    // The guardian reaches none of the child's rows directly.
    for (const table of [readingSessions, progressTracking, achievements, profiles])
      expect(
        await asUser(handle.db, adult.userId, (tx) =>
          tx.select().from(table).where(eq(table.userId, child.userId)),
        ),
      ).toEqual([]);

    // Codes: a reader sees and changes only their own row; a guardian sees none.
    const seen = async (id: string) =>
      (await asUser(handle.db, id, (tx) => tx.select().from(linkCodes))).map((r) => r.childId);
    expect(await seen(otherReader.userId)).toEqual([otherReader.userId]);
    expect(await seen(child.userId)).toEqual([child.userId]);
    expect(await seen(adult.userId)).toEqual([]);
    expect(
      await asUser(handle.db, otherReader.userId, (tx) =>
        tx.delete(linkCodes).where(eq(linkCodes.childId, child.userId)).returning(),
      ),
    ).toEqual([]);
    // Nobody writes a code row as themselves, not even their own (codes are server work after the type check).
    for (const who of [otherReader.userId, child.userId])
      await expectPgError(
        asUser(handle.db, who, (tx) =>
          tx
            .update(linkCodes)
            .set({ expiresAt: new Date(Date.now() + 365 * 86_400_000) })
            .where(eq(linkCodes.childId, child.userId))
            .returning(),
        ),
        '42501',
      );
    await expectPgError(
      asUser(handle.db, child.userId, (tx) =>
        tx.insert(linkCodes).values({
          childId: child.userId,
          codeHash: hashLinkCode('123456789'),
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ),
      '42501',
    );
    await expectPgError(
      asUser(handle.db, adult.userId, (tx) =>
        tx.insert(linkCodes).values({
          childId: child.userId,
          codeHash: hashLinkCode('987654321'),
          expiresAt: new Date(Date.now() + 60_000),
        }),
      ),
      '42501',
    );
    expect(await codeRowOf(child.userId)).toBeDefined();

    // Both tables force RLS; the app roles own neither.
    const rows = await queryRows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      handle.db,
      sql`select relname, relrowsecurity, relforcerowsecurity from pg_class where relname in ('guardian_links', 'link_codes') and relkind = 'r' order by relname`,
    );
    expect(rows).toEqual([
      { relname: 'guardian_links', relrowsecurity: true, relforcerowsecurity: true },
      { relname: 'link_codes', relrowsecurity: true, relforcerowsecurity: true },
    ]);
    const [grants] = await queryRows<Record<string, boolean>>(
      handle.db,
      sql`select has_table_privilege('app_user', 'guardian_links', 'SELECT') as "select",
            has_table_privilege('app_user', 'guardian_links', 'DELETE') as "delete",
            has_table_privilege('app_user', 'guardian_links', 'INSERT') as "insert",
            has_table_privilege('app_user', 'guardian_links', 'UPDATE') as "update"`,
    );
    expect(grants).toEqual({ select: true, delete: true, insert: false, update: false });
    expect(await linksOf(child.userId)).toHaveLength(1);
  });
});
