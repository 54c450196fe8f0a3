/**
 * How each word status of a scored reading is shown: a colour, an icon AND words, so nothing is
 * carried by colour alone (WCAG 1.4.1) and a screen reader reads "brown, omitted".
 * Statuses follow DIBELS 8 ORF scoring (core/fluency/result.schema.ts).
 *
 * Two audiences see the same marks: the reader, on their own results (addressed as "you"), and a teacher,
 * on the reading record of a reading they asked for (docs/decisions/0048-reading-record.md), where the
 * reader is spoken of in the third person. The short notes under the words are the same for both.
 */
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';

/** One scored word. */
export type ScoredWord = FluencyResult['words'][number];
/** A word status. */
export type WordStatus = ScoredWord['status'];

/** Who the texts speak to: the reader about their own reading, or a teacher about a reader's. */
export type ReadingAudience = 'reader' | 'teacher';

/** A legend entry: the mark's name and what it means. */
export interface MarkText {
  label: string;
  explanation: string;
}

/** Legend words for each status, by audience. */
const WORD_STATUS_TEXT: Record<ReadingAudience, Record<WordStatus, MarkText>> = {
  reader: {
    correct: { label: 'read correctly', explanation: 'You read this word right.' },
    self_correction: {
      label: 'fixed it yourself',
      explanation: 'You made a mistake and fixed it yourself. That counts as right!',
    },
    substitution: { label: 'said another word', explanation: 'You said a different word here.' },
    omission: { label: 'skipped', explanation: 'You left this word out.' },
    not_reached: { label: 'not reached', explanation: 'You had not read this far yet.' },
  },
  teacher: {
    correct: { label: 'read correctly', explanation: 'The reader read this word right.' },
    self_correction: {
      label: 'fixed it',
      explanation: 'The reader misread this word, then corrected it. It counts as correct.',
    },
    substitution: {
      label: 'said another word',
      explanation:
        'The reader said a different word here (the word heard is shown when the scorer made it out). It counts as an error.',
    },
    omission: { label: 'skipped', explanation: 'The reader left this word out. It counts as an error.' },
    not_reached: {
      label: 'not reached',
      explanation: 'The reading stopped before this word. It is not counted.',
    },
  },
};

/** The legend's words for each status, for `audience`. */
export function wordStatusText(audience: ReadingAudience = 'reader'): Record<WordStatus, MarkText> {
  return WORD_STATUS_TEXT[audience];
}

/** The note on a word the scorer was unsure of, and its legend entry (the word counts as read). */
export const UNSURE_NOTE = 'check this word';
export const UNSURE_EXPLANATION =
  'Sparky was not sure it heard this word. It counts as right; a grown-up can listen and check.';

/** The note on a word the reader paused before. */
export const PAUSED_NOTE = 'paused';

/** The legend's explanations of "paused" and "check this word", by audience. */
const OTHER_MARKS: Record<ReadingAudience, { paused: string; unsure: string }> = {
  reader: {
    paused: 'You stopped for a while before this word.',
    unsure: UNSURE_EXPLANATION,
  },
  teacher: {
    paused: 'The reader stopped for more than 3 seconds before this word.',
    unsure: 'The scorer was not sure it heard this word. It counts as read; listen and check.',
  },
};

/** What "paused" and "check this word" mean, for `audience`. */
export function otherMarkText(audience: ReadingAudience = 'reader'): { paused: string; unsure: string } {
  return OTHER_MARKS[audience];
}

/** The order of the legend. */
export const WORD_STATUS_ORDER: readonly WordStatus[] = [
  'correct',
  'self_correction',
  'substitution',
  'omission',
  'not_reached',
];

/** The icon of each status (src/ui/Icon.tsx); `correct` is a tick. */
const STATUS_ICONS: Record<WordStatus, IconName> = {
  correct: 'check',
  self_correction: 'selfCorrection',
  substitution: 'substitution',
  omission: 'omission',
  not_reached: 'notReached',
};

/** The status's icon (decorative: the words beside it say the same). */
export function WordStatusIcon({ status, size = 16 }: { status: WordStatus; size?: number }) {
  return <Icon name={STATUS_ICONS[status]} size={size} strokeWidth={2.5} className="word-icon" />;
}

/**
 * The short visible note under a word, and what a screen reader says after the word. Correct words
 * say nothing (a note on every word would drown the passage), unless the reader paused before it.
 */
export function wordNote(word: ScoredWord): string | null {
  const heardOther = word.heard ? `said “${word.heard}”` : 'said another word';
  const notes: string[] = [];
  switch (word.status) {
    case 'omission':
      notes.push('skipped');
      break;
    case 'substitution':
      notes.push(heardOther);
      break;
    case 'self_correction':
      notes.push('fixed it');
      break;
    case 'not_reached':
      notes.push('not reached');
      break;
    default:
      break;
  }
  if (word.hesitation) notes.push(PAUSED_NOTE);
  // The scorer was unsure (core/fluency/result.schema.ts): the word counts as read; a grown-up may check.
  if (word.unsure) notes.push(UNSURE_NOTE);
  return notes.length > 0 ? notes.join(', ') : null;
}

/** A word as it is printed, without the punctuation around it ("park." → "park"). */
export function bareWord(text: string): string {
  return text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}
