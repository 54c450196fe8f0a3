import { useEffect, useSyncExternalStore, type ReactElement } from 'react';
import { cx } from '../lib/class-names.ts';
import type { MORE_ICONS } from './icons-more.tsx';

/*
 * Simple line icons drawn for Sparky Reads (24 × 24, round caps, currentColor), so they follow the
 * theme and forced colours. Icons are always decorative here: each sits next to text that says the
 * same thing. Every icon of the app is drawn here or in icons-more.tsx and shown through <Icon>;
 * illustrations (the logo, the landing page's book, the loading and error pictures) stay with their
 * components.
 *
 * Two tables (docs/decisions/0012-route-splitting.md, 29 Nov 2026): this one, in every page's first
 * load, holds the icons of the signed-out pages and of what every page shows (the caption strip,
 * toasts, display settings, the offline banner); icons-more.tsx holds those only signed-in pages
 * use, and comes with the signed-in frame (src/app/ProtectedLayout.tsx imports it). Put a new icon
 * here only if a signed-out page or the frame of every page shows it. An icon drawn in the other
 * table still shows anywhere: <Icon> fetches that table the first time it meets one of its names.
 */
const FIRST_LOAD_ICONS = {
  mic: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8 21h8" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </>
  ),
  book: <path d="M3 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H3zM21 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h7z" />,
  pencil: <path d="M4 20l1-4L16 5l3 3L8 19zM14 7l3 3" />,
  clipboard: (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 3h6v3H9zM8.5 13l2.5 2.5 4.5-5" />
    </>
  ),
  levels: <path d="M4 20h16M7 17v-4M12 17V9M17 17V5" />,
  letters: <path d="M3 19L7.5 6 12 19M4.6 14.5h5.8M15 7v12M15 15.5a3 3 0 1 0 6 0 3 3 0 1 0-6 0" />,
  star: <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />,
  trophy: (
    <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M10 17h4v4h-4z" />
  ),
  school: <path d="M2 10l10-5 10 5-10 5zM6 12v5c3.5 2.5 8.5 2.5 12 0v-5M22 10v6" />,
  chart: <path d="M4 4v16h16M8 15l3-4 3 2 5-6" />,
  access: (
    <>
      <circle cx="12" cy="4.5" r="1.8" />
      <path d="M5 8.5l7 1.5 7-1.5M12 10v5l-3 6M12 15l3 6" />
    </>
  ),
  heart: (
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.2 4.2 0 0 1 12 7.3a4.2 4.2 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />
  ),
  board: <path d="M3 4h18v12H3zM8 21l4-5 4 5M7 9h6M7 12h4" />,
  smile: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5v.5M15 9.5v.5" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7" />,
  hammer: <path d="M13 4l7 7-3 3-7-7zM11.5 8.5L3.5 16.5l3 3 8-8" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  arrowRight: <path d="M5 12h14M13 6l6 6-6 6" />,
  // Controls.
  chevronDown: <path d="M6 9l6 6 6-6" />,
  chevronRight: <path d="M9 5l7 7-7 7" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  contrast: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" stroke="none" />
    </>
  ),
  offline: (
    <>
      <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M3 3l18 18" />
      <circle cx="12" cy="19" r="1.6" fill="currentColor" stroke="none" />
    </>
  ),
  // The story reader (read to me).
  speaker: <path d="M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />,
  pause: <path d="M8 5v14M16 5v14" />,
  play: <path d="M7 4.5v15l12-7.5z" />,
  stop: <rect x="6" y="6" width="12" height="12" rx="1.5" />,
  // Sparky's voice (issue 10): caption strip, help, settings, and the menus' pictures.
  skip: <path d="M5 5l9 7-9 7zM18 5v14" />,
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.6v.6" />
      <circle cx="12" cy="17" r="1.1" fill="currentColor" stroke="none" />
    </>
  ),
} satisfies Record<string, ReactElement>;

/** The names of the available icons. */
export type IconName = keyof typeof FIRST_LOAD_ICONS | keyof typeof MORE_ICONS;

type Drawings = Readonly<Partial<Record<IconName, ReactElement>>>;

/** The drawings of icons-more.tsx once it has loaded (it calls {@link addIcons}). */
let moreIcons: Drawings = {};
let moreIconsRequested = false;
const listeners = new Set<() => void>();

/**
 * Adds drawings to the ones {@link Icon} knows and redraws the icons waiting for them. Called by
 * icons-more.tsx when it loads.
 */
export function addIcons(drawings: Drawings): void {
  moreIcons = { ...moreIcons, ...drawings };
  for (const listener of listeners) listener();
}

function subscribeToIcons(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getMoreIcons = () => moreIcons;

/** Fetches icons-more.tsx once (it registers itself); a failed fetch is tried again by the next icon. */
function requestMoreIcons(): void {
  if (moreIconsRequested) return;
  moreIconsRequested = true;
  import('./icons-more.tsx').catch(() => {
    moreIconsRequested = false;
  });
}

/** Props of {@link Icon}. */
export interface IconProps {
  name: IconName;
  /** Size in CSS pixels. */
  size?: number;
  /** Line width in the 24-unit drawing (2 by default; small icons read better thicker). */
  strokeWidth?: number;
  className?: string;
}

/**
 * A decorative line icon (`aria-hidden`, not focusable). Put the meaning in nearby text. It keeps its
 * size beside text that wraps (class `icon`, global.css). An icon of icons-more.tsx drawn before that
 * table has loaded is an empty box of the same size until it arrives.
 */
export function Icon({ name, size = 24, strokeWidth = 2, className }: IconProps) {
  const more = useSyncExternalStore(subscribeToIcons, getMoreIcons, getMoreIcons);
  const drawing = (FIRST_LOAD_ICONS as Drawings)[name] ?? more[name];
  // An icon of the other table before it has loaded: an empty picture of the same size until it comes.
  useEffect(() => {
    if (!drawing) requestMoreIcons();
  }, [drawing]);
  return (
    <svg
      className={cx('icon', className)}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {drawing}
    </svg>
  );
}
