import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tokenisePassage } from '#core/text/normalize.ts';
import { DEFAULT_CMUDICT, loadLexicon } from '#server/speech/lexicon.ts';
import { BENCH_PASSAGES, MISREADINGS } from './passages.ts';

describe('benchmark passages and misreadings', () => {
  it.runIf(existsSync(DEFAULT_CMUDICT))('no planted misreading sounds exactly like its word', () => {
    const lexicon = loadLexicon(DEFAULT_CMUDICT);
    const homophones = Object.entries(MISREADINGS).filter(([word, misread]) => {
      const own = new Set(lexicon.pronunciations(word));
      return lexicon.pronunciations(misread).some((p) => own.has(p));
    });
    expect(homophones).toEqual([]);
    // every word and misreading has a pronunciation, so the check above means something
    for (const [word, misread] of Object.entries(MISREADINGS)) {
      expect(lexicon.pronunciations(word), word).not.toEqual([]);
      expect(lexicon.pronunciations(misread), misread).not.toEqual([]);
    }
  });

  it('every misreading is of a word that some passage has, and differs from it', () => {
    const words = new Set(
      BENCH_PASSAGES.flatMap((p) => tokenisePassage(p.text).map((w) => w.spoken[0]?.join(' '))),
    );
    for (const [word, misread] of Object.entries(MISREADINGS)) {
      expect(words.has(word), word).toBe(true);
      expect(misread).not.toBe(word);
    }
  });
});
