import './sparky-logo.css';

/** Props of {@link SparkyLogo}. */
export interface SparkyLogoProps {
  /** Drawn size in CSS pixels (square). */
  size?: number;
  className?: string;
}

/**
 * Sparky, the mascot: a smiling star. Decorative (`aria-hidden`): wherever it appears, the product
 * name is written next to it.
 */
export function SparkyLogo({ size = 40, className }: SparkyLogoProps) {
  return (
    <svg
      className={className ? `sparky-logo ${className}` : 'sparky-logo'}
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <polygon
        className="sparky-logo__star"
        points="32,6 40.2,22.7 58.6,25.3 45.3,38.3 48.5,56.7 32,48 15.5,56.7 18.7,38.3 5.4,25.3 23.8,22.7"
        strokeWidth="3.5"
        strokeLinejoin="round"
      />
      <circle className="sparky-logo__eye" cx="26.5" cy="31" r="2.8" />
      <circle className="sparky-logo__eye" cx="37.5" cy="31" r="2.8" />
      <path
        className="sparky-logo__smile"
        d="M26 38.5q6 5 12 0"
        fill="none"
        strokeWidth="2.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
