import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DISPLAY_PREFERENCES_STORAGE_KEY } from '#a11y/display-preferences.ts';
import { reloadDisplayPreferences } from '#a11y/use-display-preferences.ts';
import { DisplaySettings } from './DisplaySettings.tsx';

const html = document.documentElement;

describe('DisplaySettings', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadDisplayPreferences();
  });

  it('changes and stores every choice with the keyboard alone', async () => {
    const user = userEvent.setup();
    render(<DisplaySettings />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Display' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Display settings' })).toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole('switch', { name: 'High contrast' })).toHaveFocus();
    await user.keyboard(' ');
    expect(html).toHaveAttribute('data-theme', 'high-contrast');
    expect(screen.getByRole('switch', { name: 'High contrast' })).toBeChecked();

    await user.tab();
    expect(screen.getByRole('radio', { name: 'Standard' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Extra large' })).toBeChecked();
    expect(html).toHaveAttribute('data-text-size', 'extra-large');

    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('switch', { name: 'Reduce motion' })).toBeChecked();
    expect(html).toHaveAttribute('data-motion', 'reduced');

    expect(JSON.parse(localStorage.getItem(DISPLAY_PREFERENCES_STORAGE_KEY) ?? 'null')).toEqual({
      theme: 'high-contrast',
      textSize: 'extra-large',
      motion: 'reduced',
    });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Display' })).toHaveFocus());
  });

  it('works with Tab and Enter alone, and closes with its Close button (two switches, issue 17)', async () => {
    const user = userEvent.setup();
    render(<DisplaySettings />);
    const tabTo = async (name: string, role: 'switch' | 'radio' | 'button') => {
      for (let i = 0; i < 10 && !screen.getByRole(role, { name }).matches(':focus'); i++) await user.tab();
      expect(screen.getByRole(role, { name })).toHaveFocus();
    };
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Display settings' });

    await tabTo('High contrast', 'switch');
    await user.keyboard('{Enter}');
    expect(html).toHaveAttribute('data-theme', 'high-contrast');
    await user.keyboard('{Enter}');
    expect(html).toHaveAttribute('data-theme', 'standard');

    // Every text size is its own Tab stop; Enter chooses it.
    await tabTo('Large', 'radio');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('radio', { name: 'Large' })).toBeChecked();
    await tabTo('Extra large', 'radio');
    await user.keyboard('{Enter}');
    expect(html).toHaveAttribute('data-text-size', 'extra-large');

    await tabTo('Reduce motion', 'switch');
    await user.keyboard('{Enter}');
    expect(html).toHaveAttribute('data-motion', 'reduced');

    await tabTo('Close', 'button');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Display' })).toHaveFocus());
  });
});
