/**
 * What Sparky says on the Reading Screening (ScreeningPage.tsx) and Screening History (ScreeningHistoryPage.tsx)
 * (§4.8 page guidance; docs/decisions/0049-reading-screening.md): written for a child who reads a little, each line
 * naming what to press or say by its visible name. What Sparky says between the stories and at the end is the
 * session's results line (screening-text.ts `screeningSpokenResult`), not guidance.
 */
import type { PageGuidance } from '../../../app/audio/use-page-guidance.ts';

/** Before a screening. */
export const SCREENING_INTRO_GUIDANCE: PageGuidance = [
  'Read three stories to Sparky, one minute each. It takes about five minutes.',
  'Press Start the screening, or say start.',
];

/** A screening started less than two hours ago is waiting. */
export const SCREENING_RESUME_GUIDANCE: PageGuidance = [
  'Your screening is waiting for you. There are more stories to read to Sparky.',
  'Press Go on with the screening, or say go on.',
];

/** While the stories are read (each story, the step between two, a reading too short to count). */
export const SCREENING_READING_GUIDANCE: PageGuidance = [
  'Read each story out loud, as well as you can. Sparky stops listening after one minute.',
  'Press Start reading to read, and Next story to go on. You can say them too.',
];

/**
 * The upload was refused for the screening's sake (ScreeningPage.tsx `Problem`): short and calm, no "not saved";
 * what happened is on the page for grown-ups.
 */
export const SCREENING_PROBLEM_GUIDANCE: PageGuidance = [
  "Oops! I lost my place in this screening. Let's start it again!",
  'Press Start again, or say start again.',
];

/** The screening is done (the child's score was said as it appeared). */
export const SCREENING_DONE_GUIDANCE: PageGuidance = [
  'Thank you for reading to Sparky!',
  'A grown-up can open the figures for grown-ups, or see Screening History.',
];

/** Pre-K and K (`pre_reader`). */
export const SCREENING_PRE_READER_GUIDANCE: PageGuidance = [
  'Reading Screening starts in first grade. Until then, play with letters and words!',
  'Say alphabet, or say word builder.',
];

/** No grade on the profile (`no_grade`). */
export const SCREENING_NO_GRADE_GUIDANCE: PageGuidance = [
  'Sparky needs to know your grade first.',
  'Ask a grown-up to set your grade on your Profile.',
];

/** Grade 1 in the fall (`too_early`): grade 1 has no fall norms, so it starts in the winter season. */
export const SCREENING_TOO_EARLY_GUIDANCE: PageGuidance = [
  'Reading Screening for first grade starts in December. Until then, keep reading stories aloud with Sparky!',
  'Say reading practice, or press Premade Stories.',
];

/** A teacher or guardian (403 `not_a_reader`). */
export const SCREENING_NOT_A_READER_GUIDANCE: PageGuidance = [
  'Reading Screening is for readers.',
  'A child reads three stories to Sparky on their own account.',
];

/** The screening could not be loaded (the page says the same in an alert). */
export const SCREENING_ERROR_GUIDANCE: PageGuidance = [
  'I could not load the screening right now.',
  'Press Try again, or try later.',
];

/** Screening History with screenings. */
export const HISTORY_GUIDANCE: PageGuidance = [
  'Here are your screenings, newest first, with how many words you read right in one minute.',
  'To read three stories again, say start a screening.',
];

/** Screening History without any. */
export const HISTORY_EMPTY_GUIDANCE: PageGuidance = [
  'You have no screenings yet.',
  'Say start a screening, and read three stories to Sparky.',
];

/** Screening History for a teacher or guardian. */
export const HISTORY_NOT_A_READER_GUIDANCE: PageGuidance = [
  'Screening History is for readers.',
  'It lists the screenings a child read on their own account.',
];

/** Screening History could not be loaded. */
export const HISTORY_ERROR_GUIDANCE: PageGuidance = [
  'I could not load your screenings right now.',
  'Press Try again, or try later.',
];
