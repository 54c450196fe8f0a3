/**
 * The reader's frequency warp kept between readings (issue 16, server/speech/reader-warps.ts, docs/decisions/0031),
 * through the API with the real recogniser: a child-like reader's first reading searches the warp from 1.45, their
 * next starts the search from their own factor (fewer first passes, the same verdicts), the end-of-reading check
 * too, and another reader of the very same audio searches as usual. Decodes are counted by a spy around
 * pocketsphinx_batch.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/db/client.ts';
import { createPocketsphinxRecogniser } from '../server/speech/pocketsphinx.ts';
import { createSignedInClient, type TestApp, type TestBrowser } from './helpers/app.ts';
import { testDatabaseKind } from './helpers/database.ts';
import { audioForm, makeReading, openStoryReadingFixture } from './helpers/readings.ts';

const PASSAGE = 'The little fox ran to the river to drink some cold water.';

// Once, on PGlite: the warps are kept in the server's memory, not in the database, and the readings API on
// PostgreSQL is the subject of reading-sessions.test.ts and fluency-api.test.ts.
describe.skipIf(testDatabaseKind === 'postgres')(
  `the reader's warp between readings (${testDatabaseKind})`,
  () => {
    let handle: DatabaseHandle;
    let app: TestApp;
    let storyId: string;
    let child: TestBrowser;
    let other: TestBrowser;
    let childLike: Uint8Array;

    const spyDir = mkdtempSync(join(tmpdir(), 'sparky-decoder-spy-'));
    const decoderLog = join(spyDir, 'runs');
    const decoder = join(spyDir, 'pocketsphinx_batch');
    writeFileSync(decoderLog, '');
    writeFileSync(
      decoder,
      `#!/bin/bash\necho "$*" >> ${JSON.stringify(decoderLog)}\nexec pocketsphinx_batch "$@"\n`,
    );
    chmodSync(decoder, 0o755);
    /** First-pass decodes so far (the only decodes writing a CTM), with their warp arguments. */
    const firstPasses = () =>
      readFileSync(decoderLog, 'utf8')
        .split('\n')
        .filter((l) => l.includes('-ctm '))
        .map((l) => /-warp_params (\S+)/.exec(l)?.[1] ?? 'none');

    beforeAll(async () => {
      const fixture = await openStoryReadingFixture(
        { title: 'The fox', body: PASSAGE, gradeBand: 'K-2' },
        PASSAGE,
        {
          recogniser: createPocketsphinxRecogniser({ binary: decoder }),
        },
      );
      ({ handle, app, storyId } = fixture);
      childLike = makeReading(PASSAGE, 1.3, 1.22);
      ({ client: child } = await createSignedInClient(app, handle));
      ({ client: other } = await createSignedInClient(app, handle));
    });
    afterAll(async () => {
      await handle?.close();
    });

    /** Scores `audio` for `who`; returns the first passes it ran (their warp parameters) and the result. */
    const score = async (who: TestBrowser, fields: Record<string, string> = {}) => {
      const before = firstPasses().length;
      const res = await who.request('/api/fluency/score', {
        method: 'POST',
        body: audioForm(childLike, { storyId, ...fields }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { words: { status: string }[] };
      return { runs: firstPasses().slice(before), body };
    };

    it(
      "searches a new reader's warp, then starts the next reading's search from the reader's own factor",
      { timeout: 180_000 },
      async () => {
        const usual = '0.6897'; // -warp_params of the usual first round's 1.45 (piecewise linear: 1 / 1.45)
        const first = await score(child);
        expect(first.runs.slice(0, 2)).toEqual(['none', usual]);
        expect(first.runs.length).toBeGreaterThanOrEqual(3); // then the climb
        const again = await score(child);
        const seed = again.runs[1];
        expect(again.runs[0]).toBe('none');
        expect(seed).not.toBe(usual); // this reading's factor is not 1.45 (else the seed would change nothing)
        expect(first.runs).toContain(seed);
        expect(again.runs.length).toBeLessThan(first.runs.length);
        // the same audio, so the same factor and the same verdicts as the full search
        expect(again.body.words.map((w) => w.status)).toEqual(first.body.words.map((w) => w.status));
        // the end-of-reading check is seeded too
        const check = await score(child, { purpose: 'reading_end' });
        expect(check.runs.slice(0, 2)).toEqual(['none', seed]);
        // another reader of the very same audio gets no seed of the child's: the usual search
        const theirs = await score(other);
        expect(theirs.runs).toEqual(first.runs);
      },
    );
  },
);
