/**
 * Navigation keyboard shortcuts of the signed-in app (spec §2.6) and the rules that keep them from
 * breaking what a browser or a person already expects (docs/decisions/0005-keyboard-shortcuts.md):
 *
 * - Ctrl+H → /home, everywhere.
 * - Ctrl+C → /create only when no text is selected and focus is not in a field, so copy keeps
 *   working; and only once /create exists.
 * - Ctrl+Alt+R → /reports (not Ctrl+R, which stays the browser's reload), only once /reports exists.
 *
 * Pure matching over a minimal event shape, so it is tested without a DOM; {@link installShortcuts}
 * attaches it to a window.
 */

import { isEditableElement } from './editable-element.ts';

// In a module of its own (the voice shortcuts of every first load use it); still exported here.
export { isEditableElement };

/** The parts of a KeyboardEvent the matcher reads. */
export interface ShortcutKeyEvent {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
  repeat?: boolean;
}

/** What is going on in the page when the key is pressed. */
export interface ShortcutContext {
  /** Text currently selected in the page ('' for none). */
  selectedText: string;
  /** Whether focus is in a text field, select, or contenteditable element. */
  isEditing: boolean;
}

/** A navigation shortcut. */
export interface NavigationShortcut {
  /** Stable id, e.g. 'home'. */
  id: string;
  /** The letter, lower case. */
  key: string;
  /** Needs Alt as well as Ctrl. */
  alt: boolean;
  /** Where it goes. */
  path: string;
  /** How a person would say it, for help text: 'Ctrl+H'. */
  label: string;
  /** Extra condition; the shortcut does nothing when it returns false. */
  isAllowed: (context: ShortcutContext) => boolean;
}

const always = () => true;

/**
 * The navigation shortcuts that exist for the screens that exist.
 *
 * @param paths the three targets (from src/app/paths.ts)
 * @param isAvailable whether a target screen is built; a shortcut to a missing screen is left out
 */
export function navigationShortcuts(
  paths: { home: string; create: string; reports: string },
  isAvailable: (path: string) => boolean,
): NavigationShortcut[] {
  const all: NavigationShortcut[] = [
    { id: 'home', key: 'h', alt: false, path: paths.home, label: 'Ctrl+H', isAllowed: always },
    {
      id: 'create',
      key: 'c',
      alt: false,
      path: paths.create,
      label: 'Ctrl+C',
      // Copy wins whenever there is anything to copy or focus is in a field.
      isAllowed: (context) => context.selectedText === '' && !context.isEditing,
    },
    {
      id: 'reports',
      key: 'r',
      alt: true,
      path: paths.reports,
      label: 'Ctrl+Alt+R',
      // Ctrl+Alt is AltGr on many layouts: in a field the keys may be typing a character.
      isAllowed: (context) => !context.isEditing,
    },
  ];
  return all.filter((shortcut) => isAvailable(shortcut.path));
}

/**
 * The shortcut a key press triggers, or null. Needs Ctrl (not Cmd, not Shift); Alt only where the
 * shortcut asks for it; held-down repeats are ignored.
 */
export function matchShortcut(
  event: ShortcutKeyEvent,
  shortcuts: readonly NavigationShortcut[],
  context: ShortcutContext,
): NavigationShortcut | null {
  if (!event.ctrlKey || event.metaKey || event.shiftKey || event.repeat) return null;
  const key = event.key.toLowerCase();
  const shortcut = shortcuts.find((s) => s.key === key && s.alt === event.altKey);
  if (!shortcut || !shortcut.isAllowed(context)) return null;
  return shortcut;
}

/**
 * Listens for the shortcuts on `target` and calls `navigate` with the path. Returns the cleanup.
 *
 * @param target usually `window`
 * @param shortcuts from {@link navigationShortcuts}
 * @param navigate the router's navigate
 */
export function installShortcuts(
  target: Window,
  shortcuts: readonly NavigationShortcut[],
  navigate: (path: string) => void,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const doc = target.document;
    const shortcut = matchShortcut(event, shortcuts, {
      selectedText: target.getSelection()?.toString() ?? '',
      isEditing: isEditableElement(doc.activeElement),
    });
    if (!shortcut) return;
    event.preventDefault();
    navigate(shortcut.path);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
