/**
 * What Sparky says on My Classroom (StudentClassroomPage.tsx; §4.8 page guidance; docs/decisions/0046-classes.md),
 * and the lines he says as the reader joins: written for a 5-year-old, each naming what to say or press by its
 * visible name. The refusals are in words a child's grown-up understands too, as ReportsPage's are.
 */
import { MAX_CLASS_SIZE, MAX_CLASSES_PER_READER, type JoinedClass } from '#core/api/classes.ts';
import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { ApiError } from '../../lib/api/http.ts';

/** Who is looking at the page: a reader (student or other), or anyone else (teacher, guardian). */
export type ClassroomViewer = 'reader' | 'not-reader';

/** A reader in no class yet. */
export const CLASSROOM_FIRST_GUIDANCE: PageGuidance = [
  'Has your teacher given you a class code? It is 6 numbers.',
  'Press Talk to Sparky and say the numbers one at a time. Or press them.',
];

/** The first words of a reader in a class: their classes. */
const CLASSES_LINE = 'Here are your classes and your teachers.';

/**
 * What the teacher sees and hears, said calmly to a reader in a class (docs/decisions/0048-reading-record.md; the
 * page's "To read" card says it in full, AssignmentList.tsx TEACHER_SEES_TEXT).
 */
export const TEACHER_HEARS_LINE = 'Your teacher can see and hear how you read the stories they ask for.';

/** How to join another class: the second line of a reader in a class. */
const JOIN_LINE = 'To join a class, say or press the 6 numbers of its code, one at a time.';

/** A reader in one class or more. */
export const CLASSROOM_GUIDANCE: PageGuidance = [`${CLASSES_LINE} ${TEACHER_HEARS_LINE}`, JOIN_LINE];

/** Anyone who is not a reader. */
export const NOT_A_READER_GUIDANCE: PageGuidance = [
  'My Classroom is for readers.',
  'A reader joins a class here with a code from their teacher.',
];

/** The list could not be loaded (the page shows the same in an alert). */
export const CLASSROOM_ERROR_GUIDANCE: PageGuidance = [
  'I could not load your classes right now.',
  'Please try again later.',
];

/** Sparky's line for the assignments not read yet: "Your teacher asked you to read 2 stories." */
export function toReadLine(toRead: number): string {
  return `Your teacher asked you to read ${toRead === 1 ? 'one story' : `${toRead} stories`}.`;
}

/**
 * The page's guidance from what it shows; null while loading, so nothing is said before the classes are known
 * (usePageGuidance says nothing for null, and speaks again when the lines change). A reader in a class hears, in
 * the first line, that the teacher sees and hears how they read the stories asked for (ADR 0048); with assignments
 * not read yet, how many, before that (ADR 0047).
 * @param toRead assignments not read yet; null while they are loading (nothing said yet, for a reader in a class);
 *   0 or left out when there are none, or when they could not be loaded (the page says so in an alert)
 */
export function classroomGuidance(
  viewer: ClassroomViewer | null,
  classCount: number | undefined,
  isError: boolean,
  toRead: number | null = 0,
): PageGuidance | null {
  if (!viewer) return null;
  if (viewer === 'not-reader') return NOT_A_READER_GUIDANCE;
  if (isError) return CLASSROOM_ERROR_GUIDANCE;
  if (classCount === undefined) return null;
  if (classCount === 0) return CLASSROOM_FIRST_GUIDANCE;
  if (toRead === null) return null;
  if (toRead === 0) return CLASSROOM_GUIDANCE;
  return [`${CLASSES_LINE} ${toReadLine(toRead)} ${TEACHER_HEARS_LINE}`, JOIN_LINE];
}

/** "Room 4, Ms Rivera's class", or "Room 4" when the teacher has no name to show. */
export function classAndTeacher(joined: Pick<JoinedClass, 'name' | 'teacherName'>): string {
  return joined.teacherName ? `${joined.name}, ${joined.teacherName}'s class` : joined.name;
}

/** The preview's question, shown and said: "This is Room 4, Ms Rivera's class. Join it?" */
export function previewQuestion(joined: Pick<JoinedClass, 'name' | 'teacherName'>): string {
  return `This is ${classAndTeacher(joined)}. Join it?`;
}

/** Said (and shown in a toast) after joining. */
export function joinedLine(joined: Pick<JoinedClass, 'name'>): string {
  return `You joined ${joined.name}. Your teacher can now see your reading.`;
}

/** Said when the code is of a class the reader is in already (nothing to join). */
export function alreadyInLine(joined: Pick<JoinedClass, 'name' | 'teacherName'>): string {
  return `You are in ${classAndTeacher(joined)} already.`;
}

/** Said after "Not this one": the digits stay, to be put right. */
export const NOT_THIS_ONE_LINE = 'Look at the numbers on the board again. Press Back to change a number.';

/** Said when a 7th number is pressed. */
export const SIX_NUMBERS_LINE = 'That is all 6 numbers. Press Back to change one.';

/** What a reader is told when what they typed cannot be a class code. */
export const CODE_FORMAT_TEXT = 'A class code is 6 numbers, like 482 913.';

/** "1 minute", "14 minutes": a wait, rounded up to whole minutes. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Seconds to wait of a `rate_limited` refusal (its details, as server/routes/classes sends them), or null. */
function retryAfterSeconds(error: ApiError): number | null {
  const details = error.details as { retryAfterSeconds?: unknown } | undefined;
  const seconds = details?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * What a reader (and their grown-up) is told when a code is refused, by the API's code; shown in an alert and
 * said by Sparky. `not_a_reader` is not here: the page then explains itself instead.
 */
export function joinRefusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  switch (error.code) {
    case 'class_code_invalid':
      return 'That code did not work. Check the numbers on the board, or ask your teacher for a new code.';
    case 'invalid_input':
      return CODE_FORMAT_TEXT;
    case 'class_full':
      return `That class is full: it has ${MAX_CLASS_SIZE} readers, the most there is room for. Ask your teacher.`;
    case 'too_many_classes':
      return `You are in ${MAX_CLASSES_PER_READER} classes, the most there is room for. Leave a class first, then try again.`;
    case 'rate_limited': {
      const seconds = retryAfterSeconds(error);
      return seconds !== null
        ? `Too many codes tried. Please wait ${minutesText(seconds)}, then try again.`
        : error.message || 'Too many codes tried. Please wait a few minutes, then try again.';
    }
    case 'network_error':
      return 'We could not reach Sparky Reads. Check the connection, then try again.';
    default:
      return 'Something went wrong. Please try again.';
  }
}
