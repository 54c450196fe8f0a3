import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DISPLAY_PREFERENCES_STORAGE_KEY,
  applyDisplayPreferences,
  readDisplayPreferences,
  writeDisplayPreferences,
  type DisplayPreferences,
} from './display-preferences.ts';
import {
  reloadDisplayPreferences,
  updateDisplayPreferences,
  useDisplayPreferences,
} from './use-display-preferences.ts';

const html = document.documentElement;

function resetHtml() {
  for (const name of ['data-theme', 'data-text-size', 'data-motion']) html.removeAttribute(name);
}

function stored(): unknown {
  return JSON.parse(localStorage.getItem(DISPLAY_PREFERENCES_STORAGE_KEY) ?? 'null');
}

describe('display preferences', () => {
  beforeEach(() => {
    localStorage.clear();
    resetHtml();
    reloadDisplayPreferences();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('defaults to the standard look', () => {
    expect(readDisplayPreferences()).toEqual({ theme: 'standard', textSize: 'standard', motion: 'system' });
  });

  it('defaults to high contrast when the system asks for more contrast', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-contrast: more)' }));
    expect(readDisplayPreferences().theme).toBe('high-contrast');
  });

  it('round-trips through localStorage', () => {
    const choice: DisplayPreferences = { theme: 'high-contrast', textSize: 'extra-large', motion: 'reduced' };
    expect(writeDisplayPreferences(choice)).toBe(true);
    expect(readDisplayPreferences()).toEqual(choice);
  });

  it('ignores corrupt or unknown stored values field by field', () => {
    localStorage.setItem(DISPLAY_PREFERENCES_STORAGE_KEY, '{not json');
    expect(readDisplayPreferences().theme).toBe('standard');
    localStorage.setItem(
      DISPLAY_PREFERENCES_STORAGE_KEY,
      JSON.stringify({ theme: 'neon', textSize: 'large', motion: 7 }),
    );
    expect(readDisplayPreferences()).toEqual({ theme: 'standard', textSize: 'large', motion: 'system' });
  });

  it('survives blocked storage', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(readDisplayPreferences(blocked).textSize).toBe('standard');
    expect(writeDisplayPreferences({ theme: 'standard', textSize: 'large', motion: 'system' }, blocked)).toBe(
      false,
    );
  });

  it('applies the choices as data attributes on <html>', () => {
    applyDisplayPreferences({ theme: 'high-contrast', textSize: 'large', motion: 'reduced' });
    expect(html).toHaveAttribute('data-theme', 'high-contrast');
    expect(html).toHaveAttribute('data-text-size', 'large');
    expect(html).toHaveAttribute('data-motion', 'reduced');
  });

  it('updateDisplayPreferences persists, applies and re-renders subscribers', () => {
    function Probe() {
      const [preferences] = useDisplayPreferences();
      return <p>theme: {preferences.theme}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('theme: standard')).toBeInTheDocument();
    act(() => {
      updateDisplayPreferences({ theme: 'high-contrast' });
    });
    expect(screen.getByText('theme: high-contrast')).toBeInTheDocument();
    expect(html).toHaveAttribute('data-theme', 'high-contrast');
    expect(stored()).toEqual({ theme: 'high-contrast', textSize: 'standard', motion: 'system' });
  });

  it('follows a change made in another tab', () => {
    function Probe() {
      const [preferences] = useDisplayPreferences();
      return <p>size: {preferences.textSize}</p>;
    }
    render(<Probe />);
    localStorage.setItem(DISPLAY_PREFERENCES_STORAGE_KEY, JSON.stringify({ textSize: 'extra-large' }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: DISPLAY_PREFERENCES_STORAGE_KEY }));
    });
    expect(screen.getByText('size: extra-large')).toBeInTheDocument();
    expect(html).toHaveAttribute('data-text-size', 'extra-large');
  });

  describe('public/display-preferences.js (applied before first paint)', () => {
    const script = readFileSync(resolve(process.cwd(), 'public/display-preferences.js'), 'utf8');
    const runBootScript = () => new Function(script)();
    const attributes = () => ({
      theme: html.getAttribute('data-theme'),
      textSize: html.getAttribute('data-text-size'),
      motion: html.getAttribute('data-motion'),
    });

    const cases: Array<[string, string | null]> = [
      ['nothing stored', null],
      ['every choice', JSON.stringify({ theme: 'high-contrast', textSize: 'large', motion: 'reduced' })],
      ['some choices', JSON.stringify({ textSize: 'extra-large' })],
      ['unknown values', JSON.stringify({ theme: 'neon', textSize: 3 })],
      ['corrupt JSON', '{oops'],
    ];

    it.each(cases)('agrees with the TypeScript module for %s', (_label, value) => {
      if (value !== null) localStorage.setItem(DISPLAY_PREFERENCES_STORAGE_KEY, value);
      runBootScript();
      const fromScript = attributes();
      resetHtml();
      applyDisplayPreferences(readDisplayPreferences());
      expect(fromScript).toEqual(attributes());
    });
  });
});
