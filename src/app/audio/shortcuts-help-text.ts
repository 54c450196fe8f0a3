import { AUDIO_SHORTCUTS } from '#a11y/audio-shortcuts.ts';

/** The help dialog's words as Sparky says them (the same as the list it shows). */
export const SHORTCUTS_HELP_SPOKEN = [
  'Here are your keys.',
  ...AUDIO_SHORTCUTS.map((s) => `${s.keys.replace('+', ' and ')}: ${s.does}.`),
  'Control and H goes home.',
].join(' ');
