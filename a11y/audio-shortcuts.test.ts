import { describe, expect, it } from 'vitest';
import { matchAudioShortcut, type AudioShortcutContext } from './audio-shortcuts.ts';

const key = (k: string, mods: { ctrl?: boolean; alt?: boolean; shift?: boolean } = {}) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
  metaKey: false,
});
const page: AudioShortcutContext = { isEditing: false, isOnControl: false, isBusy: true, isHandled: false };

describe('voice shortcuts (§2.6)', () => {
  it('Ctrl+V is help, except in a field where it pastes', () => {
    expect(matchAudioShortcut(key('v', { ctrl: true }), page)).toBe('help');
    expect(matchAudioShortcut(key('V', { ctrl: true }), { ...page, isBusy: false })).toBe('help');
    expect(matchAudioShortcut(key('v', { ctrl: true }), { ...page, isEditing: true })).toBeNull();
    expect(matchAudioShortcut(key('v', { ctrl: true, shift: true }), page)).toBeNull();
  });
  it('Alt+R reads the page; Ctrl+R stays reload and Ctrl+Alt+R is not ours', () => {
    expect(matchAudioShortcut(key('r', { alt: true }), page)).toBe('readPage');
    expect(matchAudioShortcut({ ...key('®', { alt: true }), code: 'KeyR' }, page)).toBe('readPage');
    expect(matchAudioShortcut(key('r', { ctrl: true }), page)).toBeNull();
    expect(matchAudioShortcut(key('r', { ctrl: true, alt: true }), page)).toBeNull();
  });
  it('Space toggles only while Sparky talks and focus is not on a control or a field', () => {
    expect(matchAudioShortcut(key(' '), page)).toBe('toggle');
    expect(matchAudioShortcut(key(' '), { ...page, isOnControl: true })).toBeNull();
    expect(matchAudioShortcut(key(' '), { ...page, isEditing: true })).toBeNull();
    expect(matchAudioShortcut(key(' '), { ...page, isBusy: false })).toBeNull();
  });
  it('Escape stops only while Sparky talks and nothing else took it', () => {
    expect(matchAudioShortcut(key('Escape'), page)).toBe('stop');
    expect(matchAudioShortcut(key('Escape'), { ...page, isBusy: false })).toBeNull();
    expect(matchAudioShortcut(key('Escape'), { ...page, isHandled: true })).toBeNull();
    expect(matchAudioShortcut({ ...key('Escape'), repeat: true }, page)).toBeNull();
  });
});
