/**
 * Priorities and item types of Sparky's audio queue (docs/requirements.md §4.9): the part of the
 * queue's rules that the app's frame needs on every page (src/app/audio/audio-context.ts). The rules
 * themselves are in queue.ts, which re-exports all of this.
 *
 * A module of its own because the landing page's first load imports these constants, and a module the
 * first load imports from is bundled whole: from queue.ts they brought the whole queue, which only
 * the audio engine (loaded after first paint) runs (docs/decisions/0012-route-splitting.md, 29 Nov 2026).
 */

/** Priority of an item: 0 quiet extra, 1 information, 2 warning (§4.9). */
export type AudioPriority = 0 | 1 | 2;

/** §4.9: priority of spoken information. */
export const PRIORITY_INFO = 1 satisfies AudioPriority;
/** §4.9: priority of spoken warnings (errors, destructive toasts). */
export const PRIORITY_WARNING = 2 satisfies AudioPriority;
/** Quiet extras (button names in "Read buttons to me", page titles): never replace anything. */
export const PRIORITY_QUIET = 0 satisfies AudioPriority;

/**
 * What an item is, which decides its default priority and lets the app (and tests) tell them apart.
 * `guidance` page guidance (§4.8); `title` the page title on arrival (§4.9); `button` a control's
 * name in "Read buttons to me"; `toast` a toast; `error` an error message; `countdown` a count
 * before recording; `results` a results summary; `achievement` an achievement unlocked (§4.5);
 * `help` the shortcuts help; `read` the page read aloud (read page); `answer` a reply to a spoken
 * command (issue 11); `tutor` a word said by the tutor (issue 12); `sparky` Sparky talking (issue
 * 13); `sound` a sound effect.
 */
export const AUDIO_ITEM_TYPES = [
  'guidance',
  'title',
  'button',
  'toast',
  'error',
  'countdown',
  'results',
  'achievement',
  'help',
  'read',
  'answer',
  'tutor',
  'sparky',
  'sound',
] as const;
/** A type of {@link AUDIO_ITEM_TYPES}. */
export type AudioItemType = (typeof AUDIO_ITEM_TYPES)[number];

/** Priority each type gets when the caller does not give one. */
export const DEFAULT_PRIORITY: Record<AudioItemType, AudioPriority> = {
  guidance: PRIORITY_INFO,
  title: PRIORITY_QUIET,
  button: PRIORITY_QUIET,
  toast: PRIORITY_INFO,
  error: PRIORITY_WARNING,
  countdown: PRIORITY_INFO,
  results: PRIORITY_INFO,
  achievement: PRIORITY_INFO,
  help: PRIORITY_INFO,
  read: PRIORITY_INFO,
  answer: PRIORITY_INFO,
  tutor: PRIORITY_INFO,
  sparky: PRIORITY_INFO,
  sound: PRIORITY_QUIET,
};
