import { useEffect, useRef } from 'react';
import { Button } from './Button.tsx';
import { Disclosure } from './Disclosure.tsx';
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
      {details ? (
        <Disclosure title="Error details" headingLevel={2} className="error-screen__details">
          <pre className="error-screen__pre">{details}</pre>
        </Disclosure>
      ) : null}
    </section>
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
