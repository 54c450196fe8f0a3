import { useEffect, useId, useRef, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import './disclosure.css';
import './error-screen.css';

/** Spec §2.4 / §8, word for word. */
export const ERROR_TITLE = 'Something went wrong';
/** Spec §2.4 / §8, word for word. */
export const ERROR_TEXT = 'An unexpected error occurred. Please try again or refresh the page.';

/** Props of {@link ErrorScreen}. */
export interface ErrorScreenProps {
  /** What was thrown; shown under "Error details" for a grown-up or a bug report. */
  error?: unknown;
  /** Called by "Try Again": re-render what failed. */
  onRetry: () => void;
  /** Called by "Refresh Page"; defaults to reloading the page. */
  onRefresh?: () => void;
}

/**
 * The error screen (spec §2.4): 'Something went wrong', the spec's text, 'Try Again' and
 * 'Refresh Page', and collapsible error details. Its heading takes focus when it appears so a
 * screen-reader or keyboard user is not left on a control that vanished.
 */
export function ErrorScreen({
  error,
  onRetry,
  onRefresh = () => window.location.reload(),
}: ErrorScreenProps) {
  const details = describeError(error);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="error-screen" aria-labelledby="error-screen-title">
      <svg className="error-screen__icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <circle cx="32" cy="32" r="28" fill="none" stroke="currentColor" strokeWidth="5" />
        <path d="M32 17v19" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
        <circle cx="32" cy="46" r="3.5" fill="currentColor" />
      </svg>
      <h1 id="error-screen-title" tabIndex={-1} ref={headingRef}>
        {ERROR_TITLE}
      </h1>
      <p>{ERROR_TEXT}</p>
      <div className="error-screen__actions">
        <Button variant="primary" onPress={onRetry}>
          Try Again
        </Button>
        <Button variant="secondary" onPress={onRefresh}>
          Refresh Page
        </Button>
      </div>
      {details ? <ErrorDetails details={details} /> : null}
    </section>
  );
}

/**
 * "Error details", collapsed until asked: a level-2 heading holding a toggle button (`aria-expanded`,
 * `aria-controls`) and the panel it shows, with the look of the app's Disclosure (disclosure.css).
 *
 * Not the app's Disclosure (react-aria's), because the error screen is in every page's first load
 * and react-aria's Disclosure is not otherwise: this one uses react-aria's Button, which the first load
 * has anyway (docs/decisions/0012-route-splitting.md, 29 Nov 2026: about 1.2 kB gzipped).
 */
function ErrorDetails({ details }: { details: string }) {
  const [isExpanded, setExpanded] = useState(false);
  const triggerId = useId();
  const panelId = useId();
  return (
    <div className={cx('disclosure', 'error-screen__details', isExpanded && 'is-expanded')}>
      <h2 className="disclosure__heading">
        <AriaButton
          id={triggerId}
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onPress={() => setExpanded((open) => !open)}
          className={({ isFocusVisible, isHovered, isPressed }) =>
            cx(
              'disclosure__trigger',
              isFocusVisible && 'is-focus-visible',
              isHovered && 'is-hovered',
              isPressed && 'is-pressed',
            )
          }
        >
          <Icon name="chevronRight" size={20} strokeWidth={3} className="disclosure__chevron" />
          Error details
        </AriaButton>
      </h2>
      <div
        id={panelId}
        role="group"
        aria-labelledby={triggerId}
        className="disclosure__panel"
        hidden={!isExpanded}
      >
        <pre className="error-screen__pre">{details}</pre>
      </div>
    </div>
  );
}

/** The text shown under "Error details": name and message, plus the stack in development builds. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const head = `${error.name}: ${error.message}`;
    return import.meta.env.DEV && error.stack ? error.stack : head;
  }
  if (error === undefined || error === null) return '';
  if (typeof error === 'object' && 'status' in error && 'statusText' in error) {
    // A react-router ErrorResponse (a thrown Response from a loader or action).
    return `${String(error.status)} ${String(error.statusText)}`;
  }
  try {
    return typeof error === 'string' ? error : JSON.stringify(error);
  } catch {
    return String(error);
  }
}
