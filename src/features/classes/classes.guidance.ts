import type { ReportLearningPath } from '#core/api/family.ts';
import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { grownUpWhat } from '../../lib/learning-path/steps.ts';

/**
 * What Sparky says on the teacher's class screens (§4.8 page guidance; docs/decisions/0046-classes.md). A
 * teacher's pages, said plainly; each line names the control to press or say, by its visible name.
 */

/** Anyone who is not a teacher, on any of these screens. */
export const NOT_A_TEACHER_GUIDANCE: PageGuidance = [
  'This page is for teachers.',
  'Your own things are on the Home Dashboard.',
];

/** Teacher Dashboard with no class yet: what to do first (ADR 0046). */
export const DASHBOARD_FIRST_CLASS_GUIDANCE: PageGuidance = [
  'Make your first class.',
  'Press Make your first class, then give the class a name.',
];

/** Teacher Dashboard with classes. */
export const DASHBOARD_GUIDANCE: PageGuidance = [
  'Here are your classes, and the readers who have not read this week.',
  'Choose a class to see its code and its readers.',
];

/** Class Management. */
export const CLASS_MANAGEMENT_GUIDANCE: PageGuidance = [
  'Make a class here: give it a name, and a grade if you like.',
  'Then open the class to make its code.',
];

/** A class's page, by whether readers can join it now. */
export function classGuidance(hasCode: boolean): PageGuidance {
  return hasCode
    ? ['Write the class code on the board.', 'Readers type it on My Classroom to join the class.']
    : ['Joining is off for this class.', 'Press Make a class code, so readers can join.'];
}

/** Student Progress, the list. */
export const STUDENT_PROGRESS_LIST_GUIDANCE: PageGuidance = [
  'Here is every reader in your classes.',
  'Choose a name to see how they read.',
];

/**
 * One reader's Student Progress page; with the reader's learning path, Sparky also names its next step in a
 * teacher's words (ADR 0052): "Next for Mia: building words from letters."
 */
export function studentProgressGuidance(name: string, path?: ReportLearningPath): PageGuidance {
  const next = path
    ? ` Next for ${name}: ${path.allDone ? 'keep reading stories aloud.' : grownUpWhat(path.next, 'teacher')}`
    : '';
  return [`This is how ${name} reads.${next}`, 'You can see it while they are in one of your classes.'];
}

/** One reader's page when they are in none of the teacher's classes. */
export const NOT_IN_YOUR_CLASSES_GUIDANCE: PageGuidance = [
  'This reader is not in your classes.',
  'Press All your readers to choose another reader.',
];

/** A class page for a class that is not the teacher's, or was deleted. */
export const CLASS_NOT_FOUND_GUIDANCE: PageGuidance = [
  'This class is not one of yours.',
  'Your classes are on Class Management.',
];

/** What Sparky says for "Hear the code": the digits one at a time, in their groups. */
export function codeLine(spelled: string): string {
  return `The class code is ${spelled}.`;
}

/** Create Assignment (docs/decisions/0047-assignments.md). */
export const CREATE_ASSIGNMENT_GUIDANCE: PageGuidance = [
  'Choose a class and a story for them to read aloud.',
  'Then press Set the assignment.',
];

/** Create Assignment with no class yet. */
export const CREATE_ASSIGNMENT_NO_CLASS_GUIDANCE: PageGuidance = [
  'Make a class first.',
  'Press Class Management, then give the class a name.',
];

/** What Sparky says when an assignment is set: what the readers see, and where the teacher follows it. */
export function assignmentSetLine(storyTitle: string, className: string): string {
  return `${className} can read ${storyTitle} now. Press See who has read it to follow them.`;
}

/** Grade Assignments, the list. */
export const GRADE_ASSIGNMENTS_GUIDANCE: PageGuidance = [
  'Here are your assignments, newest first.',
  'Choose a story to see who has read it.',
];

/** Grade Assignments with no assignment yet. */
export const GRADE_ASSIGNMENTS_NONE_GUIDANCE: PageGuidance = [
  'You have not set an assignment yet.',
  'Press Create Assignment to set one.',
];

/** One assignment's results: how many have read it. */
export function assignmentResultsGuidance(done: number, pupils: number): PageGuidance {
  return [`${done} of ${pupils} have read it.`, 'Choose a name to see how that reader reads.'];
}

/** One assignment's page for an assignment that is not the teacher's, or was deleted. */
export const ASSIGNMENT_NOT_FOUND_GUIDANCE: PageGuidance = [
  'This assignment is not one of yours.',
  'Press All assignments to see yours.',
];

/**
 * A reading record (docs/decisions/0048-reading-record.md): whose reading it is, then the words to check.
 * @param name the reader's name, short
 * @param toCheck words the scorer was unsure of
 * @param hasRecording whether the recording is still kept, to hear them
 */
export function readingRecordGuidance(name: string, toCheck: number, hasRecording: boolean): PageGuidance {
  const first = `Here is how ${name} read it, word by word.`;
  if (toCheck === 0) return [first, 'The scorer was sure of every word.'];
  const words = toCheck === 1 ? 'one word' : `${toCheck} words`;
  return [
    first,
    hasRecording
      ? `The scorer was not sure of ${words}. They are under Words to check; press Listen to hear one.`
      : `The scorer was not sure of ${words}. They are under Words to check.`,
  ];
}

/** A reading record that cannot be opened (the reader left the class, or deleted the reading). */
export const READING_NOT_FOUND_GUIDANCE: PageGuidance = [
  'This reading cannot be opened.',
  'Press Back to the results to see the others.',
];
