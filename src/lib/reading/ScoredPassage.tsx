import { useId } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import {
  otherMarkText,
  PAUSED_NOTE,
  UNSURE_NOTE,
  WORD_STATUS_ORDER,
  wordNote,
  WordStatusIcon,
  wordStatusText,
  type ReadingAudience,
  type ScoredWord,
} from './word-status.tsx';
import './reading.css';

/**
 * The passage with every word marked by its status: colour, icon and a note in words. Read by a
 * screen reader as running text: "The brown, skipped, dog ran, fixed it, …".
 */
export function ScoredPassage({ words }: { words: readonly ScoredWord[] }) {
  return (
    <p className="scored-passage">
      {words.map((word, i) => {
        const note = wordNote(word);
        return (
          <span
            key={word.index}
            className={`scored-word scored-word--${word.status}${word.hesitation ? ' scored-word--hesitation' : ''}${word.unsure ? ' scored-word--unsure' : ''}`}
          >
            <span className="scored-word__text">
              {word.status === 'correct' && !word.hesitation ? null : <WordStatusIcon status={word.status} />}
              {word.text}
            </span>
            {note ? (
              <span className="scored-word__note">
                <span className="visually-hidden">, </span>
                {note}
                <span className="visually-hidden">,</span>
              </span>
            ) : null}
            {i < words.length - 1 ? ' ' : null}
          </span>
        );
      })}
    </p>
  );
}

/**
 * What the marks mean: each status, "paused" and "check this word", in the words of `audience` (the reader's
 * own results speak to "you"; a teacher's reading record of "the reader").
 */
export function WordLegend({
  audience = 'reader',
  headingLevel = 3,
}: {
  audience?: ReadingAudience;
  /** The level of the legend's heading: 3 under a section's h2 or h3. */
  headingLevel?: 3 | 4;
}) {
  const titleId = useId();
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const text = wordStatusText(audience);
  const other = otherMarkText(audience);
  return (
    <section aria-labelledby={titleId} className="word-legend">
      <Heading id={titleId}>What the marks mean</Heading>
      <ul>
        {WORD_STATUS_ORDER.map((status) => (
          <li key={status} className={`word-legend__item scored-word--${status}`}>
            <span className="word-legend__swatch">
              <WordStatusIcon status={status} size={18} />
            </span>
            <span>
              <strong>{text[status].label}</strong>: {text[status].explanation}
            </span>
          </li>
        ))}
        <li className="word-legend__item">
          <span className="word-legend__swatch word-legend__swatch--paused">
            <Icon name="pause" size={18} strokeWidth={3} />
          </span>
          <span>
            <strong>{PAUSED_NOTE}</strong>: {other.paused}
          </span>
        </li>
        <li className="word-legend__item scored-word--unsure">
          <span className="word-legend__swatch" aria-hidden="true">
            ?
          </span>
          <span>
            <strong>{UNSURE_NOTE}</strong>: {other.unsure}
          </span>
        </li>
      </ul>
    </section>
  );
}
