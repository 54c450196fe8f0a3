import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chunkSamples,
  chunksFromFrames,
  frameLevels,
  MAX_CHUNK_SECONDS,
  readingChunks,
  transcribeReading,
  type ReadingTranscriber,
} from '#server/speech/reading-moonshine.ts';
import {
  chunkKey,
  createReadingPretranscriber,
  createReadingTranscriptCache,
  LOOK_EVERY_SECONDS,
} from '#server/speech/reading-transcripts.ts';
import type { PcmAudio } from '#server/speech/wav.ts';

/** 16 kHz mono audio: a tone over each [start, end) second span, silence elsewhere. */
function audioWith(spans: [number, number][], seconds: number): PcmAudio {
  const rate = 16000;
  const samples = new Int16Array(Math.round(seconds * rate));
  for (const [a, b] of spans)
    for (let k = Math.round(a * rate); k < Math.round(b * rate); k++)
      samples[k] = Math.round(12000 * Math.sin((2 * Math.PI * (200 + 40 * a) * k) / rate));
  return { sampleRate: rate, channels: 1, samples, durationSeconds: seconds };
}

/** A transcriber that names each chunk by its start (samples' first nonzero index) and counts its calls. */
function countingTranscriber() {
  const calls: number[] = [];
  const transcriber: ReadingTranscriber = {
    transcribe: async (audio) => {
      calls.push(audio.samples.length);
      return `chunk of ${audio.samples.length}`;
    },
  };
  return { calls, transcriber };
}

/** Three voiced stretches, each its own chunk (pauses over 1 s). */
const READING: [number, number][] = [
  [0.5, 2],
  [3.5, 5],
  [6.5, 8],
];

afterEach(() => vi.useRealTimers());

describe('createReadingTranscriptCache', () => {
  const a = new Int16Array([1, 2, 3]);
  const b = new Int16Array([1, 2, 4]);

  it('gives a chunk back only to its user and for the very same samples, once', async () => {
    const cache = createReadingTranscriptCache();
    cache.put('u1', a, Promise.resolve('the cat'));
    expect(cache.take('u2', a)).toBeUndefined();
    expect(cache.take('u1', b)).toBeUndefined();
    expect(cache.take('u1', new Int16Array([1, 2]))).toBeUndefined();
    expect(cache.has('u1', new Int16Array([1, 2, 3]))).toBe(true);
    expect(await cache.take('u1', new Int16Array([1, 2, 3]))).toBe('the cat');
    expect(cache.take('u1', a)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("lets the end-of-reading check peek at a user's chunks and leaves them for the upload", async () => {
    const cache = createReadingTranscriptCache();
    cache.put('u1', a, Promise.resolve('the cat'));
    expect(cache.peek('u2')).toBeUndefined();
    expect(cache.peek('u1')!(b)).toBeUndefined();
    expect(await cache.peek('u1')!(new Int16Array([1, 2, 3]))).toBe('the cat');
    expect(await cache.peek('u1')!(a)).toBe('the cat');
    expect(cache.size).toBe(1);
    expect(await cache.known('u1')(a)).toBe('the cat');
    expect(cache.peek('u1')).toBeUndefined();
    // a followed reading with no chunk done yet: the check may peek (and transcribe what it needs)
    cache.begin('u1');
    expect(cache.peek('u1')!(a)).toBeUndefined();
    cache.put('u1', a, Promise.resolve('the dog'));
    cache.begin('u1');
    expect(cache.has('u1', a)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('keeps a failed transcription as null, and drops a user on request', async () => {
    const cache = createReadingTranscriptCache();
    cache.put('u1', a, Promise.reject(new Error('model gone')));
    expect(await cache.take('u1', a)).toBeNull();
    cache.put('u1', a, Promise.resolve('x'));
    cache.put('u1', b, Promise.resolve('y'));
    cache.drop('u1');
    expect(cache.size).toBe(0);
  });

  it('forgets a user minutes after their last chunk, and keeps at most so many chunks and users', () => {
    vi.useFakeTimers();
    const cache = createReadingTranscriptCache({ ttlMs: 60_000, maxChunksPerUser: 2, maxUsers: 2 });
    cache.put('u1', a, Promise.resolve('x'));
    vi.advanceTimersByTime(50_000);
    cache.put('u1', b, Promise.resolve('y'));
    vi.advanceTimersByTime(50_000);
    expect(cache.size).toBe(2); // renewed by the second chunk
    vi.advanceTimersByTime(10_001);
    expect(cache.size).toBe(0);
    cache.put('u1', a, Promise.resolve('x'));
    cache.put('u1', b, Promise.resolve('y'));
    cache.put('u1', new Int16Array([9]), Promise.resolve('z'));
    expect(cache.size).toBe(2);
    expect(cache.has('u1', a)).toBe(false); // the oldest went
    cache.put('u2', a, Promise.resolve('x'));
    cache.put('u3', a, Promise.resolve('x'));
    expect(cache.has('u1', b)).toBe(false); // the user whose chunks are oldest went
    expect(cache.has('u3', a)).toBe(true);
  });

  it('keys chunks by length and content', () => {
    expect(chunkKey(a)).toBe(chunkKey(new Int16Array([1, 2, 3])));
    expect(chunkKey(a)).not.toBe(chunkKey(b));
    expect(chunkKey(new Int16Array([0, 0]))).not.toBe(chunkKey(new Int16Array([0, 0, 0])));
  });
});

describe('createReadingPretranscriber', () => {
  it('cuts the audio so far as readingChunks cuts the whole of it (frame levels computed piece by piece)', () => {
    const full = audioWith(READING, 9);
    const pieces: number[] = [];
    for (const end of [1234, 20000, 20001, 100000, full.samples.length])
      pieces.push(...frameLevels(full.samples.subarray(0, end), 16000, pieces.length));
    expect(pieces).toEqual(frameLevels(full.samples, 16000));
    expect(chunksFromFrames(pieces, 9)).toEqual(readingChunks(full));
  });

  it('transcribes each finished chunk once while the child reads, the last one at the stop', async () => {
    const full = audioWith(READING, 9);
    const { calls, transcriber } = countingTranscriber();
    const cache = createReadingTranscriptCache();
    const pre = createReadingPretranscriber(transcriber, cache, 'u1');
    const rate = full.sampleRate;
    // the audio arrives in 100 ms blocks
    for (let k = 1600; k <= full.samples.length; k += 1600) pre.update(full.samples.subarray(0, k));
    // the last chunk may still grow: not yet
    expect(pre.started).toBe(2);
    expect(calls).toHaveLength(2);
    pre.update(full.samples.subarray(0, full.samples.length)); // nothing new enough to look again
    pre.finish(full.samples);
    pre.finish(full.samples); // each chunk once
    expect(pre.started).toBe(3);
    expect(calls).toHaveLength(3);
    expect(cache.size).toBe(3);
    expect(LOOK_EVERY_SECONDS * rate).toBeGreaterThan(1600);

    // the upload's scorer takes all three and transcribes nothing itself
    const upload = countingTranscriber();
    const heard = await transcribeReading(upload.transcriber, full, undefined, cache.known('u1'));
    expect(upload.calls).toHaveLength(0);
    expect(heard?.map((w) => w.word)).toEqual(
      readingChunks(full).flatMap((c) => ['chunk', 'of', String(chunkSamples(full, c).length)]),
    );
    expect(cache.size).toBe(0);
  });

  it('gives the same transcript as transcribing at upload, and falls back on chunks that differ', async () => {
    const full = audioWith(READING, 9);
    const cache = createReadingTranscriptCache();
    const pre = createReadingPretranscriber(countingTranscriber().transcriber, cache, 'u1');
    pre.finish(full.samples);
    const alone = countingTranscriber();
    const fresh = await transcribeReading(alone.transcriber, full);
    const upload = countingTranscriber();
    // the upload lost its first 0.45 s: the first chunk's samples differ, the others are the same
    const cut = full.samples.slice(0.45 * 16000);
    const shifted = { ...full, samples: cut, durationSeconds: cut.length / 16000 };
    const later = countingTranscriber();
    expect(await transcribeReading(upload.transcriber, full, undefined, cache.known('u1'))).toEqual(fresh);
    expect(upload.calls).toHaveLength(0);
    pre.finish(full.samples);
    await transcribeReading(later.transcriber, shifted, undefined, cache.known('u1'));
    expect(later.calls.length).toBeGreaterThan(0);
    expect(later.calls.length).toBeLessThan(readingChunks(shifted).length + 1);
  });

  it('transcribes at upload a chunk whose early transcription failed', async () => {
    const full = audioWith(READING, 9);
    const cache = createReadingTranscriptCache();
    const pre = createReadingPretranscriber({ transcribe: async () => null }, cache, 'u1');
    pre.finish(full.samples);
    const upload = countingTranscriber();
    const heard = await transcribeReading(upload.transcriber, full, undefined, cache.known('u1'));
    expect(upload.calls).toHaveLength(3);
    expect(heard).not.toBeNull();
  });

  it('sends each chunk once even when the cache dropped the user, as a copy of its own samples', () => {
    const full = audioWith(READING, 9);
    const seen: Int16Array[] = [];
    const transcriber: ReadingTranscriber = {
      transcribe: async (audio) => {
        seen.push(audio.samples);
        return 'x';
      },
    };
    const cache = createReadingTranscriptCache();
    const pre = createReadingPretranscriber(transcriber, cache, 'u1');
    pre.update(full.samples.subarray(0, 6 * 16000));
    expect(seen).toHaveLength(1);
    cache.drop('u1'); // another scoring of the user's (a second device), or the expiry
    pre.finish(full.samples);
    expect(seen).toHaveLength(3); // the second and third chunks, not the first again
    // a pending transcription holds its chunk, not the whole reading's audio
    for (const samples of seen) expect(samples.buffer.byteLength).toBe(samples.byteLength);
  });

  it('sends Moonshine the audio about once (one chunk more at most), however the chunks are cut again as the reading grows', () => {
    // bursts every 1.2 s louder and louder over a hum whose level differs gap by gap: the floor (95th
    // percentile − 40 dB) climbs past the hums one by one, so each look cuts the earlier chunks differently
    const rate = 16000;
    const seconds = 60;
    const samples = new Int16Array(seconds * rate);
    for (let k = 0; k < samples.length; k++) {
      const t = k / rate;
      const db =
        t % 1.2 < 0.3 ? -6 + (6 * t) / seconds : -44.9 + (4.8 * ((Math.floor(t / 1.2) * 7) % 23)) / 22;
      samples[k] = Math.round(32767 * 10 ** (db / 20) * Math.sign(Math.sin(2 * Math.PI * 150 * t)));
    }
    let sent = 0;
    const pre = createReadingPretranscriber(
      {
        transcribe: async (audio) => {
          sent += audio.samples.length / rate;
          return 'x';
        },
      },
      createReadingTranscriptCache(),
      'u1',
    );
    for (let n = rate / 10; n <= samples.length; n += rate / 10) pre.update(samples.subarray(0, n));
    pre.finish(samples);
    expect(sent).toBeLessThanOrEqual(seconds + MAX_CHUNK_SECONDS);
  });

  it('cancels the transcriptions nobody will take (the user dropped), never one an upload took', async () => {
    const full = audioWith(READING, 9);
    const signals: AbortSignal[] = [];
    const transcriber: ReadingTranscriber = {
      transcribe: (_audio, _max, signal) => {
        signals.push(signal!);
        return new Promise(() => {}); // still waiting for Moonshine's turn
      },
    };
    const cache = createReadingTranscriptCache();
    createReadingPretranscriber(transcriber, cache, 'u1').finish(full.samples);
    expect(signals).toHaveLength(3);
    const first = chunkSamples(full, readingChunks(full)[0]!);
    expect(cache.take('u1', first)).toBeDefined(); // an upload waits for it
    cache.drop('u1'); // the next reading started, or the upload was scored
    expect(signals.map((s) => s.aborted)).toEqual([false, true, true]);
  });

  it('stops waiting for a chunk still being transcribed when the upload is abandoned', async () => {
    const full = audioWith(READING, 9);
    const pending = new Promise<string | null>(() => {});
    const upload = countingTranscriber();
    const left = new AbortController();
    const heard = transcribeReading(upload.transcriber, full, left.signal, () => pending);
    left.abort();
    expect(await heard).toBeNull();
    expect(upload.calls).toHaveLength(0);
  });
});
