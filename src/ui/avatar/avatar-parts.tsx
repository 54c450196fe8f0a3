/*
 * The avatar shop's drawings (core/rewards/avatar-items.ts), drawn for Sparky Reads on a 100 × 100
 * canvas: the background fills it, the face is a circle at (50, 56) r 26 with eyes at y 52, a hat sits
 * on top of the head (y < 34), glasses across the eyes, a pet in the bottom-right corner. Each part is
 * decorative: the avatar's accessible name says what it wears.
 */
import type { ReactElement } from 'react';

/** The face's colour when no colour is worn, and each colour item's. */
export const FACE_COLOURS: Record<string, { fill: string; stroke: string }> = {
  default: { fill: '#f6c48f', stroke: '#8a5a2b' },
  'sky-blue': { fill: '#8ecdf2', stroke: '#1f5f8b' },
  'leaf-green': { fill: '#9fd98b', stroke: '#2f6b22' },
  'sunny-yellow': { fill: '#ffe066', stroke: '#8a6d00' },
  'berry-purple': { fill: '#c9a3e6', stroke: '#5b2d82' },
  'coral-pink': { fill: '#ffadb0', stroke: '#9c3339' },
};

/** Backgrounds, drawn under everything. */
export const BACKGROUNDS: Record<string, ReactElement> = {
  default: <rect width="100" height="100" fill="#e8eefc" />,
  'sunny-meadow': (
    <>
      <rect width="100" height="100" fill="#bfe6ff" />
      <circle cx="82" cy="16" r="9" fill="#ffd23f" />
      <path d="M0 74q25-12 50 0t50 0V100H0z" fill="#7cc46b" />
      <circle cx="14" cy="86" r="3" fill="#ff7eb6" />
      <circle cx="30" cy="92" r="3" fill="#fff176" />
    </>
  ),
  'ocean-waves': (
    <>
      <rect width="100" height="100" fill="#a7dcf5" />
      <path d="M0 70q12-8 25 0t25 0 25 0 25 0V100H0z" fill="#3c8dd1" />
      <path d="M0 84q12-8 25 0t25 0 25 0 25 0V100H0z" fill="#1f63a8" />
    </>
  ),
  'starry-night': (
    <>
      <rect width="100" height="100" fill="#1d2a5b" />
      <circle cx="80" cy="18" r="8" fill="#fdf3b0" />
      <circle cx="84" cy="15" r="7" fill="#1d2a5b" />
      {[
        [12, 14],
        [28, 8],
        [18, 34],
        [90, 44],
        [8, 60],
        [92, 78],
      ].map(([x = 0, y = 0]) => (
        <path key={`${x}-${y}`} d={`M${x} ${y - 3}l1 2 2 1-2 1-1 2-1-2-2-1 2-1z`} fill="#fff7c2" />
      ))}
    </>
  ),
  rainbow: (
    <>
      <rect width="100" height="100" fill="#e9f7ff" />
      {['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'].map((colour, i) => (
        <path
          key={colour}
          d={`M${4 + i * 5} 100a${46 - i * 5} ${46 - i * 5} 0 0 1 ${92 - i * 10} 0`}
          fill="none"
          stroke={colour}
          strokeWidth="5"
        />
      ))}
    </>
  ),
  castle: (
    <>
      <rect width="100" height="100" fill="#d6e9ff" />
      <path d="M4 100V60h8v-6h6v6h8v-6h6v6h8V100z" fill="#a9a3c9" />
      <path d="M68 100V56h8v-6h6v6h8v-6h6v6h0V100z" fill="#a9a3c9" />
      <path d="M14 100V84a6 6 0 0 1 12 0v16zM78 100V82a6 6 0 0 1 12 0v18z" fill="#5f577f" />
      <path d="M82 50V38l8 4-8 4" fill="#ff595e" />
    </>
  ),
};

/** Hats, drawn on the head. */
export const HATS: Record<string, ReactElement> = {
  'party-hat': (
    <>
      <path d="M38 34L50 6l12 28z" fill="#ff6fb5" stroke="#8c1c5b" strokeWidth="2" strokeLinejoin="round" />
      <path d="M43 22h14M40 29h20" stroke="#fff176" strokeWidth="3" />
      <circle cx="50" cy="6" r="4" fill="#fff176" stroke="#8c1c5b" strokeWidth="1.5" />
    </>
  ),
  'baseball-cap': (
    <>
      <path d="M26 40a24 20 0 0 1 48 0z" fill="#2f6fd6" stroke="#173a73" strokeWidth="2" />
      <path d="M70 38q16 0 20 6H66z" fill="#2f6fd6" stroke="#173a73" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="50" cy="21" r="2.5" fill="#173a73" />
    </>
  ),
  'wizard-hat': (
    <>
      <path d="M30 36L52 2l18 34z" fill="#5a3fb5" stroke="#2b1a66" strokeWidth="2" strokeLinejoin="round" />
      <path d="M24 36h52" stroke="#2b1a66" strokeWidth="5" strokeLinecap="round" />
      <path d="M48 16l1.5 3 3 .5-2.2 2 .6 3-2.9-1.5-2.9 1.5.6-3-2.2-2 3-.5z" fill="#ffd23f" />
    </>
  ),
  crown: (
    <path
      d="M30 36V16l10 9 10-13 10 13 10-9v20z"
      fill="#ffd23f"
      stroke="#8a6d00"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  ),
  'space-helmet': (
    <>
      <circle cx="50" cy="54" r="36" fill="#cfe8ff" fillOpacity="0.45" stroke="#6c7a89" strokeWidth="3" />
      <path d="M26 30a30 30 0 0 1 20-12" stroke="#ffffff" strokeWidth="4" strokeLinecap="round" fill="none" />
      <circle cx="50" cy="17" r="3" fill="#ff595e" />
    </>
  ),
};

/** Glasses, drawn across the eyes (at y 52). */
export const GLASSES: Record<string, ReactElement> = {
  'round-glasses': (
    <g fill="none" stroke="#3b2a1a" strokeWidth="2.5">
      <circle cx="41" cy="52" r="7" />
      <circle cx="59" cy="52" r="7" />
      <path d="M48 52h4M24 50l10 1M76 50l-10 1" />
    </g>
  ),
  'star-glasses': (
    <g fill="#ffd23f" fillOpacity="0.8" stroke="#8a6d00" strokeWidth="1.5" strokeLinejoin="round">
      <path d="M41 43l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      <path d="M59 43l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      <path d="M48.5 51h3" fill="none" />
    </g>
  ),
  'heart-glasses': (
    <g fill="#ff5d8f" fillOpacity="0.85" stroke="#8c1c3b" strokeWidth="1.5" strokeLinejoin="round">
      <path d="M41 59s-8-4.5-8-10a4.3 4.3 0 0 1 8-2.3 4.3 4.3 0 0 1 8 2.3c0 5.5-8 10-8 10z" />
      <path d="M59 59s-8-4.5-8-10a4.3 4.3 0 0 1 8-2.3 4.3 4.3 0 0 1 8 2.3c0 5.5-8 10-8 10z" />
    </g>
  ),
  sunglasses: (
    <g stroke="#111" strokeWidth="2">
      <path d="M32 47h16v5a7 7 0 0 1-16 0zM52 47h16v5a7 7 0 0 1-16 0z" fill="#222" />
      <path d="M48 49h4M24 47h8M68 47h8" fill="none" />
      <path d="M35 50l4-2" stroke="#888" strokeWidth="1.5" />
    </g>
  ),
  monocle: (
    <g fill="none" stroke="#8a6d00" strokeWidth="2.5">
      <circle cx="59" cy="52" r="8" fill="#e8f6ff" fillOpacity="0.5" />
      <path d="M66 57q6 10 2 22" strokeWidth="1.5" />
    </g>
  ),
};

/** Pets, in the bottom-right corner. */
export const PETS: Record<string, ReactElement> = {
  puppy: (
    <g stroke="#5b3a1e" strokeWidth="1.5">
      <ellipse cx="84" cy="88" rx="11" ry="8" fill="#c98b4f" />
      <circle cx="84" cy="76" r="8" fill="#c98b4f" />
      <path d="M76 72q-4 6 0 10M92 72q4 6 0 10" fill="#7a4a22" />
      <circle cx="81" cy="75" r="1.2" fill="#222" stroke="none" />
      <circle cx="87" cy="75" r="1.2" fill="#222" stroke="none" />
      <circle cx="84" cy="79" r="1.6" fill="#222" stroke="none" />
    </g>
  ),
  kitten: (
    <g stroke="#555" strokeWidth="1.5">
      <ellipse cx="84" cy="89" rx="10" ry="7" fill="#bdbdbd" />
      <circle cx="84" cy="77" r="8" fill="#bdbdbd" />
      <path d="M77 73l-1-8 6 4M91 73l1-8-6 4" fill="#bdbdbd" strokeLinejoin="round" />
      <circle cx="81" cy="76" r="1.2" fill="#222" stroke="none" />
      <circle cx="87" cy="76" r="1.2" fill="#222" stroke="none" />
      <path d="M84 79v1.5M78 80l-5-1M90 80l5-1" fill="none" />
    </g>
  ),
  goldfish: (
    <g>
      <path
        d="M72 78h24v16a4 4 0 0 1-4 4H76a4 4 0 0 1-4-4z"
        fill="#cdeeff"
        fillOpacity="0.8"
        stroke="#5b8fb0"
        strokeWidth="1.5"
      />
      <ellipse cx="83" cy="88" rx="6" ry="4" fill="#ff9f1c" />
      <path d="M89 88l5-4v8z" fill="#ff9f1c" />
      <circle cx="80" cy="87" r="1" fill="#222" />
    </g>
  ),
  bunny: (
    <g stroke="#8c7a86" strokeWidth="1.5">
      <ellipse cx="78" cy="64" rx="3" ry="9" fill="#fff" />
      <ellipse cx="88" cy="64" rx="3" ry="9" fill="#fff" />
      <ellipse cx="83" cy="89" rx="10" ry="8" fill="#fff" />
      <circle cx="83" cy="77" r="7.5" fill="#fff" />
      <circle cx="80" cy="76" r="1.2" fill="#222" stroke="none" />
      <circle cx="86" cy="76" r="1.2" fill="#222" stroke="none" />
      <circle cx="83" cy="79" r="1.3" fill="#ff8fab" stroke="none" />
    </g>
  ),
  'baby-dragon': (
    <g stroke="#1e5a2c" strokeWidth="1.5" strokeLinejoin="round">
      <path d="M92 80l8-10-2 12z" fill="#ffb703" />
      <ellipse cx="84" cy="89" rx="11" ry="8" fill="#5cc46b" />
      <circle cx="82" cy="76" r="8" fill="#5cc46b" />
      <path d="M76 70l-2-6 5 3M86 69l2-6 1 6" fill="#ffb703" />
      <circle cx="80" cy="75" r="1.3" fill="#222" stroke="none" />
      <path d="M74 79q2 2 4 0" fill="none" />
    </g>
  ),
};
