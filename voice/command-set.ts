/**
 * The spoken command set (issue 11): the navigation phrases and action phrases of spec §9, the page
 * titles of §2.6 as the screens name themselves (src/features/protected/screen-titles.ts: one
 * name per screen), and the words a screen offers while it is shown (yes, no, next, back, start reading,
 * stop, read to me, try again; its buttons and links; story titles). Pure data and functions: the
 * registry (./command-registry.ts) keeps what is active, the server recognises it
 * (server/speech/command-decoder.ts), and the CLI and the benchmark build the same lists.
 */
import type { VoiceCommand } from '#core/voice/command.ts';

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

/** Screens whose names are not said on their own (they need an id, or are not places a child goes). */
const UNSPOKEN_SCREENS = new Set([
  '/class/:classId',
  '/student-progress/:studentId',
  '/read-story/:storyId',
  '/onboarding',
  '/role-test',
]);

/**
 * Every navigation command: the §9 phrases, then each screen's name (§2.6 titles as the screens show
 * them), so "word builder" and "Word Builder" lead to the same place. A screen that is not built is
 * still a target: the app answers "That part of Sparky Reads is coming soon" and stays put.
 * @param screenNames route path → the screen's one name (src/app/screen-names.ts)
 */
export function navigationCommands(screenNames: Readonly<Record<string, string>>): VoiceCommand[] {
  const out: VoiceCommand[] = [];
  for (const [target, phrases] of Object.entries(NAVIGATION_PHRASES))
    for (const phrase of phrases) out.push({ phrase, intent: 'navigate', target });
  for (const [target, phrase] of Object.entries(screenNames)) {
    if (UNSPOKEN_SCREENS.has(target)) continue;
    out.push({ phrase, intent: 'navigate', target });
  }
  return out;
}

/** Every action every screen understands ({@link ACTION_PHRASES}). */
export function globalActionCommands(): VoiceCommand[] {
  return Object.entries(ACTION_PHRASES).flatMap(([target, phrases]) =>
    phrases.map((phrase) => ({ phrase, intent: 'action' as const, target })),
  );
}

/** Action id of a story title said on a screen that lists stories. */
export const storyTarget = (storyId: string): string => `story:${storyId}`;
/** Action id of a visible button or link said by its name. */
export const pressTarget = (name: string): string => `press:${name}`;

/** Leading articles a child may leave off a title ("Lost Mitten" for "The Lost Mitten"). */
const ARTICLE = /^(the|a|an)\s+/i;

/**
 * Commands for story titles shown on a screen: each title, and the title without its leading article.
 * @param stories the stories shown (id and title)
 */
export function storyCommands(stories: readonly { id: string; title: string }[]): VoiceCommand[] {
  return stories.flatMap(({ id, title }) => {
    const target = storyTarget(id);
    const bare = title.replace(ARTICLE, '');
    const phrases = bare !== title && bare.trim().split(/\s+/).length >= 2 ? [title, bare] : [title];
    return phrases.map((phrase) => ({ phrase, intent: 'action' as const, target }));
  });
}

/**
 * The whole list in the order the recogniser resolves sound-alike phrases (first wins): the screen's
 * own commands, then the visible controls, then the actions every screen has, then navigation.
 */
export function mergeCommands(...lists: readonly (readonly VoiceCommand[])[]): VoiceCommand[] {
  const seen = new Set<string>();
  const out: VoiceCommand[] = [];
  for (const list of lists)
    for (const c of list) {
      const key = `${c.phrase.toLowerCase()}\u0000${c.intent}\u0000${c.target}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(c);
    }
  return out;
}

/**
 * While a reading is recorded only "stop" is heard (issue 11): the screen's own "stop" (which ends
 * the reading) when it has one, else the global one.
 */
export function recordingCommands(active: readonly VoiceCommand[]): VoiceCommand[] {
  const stop = active.find((c) => c.phrase.trim().toLowerCase() === 'stop');
  return [stop ?? { phrase: 'stop', intent: 'action', target: 'stop' }];
}
