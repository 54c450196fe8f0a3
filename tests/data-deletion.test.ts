/**
 * Deleting a child's data (issue #14 item 11): one reading with its recording, all of one's recordings,
 * and one's whole account. The account test is a canary scan: a user whose name, pet, e-mail, story,
 * reading, recording, settings, sign-in traces, mail and spoken texts all carry a unique marker, and who has a
 * grown-up's family link and a link code, a class membership and a reading screening, is deleted, then every
 * table of the database and every file under
 * DATA_DIR is searched for the marker, the user's id and e-mail. Refusals (bad, oversized and hostile input, another user's ids, no session)
 * lose nothing; many users delete at once.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FluencyResult } from '../core/fluency/result.schema.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem } from '../server/db/rls.ts';
import {
  audioSettings,
  profiles,
  progressTracking,
  readingSessions,
  stories,
  userRoles,
} from '../server/db/schema.ts';
import { saveReadingSession } from '../server/routes/reading-sessions/reading-sessions.service.ts';
import { createEarlyCheckStore } from '../server/speech/early-checks.ts';
import { createReaderWarpStore } from '../server/speech/reader-warps.ts';
import { createReadingTranscriptCache } from '../server/speech/reading-transcripts.ts';
import { createReadingWarpStore } from '../server/speech/reading-warps.ts';
import {
  createBrowser,
  createSignedInClient,
  errorOf,
  type TestApp,
  type TestBrowser,
} from './helpers/app.ts';
import { createTestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { makeSilence } from './helpers/readings.ts';

const PASSWORD = 'purple-otter-reads-42';

/** A scored result as the engine gives it (the recogniser is not what these tests are about). */
function result(): FluencyResult {
  return {
    engine: 'test',
    durationSeconds: 2,
    readingSeconds: 2,
    wordsTotal: 8,
    wordsAttempted: 8,
    wordsCorrect: 8,
    errors: 0,
    wcpm: 60,
    accuracy: 100,
    fluencyScore: 50,
    words: [],
    insertions: [],
    repetitions: [],
  };
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe(`deleting a child's data (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let dataDir: string;
  let libraryStoryId: string;
  const wav = makeSilence(1);
  // What the scorer keeps of its readers in memory (server/app.ts): deleting an account must forget the user there too.
  const readerWarps = createReaderWarpStore();
  const readingTranscripts = createReadingTranscriptCache();
  const readingWarps = createReadingWarpStore();
  const earlyChecks = createEarlyCheckStore();

  /** A signed-in reader who is not an owner (whatever order the accounts were made in). */
  async function reader(
    data: { display_name?: string; pets_name?: string; user_type?: 'student' | 'guardian' | 'teacher' } = {},
  ) {
    const made = await createSignedInClient(app, handle, data);
    await asSystem(handle.db, (tx) =>
      tx.delete(userRoles).where(and(eq(userRoles.userId, made.userId), eq(userRoles.role, 'owner'))),
    );
    return made;
  }

  /** Save a reading of `userId` (with its recording under DATA_DIR) without the recogniser. */
  async function saveReading(userId: string, storyId = libraryStoryId, storyTitle = 'Library story') {
    const saved = await saveReadingSession(handle.db, {
      userId,
      storyId,
      storyTitle,
      mode: 'practice',
      idempotencyKey: randomUUID(),
      result: result(),
      wav,
      dataDir,
    });
    return saved.session.id;
  }

  async function sessionRow(id: string) {
    const [row] = await asSystem(handle.db, (tx) =>
      tx.select().from(readingSessions).where(eq(readingSessions.id, id)),
    );
    return row;
  }

  const recordingOf = (userId: string, sessionId: string) =>
    join(dataDir, 'recordings', userId, `${sessionId}.wav`);

  beforeAll(async () => {
    handle = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'sparky-deletion-'));
    app = createTestApp(handle, { DATA_DIR: dataDir }, undefined, {
      readerWarps,
      readingTranscripts,
      readingWarps,
      earlyChecks,
    });
    const [story] = await asSystem(handle.db, (tx) =>
      tx
        .insert(stories)
        .values({ title: 'Library story', body: 'A cat sat on a mat.', gradeBand: 'K' })
        .returning(),
    );
    libraryStoryId = story!.id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe('one reading', () => {
    it('deletes the reader’s own reading with its recording and activity row; the tokens stay', async () => {
      const { client, userId } = await reader();
      const id = await saveReading(userId);
      const keep = await saveReading(userId);
      expect(existsSync(recordingOf(userId, id))).toBe(true);

      const audio = await client.request(`/api/reading-sessions/${id}/audio`);
      expect(audio.status).toBe(200);
      // A child's voice is never stored by the browser or a proxy.
      expect(audio.headers.get('cache-control')).toBe('no-store');

      const res = await client.api['reading-sessions'][':id'].$delete({ param: { id } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ deleted: true });
      expect(await sessionRow(id)).toBeUndefined();
      expect(existsSync(recordingOf(userId, id))).toBe(false);
      const activity = await asSystem(handle.db, (tx) =>
        tx
          .select()
          .from(progressTracking)
          .where(sql`${progressTracking.activityData}->>'sessionId' = ${id}`),
      );
      expect(activity).toEqual([]);
      expect((await client.request(`/api/reading-sessions/${id}/audio`)).status).toBe(404);
      // Again: it is gone.
      const again = await client.api['reading-sessions'][':id'].$delete({ param: { id } });
      expect(again.status).toBe(404);
      expect((await errorOf(again)).code).toBe('session_not_found');
      // The other reading and the tokens earned are untouched.
      expect(await sessionRow(keep)).toBeDefined();
      expect(existsSync(recordingOf(userId, keep))).toBe(true);
      const me = await (await client.api.me.$get()).json();
      expect('profile' in me && me.profile!.tokens).toBeGreaterThan(0);
    });

    it('refuses another user’s reading, to readers, guardians and teachers alike, and loses nothing', async () => {
      const child = await reader();
      const id = await saveReading(child.userId);
      for (const user_type of ['student', 'guardian', 'teacher'] as const) {
        const other = await reader({ user_type });
        const res = await other.client.api['reading-sessions'][':id'].$delete({ param: { id } });
        expect(res.status).toBe(404);
        expect((await errorOf(res)).code).toBe('session_not_found');
      }
      expect(await sessionRow(id)).toBeDefined();
      expect(existsSync(recordingOf(child.userId, id))).toBe(true);
    });

    it('lets an owner of the server delete anyone’s reading', async () => {
      const child = await reader();
      const id = await saveReading(child.userId);
      const owner = await reader();
      await asSystem(handle.db, (tx) => tx.insert(userRoles).values({ userId: owner.userId, role: 'owner' }));
      const res = await owner.client.api['reading-sessions'][':id'].$delete({ param: { id } });
      expect(res.status).toBe(200);
      expect(await sessionRow(id)).toBeUndefined();
      expect(existsSync(recordingOf(child.userId, id))).toBe(false);
    });

    it('refuses bad, hostile and oversized input clearly, without a session, or from another site', async () => {
      const { client, userId } = await reader();
      const id = await saveReading(userId);
      for (const bad of ['not-a-uuid', '..%2F..%2Fpglite', `${id}%00`, "1' or '1'='1", 'x'.repeat(5000)]) {
        const res = await client.request(`/api/reading-sessions/${bad}`, { method: 'DELETE' });
        expect(res.status, bad).toBe(404);
        expect(['session_not_found', 'not_found']).toContain((await errorOf(res)).code);
      }
      const big = await client.request(`/api/reading-sessions/${id}`, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
      });
      expect(big.status).toBe(413);
      const anonymous = await createBrowser(app).request(`/api/reading-sessions/${id}`, { method: 'DELETE' });
      expect(anonymous.status).toBe(401);
      const crossSite = await client.request(`/api/reading-sessions/${id}`, {
        method: 'DELETE',
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.status).toBe(403);
      expect(await sessionRow(id)).toBeDefined();
      expect(existsSync(recordingOf(userId, id))).toBe(true);
    });

    it('handles many readers deleting at once, and one reading deleted twice at once', async () => {
      const readers = await Promise.all(Array.from({ length: 8 }, () => reader()));
      const ids = await Promise.all(
        readers.map(async (r) => [await saveReading(r.userId), await saveReading(r.userId)]),
      );
      const answers = await Promise.all(
        readers.flatMap((r, i) => [
          r.client.api['reading-sessions'][':id'].$delete({ param: { id: ids[i]![0]! } }),
          r.client.api['reading-sessions'][':id'].$delete({ param: { id: ids[i]![0]! } }),
          // another reader's id, at the same moment
          r.client.api['reading-sessions'][':id'].$delete({
            param: { id: ids[(i + 1) % readers.length]![1]! },
          }),
        ]),
      );
      const statuses = answers.map((a) => a.status);
      for (let i = 0; i < readers.length; i += 1) {
        expect([statuses[3 * i], statuses[3 * i + 1]].sort()).toEqual([200, 404]);
        expect(statuses[3 * i + 2]).toBe(404);
        expect(await sessionRow(ids[i]![0]!)).toBeUndefined();
        expect(await sessionRow(ids[i]![1]!)).toBeDefined();
        expect(existsSync(recordingOf(readers[i]!.userId, ids[i]![1]!))).toBe(true);
      }
    });
  });

  describe('all my recordings', () => {
    it('deletes every recording of the user and keeps the scores; other users keep theirs', async () => {
      const { client, userId } = await reader();
      const other = await reader();
      const mine = [await saveReading(userId), await saveReading(userId)];
      const theirs = await saveReading(other.userId);

      const res = await client.api.recordings.$delete();
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ deleted: 2 });
      expect(existsSync(join(dataDir, 'recordings', userId))).toBe(false);
      for (const id of mine) {
        const row = await sessionRow(id);
        expect(row).toMatchObject({ audioPath: null, fluencyScore: 50 });
      }
      const list = await (await client.api['reading-sessions'].$get()).json();
      expect(list.sessions.every((s) => !s.has_audio)).toBe(true);
      expect(existsSync(recordingOf(other.userId, theirs))).toBe(true);
      // Nothing left: a second call deletes nothing.
      expect(await (await client.api.recordings.$delete()).json()).toEqual({ deleted: 0 });
      expect((await createBrowser(app).request('/api/recordings', { method: 'DELETE' })).status).toBe(401);
    });
  });

  describe('my account', () => {
    async function deleteAccount(client: TestBrowser, body: unknown) {
      return client.request('/api/account', { method: 'DELETE', json: body });
    }

    it('refuses a wrong, missing, oversized or hostile confirmation and loses nothing', async () => {
      const { client, userId } = await reader();
      const id = await saveReading(userId);
      const refusals: Array<[unknown, number, string]> = [
        [{}, 403, 'wrong_password'],
        [{ password: 'not-my-password-at-all' }, 403, 'wrong_password'],
        [{ password: 'x'.repeat(129) }, 422, 'invalid_input'],
        [{ password: PASSWORD, userId: 'someone-else' }, 422, 'invalid_input'],
        [{ password: 42 }, 422, 'invalid_input'],
        [[PASSWORD], 422, 'invalid_input'],
      ];
      for (const [body, status, code] of refusals) {
        const res = await deleteAccount(client, body);
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(status);
        expect((await errorOf(res)).code).toBe(code);
      }
      const notJson = await client.request('/api/account', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: '{"password":',
      });
      expect(notJson.status).toBe(400);
      const huge = await deleteAccount(client, { password: 'x'.repeat(100_000) });
      expect(huge.status).toBe(413);
      expect((await createBrowser(app).request('/api/account', { method: 'DELETE', json: {} })).status).toBe(
        401,
      );
      expect((await client.api.me.$get()).status).toBe(200);
      expect(await sessionRow(id)).toBeDefined();
      expect(existsSync(recordingOf(userId, id))).toBe(true);
    });

    it.skipIf(testDatabaseKind === 'postgres')(
      'refuses to delete the last owner while other accounts remain',
      async () => {
        const owner = await reader();
        // In this file's own database: make this user the only owner (PostgreSQL is shared by files).
        await asSystem(handle.db, async (tx) => {
          await tx.delete(userRoles).where(eq(userRoles.role, 'owner'));
          await tx.insert(userRoles).values({ userId: owner.userId, role: 'owner' });
        });
        const res = await deleteAccount(owner.client, { password: PASSWORD });
        expect(res.status).toBe(409);
        expect((await errorOf(res)).code).toBe('last_owner');
        expect((await owner.client.api.me.$get()).status).toBe(200);
      },
    );

    it(
      'deletes everything of the account: a canary scan of every table and every file finds nothing',
      { timeout: 120_000 },
      async () => {
        const canary = `Zq${randomUUID()
          .replace(/[^a-f]/g, '')
          .slice(0, 6)}wx`;
        const control = await reader({ display_name: 'Control Reader' });
        const controlReading = await saveReading(control.userId);
        const { client, userId, email } = await reader({
          display_name: canary,
          pets_name: `${canary}pet`,
        });
        // Everything a child leaves: their own story, a reading of it with its recording, settings,
        // spoken texts, a failed sign-in, a trusted browser (from signing in), the sign-up mail.
        const [story] = await asSystem(handle.db, (tx) =>
          tx
            .insert(stories)
            .values({ ownerId: userId, title: `${canary} story`, body: `The ${canary} frog sat on a log.` })
            .returning(),
        );
        const sessionId = await saveReading(userId, story!.id, story!.title);
        await asSystem(handle.db, (tx) =>
          tx.insert(audioSettings).values({ userId, settings: { note: canary } }),
        );
        const speech = await client.request(
          `/api/speech?text=${encodeURIComponent(`Well done, ${canary}!`)}`,
        );
        expect(speech.status).toBe(200);
        const spokenAudio = ((await speech.json()) as { audioUrl: string }).audioUrl;
        // A grown-up follows the child (family links): the link and the child's next code are the child's too.
        const grownUp = await reader({ display_name: 'Canary guardian', user_type: 'guardian' });
        const linkCode = async () =>
          ((await (await client.api.family.code.$post()).json()) as { code: string }).code;
        const linked = await grownUp.client.request('/api/family/links', {
          method: 'POST',
          json: { code: await linkCode() },
        });
        expect(linked.status).toBe(201);
        await linkCode();
        // …and sets the child's reading goal (ADR 0042).
        const goal = await grownUp.client.request(`/api/goals/${userId}`, {
          method: 'PUT',
          json: { daysPerWeek: 3 },
        });
        expect(goal.status).toBe(200);
        // …and the child joins a teacher's class (ADR 0046): the membership is the child's too.
        const teacher = await reader({ display_name: 'Canary teacher', user_type: 'teacher' });
        const made = await teacher.client.request('/api/classes', {
          method: 'POST',
          json: { name: 'Room 4' },
        });
        expect(made.status).toBe(201);
        const classId = ((await made.json()) as { class: { id: string } }).class.id;
        const classCode = await teacher.client.request(`/api/classes/${classId}/code`, { method: 'POST' });
        expect(classCode.status).toBe(201);
        const joined = await client.request('/api/classroom/join', {
          method: 'POST',
          json: { code: ((await classCode.json()) as { code: string }).code },
        });
        expect(joined.status).toBe(201);
        // …and starts a Reading Screening (ADR 0049), once the grown-up has set their grade.
        await asSystem(handle.db, (tx) =>
          tx.update(profiles).set({ grade: '3' }).where(eq(profiles.userId, userId)),
        );
        const screening = await client.request('/api/screenings', { method: 'POST', json: {} });
        expect(screening.status).toBe(201);
        const failed = await createBrowser(app).request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email, password: 'wrong-password-for-the-canary' },
        });
        expect(failed.status).toBe(401);
        expect(existsSync(recordingOf(userId, sessionId))).toBe(true);
        // A reading under way in memory, of both users: Moonshine's text of a chunk (still being transcribed for
        // the deleted user), the end-of-reading check's warp, and each reader's kept warp.
        const chunk = new Int16Array(1600).fill(7);
        const cancelled: string[] = [];
        for (const id of [userId, control.userId]) {
          readerWarps.keep(id, 1.3);
          readingTranscripts.begin(id);
          readingTranscripts.put(id, chunk, new Promise<string | null>(() => {}), () => cancelled.push(id));
          readingWarps.put(id, chunk, Promise.resolve(1.15));
          earlyChecks.put(id, chunk, Promise.resolve([{ word: canary, start: 0, end: 0.1 }]), () =>
            cancelled.push(`${id} early`),
          );
        }
        expect(readingTranscripts.has(userId, chunk)).toBe(true);
        expect(readingWarps.find(userId, chunk)).toBeDefined();

        const marks = [canary.toLowerCase(), userId.toLowerCase(), email.toLowerCase()];

        /** Rows of every table in the public schema that mention the user. */
        async function rowsMentioningUser(): Promise<string[]> {
          const tables = await asSystem(handle.db, (tx) =>
            tx.execute<{ name: string }>(
              sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
            ),
          );
          const names = (tables as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
          expect(names).toEqual(
            expect.arrayContaining(['user', 'profiles', 'reading_sessions', 'mail_outbox']),
          );
          const found: string[] = [];
          for (const name of names) {
            const query = sql`select t::text as row from ${sql.identifier(name)} t`;
            // User tables are read as server work (their policies), the sign-in tables as the login role.
            let rows: { row: string }[];
            try {
              rows = (
                (await asSystem(handle.db, (tx) => tx.execute(query))) as unknown as {
                  rows: { row: string }[];
                }
              ).rows;
            } catch {
              rows = ((await handle.db.execute(query)) as unknown as { rows: { row: string }[] }).rows;
            }
            for (const { row } of rows)
              if (marks.some((m) => row.toLowerCase().includes(m)))
                found.push(`${name}: ${row.slice(0, 120)}`);
          }
          return found;
        }

        /** Files under DATA_DIR whose name or content mentions the user. */
        function filesMentioningUser(): string[] {
          return filesUnder(dataDir).filter((path) => {
            const text = `${path}\n${readFileSync(path).toString('latin1')}`.toLowerCase();
            return marks.some((m) => text.includes(m));
          });
        }

        // The scan sees the user before (so it can fail) …
        const before = await rowsMentioningUser();
        for (const table of [
          'user',
          'session',
          'account',
          'profiles',
          'stories',
          'reading_sessions',
          'audio_settings',
          'mail_outbox',
          'login_attempts',
          'trusted_devices',
          'guardian_links',
          'link_codes',
          'reading_goals',
          'class_members',
          'screenings',
        ])
          expect(
            before.some((f) => f.startsWith(`${table}:`)),
            table,
          ).toBe(true);
        expect(filesMentioningUser().length).toBeGreaterThanOrEqual(2); // the recording, the spoken text

        const res = await deleteAccount(client, { password: PASSWORD });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ deleted: true });
        expect(res.headers.getSetCookie().some((c) => /max-age=0/i.test(c))).toBe(true);

        // … and nothing after.
        expect(await rowsMentioningUser()).toEqual([]);
        expect(filesMentioningUser()).toEqual([]);
        // The spoken text is gone from the speech cache (asked by a user who is still signed in).
        expect((await control.client.request(spokenAudio)).status).toBe(404);

        // The old session is over at once (no cached lookup), and the password signs in nowhere.
        const stale = createBrowser(app);
        for (const [k, v] of client.cookies) stale.cookies.set(k, v);
        expect((await stale.api.me.$get()).status).toBe(401);
        const signIn = await createBrowser(app).request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email, password: PASSWORD },
        });
        expect(signIn.status).toBe(401);

        // Nothing of the user is left in the scorer's memory, and their chunk's transcription was stopped.
        expect(readerWarps.get(userId)).toBeUndefined();
        expect(readingTranscripts.has(userId, chunk)).toBe(false);
        expect(readingTranscripts.peek(userId)).toBeUndefined();
        expect(readingWarps.find(userId, chunk)).toBeUndefined();
        expect(earlyChecks.find(userId, chunk)).toBeUndefined();
        expect(cancelled.sort()).toEqual([userId, `${userId} early`].sort());

        // Another user's data is untouched.
        expect(readerWarps.get(control.userId)).toBe(1.3);
        expect(readingTranscripts.has(control.userId, chunk)).toBe(true);
        expect(await readingWarps.find(control.userId, chunk)).toBe(1.15);
        expect(await earlyChecks.find(control.userId, chunk)).toHaveLength(1);
        expect((await control.client.api.me.$get()).status).toBe(200);
        expect(await sessionRow(controlReading)).toBeDefined();
        // The grown-up's account stays, following no one.
        const family = (await (await grownUp.client.api.family.$get()).json()) as { children: unknown[] };
        expect(family.children).toEqual([]);
        expect(existsSync(recordingOf(control.userId, controlReading))).toBe(true);
      },
    );

    it('leaves no folder behind when a reading finishes scoring after its account was deleted', async () => {
      const { client, userId } = await reader();
      expect((await deleteAccount(client, { password: PASSWORD })).status).toBe(200);
      // The scoring queue hands back a reading of the deleted user: saving it fails, and cleans up.
      await expect(saveReading(userId)).rejects.toThrow();
      expect(existsSync(join(dataDir, 'recordings', userId))).toBe(false);
    });

    it('deletes many accounts at once, each only its own', { timeout: 120_000 }, async () => {
      const users = await Promise.all(Array.from({ length: 6 }, () => reader()));
      const readings = await Promise.all(users.map((u) => saveReading(u.userId)));
      const survivor = await reader();
      const survivorReading = await saveReading(survivor.userId);
      const answers = await Promise.all(users.map((u) => deleteAccount(u.client, { password: PASSWORD })));
      expect(answers.map((a) => a.status)).toEqual(users.map(() => 200));
      for (const [i, u] of users.entries()) {
        expect(await sessionRow(readings[i]!)).toBeUndefined();
        expect(existsSync(join(dataDir, 'recordings', u.userId))).toBe(false);
      }
      expect((await survivor.client.api.me.$get()).status).toBe(200);
      expect(existsSync(recordingOf(survivor.userId, survivorReading))).toBe(true);
    });
  });
});
