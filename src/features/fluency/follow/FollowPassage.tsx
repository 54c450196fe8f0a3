import { memo, useMemo, type Ref } from 'react';
import type { PassageWord } from '#core/text/normalize.ts';
import { Icon, type IconName } from '../../../ui/Icon.tsx';
import type { FollowAlongState, FollowMark } from './use-follow-along.ts';

/** A mark's icon and its words (never colour alone, WCAG 1.4.1). */
const MARKS: Record<FollowMark, { icon: IconName; label: string }> = {
  read: { icon: 'check', label: 'read' },
  other: { icon: 'substitution', label: 'said another word' },
  skipped: { icon: 'omission', label: 'skipped' },
};

interface Piece {
  /** Text between words (spaces, punctuation), or a word. */
  text: string;
  word: PassageWord | null;
}

/** The passage cut into paragraphs of words and the text between them, by the tokeniser's offsets. */
function pieces(body: string, words: readonly PassageWord[]): Piece[][] {
  const paragraphs: Piece[][] = [[]];
  const addGap = (gap: string) => {
    const parts = gap.split(/\n\s*\n/);
    parts.forEach((part, k) => {
      if (k > 0) paragraphs.push([]);
      if (part) paragraphs[paragraphs.length - 1]?.push({ text: part.replace(/\s+/g, ' '), word: null });
    });
  };
  let at = 0;
  for (const word of words) {
    addGap(body.slice(at, word.charStart));
    paragraphs[paragraphs.length - 1]?.push({ text: body.slice(word.charStart, word.charEnd), word });
    at = word.charEnd;
  }
  addGap(body.slice(at));
  return paragraphs.filter((p) => p.some((piece) => piece.word || piece.text.trim()));
}

/**
 * The passage while the tutor follows the reader (issue 12): the word the reader is on is a
 * `<mark>` (background and thick underline, `aria-current`; the page keeps the place in view), words passed carry a small icon and a
 * hidden word for screen readers, and the word the tutor offered last is shown larger above the
 * passage (until the next offer: a reader can look back at it). Nothing here is a live region: the tutor's word is said (and announced) once through the
 * audio queue.
 */
export const FollowPassage = memo(function FollowPassage({
  title,
  body,
  state,
  ref,
}: {
  title: string;
  body: string;
  state: FollowAlongState;
  /** The article (the page scrolls along with the reader: FluencyPage's `useFollowPlace`). */
  ref?: Ref<HTMLElement>;
}) {
  const paragraphs = useMemo(() => pieces(body, state.words), [body, state.words]);
  const helpedWord = state.helped !== null ? state.words[state.helped] : undefined;

  return (
    <article
      className="fluency-passage follow-passage"
      aria-labelledby="passage-heading"
      ref={ref}
      data-follow={state.connection}
    >
      <h3 id="passage-heading" className="fluency-passage__title">
        {title}
      </h3>
      {helpedWord ? (
        <p className="follow-help">
          Sparky helped with: <span className="follow-help__word">{helpedWord.text}</span>
        </p>
      ) : null}
      {paragraphs.map((paragraph, p) => (
        <p key={p}>
          {paragraph.map((piece, k) => {
            const word = piece.word;
            if (!word) return <span key={k}>{piece.text}</span>;
            if (word.index === state.current)
              return (
                <mark key={k} className="follow-word follow-word--current" aria-current="true">
                  {piece.text}
                </mark>
              );
            const mark = state.marks.get(word.index);
            if (!mark) return <span key={k}>{piece.text}</span>;
            return (
              <span key={k} className={`follow-word follow-word--${mark}`}>
                {piece.text}
                <Icon name={MARKS[mark].icon} size={12} strokeWidth={3} className="follow-word__icon" />
                {mark === 'read' ? null : <span className="visually-hidden"> ({MARKS[mark].label})</span>}
              </span>
            );
          })}
        </p>
      ))}
    </article>
  );
});
