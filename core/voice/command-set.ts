/**
 * The fixed phrases of the spoken command set (issue 11; spec §9): pure data shared by the browser's
 * command set (voice/command-set.ts, which builds the commands) and the server, which warms its
 * decoders with their words at start (server/main.ts).
 */

/**
 * Spec §9 "Voice navigation phrases", path → phrases, in the spec's order. "home" alone is added
 * beside "go home" (children drop the verb); everything else is the spec's.
 */
export const NAVIGATION_PHRASES: Readonly<Record<string, readonly string[]>> = {
  '/home': ['go home', 'home', 'dashboard'],
  '/create': ['create story', 'new story'],
  '/stories': ['saved stories', 'my stories', 'story library'],
  '/premade-stories': ['premade', 'sample stories'],
  '/fluency': ['reading practice', 'fluency'],
  '/reports': ['reports', 'progress'],
  '/profile': ['profile', 'settings', 'account'],
  '/tokens': ['tokens'],
  '/rewards': ['rewards', 'achievements'],
  '/alphabet': ['alphabet', 'letters'],
  '/word-builder': ['word builder'],
  '/sound-it-out': ['sound it out', 'phonics'],
  '/learn': ['learn', 'learning'],
  '/assessment': ['assessment'],
  '/screening': ['screening'],
  '/goals': ['goals'],
  '/import': ['import text', 'upload text'],
};

/** The actions every screen understands (spec §9 action phrases, and going back). */
export type GlobalAction = 'read-page' | 'stop' | 'pause' | 'resume' | 'help' | 'refresh' | 'back';

/**
 * Spec §9 action phrases: read page, stop reading or audio, pause, continue or resume, help or
 * instructions, refresh or reload; and "back" / "go back" (issue 11's per-screen words; on every
 * screen it goes back a page unless the screen gives it its own meaning).
 */
export const ACTION_PHRASES: Readonly<Record<GlobalAction, readonly string[]>> = {
  'read-page': ['read page', 'read the page'],
  stop: ['stop', 'stop reading', 'stop audio'],
  pause: ['pause'],
  resume: ['continue', 'resume'],
  help: ['help', 'instructions'],
  refresh: ['refresh', 'reload'],
  back: ['back', 'go back'],
};

/** The words issue 11 asks every screen to understand when they mean something there. */
export const SCREEN_WORDS = [
  'yes',
  'no',
  'next',
  'back',
  'start reading',
  'stop',
  'read to me',
  'try again',
] as const;
