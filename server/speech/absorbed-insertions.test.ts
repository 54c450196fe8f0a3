import { describe, expect, it } from 'vitest';
import { alignReading } from '#core/fluency/align.ts';
import { normaliseHeard, tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import { absorbedInsertions, explainedByInsertion, joinedParts } from '#server/speech/absorbed-insertions.ts';

/** CMU phones (as pocketsphinx-en-us's dictionary, no stress marks). */
const PHONES: Record<string, string[]> = {
  the: ['DH AH'],
  conference: ['K AA N F ER AH N S'],
  conferences: ['K AA N F ER AH N S AH Z', 'K AA N F ER AH N S IH Z'],
  is: ['IH Z'],
  full: ['F UH L'],
  while: ['W AY L', 'HH W AY L'],
  whole: ['HH OW L'],
  hold: ['HH OW L D'],
  duck: ['D AH K'],
  dock: ['D AA K'],
  swam: ['S W AE M'],
  away: ['AH W EY'],
  might: ['M AY T'],
  mighty: ['M AY T IY'],
  even: ['IY V IH N'],
  cup: ['K AH P'],
  cups: ['K AH P S'],
  jump: ['JH AH M P'],
  jumped: ['JH AH M P T'],
  then: ['DH EH N'],
  so: ['S OW'],
};
const pronunciations = (w: string) => (PHONES[w] ?? []).map((p) => p.split(' '));
const phones = (w: string) => pronunciations(w);
const heardWords = (text: string): HeardWord[] =>
  text.split(' ').map((word, k) => ({ word, start: k / 2, end: (k + 1) / 2 - 0.01 }));

describe('explainedByInsertion', () => {
  it('is true when the heard word is the printed word with the inserted word after it (conference is → conferences)', () => {
    expect(explainedByInsertion(phones('conference'), phones('conferences'), phones('is'), false)).toBe(true);
  });

  it('is true when the heard word sounds like the inserted word said before the printed one (hold while → whole)', () => {
    expect(explainedByInsertion(phones('while'), phones('whole'), phones('hold'), true)).toBe(true);
  });

  it('is false for a misreading the inserted word does not explain (duck → dock beside "the")', () => {
    expect(explainedByInsertion(phones('duck'), phones('dock'), phones('the'), false)).toBe(false);
    expect(explainedByInsertion(phones('duck'), phones('dock'), phones('the'), true)).toBe(false);
  });

  it('takes the order said into account', () => {
    // "is" said before "conference" does not make "conferences"
    expect(explainedByInsertion(phones('conference'), phones('conferences'), phones('is'), true)).toBe(false);
  });

  it('is true when the heard word is the printed word with the first sounds of the inserted word (might *even* → mighty)', () => {
    expect(explainedByInsertion(phones('might'), phones('mighty'), phones('even'), false)).toBe(true);
    // said before the printed word, the inserted word's first sounds do not touch it
    expect(explainedByInsertion(phones('might'), phones('mighty'), phones('even'), true)).toBe(false);
  });

  it('needs the part to explain the heard word strictly better than the printed word does', () => {
    // "jumped" is one sound from "jump", and one from "jump" + the "th" of "then": a real added ending stays
    expect(explainedByInsertion(phones('jump'), phones('jumped'), phones('then'), false)).toBe(false);
    // "cups" beside an added "so" is "cup" + its "s": the sound is there either way, so it is a doubt
    expect(explainedByInsertion(phones('cup'), phones('cups'), phones('so'), false)).toBe(true);
  });

  it('is false when a word has no pronunciation', () => {
    expect(explainedByInsertion([], phones('conferences'), phones('is'), false)).toBe(false);
    expect(explainedByInsertion(phones('conference'), phones('conferences'), [], false)).toBe(false);
  });
});

describe('joinedParts', () => {
  it('gives the whole inserted word, then the parts that touch the printed word, longest first', () => {
    expect(joinedParts(['IY', 'V', 'IH', 'N'], false)).toEqual([
      ['IY', 'V', 'IH', 'N'],
      ['IY', 'V', 'IH'],
      ['IY', 'V'],
      ['IY'],
    ]);
    expect(joinedParts(['DH', 'AH'], true)).toEqual([['DH', 'AH'], ['AH']]);
    expect(joinedParts(['AH'], true)).toEqual([['AH']]);
  });
});

describe('absorbedInsertions', () => {
  const passage = tokenisePassage('The conference full.');
  const insertion = { afterIndex: 1, word: 'is', start: 1, end: 1.2 };

  it('scores the printed word as read and unsure, and names the inserted word', () => {
    const heard = heardWords('the conferences full');
    const { words, found } = absorbedInsertions(heard, passage, [insertion], pronunciations);
    expect(words[1]).toMatchObject({ word: 'conference', unsure: true, start: heard[1]!.start });
    expect(heard[1]!.word).toBe('conferences');
    expect(found).toEqual([{ index: 1, heard: 'conferences', insertion }]);
    expect(alignReading(passage, normaliseHeard(words)).words.map((w) => w.status)).toEqual([
      'correct',
      'correct',
      'correct',
    ]);
  });

  it('looks at the word after an insertion too', () => {
    const p = tokenisePassage('The duck while away.');
    const hold = { afterIndex: 1, word: 'hold', start: 1, end: 1.2 };
    const { words } = absorbedInsertions(heardWords('the duck whole away'), p, [hold], pronunciations);
    expect(words[2]).toMatchObject({ word: 'while', unsure: true });
  });

  it('scores unclear sound beside the insertion as the word read', () => {
    const { words, found } = absorbedInsertions(
      heardWords('the [unclear] full'),
      passage,
      [insertion],
      pronunciations,
    );
    expect(words[1]).toMatchObject({ word: 'conference', unsure: true });
    expect(found).toEqual([{ index: 1, heard: '[unclear]', insertion }]);
  });

  it('leaves a real misreading beside an insertion, and a word the near-miss checks made', () => {
    const p = tokenisePassage('The duck swam away.');
    const the = { afterIndex: 1, word: 'the', start: 1, end: 1.2 };
    const heard = heardWords('the dock swam away');
    expect(absorbedInsertions(heard, p, [the], pronunciations).found).toEqual([]);
    const absorbed = heardWords('the conferences full');
    expect(
      absorbedInsertions(absorbed, passage, [insertion], pronunciations, new Set([absorbed[1]!.start])).found,
    ).toEqual([]);
  });

  it('changes nothing without an insertion beside the word', () => {
    const heard = heardWords('the conferences full');
    const far = { afterIndex: 2, word: 'is', start: 1.5, end: 1.6 };
    expect(absorbedInsertions(heard, passage, [], pronunciations).words).toEqual(heard);
    expect(absorbedInsertions(heard, passage, [far], pronunciations).words[1]!.word).toBe('conferences');
  });
});
