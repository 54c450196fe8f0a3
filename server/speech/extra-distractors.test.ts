import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignReading } from '#core/fluency/align.ts';
import { normaliseHeard, tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import type { HypsegSegment } from '#server/speech/gop.ts';
import {
  addInsertions,
  addSelfCorrections,
  insertionPlaces,
  joinNominatedAttempts,
  mergeCandidates,
  moonshineDoubts,
  preparePassage,
  unverifiedNominations,
} from '#server/speech/pocketsphinx.ts';
import type { VerifyEvidence } from '#server/speech/verify.ts';

const dir = mkdtempSync(join(tmpdir(), 'sparky-extra-'));
const dictPath = join(dir, 'small.dict');
writeFileSync(
  dictPath,
  [
    'run R AH N',
    'ran R AE N',
    'rum R AH M',
    'hat HH AE T',
    'hot HH AA T',
    'that DH AE T',
    'heat HH IY T',
  ].join('\n'),
);

describe('preparePassage extraDistractors (eleventh round experiment, default none)', () => {
  it('offers the extra words after the dictionary neighbours, once each, never the word itself', async () => {
    const passage = tokenisePassage('run hat');
    const options = { dictionaryPath: dictPath, wordFrequenciesPath: '', garbage: false };
    const plain = await preparePassage(passage, options);
    const more = await preparePassage(passage, {
      ...options,
      extraDistractors: { hat: ['ran', 'ran', ...(plain.distractors.get('hat') ?? [])], run: ['run'] },
    });
    expect(plain.distractors.get('hat')).not.toContain('ran');
    expect(more.distractors.get('hat')).toEqual([...(plain.distractors.get('hat') ?? []), 'ran']);
    expect(more.distractors.get('run')).toEqual(plain.distractors.get('run'));
    // "ran" is already run's neighbour: the grammar now offers it at "hat" too
    const arcs = (fsg: string) => fsg.split('\n').filter((l) => l.endsWith(' ran')).length;
    expect(arcs(more.fsg)).toBe(arcs(plain.fsg) + 1);
  });
});

describe('preparePassage extraInsertions', () => {
  it('gives an inserted word its pronunciation and a place of its own in the grammar', async () => {
    const passage = tokenisePassage('run hat');
    const options = { dictionaryPath: dictPath, wordFrequenciesPath: '', garbage: false };
    const plain = await preparePassage(passage, options);
    const more = await preparePassage(passage, { ...options, extraInsertions: new Map([[1, ['heat']]]) });
    expect(plain.fsg).not.toMatch(/^TRANSITION 1 1 \S+ heat$/m);
    expect(more.fsg).toMatch(/^TRANSITION 1 1 \S+ heat$/m);
    expect(more.dictLines).toContain('heat HH IY T');
  });
});

describe('preparePassage nominations', () => {
  it('lists the words that came only from extraDistractors, and ignores Object.prototype names', async () => {
    const passage = tokenisePassage('run hat constructor');
    const options = { dictionaryPath: dictPath, wordFrequenciesPath: '', garbage: false };
    const plain = await preparePassage(passage, options);
    expect(plain.nominated.size).toBe(0);
    const more = await preparePassage(passage, {
      ...options,
      extraDistractors: { hat: ['ran', 'heat'], run: ['run'] },
    });
    // "heat" is among hat's own neighbours already: only "ran" is a nomination
    expect(plain.distractors.get('hat')).toContain('heat');
    expect([...(more.nominated.get('hat') ?? [])]).toEqual(['ran']);
    expect(more.nominated.has('run')).toBe(false);
    expect(more.nominated.has('constructor')).toBe(false);
  });
});

describe('mergeCandidates', () => {
  it('joins two lists by token, each word once, with no prototype behind the keys', () => {
    const out = mergeCandidates({ hat: ['hot'], run: ['ran'] }, { hat: ['hot', 'hit'], constructor: ['x'] });
    expect(out).toEqual({ hat: ['hot', 'hit'], run: ['ran'], constructor: ['x'] });
    expect(mergeCandidates(undefined, undefined)).toEqual({});
  });
});

describe('insertionPlaces', () => {
  it("puts each of Moonshine's insertions at the grammar position after the word it follows, each word once there", () => {
    const passage = tokenisePassage('The dog ran to the red ball and sat down.');
    const at = (afterIndex: number, word: string) => ({ afterIndex, word, start: 1, end: 1.2 });
    expect(insertionPlaces([at(4, 'big'), at(0, 'very'), at(4, 'old'), at(4, 'big')], passage)).toEqual(
      new Map([
        [5, ['big', 'old']],
        [1, ['very']],
      ]),
    );
    expect(insertionPlaces([], passage)).toEqual(new Map());
  });

  it('leaves out a word that begins as the next passage word does (an attempt at it: "ruin… run", "sit… sat")', () => {
    const passage = tokenisePassage('The dog ran to the red ball and sat down.');
    const at = (afterIndex: number, word: string) => ({ afterIndex, word, start: 1, end: 1.2 });
    expect(insertionPlaces([at(1, 'ruin'), at(7, 'sit'), at(7, 'then')], passage)).toEqual(
      new Map([[8, ['then']]]),
    );
  });
});

const heardWords = (text: string): HeardWord[] =>
  text.split(' ').map((word, k) => ({ word, start: k / 2, end: (k + 1) / 2 - 0.01 }));
const segmentsOf = (heard: HeardWord[]): HypsegSegment[] =>
  heard.map((h, k) => ({
    unit: h.word,
    start: Math.round(h.start * 100),
    end: Math.round(h.end * 100),
    score: -100 * (k + 1),
  }));

describe('joinNominatedAttempts', () => {
  const passage = tokenisePassage('began to howl around');
  const nominated = new Map([['howl', new Set(['hire'])]]);

  it('joins a nominated word heard just before its own word to that word (times and first-pass score)', () => {
    const heard = heardWords('began to hire howl around');
    const out = joinNominatedAttempts(heard, segmentsOf(heard), passage, nominated);
    expect(out.heard.map((h) => h.word)).toEqual(['began', 'to', 'howl', 'around']);
    expect(out.heard[2]).toMatchObject({ start: 1, end: 1.99 });
    expect(out.segments.map((s) => [s.unit, s.start, s.score])).toEqual([
      ['began', 0, -100],
      ['to', 50, -200],
      ['howl', 100, -700],
      ['around', 200, -500],
    ]);
    expect(heard).toHaveLength(5);
  });

  it('leaves a nominated word that the alignment gives to its own passage word', () => {
    const story = tokenisePassage('the red barn');
    const heard = heardWords('the red barn');
    const out = joinNominatedAttempts(heard, segmentsOf(heard), story, new Map([['barn', new Set(['red'])]]));
    expect(out.heard).toEqual(heard);
  });

  it('leaves a nominated word taken as the substitution, a dictionary distractor, and readings without nominations', () => {
    const substituted = heardWords('began to hire around');
    expect(joinNominatedAttempts(substituted, segmentsOf(substituted), passage, nominated).heard).toEqual(
      substituted,
    );
    const attempt = heardWords('began to how howl around');
    expect(joinNominatedAttempts(attempt, segmentsOf(attempt), passage, nominated).heard).toEqual(attempt);
    const heard = heardWords('began to hire howl around');
    expect(joinNominatedAttempts(heard, segmentsOf(heard), passage, new Map()).heard).toEqual(heard);
  });
});

describe('unverifiedNominations', () => {
  const passage = tokenisePassage('we went to the garden');
  const nominated = new Map([['garden', new Set(['guarding'])]]);
  const heard = heardWords('we went to the guarding');
  const assignment = [-1, -1, -1, -1, 4];
  const evidence = (best?: string): VerifyEvidence[] => [
    {
      candidate: {
        index: 4,
        heardIndex: 4,
        expected: 'garden',
        heard: 'guarding',
        alternatives: ['guarding'],
        startFrame: 150,
        endFrame: 250,
        wordFrames: 49,
      },
      expected: -5000,
      ...(best ? { bestAlternative: { word: best, score: -4000 } } : {}),
    },
  ];

  it('keeps a nominated substitution the second pass checked', () => {
    expect(
      unverifiedNominations(heard, passage, assignment, evidence('guarding'), nominated)[4],
    ).toMatchObject({
      word: 'guarding',
    });
  });

  it('takes back, as read and unsure, one the second pass did not check', () => {
    for (const e of [[], evidence()]) {
      const out = unverifiedNominations(heard, passage, assignment, e, nominated);
      expect(out[4]).toMatchObject({ word: 'garden', unsure: true });
      expect(heard[4]!.word).toBe('guarding');
    }
  });

  it('leaves a dictionary distractor unchecked as it was (the first pass alone decides, as before)', () => {
    const own = heardWords('we went to the harden');
    expect(unverifiedNominations(own, passage, assignment, [], nominated)[4]!.word).toBe('harden');
  });
});

describe('addSelfCorrections', () => {
  const passage = tokenisePassage('the lamp was on');

  it('puts the attempts before a word read, at its start and without length: a self-correction', () => {
    const heard = heardWords('the lamp was on');
    const out = addSelfCorrections(heard, passage, [{ index: 1, attempts: ['lump'] }]);
    expect(out.map((h) => [h.word, h.start, h.end])).toEqual([
      ['the', 0, 0.49],
      ['lump', 0.5, 0.5],
      ['lamp', 0.5, 0.99],
      ['was', 1, 1.49],
      ['on', 1.5, 1.99],
    ]);
    const scored = alignReading(passage, normaliseHeard(out)).words;
    expect(scored[1]).toMatchObject({ status: 'self_correction', heard: 'lump lamp', start: 0.5 });
    expect(scored.filter((w) => w.status === 'correct')).toHaveLength(3);
  });

  it('leaves a word the scorer has as an error, and an attempt that would change another word', () => {
    const misread = heardWords('the lump was on');
    expect(addSelfCorrections(misread, passage, [{ index: 1, attempts: ['lump'] }])).toEqual(misread);
    // "was" before "lamp" is no attempt at it (an insertion, not a self-correction): left out
    const heard = heardWords('the lamp was on');
    expect(addSelfCorrections(heard, passage, [{ index: 1, attempts: ['was'] }])).toEqual(heard);
  });
});

describe('addInsertions', () => {
  const passage = tokenisePassage('they go to school');

  it('lists a word Moonshine heard between two words the scorer heard, kept inside their gap', () => {
    const heard: HeardWord[] = [
      { word: 'they', start: 0, end: 0.3 },
      { word: 'go', start: 0.8, end: 1 },
      { word: 'to', start: 1.05, end: 1.2 },
      { word: 'school', start: 1.25, end: 1.7 },
    ];
    const out = addInsertions(heard, passage, [{ afterIndex: 0, word: 'really', start: 0.2, end: 0.6 }]);
    expect(out[1]).toEqual({ word: 'really', start: 0.3, end: 0.6 });
    const scored = alignReading(passage, normaliseHeard(out));
    expect(scored.insertions).toEqual([{ afterIndex: 0, heard: 'really', start: 0.3, end: 0.6 }]);
    expect(scored.words.every((w) => w.status === 'correct')).toBe(true);
  });

  it('adds nothing where the scorer lists an insertion already, or where a word around it was not heard', () => {
    const withOne = heardWords('they big go to school');
    expect(
      addInsertions(withOne, passage, [{ afterIndex: 0, word: 'really', start: 0.5, end: 0.9 }]),
    ).toEqual(withOne);
    const skipped = heardWords('they to school');
    expect(
      addInsertions(skipped, passage, [{ afterIndex: 0, word: 'really', start: 0.5, end: 0.9 }]),
    ).toEqual(skipped);
  });

  it("names the scorer's own insertion with Moonshine's word for an absorbed insertion, and only for one", () => {
    // the first pass, which has no path for a word the passage lacks, heard the added "really" as another word
    const withOther = heardWords('they big go to school');
    expect(alignReading(passage, normaliseHeard(withOther)).insertions).toHaveLength(1);
    const really = { afterIndex: 0, word: 'really', start: 0.5, end: 0.9 };
    const named = addInsertions(withOther, passage, [really], new Set([really]));
    const scored = alignReading(passage, normaliseHeard(named));
    expect(scored.insertions).toEqual([expect.objectContaining({ afterIndex: 0, heard: 'really' })]);
    expect(scored.words.map((w) => w.status)).toEqual(
      alignReading(passage, normaliseHeard(withOther)).words.map((w) => w.status),
    );
    expect(named).toHaveLength(withOther.length);
    // not named: the scorer's word stays
    expect(addInsertions(withOther, passage, [really])).toEqual(withOther);
  });

  it('adds nothing that would split a hesitation (a pause over 3 s before the next word)', () => {
    const heard: HeardWord[] = [
      { word: 'they', start: 0, end: 0.3 },
      { word: 'go', start: 4, end: 4.3 },
      { word: 'to', start: 4.35, end: 4.5 },
      { word: 'school', start: 4.55, end: 5 },
    ];
    expect(alignReading(passage, normaliseHeard(heard)).words[1]?.hesitation).toBe(true);
    expect(addInsertions(heard, passage, [{ afterIndex: 0, word: 'really', start: 2, end: 2.4 }])).toEqual(
      heard,
    );
  });
});

describe('moonshineDoubts (thirteenth round)', () => {
  const passage = tokenisePassage('we still wanted to answer');
  const heard = heardWords('we still want to answer');
  const start = heard[2]!.start;

  it('takes back, as read and unsure, a substitution the second pass did not confirm where Moonshine heard the word as printed', () => {
    const out = moonshineDoubts(heard, passage, [0, 1, 2, 3, 4], new Map());
    expect(out[2]).toMatchObject({ word: 'wanted', unsure: true });
    expect(heard[2]!.word).toBe('want');
    expect(alignReading(passage, normaliseHeard(out)).words[2]!.status).toBe('correct');
  });

  it('takes back an unclear sound aligned to the word too', () => {
    const unclear = heardWords('we still [unclear] to answer');
    expect(moonshineDoubts(unclear, passage, [2], new Map())[2]).toMatchObject({
      word: 'wanted',
      unsure: true,
    });
  });

  it('keeps one the second pass confirmed, one made by the near-miss or own-vowel checks, and one Moonshine did not hear as printed', () => {
    expect(moonshineDoubts(heard, passage, [2], new Map([[start, 2.5]]))[2]!.word).toBe('want');
    expect(moonshineDoubts(heard, passage, [2], new Map(), new Set([start]))[2]!.word).toBe('want');
    expect(moonshineDoubts(heard, passage, [0, 1, 3, 4], new Map())[2]!.word).toBe('want');
    expect(moonshineDoubts(heard, passage, [], new Map())).toEqual(heard);
  });

  it('doubts one the second pass kept by less than the confirming margin (thirty-second round), and keeps one kept by more', () => {
    // begin → "began" kept by 2.7 a frame where Moonshine heard "will begin when" (Asterisk's clean reading).
    const weak = moonshineDoubts(heard, passage, [1, 2, 3], new Map([[start, 2.7]]), new Set(), 12);
    expect(weak[2]).toMatchObject({ word: 'wanted', unsure: true });
    // skeleton → "skeletons" kept by 12.2 a frame (a real misreading Moonshine heard as printed).
    const strong = moonshineDoubts(heard, passage, [1, 2, 3], new Map([[start, 12.2]]), new Set(), 12);
    expect(strong[2]).toMatchObject({ word: 'want' });
    expect(strong[2]!.unsure).toBeUndefined();
    // the margin is inclusive, and a confirmed substitution made by the near-miss checks is still left alone
    expect(moonshineDoubts(heard, passage, [2], new Map([[start, 12]]), new Set(), 12)[2]!.word).toBe('want');
    expect(moonshineDoubts(heard, passage, [2], new Map([[start, 2.7]]), new Set([start]), 12)[2]!.word).toBe(
      'want',
    );
  });

  it('never touches an omission or a word read as printed', () => {
    const omitted = heardWords('we still to answer');
    expect(moonshineDoubts(omitted, passage, [0, 1, 2, 3, 4], new Map())).toEqual(omitted);
    const clean = heardWords('we still wanted to answer');
    expect(moonshineDoubts(clean, passage, [0, 1, 2, 3, 4], new Map())).toEqual(clean);
  });
});
