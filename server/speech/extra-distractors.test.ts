import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenisePassage } from '#core/text/normalize.ts';
import { preparePassage } from '#server/speech/pocketsphinx.ts';

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
