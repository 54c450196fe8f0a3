import { describe, expect, it } from 'vitest';
import {
  matchShortcut,
  navigationShortcuts,
  type ShortcutContext,
  type ShortcutKeyEvent,
} from './keyboard-shortcuts.ts';

const paths = { home: '/home', create: '/create', reports: '/reports' };
const all = navigationShortcuts(paths, () => true);
const idle: ShortcutContext = { selectedText: '', isEditing: false };

function key(letter: string, mods: Partial<ShortcutKeyEvent> = {}): ShortcutKeyEvent {
  return { key: letter, ctrlKey: true, altKey: false, shiftKey: false, metaKey: false, ...mods };
}

const target = (event: ShortcutKeyEvent, context: ShortcutContext = idle) =>
  matchShortcut(event, all, context)?.path ?? null;

describe('navigation shortcuts (spec §2.6, ADR 0005)', () => {
  it('Ctrl+H goes home, even in a field or with text selected', () => {
    expect(target(key('h'))).toBe('/home');
    expect(target(key('H'))).toBe('/home');
    expect(target(key('h'), { selectedText: 'a cat', isEditing: true })).toBe('/home');
  });

  it('Ctrl+C goes to /create only when there is nothing to copy and focus is not in a field', () => {
    expect(target(key('c'))).toBe('/create');
    expect(target(key('c'), { selectedText: 'The cat sat', isEditing: false })).toBeNull();
    expect(target(key('c'), { selectedText: '', isEditing: true })).toBeNull();
  });

  it('plain Ctrl+R stays the browser reload; Ctrl+Alt+R goes to /reports outside fields', () => {
    expect(target(key('r'))).toBeNull();
    expect(target(key('r', { altKey: true }))).toBe('/reports');
    expect(target(key('r', { altKey: true }), { selectedText: '', isEditing: true })).toBeNull();
  });

  it('ignores Shift, Meta, no Ctrl, held-down repeats, and Alt where the shortcut has none', () => {
    expect(target(key('r', { altKey: true, shiftKey: true }))).toBeNull();
    expect(target(key('h', { metaKey: true }))).toBeNull();
    expect(target(key('h', { ctrlKey: false }))).toBeNull();
    expect(target(key('h', { repeat: true }))).toBeNull();
    expect(target(key('h', { altKey: true }))).toBeNull();
  });

  it('leaves out the shortcut of a screen that is not built', () => {
    const built = navigationShortcuts(paths, (path) => path === '/home');
    expect(built.map((s) => s.path)).toEqual(['/home']);
    expect(matchShortcut(key('c'), built, idle)).toBeNull();
  });
});
