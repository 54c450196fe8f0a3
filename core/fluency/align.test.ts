import { describe, expect, it } from 'vitest';
import { alignReading, rereadTokens } from '#core/fluency/align.ts';
import { normaliseHeard, tokenisePassage, type HeardWord } from '#core/text/normalize.ts';

/** Heard words 0.4 s long with 0.1 s gaps; `|N|` inserts an N-second pause. */
function say(script: string): HeardWord[] {
  const out: HeardWord[] = [];
  let t = 0.5;
  for (const w of script.split(/\s+/).filter(Boolean)) {
    const pause = /^\|([\d.]+)\|$/.exec(w);
    if (pause) {
      t += Number(pause[1]);
      continue;
    }
    out.push({ word: w, start: t, end: t + 0.4 });
    t += 0.5;
  }
  return out;
}

const PASSAGE = 'The little dog ran to the big red barn.';
const align = (passage: string, script: string) =>
  alignReading(tokenisePassage(passage), normaliseHeard(say(script)));
const statuses = (passage: string, script: string) => align(passage, script).words.map((w) => w.status);

describe('alignReading', () => {
  it('marks a clean reading all correct with times', () => {
    const r = align(PASSAGE, 'the little dog ran to the big red barn');
    expect(r.words.every((w) => w.status === 'correct')).toBe(true);
    expect(r.words[0]).toMatchObject({
      index: 0,
      text: 'The',
      heard: 'the',
      start: 0.5,
      end: 0.9,
      hesitation: false,
    });
    expect(r.insertions).toEqual([]);
    expect(r.repetitions).toEqual([]);
  });

  it('marks an omission', () => {
    const s = statuses(PASSAGE, 'the little dog ran to the red barn');
    expect(s[6]).toBe('omission');
    expect(s.filter((x) => x !== 'correct')).toEqual(['omission']);
  });

  it('marks a substitution and what was heard', () => {
    const r = align(PASSAGE, 'the little dog ran to the big red house');
    expect(r.words[8]).toMatchObject({ status: 'substitution', heard: 'house' });
    expect(r.insertions).toEqual([]);
  });

  it('lists an insertion without making it an error', () => {
    const r = align(PASSAGE, 'the little dog ran very fast to the big red barn');
    expect(r.words.every((w) => w.status === 'correct')).toBe(true);
    expect(r.insertions.map((i) => [i.afterIndex, i.heard])).toEqual([
      [3, 'very'],
      [3, 'fast'],
    ]);
  });

  it('lists repetitions of words and phrases without making them errors', () => {
    const r = align(PASSAGE, 'the little dog ran ran to the big the big red barn');
    expect(r.words.every((w) => w.status === 'correct')).toBe(true);
    expect(r.repetitions.map((x) => x.index)).toEqual([3, 5, 6]);
    expect(r.insertions).toEqual([]);
  });

  it('lists an earlier word said on its own out of place as an insertion, not a repetition', () => {
    // "little" said between "ran" and "to": no re-reading reaches "ran", so it was inserted
    const r = align(PASSAGE, 'the little dog ran little to the big red barn');
    expect(r.words.every((w) => w.status === 'correct')).toBe(true);
    expect(r.repetitions).toEqual([]);
    expect(r.insertions.map((i) => [i.afterIndex, i.heard])).toEqual([[3, 'little']]);
    // a re-read run that reaches the last word read stays a repetition
    expect(
      align(PASSAGE, 'the little dog ran dog ran to the big red barn').repetitions.map((x) => x.index),
    ).toEqual([2, 3]);
  });

  it('marks a self-correction (attempt then the right word) as self_correction', () => {
    const r = align(PASSAGE, 'the little dog ran to the big red bark barn');
    expect(r.words[8]).toMatchObject({ status: 'self_correction', heard: 'bark barn', start: 4.5 });
    expect(r.insertions).toEqual([]);
  });

  it('pairs a near form with its word, not with another word that follows it, when no correction comes', () => {
    // LibriVox "he might even have been" against a printed "he might have been": heard "mighty been".
    const r = align('He might have been made.', 'he mighty been have been made');
    expect(r.words[1]).toMatchObject({ status: 'substitution', heard: 'mighty', start: 1 });
    expect(r.insertions).toEqual([{ afterIndex: 1, heard: 'been', start: 1.5, end: 1.9 }]);
    // An attempt followed by the word itself is still a self-correction.
    expect(align('He might have been made.', 'he mighty might have been made').words[1]?.status).toBe(
      'self_correction',
    );
  });

  it('marks a self-correction with a restart of the phrase', () => {
    const r = align(PASSAGE, 'the little dug the little dog ran to the big red barn');
    expect(r.words[2]?.status).toBe('self_correction');
    expect(r.words.filter((w) => w.status !== 'correct').length).toBe(1);
    expect(r.repetitions.map((x) => x.index)).toEqual([0, 1]);
  });

  it('does not accept a correction that comes more than 3 s later as a self-correction', () => {
    const r = align(PASSAGE, 'the little dog ran to the big red bark |4| barn');
    expect(r.words[8]?.status).not.toBe('self_correction');
  });

  it('marks words after the last word reached as not_reached', () => {
    expect(statuses(PASSAGE, 'the little dog ran')).toEqual([
      'correct',
      'correct',
      'correct',
      'correct',
      'not_reached',
      'not_reached',
      'not_reached',
      'not_reached',
      'not_reached',
    ]);
  });

  it('carries a word the recogniser is unsure of as read, flagged unsure, and keeps phones heard as one token', () => {
    const heard = say('the little dog ran to the big red barn').map((h, k) =>
      k === 3 ? { ...h, unsure: true } : k === 8 ? { ...h, word: '/b-ao-r-n/' } : h,
    );
    const r = alignReading(tokenisePassage(PASSAGE), normaliseHeard(heard));
    expect(r.words[3]).toMatchObject({ text: 'ran', status: 'correct', unsure: true });
    expect(r.words.filter((w) => w.unsure)).toHaveLength(1);
    expect(r.words[8]).toMatchObject({ status: 'substitution', heard: '/b-ao-r-n/', unsure: false });
  });

  it('flags a hesitation longer than 3 s before a word', () => {
    const r = align(PASSAGE, 'the little dog |3.5| ran to the big red barn');
    expect(r.words.map((w) => w.hesitation)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(align(PASSAGE, 'the little dog |2| ran to the big red barn').words.some((w) => w.hesitation)).toBe(
      false,
    );
  });

  it('matches numerals, ordinals, years and abbreviations read as words', () => {
    const passage = 'Mr. Li got 42 cats on the 1st of May in 1999.';
    const r = align(passage, 'mister li got forty two cats on the first of may in nineteen ninety nine');
    expect(r.words.map((w) => w.status).every((s) => s === 'correct')).toBe(true);
    expect(r.words[3]).toMatchObject({ text: '42', heard: 'forty two' });
    const alt = align(
      passage,
      'mister li got 42 cats on the first of may in one thousand nine hundred ninety nine',
    );
    expect(alt.words.every((w) => w.status === 'correct')).toBe(true);
  });

  it('matches hyphenated words and contractions', () => {
    const r = align("My mother-in-law can't find the x-ray.", "my mother in law can't find the x ray");
    expect(r.words.every((w) => w.status === 'correct')).toBe(true);
  });

  it('handles repeated passage words without confusing positions', () => {
    const s = statuses('the cat and the dog and the hen', 'the cat and the dog the hen');
    expect(s).toEqual([
      'correct',
      'correct',
      'correct',
      'correct',
      'correct',
      'omission',
      'correct',
      'correct',
    ]);
  });

  it('prefers pairing a substitution with the word it resembles', () => {
    const r = align('the big red barn is old', 'the big barks is old');
    expect(r.words[2]?.status).toBe('omission');
    expect(r.words[3]).toMatchObject({ status: 'substitution', heard: 'barks' });
  });

  it('takes a passage word heard one place early as that word, after an omission', () => {
    // "the" skipped, "broken" read, then an unclear extra sound: not two shifted substitutions
    const r = align('they replaced the broken glass', 'they replaced broken [unclear] glass');
    expect(r.words.map((w) => w.status)).toEqual(['correct', 'correct', 'omission', 'correct', 'correct']);
    expect(r.insertions.map((i) => [i.afterIndex, i.heard])).toEqual([[3, '[unclear]']]);
  });

  it('returns all not_reached for an empty reading and nothing for an empty passage', () => {
    expect(statuses(PASSAGE, '').every((s) => s === 'not_reached')).toBe(true);
    const r = align('', 'hello there');
    expect(r.words).toEqual([]);
    expect(r.insertions.length).toBe(2);
  });
});

describe('alignReading at the end of a reading', () => {
  it('marks a misread last word as a substitution, not an unfinished attempt', () => {
    const r = alignReading(
      tokenisePassage('The cat sat on the hat.'),
      normaliseHeard(say('the cat sat on the mat')),
    );
    expect(r.words[5]).toMatchObject({ status: 'substitution', heard: 'mat' });
  });
});

describe('rereadTokens', () => {
  const at = (repeats: number, afterIndex: number) => ({ repeats, afterIndex });
  it('keeps runs of earlier words in order that reach the word read last', () => {
    const run = [at(9, 10), at(10, 10)];
    expect([...rereadTokens(run)]).toEqual(run);
    // a multi-token word repeats one passage word twice ("nineteen fifty")
    const multi = [at(4, 5), at(5, 5), at(5, 5)];
    expect(rereadTokens(multi).size).toBe(3);
  });

  it('leaves out a word repeated out of place, a broken run and a run that stops short', () => {
    expect(rereadTokens([at(53, 56)]).size).toBe(0);
    expect(rereadTokens([at(7, 10), at(10, 10)]).size).toBe(1);
    expect(rereadTokens([at(8, 10), at(9, 10)]).size).toBe(0);
    expect(rereadTokens([at(9, 10), at(-1, 10), at(10, 10)]).size).toBe(1);
  });
});
