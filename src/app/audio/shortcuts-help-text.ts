import { AUDIO_SHORTCUTS } from '#a11y/audio-shortcuts.ts';
import { TOAST_HOTKEY } from '../../ui/Toast.tsx';

/**
 * Keys the help dialog lists besides the voice shortcuts: the navigation keys of
 * docs/decisions/0005-keyboard-shortcuts.md and the toast region's key (src/ui/Toast.tsx). One list,
 * so that what the dialog shows and what Sparky says cannot drift apart (issue 10).
 */
export const OTHER_SHORTCUTS: readonly { keys: string; does: string }[] = [
  { keys: 'Ctrl+H', does: 'Go home' },
  { keys: TOAST_HOTKEY, does: 'Go to the messages' },
];

/**
 * Keys as Sparky says them: "Ctrl+V" → "Control and V" (flite spells out "Ctrl").
 * @param keys keys as the dialog shows them
 */
export function sayKeys(keys: string): string {
  return keys.replace(/^Ctrl\+/, 'Control+').replace(/\+/g, ' and ');
}

/** The help dialog's words as Sparky says them: every row it shows, in its order. */
export const SHORTCUTS_HELP_SPOKEN = [
  'Here are your keys.',
  ...[...AUDIO_SHORTCUTS, ...OTHER_SHORTCUTS].map((s) => `${sayKeys(s.keys)}: ${s.does}.`),
].join(' ');
