/**
 * Sound It Out's API on PGlite and PostgreSQL (docs/decisions/0043-sound-it-out.md): a word sounded out is
 * kept once a day per reader, and moves no token, challenge or achievement; bad, oversized and hostile bodies
 * are refused and change nothing; a reader never sees another's words; many readers and the same word many
 * times at once count as they should; the phone endpoint plays only phones of its closed list, from the
 * speech cache.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PhoneSpeechResponseSchema,
  SoundItOutProgressSchema,
  WordSoundedResponseSchema,
} from '../core/api/sound-it-out.ts';
import { PHONES } from '../core/sound-it-out/phones.ts';
import { CVC_WORDS } from '../core/sound-it-out/words.ts';
import type { DatabaseHandle } from '../server/db/client.ts';
import { asSystem, asUser, type Tx } from '../server/db/rls.ts';
import {
  achievements,
  dailyChallenges,
  profiles,
  progressTracking,
  tokenLedger,
} from '../server/db/schema.ts';
import { MAX_JSON_BYTES } from '../server/app.ts';
import { WORDS_SOUNDED_PER_MINUTE } from '../server/routes/sound-it-out/sound-it-out.routes.ts';
import { soundItOutProgress, wordSounded } from '../server/routes/sound-it-out/sound-it-out.service.ts';
import { createBrowser, createSignedInClient, createTestApp, errorOf, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';

const TEN_WORDS = CVC_WORDS.slice(0, 10).map((w) => w.word);

describe(`Sound It Out's API (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const reader = () => createSignedInClient(app, handle, { grade: 'K' });
  type Client = Awaited<ReturnType<typeof reader>>['client'];
  const post = (client: Client, word: string) => client.api['sound-it-out'].sounded.$post({ json: { word } });
  const getProgress = async (client: Client) =>
    SoundItOutProgressSchema.parse(await (await client.api['sound-it-out'].$get()).json());
  const rowsOf = (userId: string) =>
    asSystem(handle.db, (tx) =>
      tx.select().from(progressTracking).where(eq(progressTracking.userId, userId)),
    );
  const soundedRowsOf = async (userId: string) =>
    (await rowsOf(userId)).filter((r) => r.activityType === 'word_sounded');

  it('starts empty, keeps a word sounded out, and the same word again that day keeps nothing', async () => {
    const { client, userId } = await reader();
    const first = await client.api['sound-it-out'].$get();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(SoundItOutProgressSchema.parse(await first.json())).toEqual({ today: [], total: 0 });

    const sounded = await post(client, 'cat');
    expect(sounded.status).toBe(200);
    const body = WordSoundedResponseSchema.parse(await sounded.json());
    expect(body).toEqual({ counted: true, progress: { today: ['cat'], total: 1 } });
    const again = WordSoundedResponseSchema.parse(await (await post(client, 'cat')).json());
    expect(again).toEqual({ counted: false, progress: { today: ['cat'], total: 1 } });
    const frog = WordSoundedResponseSchema.parse(await (await post(client, 'frog')).json());
    expect(frog).toEqual({ counted: true, progress: { today: ['cat', 'frog'], total: 2 } });
    expect(await getProgress(client)).toEqual({ today: ['cat', 'frog'], total: 2 });
    const rows = await soundedRowsOf(userId);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => (r.activityData as { word: string }).word).sort()).toEqual(['cat', 'frog']);
    // No token, challenge or achievement is tied to the game (ADR 0043).
    const ledger = await asSystem(handle.db, (tx) =>
      tx.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)),
    );
    expect(ledger).toEqual([]);
    expect(
      await asSystem(handle.db, (tx) =>
        tx.select().from(achievements).where(eq(achievements.userId, userId)),
      ),
    ).toEqual([]);
    expect(
      await asSystem(handle.db, (tx) =>
        tx.select().from(dailyChallenges).where(eq(dailyChallenges.userId, userId)),
      ),
    ).toEqual([]);
    // The word builder's words are another game's: not mixed in.
    expect((await rowsOf(userId)).every((r) => r.activityType === 'word_sounded')).toBe(true);
  });

  it('counts a word again on the reader’s next day, in their own time zone', async () => {
    const { userId } = await reader();
    await asSystem(handle.db, (tx) =>
      tx.update(profiles).set({ timeZone: 'Pacific/Auckland' }).where(eq(profiles.userId, userId)),
    );
    // 10:00 UTC is 23:00 in Auckland (summer, UTC+13); 12:00 UTC is the next day there.
    const evening = new Date('2027-01-10T10:00:00Z');
    const nextMorning = new Date('2027-01-10T12:00:00Z');
    expect((await wordSounded(handle.db, userId, 'sun', evening)).counted).toBe(true);
    expect((await wordSounded(handle.db, userId, 'sun', evening)).counted).toBe(false);
    expect(await wordSounded(handle.db, userId, 'sun', nextMorning)).toEqual({
      counted: true,
      progress: { today: ['sun'], total: 2 },
    });
    expect(await soundItOutProgress(handle.db, userId, new Date('2027-01-11T12:00:00Z'))).toEqual({
      today: [],
      total: 2,
    });
    await expect(wordSounded(handle.db, userId, 'fox', evening)).rejects.toThrow(RangeError);
  });

  it('refuses bad, hostile and oversized bodies and requests without a session, keeping nothing', async () => {
    const { client, userId } = await reader();
    const bodies: unknown[] = [
      { word: 'Cat' },
      { word: 'CAT' },
      { word: ' cat' },
      { word: 'cat ' },
      { word: 'fox' }, // a word builder word that is not sounded out (x is two sounds)
      { word: 'ship' },
      { word: '' },
      { word: 7 },
      { word: null },
      { word: ['cat'] },
      {},
      { word: 'cat', userId: 'someone-else' },
      { word: 'cat', day: '2027-01-01' },
      { word: "cat'; drop table progress_tracking; --" },
      { word: '<script>alert(1)</script>' },
      { word: 'ｃａｔ' },
      { word: '__proto__' },
      ['cat'],
      'cat',
      42,
    ];
    for (const body of bodies) {
      const res = await client.request('/api/sound-it-out/sounded', { method: 'POST', json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(res)).code).toBe('invalid_input');
    }
    const notJson = await client.request('/api/sound-it-out/sounded', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"word": "cat"',
    });
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('invalid_json');
    const plain = await client.request('/api/sound-it-out/sounded', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"word":"cat"}',
    });
    expect(plain.status).toBe(422);
    const huge = await client.request('/api/sound-it-out/sounded', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ word: 'cat', pad: 'x'.repeat(MAX_JSON_BYTES + 1) }),
    });
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe('body_too_large');
    expect(await rowsOf(userId)).toEqual([]);
    expect(await getProgress(client)).toEqual({ today: [], total: 0 });

    const stranger = createBrowser(app);
    const anonymousGet = await stranger.api['sound-it-out'].$get();
    expect(anonymousGet.status).toBe(401);
    expect((await errorOf(anonymousGet)).code).toBe('unauthenticated');
    const anonymous = await stranger.api['sound-it-out'].sounded.$post({ json: { word: 'cat' } });
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe('unauthenticated');
  });

  it(
    'limits the words one reader may send a minute, and not another reader',
    { timeout: 60_000 },
    async () => {
      const { client } = await reader();
      const other = await reader();
      for (let i = 0; i < WORDS_SOUNDED_PER_MINUTE; i += 1)
        expect((await post(client, 'cat')).status).toBe(200);
      const over = await post(client, 'cat');
      expect(over.status).toBe(429);
      expect((await errorOf(over)).code).toBe('rate_limited');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await post(other.client, 'cat')).status).toBe(200);
    },
  );

  it('keeps each reader’s words to themselves, with 8 readers at once', { timeout: 120_000 }, async () => {
    const readers = await Promise.all(Array.from({ length: 8 }, () => reader()));
    const answers = await Promise.all(readers.map((r, i) => post(r.client, TEN_WORDS[i]!)));
    for (const a of answers) expect(a.status).toBe(200);
    const progress = await Promise.all(readers.map((r) => getProgress(r.client)));
    expect(progress).toEqual(TEN_WORDS.slice(0, 8).map((word) => ({ today: [word], total: 1 })));
    // Row-level security: one reader's rows are not visible to another, even by the table.
    const [one, two] = readers;
    const rowsOfOne = (tx: Tx) =>
      tx
        .select()
        .from(progressTracking)
        .where(
          and(eq(progressTracking.userId, one!.userId), eq(progressTracking.activityType, 'word_sounded')),
        );
    expect(await asSystem(handle.db, rowsOfOne)).toHaveLength(1);
    expect(await asUser(handle.db, one!.userId, rowsOfOne)).toHaveLength(1);
    expect(await asUser(handle.db, two!.userId, rowsOfOne)).toEqual([]);
    // Writing a row for another reader is refused by the database itself.
    await expect(
      asUser(handle.db, two!.userId, (tx) =>
        tx.insert(progressTracking).values({
          userId: one!.userId,
          activityType: 'word_sounded',
          activityData: { word: 'dog', day: '2027-01-01' },
          completedAt: new Date(),
        }),
      ),
    ).rejects.toThrow();
    expect(await asSystem(handle.db, rowsOfOne)).toHaveLength(1);
  });

  it(
    'keeps the same word sent 5 times at once once, and 10 words at once each once',
    { timeout: 60_000 },
    async () => {
      const { client, userId } = await reader();
      const same = await Promise.all(Array.from({ length: 5 }, () => post(client, 'dog')));
      const bodies = await Promise.all(
        same.map(async (r) => WordSoundedResponseSchema.parse(await r.json())),
      );
      expect(bodies.filter((b) => b.counted)).toHaveLength(1);
      expect(await soundedRowsOf(userId)).toHaveLength(1);
      const now = new Date();
      const many = await Promise.all(TEN_WORDS.map((w) => wordSounded(handle.db, userId, w, now)));
      expect(many.filter((a) => a.counted)).toHaveLength(TEN_WORDS.filter((w) => w !== 'dog').length);
      expect(await soundedRowsOf(userId)).toHaveLength(10);
    },
  );

  it('deletes the words with the account, and not with the recordings', { timeout: 60_000 }, async () => {
    const { client, userId } = await reader();
    expect((await post(client, 'cat')).status).toBe(200);
    expect((await client.api.recordings.$delete()).status).toBe(200);
    expect(await soundedRowsOf(userId)).toHaveLength(1);
    const deleted = await client.request('/api/account', {
      method: 'DELETE',
      json: { password: 'purple-otter-reads-42' },
    });
    expect(deleted.status).toBe(200);
    expect(await rowsOf(userId)).toEqual([]);
  });

  describe('the phone audio', () => {
    it(
      'plays a phone of the list from the speech cache, the same file twice',
      { timeout: 60_000 },
      async () => {
        const { client } = await reader();
        const first = await client.api.speech.phone[':phone'].$get({ param: { phone: 'k' } });
        expect(first.status).toBe(200);
        const body = PhoneSpeechResponseSchema.parse(await first.json());
        expect(body.audioUrl).toMatch(/^\/api\/speech\/audio\/[0-9a-f]{64}\.wav$/);
        // "k" alone, flite's pauses cut (server/speech/tts-flite.ts shapePhone): a burst of about 0.17 s.
        expect(body.duration).toBeGreaterThan(0.05);
        expect(body.duration).toBeLessThan(0.4);
        const again = PhoneSpeechResponseSchema.parse(
          await (await client.api.speech.phone[':phone'].$get({ param: { phone: 'k' } })).json(),
        );
        expect(again.audioUrl).toBe(body.audioUrl);
        const vowel = PhoneSpeechResponseSchema.parse(
          await (await client.api.speech.phone[':phone'].$get({ param: { phone: 'ae' } })).json(),
        );
        expect(vowel.audioUrl).not.toBe(body.audioUrl);
        const audio = await client.request(body.audioUrl);
        expect(audio.status).toBe(200);
        expect(audio.headers.get('content-type')).toBe('audio/wav');
        const bytes = new Uint8Array(await audio.arrayBuffer());
        expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');
      },
    );

    it('refuses anything off the list, free text included, and signed out', { timeout: 60_000 }, async () => {
      const { client } = await reader();
      const hostile = [
        'K',
        'pau',
        'kk',
        'k ae',
        'k%20pau',
        'hello%20world',
        '%3Bls',
        '..%2F..%2Fetc%2Fpasswd',
        '-o',
        '--help',
        'k%00',
        'x'.repeat(2000),
        'constructor',
      ];
      for (const phone of hostile) {
        const res = await client.request(`/api/speech/phone/${phone}`);
        expect(res.status, phone).toBe(422);
        const error = await errorOf(res);
        expect(error.code).toBe('invalid_input');
        expect((error.details as { phones: string[] }).phones).toEqual([...PHONES]);
      }
      const stranger = createBrowser(app);
      const anonymous = await stranger.request('/api/speech/phone/k');
      expect(anonymous.status).toBe(401);
    });
  });
});
