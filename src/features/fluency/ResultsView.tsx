import { useEffect, useRef } from 'react';
import type { SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import { speakableTokens } from '#core/api/stories.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { secondsInWords } from '#core/fluency-session/countdown.ts';
import { compareWithNorms, normsGrade, seasonOf } from '#core/fluency-session/season.ts';
import { protectedPaths } from '../../app/paths.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { ListenToWord, type WordAudio } from './ListenToWord.tsx';
import { ScoredPassage, WordLegend } from './ScoredPassage.tsx';

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

const round = (n: number) => Math.round(n);

/**
 * The result's words carry normalised text ("bus"); the passage's own tokens ("bus.") read better.
 * Used only when the two line up one to one (core/api/stories.ts `speakableTokens` splits as the
 * scorer does); otherwise the result is shown as it is.
 */
export function withPassageText(result: FluencyResult, passageText: string | undefined): FluencyResult {
  if (!passageText) return result;
  const tokens = speakableTokens(passageText);
  if (tokens.length !== result.words.length) return result;
  return { ...result, words: result.words.map((w, i) => ({ ...w, text: tokens[i] ?? w.text })) };
}

/**
 * The results of one reading (issue 5): WCPM, accuracy, fluency score and reading time; the passage
 * with every word marked; the comparison with Hasbrouck & Tindal (2017) norms for the reader's grade
 * and the season; tokens and achievements earned; "Try again" and "Listen to a word".
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const g = normsGrade(grade);
  const comparison =
    g !== undefined ? compareWithNorms(result.wcpm, g, seasonOf(new Date(session.created_at))) : null;
  const miscues = result.words.filter((w) => w.status === 'substitution' || w.status === 'omission').length;

  return (
    <section aria-labelledby="results-title" className="fluency-results">
      <h2 id="results-title" ref={heading} tabIndex={-1}>
        Your results: {session.story_title}
      </h2>
      <dl className="fluency-scores">
        <div className="fluency-score">
          <dt>Words correct per minute</dt>
          <dd>{round(result.wcpm)}</dd>
        </div>
        <div className="fluency-score">
          <dt>Accuracy</dt>
          <dd>{result.accuracy.toFixed(result.accuracy % 1 === 0 ? 0 : 1)}%</dd>
        </div>
        <div className="fluency-score">
          <dt>Fluency score</dt>
          <dd>
            {result.fluencyScore}
            <span className="fluency-score__out-of"> out of 100</span>
          </dd>
        </div>
        <div className="fluency-score">
          <dt>Reading time</dt>
          <dd>{secondsInWords(result.readingSeconds)}</dd>
        </div>
      </dl>
      <p className="fluency-results__summary">
        You read {result.wordsCorrect} of {result.wordsTotal} words correctly
        {miscues > 0 ? `, with ${miscues} ${miscues === 1 ? 'word' : 'words'} to practise` : ''}.
      </p>

      <section aria-labelledby="rewards-title" className="page__card fluency-rewards">
        <h3 id="rewards-title">Tokens</h3>
        {response.replayed ? (
          <p>
            This reading was already saved. Its tokens were paid the first time; you have {response.balance}{' '}
            tokens.
          </p>
        ) : (
          <p>
            You earned{' '}
            <strong>
              {response.tokensAwarded} {response.tokensAwarded === 1 ? 'token' : 'tokens'}
            </strong>
            . You now have {response.balance} tokens.
          </p>
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
      </section>

      <section aria-labelledby="passage-title" className="page__card">
        <h3 id="passage-title">How you read each word</h3>
        <ScoredPassage words={result.words} />
        <WordLegend />
      </section>

      <section aria-labelledby="norms-title" className="page__card">
        <h3 id="norms-title">Compared with other readers</h3>
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
      </section>

      {session.has_audio ? (
        <ListenToWord
          sessionId={session.id}
          words={result.words}
          {...(wordAudio ? { audio: wordAudio } : {})}
        />
      ) : null}

      <div className="fluency-actions">
        <Button icon="selfCorrection" onPress={onReadAgain}>
          Try again
        </Button>
        <Button variant="secondary" onPress={onChooseAnother}>
          Choose another story
        </Button>
      </div>
    </section>
  );
}
