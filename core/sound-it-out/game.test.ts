import { describe, expect, it } from 'vitest';
import { BUILDER_WORDS } from '../word-builder/words.ts';
import {
  answer,
  BLENDS_AFTER,
  CARDS,
  clueLine,
  distractorsFor,
  giveClue,
  nextRound,
  rightLine,
  soundsCaption,
  soundSteps,
  startPlaying,
  wordsForLevel,
  wrongLine,
} from './game.ts';
import { isPhone } from './phones.ts';
import { BLEND_WORDS, CVC_WORDS, isSoundWord, SOUND_WORDS, soundWord } from './words.ts';

/** A seeded uniform source (mulberry32), so many rounds can be checked. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the words', () => {
  it('have one known phone per letter, a builder picture, and distinct names and pictures', () => {
    for (const w of SOUND_WORDS) {
      expect(w.word).toMatch(/^[a-z]+$/);
      expect(w.phones, w.word).toHaveLength(w.word.length);
      for (const phone of w.phones) expect(isPhone(phone), `${w.word} ${phone}`).toBe(true);
      expect(BUILDER_WORDS.find((b) => b.word === w.word)?.picture).toBe(w.picture);
    }
    expect(new Set(SOUND_WORDS.map((w) => w.word)).size).toBe(SOUND_WORDS.length);
    expect(new Set(SOUND_WORDS.map((w) => w.picture)).size).toBe(SOUND_WORDS.length);
    expect(CVC_WORDS.every((w) => w.word.length === 3)).toBe(true);
    expect(BLEND_WORDS.every((w) => w.word.length === 4)).toBe(true);
  });

  it('finds a word by its exact text only', () => {
    expect(soundWord('cat').phones).toEqual(['k', 'ae', 't']);
    expect(isSoundWord('cat')).toBe(true);
    for (const bad of ['Cat', ' cat', 'fox', 'ship', '', 7, null]) expect(isSoundWord(bad)).toBe(false);
    expect(() => soundWord('fox')).toThrow(RangeError);
  });

  it('rejects phones off the list', () => {
    for (const bad of ['pau', 'K', 'k ', 'k;rm', '', 'xx', 1]) expect(isPhone(bad)).toBe(false);
  });
});

describe('a round', () => {
  it('gives CVC words first, and blends after ten words', () => {
    expect(wordsForLevel(0)).toBe(CVC_WORDS);
    expect(wordsForLevel(BLENDS_AFTER - 1)).toBe(CVC_WORDS);
    expect(wordsForLevel(BLENDS_AFTER)).toEqual([...CVC_WORDS, ...BLEND_WORDS]);
    for (let seed = 0; seed < 50; seed += 1)
      expect(nextRound({ today: [], total: 0 }, seeded(seed)).word.word).toHaveLength(3);
  });

  it('shows three different cards, one the word, and one other sharing its first sound when any does', () => {
    for (let seed = 0; seed < 400; seed += 1) {
      const round = nextRound({ today: [], total: 20 }, seeded(seed));
      expect(round.cards).toHaveLength(CARDS);
      expect(new Set(round.cards.map((c) => c.word)).size).toBe(CARDS);
      expect(round.cards.filter((c) => c.word === round.word.word)).toHaveLength(1);
      const others = round.cards.filter((c) => c.word !== round.word.word);
      const canShare = SOUND_WORDS.some(
        (w) => w.word !== round.word.word && w.phones[0] === round.word.phones[0],
      );
      expect(others.some((c) => c.phones[0] === round.word.phones[0])).toBe(canShare);
    }
  });

  it('shares the first sound exactly where the list allows (cat with cup; web with none)', () => {
    const [first] = distractorsFor(soundWord('cat'), () => 0);
    expect(first?.phones[0]).toBe('k');
    const web = distractorsFor(soundWord('web'), seeded(3));
    expect(web.every((w) => w.word !== 'web')).toBe(true);
    expect(web[0]!.word).not.toBe(web[1]!.word);
  });

  it('gives a word not sounded out today, never the one just played', () => {
    const today = CVC_WORDS.map((w) => w.word).filter((w) => w !== 'sun');
    for (let seed = 0; seed < 20; seed += 1)
      expect(nextRound({ today, total: 5 }, seeded(seed)).word.word).toBe('sun');
    // All played today: any but the last.
    const all = CVC_WORDS.map((w) => w.word);
    for (let seed = 0; seed < 50; seed += 1)
      expect(nextRound({ today: all, total: 5 }, seeded(seed), 'cat').word.word).not.toBe('cat');
  });
});

describe('answers', () => {
  const round = { word: soundWord('cat'), cards: [soundWord('cup'), soundWord('cat'), soundWord('dog')] };

  it('wins with the word, and gives the clue after two different wrong cards', () => {
    const start = startPlaying(round);
    expect(answer(start, 'cat').outcome).toBe('right');
    const one = answer(start, 'dog');
    expect(one).toMatchObject({ outcome: 'wrong', playing: { wrong: ['dog'], clue: false } });
    // The same wrong card twice counts once.
    expect(answer(one.playing, 'dog').playing).toMatchObject({ wrong: ['dog'], clue: false });
    const two = answer(one.playing, 'cup');
    expect(two.playing).toMatchObject({ wrong: ['dog', 'cup'], clue: true });
    expect(answer(two.playing, 'cat').outcome).toBe('right');
    expect(giveClue(start).clue).toBe(true);
    expect(() => answer(start, 'pig')).toThrow(RangeError);
  });

  it('says what Sparky says, naming the card pressed or heard', () => {
    const start = startPlaying(round);
    expect(rightLine('cat')).toBe('Yes! cat!');
    const wrong = answer(start, 'dog').playing;
    expect(wrongLine('dog', wrong)).toBe('That is dog. Listen again.');
    expect(wrongLine('dog', wrong, 'voice')).toBe('I heard dog. Listen again.');
    const clued = answer(wrong, 'cup').playing;
    expect(wrongLine('cup', clued)).toBe('That is cup. Here is a clue: it is cat. Find the star.');
    expect(clueLine(start)).toBe('Here is a clue: it is cat. Find the star.');
  });

  it('captions the sounds as they grow: c… / c… a… / c… a… t', () => {
    const cat = soundWord('cat');
    expect([0, 1, 2].map((i) => soundsCaption(cat, i))).toEqual(['c…', 'c… a…', 'c… a… t']);
    expect(soundSteps(soundWord('frog'))).toEqual([
      { phone: 'f', caption: 'f…' },
      { phone: 'r', caption: 'f… r…' },
      { phone: 'aa', caption: 'f… r… o…' },
      { phone: 'g', caption: 'f… r… o… g' },
    ]);
  });

  it('never deals van and bus on the same round', () => {
    for (let seed = 0; seed < 200; seed += 1) {
      let state = seed * 7919;
      const random = () => ((state = (state * 48271) % 2147483647) % 1000) / 1000;
      for (const word of ['van', 'bus', 'bat', 'vet'].filter((w) => SOUND_WORDS.some((s) => s.word === w))) {
        const cards = [word, ...distractorsFor(soundWord(word), random).map((w) => w.word)];
        expect(cards.includes('van') && cards.includes('bus')).toBe(false);
      }
    }
  });
});
