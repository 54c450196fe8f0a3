import { describe, expect, it } from 'vitest';
import type { ScoredWord } from '#core/fluency/align.ts';
import { computeMetrics } from '#core/fluency/metrics.ts';
import { accuracyScore, fluencyScore, wcpmPercentile } from '#core/fluency/fluency-score.ts';
import { HASBROUCK_TINDAL_2017, orfNorms } from '#core/fluency/orf-norms.ts';
import { FluencyResultSchema } from '#core/fluency/result.schema.ts';
import { scoreReading } from '#core/fluency/score-reading.ts';

const w = (
  index: number,
  status: ScoredWord['status'],
  start: number | null,
  end: number | null,
  hesitation = false,
): ScoredWord => ({
  index,
  text: `w${index}`,
  status,
  heard: null,
  start,
  end,
  hesitation,
  unsure: false,
});

describe('computeMetrics', () => {
  const words = [
    w(0, 'correct', 1, 1.5),
    w(1, 'self_correction', 2, 3),
    w(2, 'substitution', 3, 3.5),
    w(3, 'omission', null, null),
    w(4, 'correct', 7, 7.5, true),
    w(5, 'correct', 8, 9),
    w(6, 'not_reached', null, null),
  ];

  it('computes reading time, WCPM and accuracy (practice mode)', () => {
    expect(computeMetrics(words, 'practice')).toEqual({
      readingSeconds: 8,
      wordsTotal: 7,
      wordsAttempted: 6,
      wordsCorrect: 4,
      errors: 2,
      wcpm: 30,
      accuracy: 66.7,
    });
  });

  it('counts a hesitation as an error in assessment mode only', () => {
    const m = computeMetrics(words, 'assessment');
    expect(m.wordsCorrect).toBe(3);
    expect(m.errors).toBe(3);
    // The passage's end not reached: the words read right in the minute, not a rate over 8 s.
    expect(m.wcpm).toBe(3);
  });

  it('in assessment mode, times one minute as DIBELS 8 does: prorated only for a reader who reached the end', () => {
    const finished = words.slice(0, 6);
    // All six reached in 8 s: 3 correct × 60 / 8.
    expect(computeMetrics(finished, 'assessment').wcpm).toBe(22.5);
    // A reader who read two words then stalled is credited with two, not 2 × 60 / 2 s.
    const stalled = [
      w(0, 'correct', 0.5, 1),
      w(1, 'correct', 1.2, 2),
      ...[2, 3, 4].map((i) => w(i, 'not_reached', null, null)),
    ];
    expect(computeMetrics(stalled, 'practice').wcpm).toBe(80);
    expect(computeMetrics(stalled, 'assessment').wcpm).toBe(2);
    // Words begun after the minute (an upload longer than the minute) do not count.
    const long = [
      w(0, 'correct', 30, 31),
      w(1, 'correct', 59, 59.5),
      w(2, 'correct', 61, 62),
      w(3, 'not_reached', null, null),
    ];
    expect(computeMetrics(long, 'assessment')).toMatchObject({ wordsCorrect: 3, wcpm: 2 });
  });

  it('returns zeros when nothing was read', () => {
    expect(computeMetrics([w(0, 'not_reached', null, null)])).toMatchObject({
      wcpm: 0,
      accuracy: 0,
      readingSeconds: 0,
      wordsAttempted: 0,
    });
  });
});

describe('Hasbrouck & Tindal (2017) norms', () => {
  it('hold the published figures (Read Naturally reproduction, see orf-norms.ts)', () => {
    expect(HASBROUCK_TINDAL_2017[1]).toEqual({
      winter: [9, 16, 29, 59, 97],
      spring: [18, 34, 60, 91, 116],
    });
    expect(HASBROUCK_TINDAL_2017[3].winter).toEqual([62, 79, 97, 137, 161]);
    expect(HASBROUCK_TINDAL_2017[5].spring).toEqual([102, 119, 146, 169, 195]);
    expect(HASBROUCK_TINDAL_2017[6].spring).toEqual([91, 122, 146, 173, 204]);
  });

  it('has every row rising with the percentile (the interpolation needs it)', () => {
    for (const seasons of Object.values(HASBROUCK_TINDAL_2017)) {
      for (const row of Object.values(seasons)) {
        for (let k = 1; k < row.length; k++) expect(row[k]).toBeGreaterThan(row[k - 1] ?? 0);
      }
    }
  });
});

describe('fluencyScore', () => {
  it('maps WCPM onto Hasbrouck & Tindal (2017) percentiles', () => {
    const [p10, p25, p50, p75, p90] = orfNorms(3, 'winter');
    expect(wcpmPercentile(p10, 3, 'winter')).toBeCloseTo(10);
    expect(wcpmPercentile(p25, 3, 'winter')).toBeCloseTo(25);
    expect(wcpmPercentile(p50, 3, 'winter')).toBeCloseTo(50);
    expect(wcpmPercentile(p75, 3, 'winter')).toBeCloseTo(75);
    expect(wcpmPercentile(p90, 3, 'winter')).toBeCloseTo(90);
    expect(wcpmPercentile(1000, 3, 'winter')).toBe(100);
    expect(wcpmPercentile(0, 3, 'winter')).toBe(0);
  });

  it('uses documented fallbacks outside grades 1–6 and refuses unknown grades', () => {
    expect(orfNorms('K', 'fall')).toEqual(orfNorms(1, 'winter'));
    expect(orfNorms(1, 'fall')).toEqual(orfNorms(1, 'winter'));
    expect(orfNorms(9, 'spring')).toEqual(orfNorms(6, 'spring'));
    expect(() => orfNorms(13, 'fall')).toThrow(RangeError);
  });

  it('is monotone in WCPM and in accuracy, and stays within 0–100', () => {
    for (const grade of ['K', 1, 2, 3, 4, 5, 6, 8] as const) {
      for (const season of ['fall', 'winter', 'spring'] as const) {
        let prevRow = -1;
        for (let wcpm = 0; wcpm <= 260; wcpm += 10) {
          let prev = -1;
          for (let acc = 0; acc <= 100; acc += 10) {
            const s = fluencyScore(wcpm, acc, grade, season);
            expect(s).toBeGreaterThanOrEqual(prev);
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(100);
            prev = s;
          }
          const atFull = fluencyScore(wcpm, 100, grade, season);
          expect(atFull).toBeGreaterThanOrEqual(prevRow);
          prevRow = atFull;
        }
      }
    }
    expect(accuracyScore(80)).toBe(0);
    expect(accuracyScore(100)).toBe(100);
  });
});

describe('scoreReading', () => {
  it('returns the contract', () => {
    const r = scoreReading(
      'The cat sat.',
      [
        { word: 'the', start: 1, end: 1.3 },
        { word: 'cat', start: 1.4, end: 1.8 },
        { word: 'sat', start: 1.9, end: 2.5 },
      ],
      { engine: 'test', durationSeconds: 3, grade: 1 },
    );
    expect(FluencyResultSchema.parse(r)).toEqual(r);
    expect(r).toMatchObject({ wordsCorrect: 3, errors: 0, readingSeconds: 1.5, wcpm: 120, accuracy: 100 });
  });
});
