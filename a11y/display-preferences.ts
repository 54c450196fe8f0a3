/**
 * Display preferences: colour theme, text size and motion. Stored in localStorage and applied as
 * data attributes on <html>, which src/ui/tokens.css keys on:
 *
 * - `data-theme="standard" | "high-contrast"`
 * - `data-text-size="standard" | "large" | "extra-large"` (root font size 100 %, 125 %, 150 %)
 * - `data-motion="system" | "reduced"` ("system" follows `prefers-reduced-motion`)
 *
 * No React here: public/display-preferences.js repeats {@link readDisplayPreferences} and
 * {@link applyDisplayPreferences} as a classic script so the choices are on <html> before first paint;
 * a11y/display-preferences.test.tsx keeps the two in step.
 */

/** The colour themes. High contrast is a dark theme with at least 7:1 text contrast (WCAG 1.4.6). */
export const THEMES = ['standard', 'high-contrast'] as const;
/** A colour theme. */
export type Theme = (typeof THEMES)[number];

/** The three text sizes: root font size 100 %, 125 % and 150 %. */
export const TEXT_SIZES = ['standard', 'large', 'extra-large'] as const;
/** A text size step. */
export type TextSize = (typeof TEXT_SIZES)[number];

/** Motion: follow the system setting (`prefers-reduced-motion`), or always reduce. */
export const MOTION_SETTINGS = ['system', 'reduced'] as const;
/** A motion setting. */
export type MotionSetting = (typeof MOTION_SETTINGS)[number];

/** A person's display choices. */
export interface DisplayPreferences {
  readonly theme: Theme;
  readonly textSize: TextSize;
  readonly motion: MotionSetting;
}

/** The localStorage key. public/display-preferences.js uses the same one. */
export const DISPLAY_PREFERENCES_STORAGE_KEY = 'sparky-reads:display-preferences';

/**
 * The choices used when nothing is stored. The theme follows `prefers-contrast: more` when the
 * browser reports it, so a child whose device already asks for more contrast gets it at once.
 */
export function defaultDisplayPreferences(): DisplayPreferences {
  return {
    theme: mediaMatches('(prefers-contrast: more)') ? 'high-contrast' : 'standard',
    textSize: 'standard',
    motion: 'system',
  };
}

/**
 * Reads the stored choices. Missing, unreadable or unknown values fall back to
 * {@link defaultDisplayPreferences} field by field; never throws (storage may be blocked).
 */
export function readDisplayPreferences(
  storage: Storage | undefined = safeLocalStorage(),
): DisplayPreferences {
  const defaults = defaultDisplayPreferences();
  let stored: Record<string, unknown> = {};
  try {
    const raw = storage?.getItem(DISPLAY_PREFERENCES_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // Corrupt JSON or blocked storage: the defaults stand.
  }
  return {
    theme: oneOf(THEMES, stored.theme) ?? defaults.theme,
    textSize: oneOf(TEXT_SIZES, stored.textSize) ?? defaults.textSize,
    motion: oneOf(MOTION_SETTINGS, stored.motion) ?? defaults.motion,
  };
}

/**
 * Stores the choices. Returns false when storage is unavailable (private mode, blocked cookies):
 * the choices then last for this page only.
 */
export function writeDisplayPreferences(
  preferences: DisplayPreferences,
  storage: Storage | undefined = safeLocalStorage(),
): boolean {
  try {
    if (!storage) return false;
    storage.setItem(DISPLAY_PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
    return true;
  } catch {
    return false;
  }
}

/** Sets the data attributes on <html> (or the given element) that the stylesheets key on. */
export function applyDisplayPreferences(
  preferences: DisplayPreferences,
  root: HTMLElement = document.documentElement,
): void {
  root.dataset.theme = preferences.theme;
  root.dataset.textSize = preferences.textSize;
  root.dataset.motion = preferences.motion;
}

/**
 * True when motion should be reduced: the person chose it here, or the system asks for it
 * (`prefers-reduced-motion: reduce`, WCAG 2.3.3).
 */
export function isMotionReduced(preferences: DisplayPreferences): boolean {
  return preferences.motion === 'reduced' || mediaMatches('(prefers-reduced-motion: reduce)');
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

function mediaMatches(query: string): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(query).matches
  );
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
