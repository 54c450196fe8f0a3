/**
 * How My Classroom writes a reader's assignments (AssignmentList.tsx; docs/decisions/0047-assignments.md): the due
 * day in words, and the names of the links to read a story, short enough to be said as voice commands and all
 * different on the page.
 */
import type { ReaderAssignment } from '#core/api/assignments.ts';
import { MAX_PHRASE_CHARS, MAX_PHRASE_WORDS, phraseKey } from '#core/voice/command.ts';

/** Weekday, day and month of a calendar day, read in UTC so the day is the one the teacher chose. */
const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "by Friday, 4 December": a due day (YYYY-MM-DD) in words; the day as written when it is not one. */
export function dueDayText(dueOn: string): string {
  const day = new Date(`${dueOn}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return `by ${dueOn}`;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    DAY_FORMAT.formatToParts(day).find((p) => p.type === type)?.value ?? '';
  return `by ${part('weekday')}, ${part('day')} ${part('month')}`;
}

/**
 * `title` cut to at most `maxWords` words (split at spaces, as the voice layer counts them) and `maxChars`
 * characters, at a word's end where it can be, with "…" where it was cut.
 */
export function cappedTitle(title: string, maxWords: number, maxChars: number): string {
  const words = title.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  let capped = words.length > maxWords ? `${words.slice(0, maxWords).join(' ')}…` : words.join(' ');
  if (capped.length > maxChars) {
    const room = capped.slice(0, maxChars - 1);
    const lastSpace = room.lastIndexOf(' ');
    capped = `${lastSpace > 0 ? room.slice(0, lastSpace) : room}…`;
  }
  return capped;
}

/**
 * A link's name with a story's title in it ("Read The Fox and the Crow aloud"), the title cut so that the whole
 * name stays a phrase the voice layer can offer as a command (at most MAX_PHRASE_WORDS words and MAX_PHRASE_CHARS
 * characters: voice/visible-controls.ts leaves longer names out).
 */
function storyControlName(before: string, title: string, after: string): string {
  const fixed = `${before}  ${after}`;
  const capped = cappedTitle(
    title,
    MAX_PHRASE_WORDS - fixed.split(' ').filter(Boolean).length,
    MAX_PHRASE_CHARS - fixed.length,
  );
  return `${before} ${capped || 'the story'} ${after}`;
}

/** "Read The Fox and the Crow aloud": the link to read an assignment on Reading Practice. */
export function readAloudName(title: string): string {
  return storyControlName('Read', title, 'aloud');
}

/** "Read The Fox and the Crow again": the link on an assignment read already. */
export function readAgainName(title: string): string {
  return storyControlName('Read', title, 'again');
}

/** The most words of a class's name in a link's name ("Read The Red Kite aloud for Room 4"). */
const CLASS_IN_NAME_MAX_WORDS = 4;
/** The most characters of a class's name in a link's name (a class name has up to 60). */
const CLASS_IN_NAME_MAX_CHARS = 24;

/**
 * The names of the links of a reader's assignments, one per assignment, in order: "Read {story} aloud", or
 * "Read {story} again" for one read already. Each is a phrase the voice layer can offer (at most
 * MAX_PHRASE_WORDS words and MAX_PHRASE_CHARS characters), and no two sound the same (core/voice/command.ts
 * phraseKey): the same story from two classes, the same story twice, or two long titles cut to the same words.
 * Names that are the same get the class's short name ("Read The Red Kite aloud for Room 4"); those still the same
 * a number in list order ("… for Room 4 (1)", "… for Room 4 (2)").
 */
export function assignmentLinkNames(
  assignments: readonly Pick<ReaderAssignment, 'storyTitle' | 'className' | 'done'>[],
): string[] {
  const after = assignments.map((a) => (a.done ? 'again' : 'aloud'));
  const name = (i: number, tail: string) => storyControlName('Read', assignments[i]!.storyTitle, tail);
  const repeats = (names: readonly string[]) => {
    const count = new Map<string, number>();
    names.forEach((n) => count.set(phraseKey(n), (count.get(phraseKey(n)) ?? 0) + 1));
    return (i: number) => count.get(phraseKey(names[i]!))! > 1;
  };

  const plain = assignments.map((_, i) => name(i, after[i]!));
  const plainRepeats = repeats(plain);
  // What follows the title: "aloud", or "aloud for Room 4" when the name alone repeats and there is a class name.
  const tails = assignments.map((a, i) => {
    const room = cappedTitle(a.className, CLASS_IN_NAME_MAX_WORDS, CLASS_IN_NAME_MAX_CHARS);
    return plainRepeats(i) && room ? `${after[i]!} for ${room}` : after[i]!;
  });
  const tagged = tails.map((tail, i) => name(i, tail));
  const taggedRepeats = repeats(tagged);

  // Still the same: numbered in list order, each group from 1; a number taken already is passed over.
  const numberInGroup = new Map<string, number>();
  const seen = new Set<string>();
  return tagged.map((first, i) => {
    let unique = first;
    let n = 0;
    if (taggedRepeats(i)) {
      n = (numberInGroup.get(phraseKey(first)) ?? 0) + 1;
      numberInGroup.set(phraseKey(first), n);
      unique = name(i, `${tails[i]!} (${n})`);
    }
    while (seen.has(phraseKey(unique))) {
      n = Math.max(n + 1, 2);
      unique = name(i, `${tails[i]!} (${n})`);
    }
    seen.add(phraseKey(unique));
    return unique;
  });
}
