import type { SparkyMood } from '#core/sparky/assignments.ts';

/** Props of {@link SparkyFace}. */
export interface SparkyFaceProps {
  mood: SparkyMood;
  /** Whether Sparky is talking (the mouth opens; it bobs when motion is allowed). */
  speaking?: boolean;
  /** Drawn size in CSS pixels (square). */
  size?: number;
}

/** Eyes and mouth for each mood (spec §4.8), drawn on the 64 × 64 star of SparkyLogo. */
function Features({ mood, speaking }: { mood: SparkyMood; speaking: boolean }) {
  const eyes =
    mood === 'celebratory' ? (
      // Happy closed eyes, curved up.
      <>
        <path className="sparky-face__line" d="M23.5 31.5q3 -4 6 0" />
        <path className="sparky-face__line" d="M34.5 31.5q3 -4 6 0" />
      </>
    ) : mood === 'excited' ? (
      <>
        <circle className="sparky-face__eye" cx="26.5" cy="30.5" r="3.6" />
        <circle className="sparky-face__eye" cx="37.5" cy="30.5" r="3.6" />
        <circle className="sparky-face__shine" cx="27.6" cy="29.3" r="1.1" />
        <circle className="sparky-face__shine" cx="38.6" cy="29.3" r="1.1" />
      </>
    ) : mood === 'encouraging' ? (
      // A friendly wink.
      <>
        <circle className="sparky-face__eye" cx="26.5" cy="31" r="2.8" />
        <path className="sparky-face__line" d="M34.5 31.5q3 2 6 0" />
      </>
    ) : (
      <>
        <circle className="sparky-face__eye" cx="26.5" cy="31" r="2.8" />
        <circle className="sparky-face__eye" cx="37.5" cy="31" r="2.8" />
      </>
    );
  const mouth = speaking ? (
    <ellipse className="sparky-face__mouth" cx="32" cy="40.5" rx="3.6" ry={mood === 'excited' ? 3.4 : 2.6} />
  ) : mood === 'celebratory' || mood === 'excited' ? (
    <path className="sparky-face__mouth" d="M25.5 37.5q6.5 8 13 0z" />
  ) : (
    <path className="sparky-face__line" d="M26 38.5q6 5 12 0" />
  );
  return (
    <>
      {eyes}
      {mouth}
      {mood === 'celebratory' ? (
        <g className="sparky-face__sparkles">
          <path className="sparky-face__sparkle" d="M8 10l1.5 3 3 1.5-3 1.5L8 19l-1.5-3-3-1.5 3-1.5z" />
          <path
            className="sparky-face__sparkle"
            d="M56 8l1.2 2.4 2.4 1.2-2.4 1.2L56 15.2l-1.2-2.4-2.4-1.2 2.4-1.2z"
          />
        </g>
      ) : null}
    </>
  );
}

/**
 * Sparky's face (our own drawing: the star of the logo), following his mood (spec §4.8): helpful smiles,
 * excited has wide bright eyes and an open grin, encouraging winks, celebratory beams with sparkles. It
 * bobs while he speaks, only when reduced motion is off (sparky.css). Decorative (`aria-hidden`): what he
 * says is written beside it and announced.
 */
export function SparkyFace({ mood, speaking = false, size = 72 }: SparkyFaceProps) {
  return (
    <svg
      className={`sparky-face sparky-face--${mood}${speaking ? ' is-speaking' : ''}`}
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      data-mood={mood}
    >
      <polygon
        className="sparky-face__star"
        points="32,6 40.2,22.7 58.6,25.3 45.3,38.3 48.5,56.7 32,48 15.5,56.7 18.7,38.3 5.4,25.3 23.8,22.7"
        strokeWidth="3.5"
        strokeLinejoin="round"
      />
      <Features mood={mood} speaking={speaking} />
    </svg>
  );
}
