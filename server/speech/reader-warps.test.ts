import { describe, expect, it } from 'vitest';
import { createReaderWarpStore, MAX_READERS, READER_WARP_TTL_MS } from '#server/speech/reader-warps.ts';

describe("reader warps (a reader's frequency warp kept between readings)", () => {
  it('keeps one warp per reader, replaced by their next full scoring, and forgets it on drop', () => {
    const store = createReaderWarpStore();
    expect(store.get('u1')).toBeUndefined();
    store.keep('u1', 1.6);
    store.keep('u2', 1);
    expect(store.get('u1')).toBe(1.6);
    expect(store.get('u2')).toBe(1);
    store.keep('u1', 1.45);
    expect(store.get('u1')).toBe(1.45);
    store.drop('u1');
    expect(store.get('u1')).toBeUndefined();
    expect(store.get('u2')).toBe(1);
    expect(store.size).toBe(1);
  });

  it('forgets a warp after the time to live (a school day by default)', () => {
    let now = 0;
    const store = createReaderWarpStore({ now: () => now });
    store.keep('u1', 1.6);
    now = READER_WARP_TTL_MS - 1;
    expect(store.get('u1')).toBe(1.6);
    now = READER_WARP_TTL_MS;
    expect(store.get('u1')).toBeUndefined();
    expect(store.size).toBe(0);
    expect(READER_WARP_TTL_MS).toBe(12 * 3600 * 1000);
  });

  it('holds at most maxReaders: a busy server forgets the warp set longest ago, not the newest', () => {
    const store = createReaderWarpStore({ maxReaders: 3 });
    for (const [k, id] of ['a', 'b', 'c', 'd'].entries()) store.keep(id, 1 + k / 10);
    expect(store.size).toBe(3);
    expect(store.get('a')).toBeUndefined();
    store.keep('b', 1.75); // b read again: now the newest
    store.keep('e', 1.3);
    expect(store.get('c')).toBeUndefined();
    expect(store.get('b')).toBe(1.75);
    expect(MAX_READERS).toBeGreaterThanOrEqual(1000);
  });

  it('refuses what is not a warp factor', () => {
    const store = createReaderWarpStore();
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0, -1.3, 0.4, 3.5])
      expect(() => store.keep('u1', bad)).toThrow(RangeError);
    expect(store.size).toBe(0);
  });
});
