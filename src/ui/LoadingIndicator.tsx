import { useReducedMotion } from '#a11y/use-display-preferences.ts';
import { cx } from '../lib/class-names.ts';
import './loading-indicator.css';

/** Props of {@link LoadingIndicator}. */
export interface LoadingIndicatorProps {
  /** What is loading, read by screen readers too. Spec §2.4 default: 'Loading...'. */
  message?: string;
  /** `page` centres it in the main area; `inline` sits in the flow. */
  size?: 'page' | 'inline';
}

/**
 * A spinner with a message (spec §2.4). The message is in a polite status region, so a screen reader
 * says it once without moving focus. With reduced motion (system or the person's setting) the
 * spinner is replaced by a still hourglass.
 */
export function LoadingIndicator({ message = 'Loading...', size = 'inline' }: LoadingIndicatorProps) {
  const reduceMotion = useReducedMotion();
  return (
    <div
      role="status"
      className={cx('loading', `loading--${size}`)}
      data-animated={reduceMotion ? 'false' : 'true'}
    >
      <Spinner reduceMotion={reduceMotion} />
      <span className="loading__message">{message}</span>
    </div>
  );
}

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Width and height in CSS pixels (default 48). */
  size?: number;
  /** Show the still hourglass instead of the turning ring (the reader asked for reduced motion). */
  reduceMotion: boolean;
}

/**
 * The turning ring of a wait, or a still hourglass with reduced motion. Decorative (`aria-hidden`):
 * the words of the wait go in a status region or are announced by the caller.
 */
export function Spinner({ size = 48, reduceMotion }: SpinnerProps) {
  return reduceMotion ? (
    <svg className="loading__still" viewBox="0 0 48 48" width={size} height={size} aria-hidden="true">
      <path
        d="M14 6h20M14 42h20M16 6c0 10 16 12 16 18S16 32 16 42M32 6c0 10-16 12-16 18s16 8 16 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  ) : (
    <svg className="loading__spinner" viewBox="0 0 48 48" width={size} height={size} aria-hidden="true">
      <circle cx="24" cy="24" r="19" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="6" />
      <path
        d="M24 5a19 19 0 0 1 19 19"
        fill="none"
        stroke="currentColor"
        strokeWidth="6"
        strokeLinecap="round"
      />
    </svg>
  );
}
