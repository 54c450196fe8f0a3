import { describe, expect, it } from 'vitest';
import { estimateReaderLexile, isReadyToLevelUp, lexileRange } from './reader-lexile.ts';

describe('estimateReaderLexile (spec §9)', () => {
  it('scales the grade target by speed and adds the accuracy term', () => {
    // grade 3: target 550, expected 85 WPM. 85 WPM, 95 %: 550 × 1 + (95 − 85) × 2 = 570
    expect(estimateReaderLexile('3', 85, 95)).toEqual({ level: 570, range: '520L - 670L' });
    // grade 2: target 400, expected 70. 63 WPM, 80 %: 400 × 0.9 + (−5) × 2 = 350
    expect(estimateReaderLexile('2', 63, 80).level).toBe(350);
  });
  it('clamps to the grade’s min and max', () => {
    expect(estimateReaderLexile('3', 300, 100).level).toBe(700);
    expect(estimateReaderLexile('3', 5, 40).level).toBe(400);
  });
  it('uses K for an unknown grade; K target 150, but WPM default 85', () => {
    // Pre-K: K norms (0–300, target 150), expected WPM default 85: 150 × 85/85 + 0 = 150
    expect(estimateReaderLexile('Pre-K', 85, 85).level).toBe(150);
  });
  it('writes the range as level − 50 to level + 100', () => expect(lexileRange(500)).toBe('450L - 600L'));
  it('hints a level-up above 50 L', () => {
    expect(isReadyToLevelUp(651, 600)).toBe(true);
    expect(isReadyToLevelUp(650, 600)).toBe(false);
    expect(isReadyToLevelUp(null, 600)).toBe(false);
  });
});
