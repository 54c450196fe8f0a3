/**
 * A Reading Screening's figures in words for grown-ups (docs/decisions/0049-reading-screening.md), shared by the
 * reader's Screening History and a teacher's Class Analytics (ADR 0050). Pure.
 */
import type { Season } from '#core/fluency/orf-norms.ts';
import { schoolYearLabel, type ScreeningBand } from '#core/screening/rules.ts';

/** "fall" → "Fall". */
export function seasonTitle(season: Season): string {
  return season.charAt(0).toUpperCase() + season.slice(1);
}

/** The band in a few words, for grown-ups (never shown to the child openly). */
export const BAND_WORDS: Readonly<Record<ScreeningBand, string>> = {
  below: 'Below the expected range',
  expected: 'Within the expected range',
  above: 'Above the expected range',
};

const dayFormat = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' });

/** "November 12, 2026": the day a screening was done. */
export function screeningDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** "1 more word correct per minute", "12 fewer words correct per minute". */
function moreOrFewer(diff: number): string {
  const n = Math.abs(diff);
  return `${n} ${diff > 0 ? 'more' : 'fewer'} ${n === 1 ? 'word' : 'words'} correct per minute`;
}

/** A complete screening as {@link screeningChange} compares it: its median WCPM, season and school year. */
export interface ScreeningFigure {
  wpm: number;
  season: Season;
  schoolYear: number;
}

/**
 * The change in median words correct per minute (whole) since the screening before: "12 more words correct per
 * minute than in fall", "3 fewer … than in spring 2025–26" (another school year), "… than on November 2, 2026" (the
 * same season), "The same words correct per minute as in fall"; null when there is none before.
 * @param previous the screening before, with the ISO time it was completed (`at`), or null
 */
export function screeningChange(
  current: ScreeningFigure,
  previous: (ScreeningFigure & { at: string }) | null,
): string | null {
  if (!previous) return null;
  const diff = Math.round(current.wpm) - Math.round(previous.wpm);
  const sameYear = previous.schoolYear === current.schoolYear;
  const when =
    sameYear && previous.season === current.season
      ? `on ${screeningDay(previous.at)}`
      : `in ${previous.season}${sameYear ? '' : ` ${schoolYearLabel(previous.schoolYear)}`}`;
  if (diff === 0) return `The same words correct per minute as ${when}`;
  return `${moreOrFewer(diff)} than ${when}`;
}
