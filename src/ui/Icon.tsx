import type { ReactElement } from 'react';
import { cx } from '../lib/class-names.ts';

/*
 * Simple line icons drawn for Sparky Reads (24 × 24, round caps, currentColor), so they follow the
 * theme and forced colours. Icons are always decorative here: each sits next to text that says the
 * same thing. Every icon of the app is drawn here and shown through <Icon>; illustrations (the
 * logo, the landing page's book, the loading and error pictures) stay with their components.
 */
const ICONS = {
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
  calendar: <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h2M14 14h2" />,
  report: <path d="M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 16h7" />,
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
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
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
  home: <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  library: <path d="M4 4h4v16H4zM10 4h4v16h-4zM16.5 4.5l3.8 1 -3.9 15-3.8-1" />,
  voice: (
    <>
      <path d="M4 9h4l5-4v14l-5-4H4z" />
      <path d="M17 9v6M20 7v10" />
    </>
  ),
  // Word statuses of a scored reading (src/lib/reading/word-status.tsx).
  selfCorrection: <path d="M4 12a8 8 0 1 0 2.5-5.8M4 4v4h4" />,
  substitution: <path d="M4 8h13l-3-3M20 16H7l3 3" />,
  omission: <path d="M5 12h14" />,
  notReached: (
    <>
      <circle cx="6" cy="12" r="1.3" />
      <circle cx="12" cy="12" r="1.3" />
      <circle cx="18" cy="12" r="1.3" />
    </>
  ),
  // Rewards (achievement icons of core/rewards/achievements.ts, the shop).
  rocket: (
    <path d="M12 3c3.5 2 5 5.5 5 9l-2.5 3.5h-5L7 12c0-3.5 1.5-7 5-9zM9.5 15.5L7 20l3.5-1.5M14.5 15.5L17 20l-3.5-1.5M12 9.5v.5" />
  ),
  coins: (
    <>
      <ellipse cx="9" cy="7" rx="6" ry="3" />
      <path d="M3 7v4c0 1.7 2.7 3 6 3M3 11v4c0 1.7 2.7 3 6 3" />
      <ellipse cx="15" cy="14" rx="6" ry="3" />
      <path d="M9 14v4c0 1.7 2.7 3 6 3s6-1.3 6-3v-4" />
    </>
  ),
  blocks: <path d="M3 14h8v7H3zM13 14h8v7h-8zM8 6h8v7H8z" />,
  // My Learning Path: a winding path up to a flag.
  path: (
    <>
      <path d="M3 21c5 0 9-1 9-4s-7-2.5-7-5.5S8 9 12 9" />
      <path d="M12 9V2h8l-2 2.5 2 2.5h-8" />
    </>
  ),
  bag: <path d="M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2" />,
  plus: <path d="M12 5v14M5 12h14" />,
  minus: <path d="M5 12h14" />,
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </>
  ),
  flame: (
    <path d="M12 21c-3.9 0-6.5-2.6-6.5-6.2 0-3.3 2.4-5.4 3.6-8.3.4 2 1.5 3.2 2.6 3.7.2-2.9 1.6-5.2 3.8-7.2-.3 3.2 1 5.2 2.3 7 1 1.4 1.7 2.9 1.7 4.8 0 3.6-3.2 6.2-7.5 6.2z" />
  ),
} satisfies Record<string, ReactElement>;

/** The names of the available icons. */
export type IconName = keyof typeof ICONS;

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
 * size beside text that wraps (class `icon`, global.css).
 */
export function Icon({ name, size = 24, strokeWidth = 2, className }: IconProps) {
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
      {ICONS[name]}
    </svg>
  );
}
