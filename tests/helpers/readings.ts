/** Real test readings made at test time with flite (a child-like pace), converted to 16 kHz mono WAV. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { asSystem } from '../../server/db/rls.ts';
import { stories } from '../../server/db/schema.ts';
import { createTestApp, type TestApp } from './app.ts';
import { openTestDatabase } from './database.ts';

/**
 * Speak `text` with flite's slt voice and return the WAV bytes (16 kHz, mono, 16-bit). `childSize` (> 1) raises
 * formants and pitch by that factor (sox `speed`, the reading slowed by as much first, so the pace stays): a rough
 * child-like voice, as the scoring benchmark's `--child` (1.22).
 */
export function makeReading(text: string, stretch = 1.3, childSize = 1): Uint8Array {
  const folder = mkdtempSync(join(tmpdir(), 'sparky-reading-'));
  const raw = join(folder, 'raw.wav');
  const wav = join(folder, 'reading.wav');
  execFileSync('flite', [
    ...['-voice', 'slt', '--setf', `duration_stretch=${stretch * childSize}`, '-t', text, '-o', raw],
  ]);
  // -R: sox's dither is seeded the same every run, so the reading is repeatable
  execFileSync('sox', [
    ...['-R', raw, '-r', '16000', '-c', '1', '-b', '16', wav],
    ...(childSize === 1 ? [] : ['speed', String(childSize)]),
  ]);
  return new Uint8Array(readFileSync(wav));
}

/** A WAV of `seconds` of digital silence (16 kHz mono). */
export function makeSilence(seconds: number): Uint8Array {
  const folder = mkdtempSync(join(tmpdir(), 'sparky-silence-'));
  const wav = join(folder, 'silence.wav');
  execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', wav, 'trim', '0', String(seconds)]);
  return new Uint8Array(readFileSync(wav));
}

/** A multipart form with an `audio` file (or none) and text fields. */
export function audioForm(audio: Uint8Array | null, fields: Record<string, string>): FormData {
  const body = new FormData();
  if (audio) body.set('audio', new File([audio as BlobPart], 'reading.wav', { type: 'audio/wav' }));
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

/** What {@link openStoryReadingFixture} sets up. */
export interface StoryReadingFixture {
  handle: DatabaseHandle;
  app: TestApp;
  /** The library story inserted for the test. */
  storyId: string;
  /** A flite reading of `readAloud` (WAV bytes). */
  reading: Uint8Array;
}

/**
 * A test database and app with one library story and a real reading of it: the set-up of the
 * read-aloud API tests. Close `handle` after the tests.
 *
 * @param story the library story (title, passage, grade band)
 * @param readAloud what the reading says (default: the passage as printed)
 * @param deps the app's recogniser, when not its own (see `createTestApp`)
 */
export async function openStoryReadingFixture(
  story: { title: string; body: string; gradeBand: string },
  readAloud: string = story.body,
  deps: Parameters<typeof createTestApp>[3] = {},
): Promise<StoryReadingFixture> {
  const handle = await openTestDatabase();
  const app = createTestApp(handle, {}, undefined, deps);
  const [row] = await asSystem(handle.db, (tx) => tx.insert(stories).values(story).returning());
  return { handle, app, storyId: row!.id, reading: makeReading(readAloud) };
}
