import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkReadingEnd } from './check-reading-end.ts';

afterEach(() => vi.unstubAllGlobals());

/** A result of "The cat sat." whose last two words were both reached, or both not reached. */
const result = (reached: boolean) => ({
  engine: 'pocketsphinx',
  durationSeconds: 4,
  readingSeconds: 3,
  wordsTotal: 3,
  wordsAttempted: reached ? 3 : 1,
  wordsCorrect: reached ? 3 : 1,
  errors: 0,
  wcpm: 40,
  accuracy: 100,
  fluencyScore: 50,
  words: ['The', 'cat', 'sat.'].map((text, index) =>
    index === 0 || reached
      ? { index, text, status: 'correct', heard: text, start: index, end: index + 0.5, hesitation: false }
      : { index, text, status: 'not_reached', heard: null, start: null, end: null, hesitation: false },
  ),
  insertions: [],
  repetitions: [],
});

describe('checkReadingEnd', () => {
  it('asks the scorer for the end-of-reading check only (purpose=reading_end) and reads the answer', async () => {
    const sent: { url: string; form: FormData }[] = [];
    let answer = result(true);
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, form: init.body as FormData });
      return new Response(JSON.stringify(answer), { status: 200 });
    });
    const audio = new Blob(['RIFF'], { type: 'audio/wav' });
    expect(await checkReadingEnd(audio, 'story-1')).toBe(true);
    answer = result(false);
    expect(await checkReadingEnd(audio, 'story-1')).toBe(false);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toBe('/api/fluency/score');
    expect(sent[0]!.form.get('storyId')).toBe('story-1');
    expect(sent[0]!.form.get('purpose')).toBe('reading_end');
    expect(sent[0]!.form.get('audio')).toBeInstanceOf(Blob);
  });

  it('answers false on a refusal or a network failure', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 429 }));
    expect(await checkReadingEnd(new Blob(['RIFF']), 'story-1')).toBe(false);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('network');
    });
    expect(await checkReadingEnd(new Blob(['RIFF']), 'story-1')).toBe(false);
  });
});
