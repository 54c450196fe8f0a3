import type { ReactElement } from 'react';
import { addIcons } from './Icon.tsx';

/**
 * The icons only signed-in pages use (drawn like those of Icon.tsx: 24 × 24, round caps,
 * currentColor), kept out of the landing page's first load (docs/decisions/0012-route-splitting.md,
 * 29 Nov 2026). The signed-in frame imports this module, so its pages draw them at once; anywhere
 * else, <Icon> fetches it the first time it meets one of these names. Loading it adds them to <Icon>.
 */
export const MORE_ICONS = {
  // Teachers' pages (classes, reports).
  calendar: <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h2M14 14h2" />,
  report: <path d="M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 16h7" />,
  // The signed-in shell's menu and its pictures.
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
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

  // My Learning Path: a winding path up to a flag.
  path: (
    <>
      <path d="M3 21c5 0 9-1 9-4s-7-2.5-7-5.5S8 9 12 9" />
      <path d="M12 9V2h8l-2 2.5 2 2.5h-8" />
    </>
  ),
} satisfies Record<string, ReactElement>;

addIcons(MORE_ICONS);
