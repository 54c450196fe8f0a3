import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { ReadingSession, SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { readingSummary, type ReadingSummary } from '#core/fluency-session/summary.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { protectedPaths } from '../../app/paths.ts';
import { cx } from '../../lib/class-names.ts';
import { ListenToWord, useRecordingPlayer, type WordAudio } from '../../lib/reading/ListenToWord.tsx';
import { withPassageText } from '../../lib/reading/passage-text.ts';
import { compareReading, ReadingFigures } from '../../lib/reading/ReadingFigures.tsx';
import { ScoredPassage, WordLegend } from '../../lib/reading/ScoredPassage.tsx';
import { Button } from '../../ui/Button.tsx';
import { Disclosure } from '../../ui/Disclosure.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { browserWordAudio } from './api/reading-session-audio.ts';

/** Props of {@link ResultsView}. */
export interface ResultsViewProps {
  response: SaveReadingSessionResponse;
  /** The reader's grade from the profile (spec §3), for the norms. */
  grade: string | null;
  /** The story's text, to show the words with their punctuation and capitals when it lines up with the result. */
  passageText?: string;
  onReadAgain: () => void;
  onChooseAnother: () => void;
  wordAudio?: WordAudio;
}

/** The title of the grown-ups' part of the results. */
export const GROWN_UPS_RESULTS_TITLE = 'For grown-ups: scores and norms';

/**
 * The results of one reading (issues 5 and 17). First the child's part, in plain words and pictures:
 * stars and what each is for, how much of the story was read, the words to practise, tokens and
 * achievements, then "Try again". Then the passage with every word marked and "Listen to a word".
 * Last, under a disclosure, the figures for grown-ups: WCPM, accuracy, fluency score, reading time and
 * the comparison with Hasbrouck & Tindal (2017) norms for the reader's grade and the season.
 */
export function ResultsView({
  response,
  grade,
  passageText,
  onReadAgain,
  onChooseAnother,
  wordAudio,
}: ResultsViewProps) {
  const { session } = response;
  const result = withPassageText(response.result, passageText);
  const summary = readingSummary(result);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="results-title" className="fluency-results">
      <h2 id="results-title" ref={heading} tabIndex={-1}>
        Your results: {session.story_title}
      </h2>

      <div className="page__card results-summary">
        <ReadingSummaryParts summary={summary} />

        <h3 id="rewards-title">Tokens</h3>
        <RewardsOfReading
          response={response}
          whenNone={
            <p>
              Tokens come when you read most of a story. Read to the end to earn them! You have{' '}
              {response.balance} tokens.
            </p>
          }
        />
      </div>

      <div className="fluency-actions">
        <Button icon="selfCorrection" onPress={onReadAgain}>
          Try again
        </Button>
        <Button variant="secondary" onPress={onChooseAnother}>
          Choose another story
        </Button>
      </div>

      <HowEachWordWent result={result} session={session} {...(wordAudio ? { wordAudio } : {})} />

      <GrownUpsFigures result={result} createdAt={session.created_at} grade={grade} />
    </section>
  );
}

/**
 * The tokens a saved reading earned and the achievements it unlocked (spec §4.5): a replayed upload
 * says its tokens were paid the first time; a reading that earned none shows `whenNone`.
 */
export function RewardsOfReading({
  response,
  whenNone = null,
}: {
  response: SaveReadingSessionResponse;
  whenNone?: ReactNode;
}) {
  return (
    <>
      {response.replayed ? (
        <p>
          This reading was already saved. Its tokens were paid the first time; you have {response.balance}{' '}
          tokens.
        </p>
      ) : response.tokensAwarded > 0 ? (
        <p>
          You earned{' '}
          <strong>
            {response.tokensAwarded} {response.tokensAwarded === 1 ? 'token' : 'tokens'}
          </strong>
          . You now have {response.balance} tokens.
        </p>
      ) : (
        whenNone
      )}
      {response.newAchievements.length > 0 ? (
        <>
          <h4>Achievement unlocked</h4>
          <ul>
            {response.newAchievements.map((a) => (
              <li key={a.id}>
                <strong>{a.achievement_name}</strong>: {a.description}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

/**
 * The child's part of a reading's results, in plain words and pictures: the stars and what each is
 * for, how much of the story was read (said, then drawn), and the words to practise, each a button
 * that has Sparky say the word (a pre-reader cannot sound out the list alone).
 */
export function ReadingSummaryParts({ summary }: { summary: ReadingSummary }) {
  const audio = useAudioQueue();
  const practiseTitle = useId();
  const readShare = summary.wordsTotal > 0 ? summary.wordsReached / summary.wordsTotal : 0;
  return (
    <>
      <p className="results-summary__stars" aria-hidden="true">
        {summary.stars.map((star) => (
          <span key={star.id} className={cx('results-star', star.earned && 'is-earned')}>
            <Icon name="star" size={56} />
          </span>
        ))}
      </p>
      <p className="results-summary__headline">{summary.headline}</p>
      <ul className="results-summary__reasons" aria-label="Your stars">
        {summary.stars.map((star) => (
          <li key={star.id} className={cx('results-reason', star.earned && 'is-earned')}>
            <span className="results-reason__mark">
              <Icon name={star.earned ? 'star' : 'arrowRight'} size={24} />
            </span>
            <span>
              <span className="visually-hidden">{star.earned ? 'Star: ' : 'Next time: '}</span>
              {star.text}
            </span>
          </li>
        ))}
      </ul>

      <p className="results-summary__how-much">{summary.howMuch}</p>
      {/* The same as the sentence above, drawn: how far through the story the reader got. */}
      <div className="results-progress" aria-hidden="true">
        <div className="results-progress__fill" style={{ inlineSize: `${Math.round(readShare * 100)}%` }} />
      </div>

      <h3 id={practiseTitle}>Words to practise</h3>
      {summary.wordsToPractise.length > 0 ? (
        <ul className="practise-words" aria-labelledby={practiseTitle}>
          {summary.wordsToPractise.map((word) => (
            <li key={word} className="practise-word">
              {/* Press a word to hear Sparky say it: a pre-reader cannot sound out the list alone. */}
              <Button
                variant="quiet"
                icon="speaker"
                className="practise-word__button"
                aria-label={`Hear ${word}`}
                onPress={() => audio.speak({ text: word, type: 'tutor' })}
              >
                {word}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No words to practise this time.</p>
      )}
    </>
  );
}

/**
 * "How you read each word": the passage with every word marked (ScoredPassage, with its legend), and
 * "Listen to a word" while the recording is kept.
 */
export function HowEachWordWent({
  result,
  session,
  wordAudio,
}: {
  result: FluencyResult;
  session: Pick<ReadingSession, 'id' | 'has_audio'>;
  wordAudio?: WordAudio;
}) {
  const passageTitle = useId();
  const recording = useRecordingPlayer(session.id, wordAudio ?? browserWordAudio);
  return (
    <>
      <section aria-labelledby={passageTitle} className="page__card">
        <h3 id={passageTitle}>How you read each word</h3>
        <ScoredPassage words={result.words} />
        <WordLegend />
      </section>

      {session.has_audio ? <ListenToWord recording={recording} words={result.words} /> : null}
    </>
  );
}

/**
 * The grown-ups' figures of a reading, under a disclosure: WCPM, accuracy, fluency score, reading
 * time, words reached, and the comparison with Hasbrouck & Tindal (2017) norms for the reader's grade
 * in the season the reading was made.
 */
export function GrownUpsFigures({
  result,
  createdAt,
  grade,
}: {
  result: FluencyResult;
  /** When the reading was made (ISO time): its season picks the norms. */
  createdAt: string;
  /** The reader's grade from the profile (spec §3). */
  grade: string | null;
}) {
  const summary = readingSummary(result);
  const comparison = compareReading(result.wcpm, createdAt, grade);
  return (
    <Disclosure title={GROWN_UPS_RESULTS_TITLE} className="page__card results-grown-ups">
      <ReadingFigures
        result={result}
        figures={['wcpm', 'accuracy', 'fluencyScore', 'readingTime', 'wordsReached']}
      />
      <p>
        {result.wordsCorrect} of the {summary.wordsReached} words reached were read correctly. Accuracy counts
        only the words reached
        {summary.mostlyRead
          ? '.'
          : '; this reading stopped before half of the story, so it earns no tokens and no speed or accuracy achievement.'}
      </p>
      <div className="fluency-norms">
        <h4>Compared with other readers</h4>
        {comparison ? (
          <>
            <p>{comparison.sentence}</p>
            <p className="fluency-norms__source">
              Source: Hasbrouck &amp; Tindal (2017), oral reading fluency norms for {comparison.season}.
            </p>
          </>
        ) : (
          <p>
            Add your grade to <Link href={protectedPaths.profile}>your profile</Link> to compare your reading
            with other readers in your grade.
          </p>
        )}
      </div>
    </Disclosure>
  );
}
