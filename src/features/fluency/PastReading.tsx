import { useEffect, useRef } from 'react';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { readingSummary } from '#core/fluency-session/summary.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { useStory } from '../../lib/api/stories.ts';
import { ApiError } from '../../lib/api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { useReadingSession } from './api/reading-session.ts';
import type { WordAudio } from '../../lib/reading/ListenToWord.tsx';
import { DeleteReadingButton, readingTime } from './ReadingProgress.tsx';
import { withPassageText } from '../../lib/reading/passage-text.ts';
import { GrownUpsFigures, HowEachWordWent, ReadingSummaryParts } from './ResultsView.tsx';

/** Props of {@link PastReading}. */
export interface PastReadingProps {
  /** The reading's session id (from the page's `?reading=`; any string: an unknown one is "not here"). */
  id: string;
  /** The reader's grade from the profile (spec §3), for the norms. */
  grade: string | null;
  /** Back to Reading Practice. */
  onClose: () => void;
  /** "Read this story again": the page chooses the story, ready to start. */
  onReadAgain: (storyId: string) => void;
  wordAudio?: WordAudio;
}

/** The heading's words for a past reading (also what the voice layer and the tests look for). */
export const pastReadingTitle = (storyTitle: string) => `Your reading of ${storyTitle}`;

/**
 * What Sparky says when a past reading opens: what it is, how it went (the results' headline), and
 * what can be said next.
 * @param storyTitle the reading's story
 * @param result its per-word result, or null when it has none
 */
export function pastReadingLine(storyTitle: string, result: FluencyResult | null): string {
  const how = result ? ` ${readingSummary(result).headline}` : '';
  return `Here is how you read ${storyTitle}.${how} Say read again to read it again, or say back.`;
}

/**
 * A past reading opened again from the progress (docs/decisions/0036-reopen-a-past-reading.md): the
 * same parts as the results right after a reading (stars and words to practise, every word marked,
 * "Listen to a word" while the recording is kept, the grown-ups' figures with the norms of the season
 * it was read in), with when it was read and the tokens it earned, and "Read this story again",
 * "Back" and "Delete". Focus goes to the heading when the reading is shown, as with the results. An
 * unknown, deleted or another reader's reading is "not here" (the server answers 404 for all three).
 */
export function PastReading({ id, grade, onClose, onReadAgain, wordAudio }: PastReadingProps) {
  const reading = useReadingSession(id);
  const storyId = reading.data?.session.story_id ?? null;
  const story = useStory(storyId);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = reading.isSuccess ? 'reading' : reading.isError ? 'error' : 'loading';
  useEffect(() => {
    if (shown !== 'loading') heading.current?.focus();
  }, [shown]);
  // Sparky says what this is and what can be said next, for a child who cannot read it (voice first).
  const audio = useAudioQueue();
  const spoken = reading.data ? pastReadingLine(reading.data.session.story_title, reading.data.result) : null;
  useEffect(() => {
    if (spoken) audio.speak({ text: spoken, type: 'results' });
  }, [spoken, audio]);

  const back = (
    <Button variant="secondary" icon="arrowRight" className="past-reading__back" onPress={onClose}>
      Back
    </Button>
  );

  if (reading.isPending) return <LoadingIndicator message="Loading your reading..." />;
  if (reading.isError) {
    const gone = reading.error instanceof ApiError && reading.error.status === 404;
    return (
      <section aria-labelledby="past-reading-title" className="page__card fluency-session">
        <h2 id="past-reading-title" ref={heading} tabIndex={-1}>
          {gone ? 'This reading is not here' : 'Your reading did not load'}
        </h2>
        <p>
          {gone
            ? 'It may have been deleted. Your other readings are in your progress.'
            : 'Something went wrong. Please try again.'}
        </p>
        <div className="fluency-actions">
          {gone ? null : (
            <Button icon="selfCorrection" onPress={() => void reading.refetch()}>
              Try again
            </Button>
          )}
          {back}
        </div>
      </section>
    );
  }

  const { session } = reading.data;
  const result = reading.data.result ? withPassageText(reading.data.result, story.data?.body) : null;
  // A story deleted since (an own story) cannot be read again; the reading still shows.
  const canReadAgain = storyId !== null && !story.isError;
  return (
    <section aria-labelledby="past-reading-title" className="fluency-results past-reading">
      <h2 id="past-reading-title" ref={heading} tabIndex={-1}>
        {pastReadingTitle(session.story_title)}
      </h2>
      <p className="past-reading__when">
        Read on {readingTime(session.created_at)}.{' '}
        {session.tokens_awarded > 0
          ? `It earned ${session.tokens_awarded} ${session.tokens_awarded === 1 ? 'token' : 'tokens'}.`
          : 'It earned no tokens.'}
      </p>

      {result ? (
        <div className="page__card results-summary">
          <ReadingSummaryParts summary={readingSummary(result)} />
        </div>
      ) : (
        <p className="page__card">
          This reading has no word-by-word marks. Its figures are in your progress.
        </p>
      )}

      <div className="fluency-actions">
        {canReadAgain ? (
          <Button icon="selfCorrection" onPress={() => onReadAgain(storyId)}>
            Read this story again
          </Button>
        ) : null}
        {back}
        <DeleteReadingButton session={session} onDeleted={onClose} />
      </div>

      {result ? (
        <>
          <HowEachWordWent result={result} session={session} {...(wordAudio ? { wordAudio } : {})} />
          <GrownUpsFigures result={result} createdAt={session.created_at} grade={grade} />
        </>
      ) : null}
    </section>
  );
}
