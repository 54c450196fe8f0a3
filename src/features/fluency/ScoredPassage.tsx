import { Icon } from '../../ui/Icon.tsx';
import {
  WORD_STATUS_INFO,
  WORD_STATUS_ORDER,
  UNSURE_EXPLANATION,
  UNSURE_NOTE,
  WordStatusIcon,
  wordNote,
  type ScoredWord,
} from './word-status.tsx';

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

/** What the marks mean. */
export function WordLegend() {
  return (
    <section aria-labelledby="word-legend-title" className="word-legend">
      <h3 id="word-legend-title">What the marks mean</h3>
      <ul>
        {WORD_STATUS_ORDER.map((status) => (
          <li key={status} className={`word-legend__item scored-word--${status}`}>
            <span className="word-legend__swatch">
              <WordStatusIcon status={status} size={18} />
            </span>
            <span>
              <strong>{WORD_STATUS_INFO[status].label}</strong>: {WORD_STATUS_INFO[status].explanation}
            </span>
          </li>
        ))}
        <li className="word-legend__item">
          <span className="word-legend__swatch word-legend__swatch--paused">
            <Icon name="pause" size={18} strokeWidth={3} />
          </span>
          <span>
            <strong>paused</strong>: You stopped for a while before this word.
          </span>
        </li>
        <li className="word-legend__item scored-word--unsure">
          <span className="word-legend__swatch" aria-hidden="true">
            ?
          </span>
          <span>
            <strong>{UNSURE_NOTE}</strong>: {UNSURE_EXPLANATION}
          </span>
        </li>
      </ul>
    </section>
  );
}
