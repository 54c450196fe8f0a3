/**
 * The server's speech cache on disk (DATA_DIR/speech-cache): one audio file (`<key>.wav` or `.mp3`)
 * and one JSON file (`<key>.json`: length, word times, provider) per text, voice and speed. Bounded
 * both in entries and in bytes; the least recently used go first (the JSON file's modification time is
 * its last use, so the order survives a restart). The bounds and why: the speech ADR in docs/decisions.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SpeechProvider } from '#core/api/speech.ts';
import type { SpokenWord } from '#core/api/stories.ts';

/**
 * Most texts kept: guidance, toasts and button names of every screen in several voices and speeds
 * come to a few hundred; the rest is story pieces read to children.
 */
export const SPEECH_CACHE_MAX_ENTRIES = 2000;
/**
 * Most bytes kept: 256 MB. A guidance line is about 100 kB of 16 kHz WAV (3 s); a story piece of 1,000
 * characters about 2 MB (60 s); so the bound holds ~130 full story pieces or thousands of short lines.
 */
export const SPEECH_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/** A cached text's speech, without its audio. */
export interface CachedSpeech {
  key: string;
  /** Seconds. */
  duration: number;
  /** The voice's label, e.g. `flite slt`. */
  voice: string;
  words: SpokenWord[];
  provider: SpeechProvider;
  format: 'wav' | 'mp3';
  timing: 'exact' | 'estimated';
}

/** The cache. */
export interface SpeechCache {
  /** The entry of `key`, marked as just used; null when absent or unreadable. */
  get(key: string): Promise<CachedSpeech | null>;
  /** Stores an entry and its audio, then drops the least recently used beyond the bounds. */
  put(entry: CachedSpeech, audio: Uint8Array): Promise<void>;
  /** The audio file of `key` and its format, or null. */
  audioFile(key: string): Promise<{ path: string; format: 'wav' | 'mp3' } | null>;
  /**
   * Remove every entry whose spoken text (its words joined by spaces) `matches`, e.g. the texts of a
   * deleted account (issue #14 item 11). Returns how many entries went.
   */
  forget(matches: (text: string) => boolean): Promise<number>;
}

const KEY_PATTERN = /^[0-9a-f]{64}$/;

/** Whether a string has the shape of a cache key (a hex SHA-256), so it is safe in a file path. */
export function isSpeechKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

interface IndexEntry {
  used: number;
  bytes: number;
  format: 'wav' | 'mp3';
}

/**
 * Opens (and creates) the cache folder.
 * @param options.dir the folder
 * @param options.maxEntries default {@link SPEECH_CACHE_MAX_ENTRIES}
 * @param options.maxBytes default {@link SPEECH_CACHE_MAX_BYTES}
 */
export function createSpeechCache(options: {
  dir: string;
  maxEntries?: number;
  maxBytes?: number;
}): SpeechCache {
  const { dir } = options;
  const maxEntries = options.maxEntries ?? SPEECH_CACHE_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? SPEECH_CACHE_MAX_BYTES;
  mkdirSync(dir, { recursive: true });

  // What is on disk, read once at start and kept up to date by this process.
  const index = new Map<string, IndexEntry>();
  for (const name of readdirSync(dir)) {
    const match = /^([0-9a-f]{64})\.(wav|mp3)$/.exec(name);
    if (!match) continue;
    try {
      const json = statSync(join(dir, `${match[1]}.json`));
      const audio = statSync(join(dir, name));
      index.set(match[1]!, {
        used: json.mtimeMs,
        bytes: audio.size + json.size,
        format: match[2] as 'wav' | 'mp3',
      });
    } catch {
      // An audio file without its JSON (a crash mid-write) is ignored and overwritten later.
    }
  }
  let totalBytes = [...index.values()].reduce((sum, e) => sum + e.bytes, 0);

  async function remove(key: string) {
    const entry = index.get(key);
    if (!entry) return;
    index.delete(key);
    totalBytes -= entry.bytes;
    await rm(join(dir, `${key}.json`), { force: true });
    await rm(join(dir, `${key}.${entry.format}`), { force: true });
  }

  async function prune() {
    if (index.size <= maxEntries && totalBytes <= maxBytes) return;
    const oldestFirst = [...index.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [key] of oldestFirst) {
      if (index.size <= maxEntries && totalBytes <= maxBytes) break;
      await remove(key);
    }
  }

  return {
    async get(key) {
      if (!isSpeechKey(key) || !index.has(key)) return null;
      const jsonPath = join(dir, `${key}.json`);
      try {
        const raw = JSON.parse(await readFile(jsonPath, 'utf8')) as Partial<CachedSpeech>;
        const entry: CachedSpeech = {
          key,
          duration: raw.duration ?? 0,
          voice: raw.voice ?? '',
          words: raw.words ?? [],
          // Entries written before the provider chain were all flite WAVs with measured times.
          provider: raw.provider ?? 'flite',
          format: raw.format ?? 'wav',
          timing: raw.timing ?? 'exact',
        };
        const now = new Date();
        index.get(key)!.used = now.getTime();
        await utimes(jsonPath, now, now).catch(() => undefined);
        return entry;
      } catch {
        await remove(key);
        return null;
      }
    },
    async put(entry, audio) {
      const { key, format } = entry;
      await remove(key);
      const temp = join(dir, `${key}.${randomUUID()}.tmp`);
      const json = JSON.stringify(entry);
      await writeFile(temp, audio);
      await rename(temp, join(dir, `${key}.${format}`));
      await writeFile(join(dir, `${key}.json`), json);
      const bytes = audio.byteLength + Buffer.byteLength(json);
      index.set(key, { used: Date.now(), bytes, format });
      totalBytes += bytes;
      await prune();
    },
    async forget(matches) {
      let removed = 0;
      for (const key of [...index.keys()]) {
        let text = '';
        try {
          const raw = JSON.parse(await readFile(join(dir, `${key}.json`), 'utf8')) as Partial<CachedSpeech>;
          text = (raw.words ?? []).map((w) => w.text).join(' ');
        } catch {
          // Unreadable: get() would drop it anyway.
        }
        if (!text || matches(text)) {
          await remove(key);
          removed += 1;
        }
      }
      return removed;
    },
    async audioFile(key) {
      const entry = isSpeechKey(key) ? index.get(key) : undefined;
      if (!entry) return null;
      const path = join(dir, `${key}.${entry.format}`);
      try {
        await stat(path);
        return { path, format: entry.format };
      } catch {
        return null;
      }
    },
  };
}
