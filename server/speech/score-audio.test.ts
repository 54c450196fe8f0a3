import { describe, expect, it } from 'vitest';
import { SpeechError } from './errors.ts';
import type { Recogniser } from './recogniser.ts';
import { MAX_PASSAGE_WORDS, scoreAudio } from './score-audio.ts';

const neverCalled: Recogniser = {
  name: 'never',
  recognise: () => Promise.reject(new Error('the recogniser must not run')),
};

describe('scoreAudio passage checks', () => {
  it('gives a passage over the word limit its own code, not passage_empty', async () => {
    const passage = Array.from({ length: MAX_PASSAGE_WORDS + 1 }, () => 'cat').join(' ');
    const error = await scoreAudio({
      wav: new Uint8Array(44),
      passageText: passage,
      recogniser: neverCalled,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechError);
    expect((error as SpeechError).code).toBe('passage_too_long');
    expect((error as SpeechError).status).toBe(422);
  });

  it('keeps passage_empty for a passage with no words', async () => {
    const error = await scoreAudio({
      wav: new Uint8Array(44),
      passageText: ' … ',
      recogniser: neverCalled,
    }).catch((e: unknown) => e);
    expect((error as SpeechError).code).toBe('passage_empty');
  });
});
