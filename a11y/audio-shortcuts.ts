/**
 * Keyboard shortcuts of the voice layer (spec §2.6: Ctrl+V help, read page, Space pause, Escape stop
 * audio), with the rules that keep them from breaking what a browser or a person expects
 * (docs/decisions/0005-keyboard-shortcuts.md and the audio ADR):
 *
 * - Ctrl+V (help: speaks the page's guidance and opens the spoken shortcuts list) only outside text
 *   fields, where it would paste.
 * - Alt+R reads the page: Ctrl+R stays the browser's reload (ADR 0005) and Ctrl+Alt+R goes to /reports.
 * - Space pauses and resumes Sparky only when focus is not on a control or a field (where Space
 *   presses or types) and only while Sparky is talking; otherwise it scrolls the page as usual.
 * - Escape stops Sparky only while Sparky is talking, and never when something else (a dialog, a
 *   menu, the story reader) has already handled it.
 *
 * Pure matching over a minimal event shape, so it is tested without a DOM.
 */
import type { ShortcutKeyEvent } from './keyboard-shortcuts.ts';

/** What a voice shortcut does. */
export type AudioShortcutAction = 'help' | 'readPage' | 'toggle' | 'stop';

/** The shortcuts as listed in the help dialog (keys as a person says them). */
export const AUDIO_SHORTCUTS: readonly { action: AudioShortcutAction; keys: string; does: string }[] = [
  { action: 'help', keys: 'Ctrl+V', does: 'Hear what to do on this page, and this list' },
  { action: 'readPage', keys: 'Alt+R', does: 'Read this page aloud' },
  { action: 'toggle', keys: 'Space', does: 'Pause Sparky, or go on (when no button is chosen)' },
  { action: 'stop', keys: 'Escape', does: 'Stop Sparky talking' },
];

/** What is going on in the page when the key is pressed. */
export interface AudioShortcutContext {
  /** Focus is in a text field, select or contenteditable. */
  isEditing: boolean;
  /** Focus is on a control (button, link, checkbox, slider, menu item …) that Space would press. */
  isOnControl: boolean;
  /** Sparky is talking or paused (the queue is busy). */
  isBusy: boolean;
  /** Something else already handled this key (`event.defaultPrevented`). */
  isHandled: boolean;
}

/**
 * The voice shortcut a key press triggers, or null.
 * @param event the key event
 * @param context the page's state
 */
export function matchAudioShortcut(
  event: ShortcutKeyEvent & { code?: string },
  context: AudioShortcutContext,
): AudioShortcutAction | null {
  if (context.isHandled || event.repeat || event.metaKey) return null;
  const key = event.key.toLowerCase();
  if (event.ctrlKey && !event.altKey && !event.shiftKey && key === 'v')
    return context.isEditing ? null : 'help';
  if (event.altKey && !event.ctrlKey && !event.shiftKey && (key === 'r' || event.code === 'KeyR'))
    return context.isEditing ? null : 'readPage';
  if (event.ctrlKey || event.altKey || event.shiftKey) return null;
  if (key === ' ' || key === 'spacebar')
    return context.isBusy && !context.isEditing && !context.isOnControl ? 'toggle' : null;
  if (key === 'escape') return context.isBusy ? 'stop' : null;
  return null;
}

const CONTROL_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'tab',
  'slider',
  'spinbutton',
  'combobox',
  'treeitem',
  'gridcell',
  'row',
]);

/** Whether an element is a control that Space presses (button, link, checkbox …). */
export function isControlElement(element: Element | null): boolean {
  if (!element || element === element.ownerDocument.body) return false;
  const tag = element.tagName;
  if (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return true;
  const role = element.getAttribute('role');
  return role !== null && CONTROL_ROLES.has(role);
}
