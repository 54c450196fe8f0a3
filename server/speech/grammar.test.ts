import { describe, expect, it } from 'vitest';
import { tokenisePassage } from '#core/text/normalize.ts';
import { buildPassageGrammar } from '#server/speech/grammar.ts';
import { parseCtm } from '#server/speech/pocketsphinx.ts';

describe('buildPassageGrammar', () => {
  const passage = tokenisePassage('The dog ran 42 miles.');
  const g = buildPassageGrammar(passage, {
    distractors: new Map([['dog', ['dig', 'log']]]),
    garbageWords: ['ph_aa'],
  });

  it('writes a Sphinx FSG with every spoken form, skips, re-reading, distractors and a stop from anywhere', () => {
    const lines = g.fsg.split('\n');
    expect(lines[0]).toBe('FSG_BEGIN passage');
    expect(lines).toContain('FSG_END');
    expect(g.fsg).toMatch(/TRANSITION 0 1 \S+ the/);
    expect(g.fsg).toMatch(/TRANSITION 1 2 \S+ dig/);
    expect(g.fsg).toMatch(/TRANSITION 1 2 \S+ log/);
    expect(g.fsg).toMatch(/TRANSITION 1 2 \S+$/m); // skip "dog"
    expect(g.fsg).toMatch(/TRANSITION 2 \d+ \S+ the$/m); // back to "the"
    expect(g.fsg).toMatch(/TRANSITION 3 \d+ \S+ forty$/m);
    expect([...g.words].sort()).toEqual([
      'dig',
      'dog',
      'forty',
      'log',
      'miles',
      'ph_aa',
      'ran',
      'the',
      'two',
    ]);
    const final = Number(/FINAL_STATE (\d+)/.exec(g.fsg)?.[1]);
    expect(g.fsg).toMatch(new RegExp(`TRANSITION 2 ${final} \\S+$`, 'm'));
  });

  it('refuses an empty passage', () => {
    expect(() => buildPassageGrammar([], { distractors: new Map(), garbageWords: [] })).toThrow();
  });
});

describe('parseCtm', () => {
  it('keeps words with times, drops silences and noise, merges garbage into [unclear]', () => {
    const ctm = [
      'reading 1 0.28 0.15 the 1.000',
      'reading 1 0.44 0.10 <sil> 1.000',
      'reading 1 0.55 0.40 dog(2) 1.000',
      'reading 1 1.00 0.10 ph_aa 1.000',
      'reading 1 1.10 0.10 ph_b 1.000',
      'reading 1 1.30 0.20 [NOISE] 1.000',
      'reading 1 1.50 0.30 ran 1.000',
    ].join('\n');
    expect(parseCtm(ctm)).toEqual([
      { word: 'the', start: 0.28, end: 0.43 },
      { word: 'dog', start: 0.55, end: 0.95 },
      { word: '[unclear]', start: 1, end: 1.2 },
      { word: 'ran', start: 1.5, end: 1.8 },
    ]);
  });
});
