import { describe, expect, it } from 'vitest';
import { tokenisePassage } from '#core/text/normalize.ts';
import { buildPassageGrammar, withStopProbability } from '#server/speech/grammar.ts';
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

  it("offers re-reading that returns to the reader's place (echo), split over where it may start", () => {
    const p = tokenisePassage('one two three four');
    const echo = buildPassageGrammar(p, {
      distractors: new Map(),
      garbageWords: [],
      backWindow: 2,
      probabilities: { echo: 0.02, echoContinue: 0.9 },
    });
    const t = echo.fsg
      .split('\n')
      .filter((l) => l.startsWith('TRANSITION'))
      .map((l) => l.split(' ').slice(1));
    // from position 3 (after "three"): "two" then "three", or "three" alone, back to 3
    const fromThree = t.filter(([from, , , w]) => from === '3' && (w === 'two' || w === 'three'));
    const echoTwo = fromThree.find(([, to, , w]) => w === 'two' && to !== '2');
    expect(echoTwo?.[2]).toBe((0.01).toPrecision(6));
    const mid = echoTwo?.[1] as string;
    expect(t).toContainEqual([mid, '3', (0.9).toPrecision(6), 'three']); // reads on, back home
    expect(t).toContainEqual([mid, '3', (0.1).toPrecision(6)]); // or returns at once
    expect(t.filter((x) => x.join(' ') === `3 3 ${(0.01).toPrecision(6)} three`)).toHaveLength(2);
    // echo 0: no echo states (a back jump to the previous word already returns to the same place)
    const off = buildPassageGrammar(p, {
      distractors: new Map(),
      garbageWords: [],
      backWindow: 2,
      probabilities: { echo: 0 },
    });
    expect(off.fsg).toMatch(/NUM_STATES 6$/m);
  });

  it('offers each inserted word at its own place only, split over the words there, and the reading goes on from there', () => {
    const p = tokenisePassage('the red ball');
    const ins = buildPassageGrammar(p, {
      distractors: new Map(),
      garbageWords: [],
      probabilities: { insert: 0.004 },
      insertions: new Map([
        [1, ['big']],
        [3, ['bounced', 'fell']],
      ]),
    });
    const t = ins.fsg.split('\n').filter((l) => /^TRANSITION \d+ \d+ \S+ (big|bounced|fell)$/.test(l));
    expect(t.sort()).toEqual([
      `TRANSITION 1 1 ${(0.004).toPrecision(6)} big`,
      `TRANSITION 3 3 ${(0.002).toPrecision(6)} bounced`,
      `TRANSITION 3 3 ${(0.002).toPrecision(6)} fell`,
    ]);
    expect(ins.words).toContain('big');
    // without insertions the grammar has none of those words
    const none = buildPassageGrammar(p, { distractors: new Map(), garbageWords: [] });
    expect(none.fsg).not.toMatch(/ big$/m);
    expect(none.words).not.toContain('big');
  });

  it('refuses an empty passage', () => {
    expect(() => buildPassageGrammar([], { distractors: new Map(), garbageWords: [] })).toThrow();
  });
});

describe('withStopProbability', () => {
  const passage = tokenisePassage('The dog ran.');
  const { fsg } = buildPassageGrammar(passage, { distractors: new Map(), garbageWords: [] });
  const final = /^FINAL_STATE (\d+)$/m.exec(fsg)![1];
  const stops = (text: string) =>
    text.split('\n').filter((line) => new RegExp(`^TRANSITION \\d+ ${final} `).test(line));

  it('raises every stop into the final state to the given probability, and changes nothing else', () => {
    const raised = withStopProbability(fsg, 0.05);
    expect(stops(fsg)).toEqual([
      `TRANSITION 0 ${final} 0.00500000`,
      `TRANSITION 1 ${final} 0.00500000`,
      `TRANSITION 2 ${final} 0.00500000`,
      `TRANSITION 3 ${final} 1.00000`,
    ]);
    expect(stops(raised)).toEqual([
      `TRANSITION 0 ${final} 0.0500000`,
      `TRANSITION 1 ${final} 0.0500000`,
      `TRANSITION 2 ${final} 0.0500000`,
      `TRANSITION 3 ${final} 1.00000`,
    ]);
    const others = (text: string) => text.split('\n').filter((line) => !stops(text).includes(line));
    expect(others(raised)).toEqual(others(fsg));
  });

  it('refuses a grammar without a final state and a probability outside (0, 1]', () => {
    expect(() => withStopProbability('FSG_BEGIN x\nFSG_END\n', 0.05)).toThrow(/FINAL_STATE/);
    expect(() => withStopProbability(fsg, 0)).toThrow(/out of range/);
    expect(() => withStopProbability(fsg, 1.5)).toThrow(/out of range/);
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
