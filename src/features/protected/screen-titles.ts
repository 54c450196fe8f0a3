/**
 * Titles of the protected screens: the one name of each screen (src/app/screen-names.ts), so an
 * unbuilt screen's page, its document title and its menu label agree.
 */
import { SCREEN_NAMES } from '../../app/screen-names.ts';

/** Route pattern → screen title. */
export const SCREEN_TITLES: Record<string, string> = SCREEN_NAMES;
