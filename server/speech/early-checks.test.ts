import { describe, expect, it } from 'vitest';
import { createEarlyCheckStore, createEarlyChecker } from './early-checks.ts';

const RATE = 16000;

/** `seconds` of a 180 Hz tone (speech, as far as levels go) or of silence, 16 kHz. */
function tone(seconds: number): Int16Array {
  const s = new Int16Array(Math.round(seconds * RATE));
  for (let k = 0; k < s.length; k++) s[k] = Math.round(6000 * Math.sin((2 * Math.PI * 180 * k) / RATE));
  return s;
}
const silence = (seconds: number) => new Int16Array(Math.round(seconds * RATE));
function join(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Feeds `audio` to a checker as the socket does: the reading so far after each 0.1 s chunk. */
function feed(checker: { update(samples: Int16Array): void }, audio: Int16Array, from = 0): void {
  for (let end = from + 1600; end <= audio.length; end += 1600) checker.update(audio.subarray(0, end));
}

const words = [{ word: 'cat', start: 0.5, end: 0.9 }];

describe('the early check store', () => {
  it('answers the page only for the same samples followed by silence, and only to the same user', async () => {
    const store = createEarlyCheckStore();
    const checked = join(tone(2), silence(1));
    store.put('u1', checked, Promise.resolve(words));
    // the page's request: the same samples and 2 s more of silence
    expect(await store.find('u1', join(checked, silence(2)))).toEqual(words);
    expect(await store.find('u1', checked)).toEqual(words);
    // speech after them, other samples, shorter audio, another user: none
    expect(store.find('u1', join(checked, tone(0.5)))).toBeUndefined();
    expect(store.find('u1', join(tone(2.1), silence(1)))).toBeUndefined();
    expect(store.find('u1', checked.subarray(0, 16000))).toBeUndefined();
    expect(store.find('u2', join(checked, silence(2)))).toBeUndefined();
  });

  it('gives null for a failed check, stops the one it replaces or drops, and holds a user at a time', async () => {
    const store = createEarlyCheckStore({ maxUsers: 2 });
    const stopped: string[] = [];
    const checked = join(tone(2), silence(1));
    store.put('u1', checked, Promise.reject(new Error('decoder crashed')), () => stopped.push('u1 first'));
    expect(await store.find('u1', checked)).toBeNull();
    store.put('u1', checked, Promise.resolve(words), () => stopped.push('u1 second'));
    expect(stopped).toEqual(['u1 first']);
    store.drop('u1');
    expect(stopped).toEqual(['u1 first', 'u1 second']);
    expect(store.find('u1', checked)).toBeUndefined();
    for (const user of ['a', 'b', 'c'])
      store.put(user, checked, Promise.resolve(words), () => stopped.push(user));
    expect(store.size).toBe(2);
    expect(stopped.at(-1)).toBe('a');
  });
});

describe('the early checker', () => {
  it('starts one check after 1 s of silence once a fast reader could have read every word', () => {
    const started: number[] = [];
    const checker = createEarlyChecker({
      wordsTotal: 8, // 2 s of speech at 4 words a second
      start: (samples) => started.push(samples.length / RATE),
      stop: () => undefined,
    });
    // 1.5 s of speech and a long pause: too little speech for 8 words
    const reading = join(tone(1.5), silence(1.5), tone(1), silence(3));
    feed(checker, reading.subarray(0, 3 * RATE));
    expect(started).toEqual([]);
    feed(checker, reading, 3 * RATE);
    expect(started).toHaveLength(1);
    // 2.5 s of speech, then the check 1–1.25 s into the silence (it looks every 0.25 s)
    expect(started[0]).toBeGreaterThanOrEqual(5);
    expect(started[0]).toBeLessThanOrEqual(5.3);
  });

  it('stops a check that speech overtakes, and starts another only after 2 s more speech, at most four', () => {
    const events: string[] = [];
    const checker = createEarlyChecker({
      wordsTotal: 4,
      start: (samples) => events.push(`start ${(samples.length / RATE).toFixed(2)}`),
      stop: () => events.push('stop'),
    });
    // speech, a pause (check), 1 s of speech (stop; too little for another), a pause, 2 s more speech, a pause
    let reading = join(tone(1.5), silence(1.5));
    feed(checker, reading);
    expect(events).toHaveLength(1);
    const before = reading.length;
    reading = join(reading, tone(1), silence(1.5));
    feed(checker, reading, before);
    expect(events.slice(1)).toEqual(['stop']);
    const again = reading.length;
    reading = join(reading, tone(2), silence(1.5));
    feed(checker, reading, again);
    expect(events).toHaveLength(3);
    expect(events[2]).toMatch(/^start/);
    // at most four a reading
    for (let k = 0; k < 4; k++) {
      const at = reading.length;
      reading = join(reading, tone(2.5), silence(1.5));
      feed(checker, reading, at);
    }
    expect(events.filter((e) => e.startsWith('start'))).toHaveLength(4);
    // each new check after the reader spoke on; the last stopped, and no fifth
    expect(events.slice(3)).toEqual(['stop', 'start 12.60', 'stop', 'start 16.50', 'stop']);
  });
});
