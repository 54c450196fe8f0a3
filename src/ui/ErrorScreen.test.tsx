/**
 * The error screen's "Error details" toggle (docs/decisions/0012-route-splitting.md, 29 Nov 2026: written on
 * react-aria's Button instead of the app's Disclosure) keeps the Disclosure's semantics: a level-2 heading holding a
 * button with `aria-expanded` and `aria-controls`, a panel labelled by it and hidden until opened, Enter and Space.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorScreen } from './ErrorScreen.tsx';

describe('ErrorScreen: Error details', () => {
  it('is a heading’s toggle button controlling a labelled panel, hidden until opened, by keyboard', async () => {
    const user = userEvent.setup();
    render(
      <ErrorScreen error={new Error('The story shelf fell over')} onRetry={() => {}} onRefresh={() => {}} />,
    );
    const toggle = screen.getByRole('button', { name: 'Error details' });
    expect(screen.getByRole('heading', { level: 2, name: 'Error details' })).toContainElement(toggle);
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    // Hidden panels are out of the accessibility tree.
    expect(screen.queryByRole('group', { name: 'Error details' })).toBeNull();

    // The heading has focus first (the screen takes it); Tab reaches Try Again, Refresh Page, then the toggle.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'Error details' })).toBe(panel);
    expect(panel).toHaveTextContent('Error: The story shelf fell over');
    expect(toggle.closest('.disclosure')).toHaveClass('is-expanded');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('shows no details toggle when there is nothing to tell', () => {
    render(<ErrorScreen onRetry={() => {}} onRefresh={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Error details' })).toBeNull();
  });
});
