/**
 * Sparky's assignments, his answers and his lines (spec §3 "Sparky assignment", §4.8; docs/requirements.md
 * §4.8): which assignments a reader has now, which one is current, and how a spoken or pressed reply is
 * understood. Pure rules shared by machines/sparky.machine.ts, the widget and the voice layer.
 */
import { isReadyToLevelUp } from '../lexile/reader-lexile.ts';

/** Spec §3: an assignment's priority. */
export type AssignmentPriority = 'high' | 'medium' | 'low';

/** Spec §3 "Sparky assignment": id, title, description, message, priority, completed. */
export interface SparkyAssignment {
  id: AssignmentId;
  /** Spec §4.8 title, e.g. 'Daily Challenge Ready!'. */
  title: string;
  /** One line for the panel, in a child's words. */
  description: string;
  /** What Sparky says when he offers it. */
  message: string;
  priority: AssignmentPriority;
  completed: boolean;
}

/** The assignments of spec §4.8 ('Create a New Story' waits for story creation, as the home page does). */
export type AssignmentId = 'daily-challenge' | 'level-up' | 'create-story' | 'explore';

/** Spec §4.8 titles. */
export const ASSIGNMENT_TITLES: Readonly<Record<AssignmentId, string>> = {
  'daily-challenge': 'Daily Challenge Ready!',
  'level-up': 'Ready to Level Up!',
  'create-story': 'Create a New Story',
  explore: 'Explore Reading Features',
};

const DETAILS: Readonly<
  Record<AssignmentId, Pick<SparkyAssignment, 'description' | 'message' | 'priority'>>
> = {
  'daily-challenge': {
    priority: 'high',
    description: 'You have a challenge to finish today.',
    message: 'You have a daily challenge ready! Do you want to see your rewards?',
  },
  'level-up': {
    priority: 'medium',
    description: 'You read so well that harder stories are ready for you.',
    message: 'You are ready to level up! Do you want to see your rewards?',
  },
  'create-story': {
    priority: 'low',
    description: 'Make up a story of your own.',
    message: 'Shall we make a new story together?',
  },
  explore: {
    priority: 'low',
    description: 'Look around: stories, reading practice and your rewards.',
    message: 'There is so much to explore! Do you want to see your rewards?',
  },
};

/**
 * Assignments whose condition is in the reader's data: when the condition no longer holds (every
 * challenge done, the reading level caught up), the assignment has been completed. The others are
 * completed by the reader (answering yes) or only leave with the page (`explore`, /home only).
 */
export const DATA_COMPLETED: ReadonlySet<AssignmentId> = new Set<AssignmentId>([
  'daily-challenge',
  'level-up',
]);

/** One assignment, not completed. */
export function makeAssignment(id: AssignmentId): SparkyAssignment {
  return { id, title: ASSIGNMENT_TITLES[id], ...DETAILS[id], completed: false };
}

/** What the assignments depend on. */
export interface AssignmentFacts {
  /** Whether any of today's daily challenges is incomplete (spec §4.8). */
  hasIncompleteChallenge: boolean;
  /** profiles.lexile_level (L), or null. */
  lexileLevel: number | null;
  /** profiles.reading_level as text (e.g. '450' or '450L'), or null. */
  readingLevel: string | null;
  /** The current path: 'Explore Reading Features' only on /home (spec §4.8). */
  pathname: string;
  /** Whether story creation is built (until then 'Create a New Story' is left out). */
  canCreateStories: boolean;
}

/** The numeric reading level in a profile's text ('450L' → 450), or null when there is none. */
export function numericReadingLevel(text: string | null): number | null {
  const match = text?.match(/-?\d+(\.\d+)?/);
  return match ? Number(match[0]) : null;
}

/**
 * The assignments that apply now (spec §4.8), in the order high, medium, low: 'Daily Challenge Ready!'
 * while a challenge is incomplete, 'Ready to Level Up!' when the Lexile level exceeds the numeric reading
 * level by more than 50, 'Create a New Story' once stories can be made, 'Explore Reading Features' on /home.
 */
export function assignmentsFor(facts: AssignmentFacts): SparkyAssignment[] {
  const ids: AssignmentId[] = [];
  if (facts.hasIncompleteChallenge) ids.push('daily-challenge');
  if (isReadyToLevelUp(facts.lexileLevel, numericReadingLevel(facts.readingLevel))) ids.push('level-up');
  if (facts.canCreateStories) ids.push('create-story');
  if (facts.pathname === '/home') ids.push('explore');
  return ids.map(makeAssignment);
}

/**
 * Spec §4.8: the current assignment is the incomplete high one, else the incomplete medium one, else the
 * first incomplete one; null when none is left.
 */
export function currentAssignment(assignments: readonly SparkyAssignment[]): SparkyAssignment | null {
  const open = assignments.filter((a) => !a.completed);
  return (
    open.find((a) => a.priority === 'high') ?? open.find((a) => a.priority === 'medium') ?? open[0] ?? null
  );
}

/**
 * Brings the list up to date with what applies `now`: assignments that still apply keep whether they were
 * completed; one of {@link DATA_COMPLETED} that no longer applies was completed by the reader (it stays,
 * completed); others that no longer apply leave; new ones are added.
 * @returns the merged list and the ids completed by this update
 */
export function mergeAssignments(
  before: readonly SparkyAssignment[],
  now: readonly SparkyAssignment[],
): { assignments: SparkyAssignment[]; completedIds: AssignmentId[] } {
  const nowIds = new Set(now.map((a) => a.id));
  const completedIds: AssignmentId[] = [];
  const kept = before.flatMap((a): SparkyAssignment[] => {
    if (nowIds.has(a.id)) return [a];
    if (!DATA_COMPLETED.has(a.id)) return [];
    if (!a.completed) completedIds.push(a.id);
    return [{ ...a, completed: true }];
  });
  const keptIds = new Set(kept.map((a) => a.id));
  const added = now.filter((a) => !keptIds.has(a.id));
  const order: Record<AssignmentPriority, number> = { high: 0, medium: 1, low: 2 };
  const assignments = [...kept, ...added].sort((a, b) => order[a.priority] - order[b.priority]);
  return { assignments, completedIds };
}

/** How a reply to Sparky is understood. */
export type SparkyReply = 'yes' | 'no';

/** Spec §4.8: a reply of yes, start or begin; or no, skip or not now. */
export const REPLY_WORDS: Readonly<Record<SparkyReply, readonly string[]>> = {
  yes: ['yes', 'start', 'begin'],
  no: ['no', 'skip', 'not now'],
};

/**
 * What a reply means (spec §4.8), from a button's word or what the recogniser heard: 'yes' for yes, start
 * or begin; 'no' for no, skip or not now; null for anything else. Case, punctuation and extra words
 * around the phrase ('yes please', 'not now, Sparky') do not matter; a reply naming both is not understood.
 */
export function understandReply(text: string): SparkyReply | null {
  const words = ` ${text
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
  const says = (phrase: string) => words.includes(` ${phrase} `);
  const no = REPLY_WORDS.no.some(says);
  const yes = REPLY_WORDS.yes.some(says);
  if (yes === no) return null;
  return yes ? 'yes' : 'no';
}

/** Spec §4.8: after a yes, Sparky goes to /rewards 2 s later (ms). */
export const YES_NAVIGATE_DELAY_MS = 2000;

/** Spec §4.8: after silence the mood goes back to helpful 1 s later (ms). */
export const MOOD_RESET_DELAY_MS = 1000;

/** Spec §4.8 moods; `helpful` is the default. */
export type SparkyMood = 'excited' | 'encouraging' | 'celebratory' | 'helpful';

/** What Sparky says. */
export const SPARKY_LINES = {
  /** After a yes (spec §4.8: then /rewards after 2 s). */
  yes: "Great! Let's look at your rewards.",
  /** A friendly dismissal (spec §4.8). */
  no: "That's okay! I'll be right here when you want me.",
  /** The mascot pressed when nothing is left. */
  allDone: 'You did everything for now. Great reading!',
  /** A reply not understood. */
  notUnderstood: 'Say yes or no, or press a button.',
} as const;

/** A praise line for a completed assignment (spec §4.8). */
export function praiseLine(assignment: Pick<SparkyAssignment, 'title' | 'id'>): string {
  switch (assignment.id) {
    case 'daily-challenge':
      return 'Hooray! You finished your daily challenges. You are a reading star!';
    case 'level-up':
      return 'Wow, you levelled up! Your reading keeps growing.';
    default:
      return `Well done! You finished "${assignment.title}".`;
  }
}
