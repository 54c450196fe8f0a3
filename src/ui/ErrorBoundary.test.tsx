import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ERROR_TEXT, ERROR_TITLE, ErrorScreen } from './ErrorScreen.tsx';

let shouldThrow = true;

function Fragile() {
  if (shouldThrow) throw new Error('The story shelf fell over');
  return <p>Story shelf</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(() => {
    shouldThrow = true;
    // React logs caught render errors; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the error screen of spec §2.4 instead of the broken part', () => {
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByText(ERROR_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('moves focus to the error heading', () => {
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: ERROR_TITLE })).toHaveFocus();
  });

  it('keeps the error details collapsed until asked', async () => {
    const user = userEvent.setup();
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    const toggle = screen.getByRole('button', { name: 'Error details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/The story shelf fell over/)).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/The story shelf fell over/)).toBeVisible();
  });

  it('Try Again renders the children again', async () => {
    const user = userEvent.setup();
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Story shelf')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: ERROR_TITLE })).not.toBeInTheDocument();
  });

  it('Refresh Page reloads', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    render(
      <ErrorBoundary
        fallback={({ error, reset }) => <ErrorScreenHarness error={error} reset={reset} reload={reload} />}
      >
        <Fragile />
      </ErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('clears the error when a reset key changes (navigating away)', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [page, setPage] = useState('a');
      return (
        <>
          <button onClick={() => setPage('b')}>Go elsewhere</button>
          <ErrorBoundary resetKeys={[page]}>
            <Fragile />
          </ErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    expect(screen.getByRole('heading', { name: ERROR_TITLE })).toBeInTheDocument();
    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Go elsewhere' }));
    expect(screen.getByText('Story shelf')).toBeInTheDocument();
  });
});

function ErrorScreenHarness({
  error,
  reset,
  reload,
}: {
  error: unknown;
  reset: () => void;
  reload: () => void;
}) {
  return <ErrorScreen error={error} onRetry={reset} onRefresh={reload} />;
}
