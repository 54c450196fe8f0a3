/**
 * How the class screens write a class's facts (docs/decisions/0046-classes.md): its code, spelled for a screen
 * reader; when the code stops; its grade; how many readers; when a reader last read; the names used in controls.
 */
import { GRADE_VALUES } from '#core/api/account.ts';
import {
  groupedClassCode,
  MAX_CLASS_SIZE,
  MAX_CLASSES_PER_TEACHER,
  type ClassSummary,
} from '#core/api/classes.ts';
import { ApiError } from '../../lib/api/http.ts';
import { GRADE_OPTIONS, gradeLabel } from '../../lib/api/profile-options.ts';

/** "4 8 2, 9 1 3": a class code a digit at a time, in its groups of three, as a screen reader should say it. */
export function spelledClassCode(code: string): string {
  return groupedClassCode(code)
    .split(' ')
    .map((group) => [...group].join(' '))
    .join(', ');
}

/** When a code stops working: "Friday 28 November, 3:15 PM", in the teacher's locale. */
export function codeExpiry(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The grade field's "no grade" choice (a Select cannot go back to nothing once chosen). */
export const NO_GRADE = 'none';

/** The grade field's choices: no grade, then the spec §3 grades. */
export const CLASS_GRADE_OPTIONS = [{ id: NO_GRADE, label: 'No grade, or mixed' }, ...GRADE_OPTIONS];

/** A grade field's value as the API takes it: a spec §3 grade, or null. */
export function gradeOfChoice(choice: string): (typeof GRADE_VALUES)[number] | null {
  return (GRADE_VALUES as readonly string[]).includes(choice)
    ? (choice as (typeof GRADE_VALUES)[number])
    : null;
}

/** "1 reader", "12 readers". */
export function readerCount(n: number): string {
  return n === 1 ? '1 reader' : `${n} readers`;
}

/** "12 of 40 readers": a class's size against the most it may have. */
export function classSize(summary: Pick<ClassSummary, 'pupilCount'>): string {
  return `${summary.pupilCount} of ${MAX_CLASS_SIZE} readers`;
}

/** When a reader last read ("21 Nov"), or "Not yet". */
export function lastReadText(iso: string | null): string {
  if (!iso) return 'Not yet';
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

/** Field errors of a class form: on the name, or on the whole form. */
export interface ClassFormErrors {
  name?: string;
  form?: string;
}

/** What a teacher is told when the server refuses a class form, on the field it is about. */
export function classFormRefusal(error: unknown): ClassFormErrors {
  if (!(error instanceof ApiError)) return { form: 'Something went wrong. Please try again.' };
  switch (error.code) {
    case 'too_many_classes':
      return {
        name: `You have ${MAX_CLASSES_PER_TEACHER} classes, the most one teacher can have. Delete one to make another.`,
      };
    case 'invalid_input': {
      const issues = Array.isArray(error.details)
        ? (error.details as { path?: string; message?: string }[])
        : [];
      const name = issues.find((issue) => issue.path === 'name');
      return name?.message ? { name: name.message } : { form: error.message };
    }
    case 'not_a_teacher':
      return { form: 'Only a teacher account can make classes.' };
    case 'not_found':
      return { form: 'This class is gone: it may have been deleted.' };
    case 'network_error':
      return { form: 'We could not reach Sparky Reads. Check the connection, then try again.' };
    default:
      return { form: 'Something went wrong. Please try again.' };
  }
}

/**
 * The most words of a reader's or a class's name used in a control's name. Visible control names are voice
 * commands of at most 12 words: "Remove" + 6 words + "(2nd grade)" or "(2)" stays well within them, whatever
 * the name (a display name has up to 80 characters, a class name 60).
 */
export const NAME_IN_CONTROL_MAX_WORDS = 6;

/** `name` cut to its first {@link NAME_IN_CONTROL_MAX_WORDS} words and "…" when longer; else as it is. */
export function shortName(name: string, maxWords = NAME_IN_CONTROL_MAX_WORDS): string {
  const trimmed = name.trim();
  const words = trimmed.split(/\s+/);
  return words.length <= maxWords ? trimmed : `${words.slice(0, maxWords).join(' ')}…`;
}

/** A grade as a name's tag tells it: "2nd grade", "Kindergarten", "Pre-K". */
function gradeTag(grade: string | null | undefined): string | null {
  if (!grade) return null;
  return grade === 'K' ? 'Kindergarten' : (gradeLabel(grade) ?? null);
}

/** Something named in a list of controls: a reader or a class, with the grade that may tell two apart. */
export interface Named {
  name: string;
  grade?: string | null;
}

/**
 * The names to put in the controls of a list (links, "Remove {name}"), one per entry, in order: each short
 * ({@link shortName}), and all different, so a voice or screen-reader user can tell two readers called Mia, or
 * two classes called Room 4, apart. Names that are the same get their grade ("Mia (2nd grade)") when that tells
 * them apart, else a number in list order ("Mia (1)", "Mia (2)").
 */
export function distinctNames(entries: readonly Named[]): string[] {
  const key = (name: string) => name.toLocaleLowerCase();
  const short = entries.map((entry) => shortName(entry.name));
  const groups = new Map<string, number[]>();
  short.forEach((name, i) => groups.set(key(name), [...(groups.get(key(name)) ?? []), i]));
  const names = [...short];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const graded = members.map((i) => {
      const tag = gradeTag(entries[i]!.grade);
      return tag ? `${short[i]!} (${tag})` : short[i]!;
    });
    // Only when every one has a grade: "Room 4" beside "Room 4 (2nd grade)" would still be two "Room 4"s to a voice.
    const gradeTells =
      members.every((i) => gradeTag(entries[i]!.grade) !== null) &&
      new Set(graded.map(key)).size === members.length;
    members.forEach((i, n) => {
      names[i] = gradeTells ? graded[n]! : `${short[i]!} (${n + 1})`;
    });
  }
  // A name that is itself like a tagged one ("Mia (2)" beside two Mias) still gets a name of its own.
  const seen = new Set<string>();
  return names.map((name) => {
    let unique = name;
    for (let n = 2; seen.has(key(unique)); n++) unique = `${name} (${n})`;
    seen.add(key(unique));
    return unique;
  });
}

/**
 * What a teacher is told when a change on a class page failed for a reason other than a 404 (each screen words
 * its own 404: the reader or the class is gone).
 */
export function classActionFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'network_error') {
    return 'We could not reach Sparky Reads. Check the connection, then try again.';
  }
  return 'Something went wrong. Please try again.';
}
