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
});
