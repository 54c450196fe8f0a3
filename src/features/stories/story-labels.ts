/**
 * How the stories feature names grade bands, themes and Lexile measures on screen.
 */
import { STORY_GRADE_BANDS, STORY_THEMES, type StoryGradeBand, type StoryTheme } from '#core/api/stories.ts';

/** "Kindergarten", "Grade 1" … for a grade band; the band itself when unknown. */
export function gradeBandLabel(band: string | null): string {
  if (!band) return 'Any grade';
  return band === 'K' ? 'Kindergarten' : `Grade ${band}`;
}

/** A theme with a capital first letter ("Animals"). */
export function themeLabel(theme: string): string {
  return theme.charAt(0).toUpperCase() + theme.slice(1);
}

/** A Lexile measure as written ("450L"), or "Not measured". */
export function lexileLabel(lexile: number | null): string {
  return lexile === null ? 'Not measured' : `${lexile}L`;
}

/** The id of the "every level" and "every theme" choices (react-aria lists need a non-empty key). */
export const ALL = 'all';

/** Choices of the level filter ({@link ALL} is every level). */
export const LEVEL_OPTIONS = [
  { id: ALL, label: 'All levels' },
  ...STORY_GRADE_BANDS.map((band) => ({ id: band, label: gradeBandLabel(band) })),
] as const;

/** Choices of the theme filter ({@link ALL} is every theme). */
export const THEME_OPTIONS = [
  { id: ALL, label: 'All themes' },
  ...STORY_THEMES.map((theme) => ({ id: theme, label: themeLabel(theme) })),
] as const;

/** A grade band from the address bar, or undefined when absent or unknown. */
export function parseGradeBand(value: string | null): StoryGradeBand | undefined {
  return (STORY_GRADE_BANDS as readonly string[]).includes(value ?? '')
    ? (value as StoryGradeBand)
    : undefined;
}

/** A theme from the address bar, or undefined when absent or unknown. */
export function parseTheme(value: string | null): StoryTheme | undefined {
  return (STORY_THEMES as readonly string[]).includes(value ?? '') ? (value as StoryTheme) : undefined;
}
