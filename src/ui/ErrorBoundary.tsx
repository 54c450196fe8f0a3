import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  children: ReactNode;
  /** When any of these change, a shown error is cleared, e.g. the pathname after navigating away. */
  resetKeys?: readonly unknown[];
  /** What to show instead of the children; defaults to {@link ErrorScreen}. */
  fallback?: (props: { error: unknown; reset: () => void }) => ReactNode;
  /** Called once per caught error, for logging. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  hasError: boolean;
  error: unknown;
}

/**
 * Catches errors thrown while rendering its children and shows the error screen (spec §2.4, §8)
 * instead of a blank page. 'Try Again' clears the error and renders the children again.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false, error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { hasError: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.props.onError) this.props.onError(error, info);
    else console.error('Unhandled render error', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.hasError && changed(previous.resetKeys, this.props.resetKeys)) this.reset();
  }

  /** Clears the error so the children render again. */
  reset = (): void => {
    this.setState({ hasError: false, error: undefined });
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    const { fallback } = this.props;
    return fallback ? (
      fallback({ error: this.state.error, reset: this.reset })
    ) : (
      <ErrorScreen error={this.state.error} onRetry={this.reset} />
    );
  }
}

function changed(a: readonly unknown[] = [], b: readonly unknown[] = []): boolean {
  return a.length !== b.length || a.some((value, index) => !Object.is(value, b[index]));
}
