/**
 * The phones of Sound It Out's words (core/sound-it-out/words.ts) against the CMU pronouncing dictionary the
 * recogniser uses (server/speech/lexicon.ts): each word's phones, stress removed, are one of its listed
 * pronunciations, so Sparky sounds out the word the child will say and be heard saying.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SOUND_WORDS } from '#core/sound-it-out/words.ts';
import { loadLexicon, type Lexicon } from '../../speech/lexicon.ts';

describe('the phones of each word', () => {
  let lexicon: Lexicon;
  beforeAll(() => {
    lexicon = loadLexicon();
  });

  it.each(SOUND_WORDS.map((w) => [w.word, w.phones.join(' ')] as const))(
    '%s is sounded %s, as the CMU dictionary says it',
    (word, phones) => {
      const listed = lexicon.pronunciations(word).map((p) => p.toLowerCase().replace(/\d/g, ''));
      expect(listed.length, `${word} is in the dictionary`).toBeGreaterThan(0);
      expect(listed).toContain(phones);
    },
  );
});
