/**
 * How each word status of a scored reading is shown: a colour, an icon AND words, so nothing is
 * carried by colour alone (WCAG 1.4.1) and a screen reader reads "brown, omitted".
 * Statuses follow DIBELS 8 ORF scoring (core/fluency/result.schema.ts).
 */
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';

/** One scored word. */
export type ScoredWord = FluencyResult['words'][number];
/** A word status. */
export type WordStatus = ScoredWord['status'];

/** Legend order and words for each status. */
export const WORD_STATUS_INFO: Record<WordStatus, { label: string; explanation: string }> = {
  correct: { label: 'read correctly', explanation: 'You read this word right.' },
  self_correction: {
    label: 'fixed it yourself',
    explanation: 'You made a mistake and fixed it yourself. That counts as right!',
  },
  substitution: { label: 'said another word', explanation: 'You said a different word here.' },
  omission: { label: 'skipped', explanation: 'You left this word out.' },
  not_reached: { label: 'not reached', explanation: 'You had not read this far yet.' },
};

/** The note on a word the scorer was unsure of, and its legend entry (the word counts as read). */
export const UNSURE_NOTE = 'check this word';
export const UNSURE_EXPLANATION =
  'Sparky was not sure it heard this word. It counts as right; a grown-up can listen and check.';

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
  if (word.hesitation) notes.push('paused');
  // The scorer was unsure (core/fluency/result.schema.ts): the word counts as read; a grown-up may check.
  if (word.unsure) notes.push(UNSURE_NOTE);
  return notes.length > 0 ? notes.join(', ') : null;
}
