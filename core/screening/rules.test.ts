/**
 * The Reading Screening's rules (docs/decisions/0049-reading-screening.md) on fixed inputs: DIBELS Next's benchmark
 * (the median of three one-minute readings, the accuracy from the median words correct and median errors, the
 * discontinue rule after a first passage under 10), the band edges at the Hasbrouck & Tindal (2017) 50th percentile
 * ± 10 with the report's own figures (core/fluency/orf-norms.ts), who may take it, and the school year and season
 * at their month edges.
 */
import { describe, expect, it } from 'vitest';
import { HASBROUCK_TINDAL_2017 } from '#core/fluency/orf-norms.ts';
import {
  EXPECTED_RANGE_WCPM,
  isScreeningComplete,
  median,
  schoolYearLabel,
  schoolYearOf,
  screeningBand,
  screeningRefusal,
  screeningScore,
  screeningSeason,
  SCREENING_DISCONTINUE_WORDS,
  SCREENING_PASSAGES,
  SCREENING_RESUME_HOURS,
} from './rules.ts';

const reading = (wcpm: number, wordsCorrect = wcpm, errors = 0) => ({ wcpm, wordsCorrect, errors });

describe('the constants', () => {
  it('are DIBELS Next’s and Hasbrouck & Tindal’s', () => {
    expect(SCREENING_PASSAGES).toBe(3);
    expect(SCREENING_DISCONTINUE_WORDS).toBe(10);
    expect(EXPECTED_RANGE_WCPM).toBe(10);
    expect(SCREENING_RESUME_HOURS).toBe(2);
  });
});

describe('median', () => {
  it('takes the middle of an odd count, numerically, without changing its input', () => {
    const values = [2, 10, 3];
    // A default (text) sort would put 10 first and answer 2.
    expect(median(values)).toBe(3);
    expect(values).toEqual([2, 10, 3]);
    expect(median([55, 42, 48])).toBe(48);
    expect(median([7])).toBe(7);
    expect(median([0, 0, 0])).toBe(0);
  });

  it('takes the mean of the middle two of an even count', () => {
    expect(median([10, 20])).toBe(15);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses nothing', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('isScreeningComplete', () => {
  it('is complete after three passages', () => {
    expect(isScreeningComplete([])).toBe(false);
    expect(isScreeningComplete([reading(40)])).toBe(false);
    expect(isScreeningComplete([reading(40), reading(5)])).toBe(false);
    expect(isScreeningComplete([reading(40), reading(5), reading(60)])).toBe(true);
  });

  it('stops after a first passage with under 10 words correct (DIBELS Next’s discontinue rule)', () => {
    expect(isScreeningComplete([reading(9)])).toBe(true);
    expect(isScreeningComplete([reading(9.5)])).toBe(true);
    expect(isScreeningComplete([reading(0)])).toBe(true);
    // 10 or more: the other two are given.
    expect(isScreeningComplete([reading(10)])).toBe(false);
    // Only the first passage counts for the rule.
    expect(isScreeningComplete([reading(10), reading(3)])).toBe(false);
  });

  it('counts the first passage’s words correct, not its rate: 8 words in 45 s (10.7 a minute) stops it', () => {
    expect(isScreeningComplete([reading(10.7, 8)])).toBe(true);
    expect(isScreeningComplete([reading(9, 12)])).toBe(false);
  });
});

describe('screeningScore', () => {
  it('takes the median words correct per minute, and each median apart', () => {
    // Every figure's median comes from a different passage.
    const score = screeningScore([reading(40, 40, 6), reading(60, 60, 2), reading(50, 50, 10)]);
    expect(score).toEqual({ wcpm: 50, wordsCorrect: 50, errors: 6, accuracy: 89.3 });
  });

  it('computes accuracy as DIBELS Next does: median correct / (median correct + median errors)', () => {
    // Not the median of the three accuracies (87.0, 96.8, 83.3 → 87.0).
    const score = screeningScore([reading(40, 40, 6), reading(60, 60, 2), reading(50, 50, 10)]);
    expect(score.accuracy).toBe(Math.round((50 / 56) * 1000) / 10);
    expect(score.accuracy).not.toBe(87);
    // One decimal place.
    expect(screeningScore([reading(67, 67, 5), reading(58, 58, 8), reading(72, 72, 3)]).accuracy).toBe(93.1);
    expect(screeningScore([reading(30, 30, 0), reading(35, 35, 0), reading(40, 40, 0)]).accuracy).toBe(100);
  });

  it('is the first reading’s figures when the screening stopped after it', () => {
    expect(screeningScore([reading(7, 7, 3)])).toEqual({ wcpm: 7, wordsCorrect: 7, errors: 3, accuracy: 70 });
  });

  it('answers an accuracy of 0 when nothing was read, and halves for an even count', () => {
    expect(screeningScore([reading(0, 0, 0)])).toEqual({ wcpm: 0, wordsCorrect: 0, errors: 0, accuracy: 0 });
    expect(screeningScore([reading(20, 20, 1), reading(30, 30, 2)])).toEqual({
      wcpm: 25,
      wordsCorrect: 25,
      errors: 1.5,
      accuracy: 94.3,
    });
  });

  it('refuses no readings', () => {
    expect(() => screeningScore([])).toThrow(RangeError);
  });
});

describe('screeningBand', () => {
  it('reads within 10 of the 50th percentile as expected, edges included (grade 3 winter: 97)', () => {
    const p50 = HASBROUCK_TINDAL_2017[3].winter![2];
    expect(p50).toBe(97);
    expect(screeningBand(86, '3', 'winter')).toEqual({ band: 'below', p50: 97 });
    expect(screeningBand(86.5, '3', 'winter').band).toBe('below');
    expect(screeningBand(87, '3', 'winter').band).toBe('expected');
    expect(screeningBand(97, '3', 'winter').band).toBe('expected');
    expect(screeningBand(107, '3', 'winter').band).toBe('expected');
    expect(screeningBand(107.5, '3', 'winter').band).toBe('above');
    expect(screeningBand(108, '3', 'winter')).toEqual({ band: 'above', p50: 97 });
  });

  it('uses the grade and season’s own 50th percentile', () => {
    expect(screeningBand(50, '2', 'fall')).toEqual({ band: 'expected', p50: 50 });
    expect(screeningBand(39, '2', 'fall').band).toBe('below');
    expect(screeningBand(39, '2', 'spring')).toEqual({ band: 'below', p50: 100 });
    // The same score, two seasons of one grade.
    expect(screeningBand(131, '5', 'fall')).toEqual({ band: 'expected', p50: 121 });
    expect(screeningBand(131, '5', 'spring')).toEqual({ band: 'below', p50: 146 });
    expect(screeningBand(61, '1', 'spring')).toEqual({ band: 'expected', p50: 60 });
    expect(screeningBand(145, '4', 'spring')).toEqual({ band: 'above', p50: 133 });
  });

  it('reads grade 1 in the fall against grade 1 winter, the report having no fall norms for it', () => {
    expect(HASBROUCK_TINDAL_2017[1].fall).toBeUndefined();
    expect(screeningBand(18, '1', 'fall')).toEqual({ band: 'below', p50: 29 });
    expect(screeningBand(19, '1', 'fall')).toEqual({ band: 'expected', p50: 29 });
  });

  it('reads grades 7 to 12 against grade 6, the highest published', () => {
    for (const season of ['fall', 'winter', 'spring'] as const) {
      const p50 = HASBROUCK_TINDAL_2017[6][season]![2];
      for (const grade of ['7', '8', '9', '10', '11', '12'])
        expect(screeningBand(p50, grade, season), `${grade} ${season}`).toEqual({ band: 'expected', p50 });
    }
    expect(screeningBand(121, '9', 'fall')).toEqual({ band: 'below', p50: 132 });
    expect(screeningBand(157, '12', 'spring')).toEqual({ band: 'above', p50: 146 });
  });

  it('refuses Pre-K, K and a grade it does not know', () => {
    for (const grade of ['Pre-K', 'K', '', '0', '13', 'second', '3.5'])
      expect(() => screeningBand(40, grade, 'winter'), grade).toThrow(RangeError);
  });
});

describe('screeningRefusal', () => {
  const winter = new Date('2027-01-15T12:00:00Z');
  const fall = new Date('2026-11-29T12:00:00Z');
  const spring = new Date('2027-04-01T12:00:00Z');

  it('takes grades 1 to 12 in winter and spring, and 2 to 12 in the fall', () => {
    for (const date of [winter, spring])
      for (const grade of ['1', '2', '5', '6', '7', '12'])
        expect(screeningRefusal(grade, date), grade).toBeNull();
    for (const grade of ['2', '5', '6', '7', '12']) expect(screeningRefusal(grade, fall), grade).toBeNull();
  });

  it('refuses grade 1 in the fall as too early: Hasbrouck & Tindal have no fall norms for grade 1', () => {
    expect(screeningRefusal('1', fall)).toBe('too_early');
    expect(screeningRefusal('1', new Date('2026-08-01T00:00:00Z'))).toBe('too_early');
    expect(screeningRefusal('1', new Date('2026-11-30T23:59:59Z'))).toBe('too_early');
    expect(screeningRefusal('1', new Date('2026-12-01T00:00:00Z'))).toBeNull();
    expect(screeningRefusal('1', new Date('2026-07-31T23:59:59Z'))).toBeNull();
  });

  it('refuses Pre-K and K as pre-readers, and no grade or one it does not know as no grade', () => {
    for (const date of [fall, winter]) {
      expect(screeningRefusal('Pre-K', date)).toBe('pre_reader');
      expect(screeningRefusal('K', date)).toBe('pre_reader');
      for (const grade of [null, '', '0', '13', 'second'])
        expect(screeningRefusal(grade, date), String(grade)).toBe('no_grade');
    }
  });
});

describe('schoolYearOf and schoolYearLabel', () => {
  it('starts the school year on 1 August (UTC)', () => {
    expect(schoolYearOf(new Date('2026-07-31T23:59:59.999Z'))).toBe(2025);
    expect(schoolYearOf(new Date('2026-08-01T00:00:00.000Z'))).toBe(2026);
    expect(schoolYearOf(new Date('2026-11-29T12:00:00Z'))).toBe(2026);
    expect(schoolYearOf(new Date('2026-12-31T23:59:59Z'))).toBe(2026);
    expect(schoolYearOf(new Date('2027-01-01T00:00:00Z'))).toBe(2026);
    expect(schoolYearOf(new Date('2027-06-15T00:00:00Z'))).toBe(2026);
  });

  it('writes the year as its two calendar years', () => {
    expect(schoolYearLabel(2026)).toBe('2026–27');
    expect(schoolYearLabel(2009)).toBe('2009–10');
    expect(schoolYearLabel(2099)).toBe('2099–00');
  });
});

describe('screeningSeason', () => {
  it('is fall from August to November, winter from December to February, spring from March to July (UTC)', () => {
    const cases: [string, string][] = [
      ['2026-07-31T23:59:59.999Z', 'spring'],
      ['2026-08-01T00:00:00.000Z', 'fall'],
      ['2026-11-30T23:59:59.999Z', 'fall'],
      ['2026-12-01T00:00:00.000Z', 'winter'],
      ['2026-12-31T23:59:59.999Z', 'winter'],
      ['2027-01-01T00:00:00.000Z', 'winter'],
      ['2027-02-28T23:59:59.999Z', 'winter'],
      ['2027-03-01T00:00:00.000Z', 'spring'],
      ['2027-06-30T12:00:00.000Z', 'spring'],
    ];
    for (const [iso, season] of cases) expect(screeningSeason(new Date(iso)), iso).toBe(season);
  });

  it('agrees with the school year: a season never spans two school years', () => {
    // Winter runs from December into the next calendar year, in one school year.
    expect(schoolYearOf(new Date('2026-12-15T00:00:00Z'))).toBe(
      schoolYearOf(new Date('2027-02-15T00:00:00Z')),
    );
    // Spring ends the school year in July; fall begins the next in August.
    expect(schoolYearOf(new Date('2027-07-31T00:00:00Z'))).toBe(2026);
    expect(schoolYearOf(new Date('2027-08-01T00:00:00Z'))).toBe(2027);
  });
});
