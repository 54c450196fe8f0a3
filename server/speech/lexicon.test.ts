import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORD_FREQUENCIES, loadLexicon, loadWordLogProbabilities } from '#server/speech/lexicon.ts';

const dir = mkdtempSync(join(tmpdir(), 'sparky-lexicon-'));
const dictPath = join(dir, 'small.dict');
writeFileSync(
  dictPath,
  [
    'run R AH N',
    'ran R AE N',
    'rung R AH NG',
    'dun D AH N',
    'won W AH N',
    'one W AH N',
    'runs R AH N Z',
    'rum R AH M',
    'hat HH AE T',
    'hot HH AA T',
    'that DH AE T',
  ].join('\n'),
);

describe('loadLexicon neighbours', () => {
  it('without frequencies: words one phone away, spelled alike first, homophones left out', () => {
    const lex = loadLexicon(dictPath);
    const n = lex.neighbours('run', 4, new Set());
    expect(n).toContain('ran');
    expect(n).not.toContain('one'); // spelled too differently
    expect(lex.neighbours('won', 4, new Set())).not.toContain('one'); // same sound
  });

  it('answers for a word that names an Object.prototype member ("constructor", "toString")', () => {
    const lex = loadLexicon(dictPath);
    for (const word of ['constructor', 'tostring', 'hasownproperty', '__proto__'])
      expect(lex.neighbours(word, 4, new Set())).toEqual([]);
  });

  it('with frequencies: common words only, likelier misreadings first, passage words excluded', () => {
    const logProbabilities = new Map([
      ['run', -3],
      ['ran', -4],
      ['runs', -4.5],
      ['rum', -5.5],
      ['rung', -5.8],
      ['dun', -7],
    ]);
    const lex = loadLexicon(dictPath, { logProbabilities, minLogProbability: -6 });
    const n = lex.neighbours('run', 3, new Set(['runs']));
    expect(n).toEqual(['ran', 'rum', 'rung']);
    expect(lex.neighbours('run', 10, new Set())).not.toContain('dun'); // rarer than the limit
  });
});

describe('loadLexicon nearWords', () => {
  it('every common word one phone edit away, commonest first, however spelled, homophones left out', () => {
    const logProbabilities = new Map([
      ['run', -3],
      ['one', -2],
      ['won', -3.5],
      ['ran', -4],
      ['runs', -4.5],
      ['rum', -5.5],
      ['rung', -5.8],
      ['dun', -7],
    ]);
    const lex = loadLexicon(dictPath, { logProbabilities, minLogProbability: -6 });
    expect(lex.nearWords('run')).toEqual(['one', 'won', 'ran', 'runs', 'rum', 'rung']);
    expect(lex.nearWords('won')).not.toContain('one');
    expect(lex.nearWords('hat')).toEqual([]); // hot and that are not common here
  });
});

describe.runIf(existsSync(DEFAULT_WORD_FREQUENCIES))('loadWordLogProbabilities', () => {
  it('reads the unigrams of the pocketsphinx en-us trie model as log10 probabilities', () => {
    const lp = loadWordLogProbabilities();
    expect(lp.size).toBeGreaterThan(50_000);
    const the = lp.get('the') ?? -99;
    expect(the).toBeGreaterThan(-2);
    expect(the).toBeLessThan(-1);
    expect(lp.get('water') ?? -99).toBeGreaterThan(lp.get('walter') ?? 0);
  });

  it('returns an empty map for a file in another format', () => {
    expect(loadWordLogProbabilities(dictPath).size).toBe(0);
    expect(loadWordLogProbabilities(join(dir, 'missing.bin')).size).toBe(0);
  });
});
