/**
 * The spoken command set (issue 11): the navigation phrases and action phrases of spec §9, the page
 * titles of §2.6 as the screens name themselves (src/features/protected/screen-titles.ts: one
 * name per screen), and the words a screen offers while it is shown (yes, no, next, back, start reading,
 * stop, read to me, try again; its buttons and links; story titles). Pure data and functions: the
 * registry (./command-registry.ts) keeps what is active, the server recognises it
 * (server/speech/command-decoder.ts), and the CLI and the benchmark build the same lists.
 */
import type { VoiceCommand } from '#core/voice/command.ts';

// The phrases themselves are data the server needs too (it warms its decoders with their words).
import {
  ACTION_PHRASES,
  NAVIGATION_PHRASES,
  SCREEN_WORDS,
  type GlobalAction,
} from '#core/voice/command-set.ts';
export { ACTION_PHRASES, NAVIGATION_PHRASES, SCREEN_WORDS, type GlobalAction };

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
/** Whether an action id is a story title's ({@link storyTarget}). */
export const isStoryTarget = (target: string): boolean => target.startsWith('story:');
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
