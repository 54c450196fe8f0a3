/**
 * Sidebar width rules (spec §4.10, §5, §9 Layout): dragged between 200 and 480 px, 288 px by
 * default, saved in localStorage 'sidebar-width' and restored only when within bounds.
 */

/** §9: narrowest sidebar, in CSS pixels. */
export const SIDEBAR_MIN_WIDTH = 200;
/** §9: widest sidebar, in CSS pixels. */
export const SIDEBAR_MAX_WIDTH = 480;
/** §9: default sidebar width, in CSS pixels. */
export const SIDEBAR_DEFAULT_WIDTH = 288;
/** §3 Browser storage key. */
export const SIDEBAR_WIDTH_KEY = 'sidebar-width';
/** One arrow-key step when resizing by keyboard, in CSS pixels. */
export const SIDEBAR_KEY_STEP = 16;
/**
 * Preset widths chosen with one press (WCAG 2.5.7: dragging needs a single-pointer alternative; it
 * also serves a switch user with Tab and Enter). Within §9's 200–480; Standard is the default.
 */
export const SIDEBAR_PRESETS: readonly { label: string; width: number }[] = [
  { label: 'Narrow', width: SIDEBAR_MIN_WIDTH },
  { label: 'Standard', width: 288 },
  { label: 'Wide', width: 384 },
];

/** §9: overlay width below the mobile breakpoint, in CSS pixels. */
export const MOBILE_OVERLAY_WIDTH = 320;
/** §9: below this viewport width (CSS pixels) the sidebar becomes an overlay. */
export const MOBILE_BREAKPOINT = 768;

/** Keeps a width within 200–480 px, rounded to whole pixels; a non-number gives the default. */
export function clampSidebarWidth(width: number): number {
  // NaN would pass Math.min/max untouched and end up in the style and in storage.
  if (!Number.isFinite(width)) return SIDEBAR_DEFAULT_WIDTH;
  return Math.round(Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, width)));
}

/**
 * The saved width when it is a number within bounds (§5 "Saved sidebar width is used only when
 * between 200 and 480"), else the default.
 *
 * @param storage where it was saved (localStorage in the app)
 */
export function readSidebarWidth(storage: Pick<Storage, 'getItem'> | null): number {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(SIDEBAR_WIDTH_KEY) ?? null;
  } catch {
    return SIDEBAR_DEFAULT_WIDTH;
  }
  if (raw === null || raw.trim() === '') return SIDEBAR_DEFAULT_WIDTH;
  const value = Number(raw);
  return Number.isFinite(value) && value >= SIDEBAR_MIN_WIDTH && value <= SIDEBAR_MAX_WIDTH
    ? value
    : SIDEBAR_DEFAULT_WIDTH;
}

/** Saves a width (clamped). Storage errors (private mode, full) are ignored: the width just is not kept. */
export function writeSidebarWidth(storage: Pick<Storage, 'setItem'> | null, width: number): void {
  try {
    storage?.setItem(SIDEBAR_WIDTH_KEY, String(clampSidebarWidth(width)));
  } catch {
    // Not saved; the sidebar still works at this width for this visit.
  }
}

/**
 * The width after a resize key (arrow keys step 16 px, Home/End jump to the bounds), or null
 * for any other key.
 */
export function widthAfterKey(width: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampSidebarWidth(width - SIDEBAR_KEY_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampSidebarWidth(width + SIDEBAR_KEY_STEP);
    case 'Home':
      return SIDEBAR_MIN_WIDTH;
    case 'End':
      return SIDEBAR_MAX_WIDTH;
    default:
      return null;
  }
}
