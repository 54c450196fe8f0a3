import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createReadingWarpChooser,
  createReadingWarpStore,
  createWarpSearchLine,
} from '#server/speech/reading-warps.ts';
import type { WarpSearch } from '#server/speech/pocketsphinx.ts';

/** Made-up audio: `seconds` of 16 kHz samples, different for each seed. */
function audio(seconds: number, seed = 1): Int16Array {
  const out = new Int16Array(Math.round(seconds * 16000));
  for (let i = 0; i < out.length; i++) out[i] = ((i * 7919 + seed * 104729) % 65536) - 32768;
  return out;
}

describe('the early warp store', () => {
  afterEach(() => vi.useRealTimers());

  it("gives a user's warp to audio that begins with exactly the samples it was chosen on", async () => {
    const store = createReadingWarpStore();
    const reading = audio(6);
    store.put('u1', reading.subarray(0, 3 * 16000), Promise.resolve(1.6));
    expect(await store.find('u1', reading)).toBe(1.6); // the whole upload begins with the prefix
    expect(await store.known('u1')(reading.slice(0, 3 * 16000))).toBe(1.6); // the prefix itself, a copy
    expect(await store.find('u1', reading)).toBe(1.6); // not used up by a look (the end-of-reading check)
    expect(store.size).toBe(1);
    store.drop('u1');
    expect(store.find('u1', reading)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it("keeps the end-of-reading check's first pass with its warp, for audio that begins with the same samples", () => {
    const store = createReadingWarpStore();
    const reading = audio(6);
    const prefix = reading.subarray(0, 3 * 16000);
    const firstPass = { warp: 1.3, length: prefix.length, grammarKey: 'g', pass: { heard: [] } };
    store.put('u1', prefix, Promise.resolve(1.3), undefined, firstPass);
    expect(store.knownFirstPass('u1')(reading)).toBe(firstPass);
    expect(store.knownFirstPass('u1')(audio(6, 2))).toBeUndefined();
    expect(store.knownFirstPass('u2')(reading)).toBeUndefined();
    // a pass made on other samples than the ones kept is not kept
    store.put('u1', prefix, Promise.resolve(1.3), undefined, { ...firstPass, length: prefix.length - 1 });
    expect(store.knownFirstPass('u1')(reading)).toBeUndefined();
    store.put('u1', prefix, Promise.resolve(1.3), undefined, firstPass);
    store.drop('u1');
    expect(store.knownFirstPass('u1')(reading)).toBeUndefined();
  });

  it('gives nothing to other audio: shorter, one sample changed, or another reading', () => {
    const store = createReadingWarpStore();
    const reading = audio(6);
    store.put('u1', reading.subarray(0, 3 * 16000), Promise.resolve(1.45));
    expect(store.find('u1', reading.subarray(0, 3 * 16000 - 1))).toBeUndefined();
    const changed = reading.slice();
    changed[100] = (changed[100] ?? 0) + 1;
    expect(store.find('u1', changed)).toBeUndefined();
    expect(store.find('u1', audio(6, 2))).toBeUndefined();
    // dropped audio at the start (a stream that lost a chunk): the samples no longer line up
    expect(store.find('u1', reading.subarray(1600))).toBeUndefined();
  });

  it("never gives a user another user's warp, even for the very same audio", () => {
    const store = createReadingWarpStore();
    const reading = audio(4);
    store.put('u1', reading, Promise.resolve(1.75));
    expect(store.find('u2', reading)).toBeUndefined();
    expect(store.known('u2')(reading)).toBeUndefined();
  });

  it('keeps one reading per user: a new one replaces and cancels the old', () => {
    const store = createReadingWarpStore();
    const cancel = vi.fn();
    const first = audio(3, 1);
    store.put('u1', first, new Promise(() => undefined), cancel);
    store.put('u1', audio(3, 2), Promise.resolve(1.3));
    expect(cancel).toHaveBeenCalledOnce();
    expect(store.find('u1', first)).toBeUndefined();
    expect(store.size).toBe(1);
  });

  it('answers null for a failed search', async () => {
    const store = createReadingWarpStore();
    const reading = audio(3);
    store.put('u1', reading, Promise.reject(new Error('decoder failed')));
    expect(await store.find('u1', reading)).toBeNull();
  });

  it('forgets a warp after its time, and the oldest user beyond the bound', () => {
    vi.useFakeTimers();
    const store = createReadingWarpStore({ ttlMs: 1000, maxUsers: 2 });
    const cancel = vi.fn();
    store.put('u1', audio(1, 1), Promise.resolve(1.3), cancel);
    store.put('u2', audio(1, 2), Promise.resolve(1.3));
    store.put('u3', audio(1, 3), Promise.resolve(1.3));
    expect(store.size).toBe(2);
    expect(cancel).toHaveBeenCalledOnce(); // u1, the oldest, went
    expect(store.find('u1', audio(1, 1))).toBeUndefined();
    expect(store.find('u3', audio(1, 3))).toBeDefined();
    vi.advanceTimersByTime(1001);
    expect(store.size).toBe(0);
    expect(store.find('u3', audio(1, 3))).toBeUndefined();
  });
});

describe('the early warp chooser', () => {
  /** A search that notes the audio it was given. */
  function fakeSearch(answer = 1.6) {
    const seen: number[] = [];
    const search: WarpSearch = async ({ audio: a }) => {
      seen.push(a.samples.length);
      return answer;
    };
    return { search, seen };
  }

  it('searches once, on the first prefixSeconds of the audio, as soon as they have arrived', async () => {
    const store = createReadingWarpStore();
    const { search, seen } = fakeSearch();
    const chooser = createReadingWarpChooser(search, [], store, 'u1', { prefixSeconds: 3 });
    const reading = audio(8);
    for (let k = 1600; k <= reading.length; k += 1600) chooser.update(reading.subarray(0, k));
    chooser.finish(reading);
    expect(seen).toEqual([3 * 16000]);
    expect(chooser.started).toBe(true);
    expect(await store.find('u1', reading)).toBe(1.6);
  });

  it('searches a shorter reading whole at the stop, and none under minSeconds', async () => {
    const store = createReadingWarpStore();
    const { search, seen } = fakeSearch(1.45);
    const short = audio(2.5);
    const chooser = createReadingWarpChooser(search, [], store, 'u1', { prefixSeconds: 3, minSeconds: 1 });
    chooser.update(short);
    expect(seen).toEqual([]);
    chooser.finish(short);
    expect(seen).toEqual([short.length]);
    expect(await store.find('u1', short)).toBe(1.45);
    const tiny = createReadingWarpChooser(search, [], store, 'u2', { prefixSeconds: 3, minSeconds: 1 });
    tiny.finish(audio(0.5));
    expect(tiny.started).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('waits its turn in the line, and gives up when the line is full', async () => {
    const line = createWarpSearchLine(1, 1);
    let release = () => {};
    const slow = () => new Promise<number>((resolve) => (release = () => resolve(1.3)));
    const a = line.run(slow, new AbortController().signal);
    const b = line.run(async () => 1.6, new AbortController().signal);
    const c = line.run(async () => 1.9, new AbortController().signal);
    expect(await c).toBeNull(); // one running, one waiting: full
    expect(line.busy).toBe(2);
    await Promise.resolve();
    release();
    expect(await a).toBe(1.3);
    expect(await b).toBe(1.6);
    const stopped = new AbortController();
    stopped.abort();
    expect(await line.run(async () => 1.6, stopped.signal)).toBeNull();
    expect(line.busy).toBe(0);
  });
});
