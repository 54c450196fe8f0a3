import type { BrowserContext } from '@playwright/test';

/** The two colour themes every public page is checked in. */
export const THEMES = ['standard', 'high-contrast'] as const;
/** A colour theme (a11y/display-preferences.ts). */
export type Theme = (typeof THEMES)[number];

/** The localStorage key of a11y/display-preferences.ts. */
export const DISPLAY_PREFERENCES_STORAGE_KEY = 'sparky-reads:display-preferences';

/**
 * Stores display choices before any page of the context loads, as if the person had chosen them
 * earlier with the Display button. Only on the first load of each page, so a test can still change
 * them and reload.
 */
export async function presetDisplayPreferences(
  context: BrowserContext,
  preferences: {
    theme?: Theme;
    textSize?: 'standard' | 'large' | 'extra-large';
    motion?: 'system' | 'reduced';
  },
): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e-preset')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e-preset', '1');
      }
    },
    [DISPLAY_PREFERENCES_STORAGE_KEY, JSON.stringify(preferences)] as const,
  );
}
