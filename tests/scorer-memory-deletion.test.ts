/**
 * Deleting an account forgets what the scorer keeps in memory of the reader's reading being read: the
 * end-of-reading check's warp and first pass (server/speech/reading-warps.ts; docs/security.md, V4, deletion).
 * The recogniser is a spy that plays the check (it hands on a warp and a first pass) and keeps the lookups the
 * service gave it, so the test can ask them again after the deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import type { KnownFirstPass, KnownWarp, Recogniser } from '../server/speech/recogniser.ts';
import { createSignedInClient, createTestApp, type TestApp } from './helpers/app.ts';
import { openTestDatabase, testDatabaseKind } from './helpers/database.ts';
import { makeReading } from './helpers/readings.ts';

describe(`account deletion and the scorer's memory (${testDatabaseKind})`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  const seen: { samples: Int16Array; knownWarp?: KnownWarp; knownFirstPass?: KnownFirstPass }[] = [];
  const recogniser: Recogniser = {
    name: 'spy',
    recognise: async ({ audio, knownWarp, knownFirstPass, warpChosen }) => {
      seen.push({
        samples: audio.samples,
        ...(knownWarp ? { knownWarp } : {}),
        ...(knownFirstPass ? { knownFirstPass } : {}),
      });
      warpChosen?.(1.3, audio.samples, {
        warp: 1.3,
        length: audio.samples.length,
        grammarKey: 'g',
        pass: 'the check’s first pass',
      });
      return [
        { word: 'the', start: 0.3, end: 0.5 },
        { word: 'cat', start: 0.5, end: 0.9 },
      ];
    },
  };

  beforeAll(async () => {
    handle = await openTestDatabase();
    app = createTestApp(handle, {}, undefined, { recogniser });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it(
    "forgets the end-of-reading check's warp and first pass with the account",
    { timeout: 60_000 },
    async () => {
      const { client } = await createSignedInClient(app, handle);
      const audio = new File([makeReading('The cat.') as BlobPart], 'reading.wav', { type: 'audio/wav' });
      const check = await client.api.fluency.score.$post({
        form: { audio, text: 'The cat.', purpose: 'reading_end' },
      });
      expect(check.status).toBe(200);
      const { samples, knownWarp, knownFirstPass } = seen.at(-1)!;
      // kept for the same reading's upload
      expect(await knownWarp?.(samples)).toBe(1.3);
      expect(knownFirstPass?.(samples)?.pass).toBe('the check’s first pass');

      const deleted = await client.request('/api/account', {
        method: 'DELETE',
        json: { password: 'purple-otter-reads-42' },
      });
      expect(deleted.status).toBe(200);
      expect(knownWarp?.(samples)).toBeUndefined();
      expect(knownFirstPass?.(samples)).toBeUndefined();
    },
  );
});
