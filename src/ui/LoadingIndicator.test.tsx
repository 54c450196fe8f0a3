import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadDisplayPreferences, updateDisplayPreferences } from '#a11y/use-display-preferences.ts';
import { LoadingIndicator } from './LoadingIndicator.tsx';

function mockSystemReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('LoadingIndicator', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadDisplayPreferences();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("says 'Loading...' in a status region by default (spec §2.4)", () => {
    render(<LoadingIndicator />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows the given message', () => {
    render(<LoadingIndicator message="Loading stories..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading stories...');
  });

  it('spins when motion is allowed', () => {
    render(<LoadingIndicator />);
    expect(screen.getByRole('status')).toHaveAttribute('data-animated', 'true');
  });

  it('stays still when the person chose Reduce motion', () => {
    render(<LoadingIndicator />);
    act(() => {
      updateDisplayPreferences({ motion: 'reduced' });
    });
    expect(screen.getByRole('status')).toHaveAttribute('data-animated', 'false');
  });

  it('stays still when the system asks for reduced motion', () => {
    mockSystemReducedMotion(true);
    render(<LoadingIndicator />);
    expect(screen.getByRole('status')).toHaveAttribute('data-animated', 'false');
  });
});
