import { memo, useEffect, useMemo, useRef } from 'react';
import { useReducedMotion } from '#a11y/use-display-preferences.ts';
import { storyParagraphs } from './read-aloud.ts';

/** Props of {@link StoryText}. */
export interface StoryTextProps {
  body: string;
  /** Number of the word being read aloud, or null. */
  currentWord: number | null;
}

/**
 * The story in large, well-spaced type. The word being read aloud is drawn as a `<mark>` (a yellow
 * background and a thick underline, so it is not told by colour alone) and kept in view. Nothing is
 * announced per word: the voice already says it, and a live region would drown a screen reader.
 */
export const StoryText = memo(function StoryText({ body, currentWord }: StoryTextProps) {
  const paragraphs = useMemo(() => storyParagraphs(body), [body]);
  const reduceMotion = useReducedMotion();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (currentWord === null) return;
    const mark = container.current?.querySelector('mark');
    mark?.scrollIntoView?.({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [currentWord, reduceMotion]);

  return (
    <div className="story-text" ref={container}>
      {paragraphs.map((pieces, p) => (
        <p key={p}>
          {pieces.map((piece, k) => {
            const space = k < pieces.length - 1 ? ' ' : '';
            if (piece.index !== null && piece.index === currentWord) {
              return (
                <span key={k}>
                  <mark className="story-text__current" data-word-index={piece.index}>
                    {piece.text}
                  </mark>
                  {space}
                </span>
              );
            }
            return (
              <span key={k} data-word-index={piece.index ?? undefined}>
                {piece.text}
                {space}
              </span>
            );
          })}
        </p>
      ))}
    </div>
  );
});
