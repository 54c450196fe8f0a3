import { useEffect, useId, useMemo, useRef, type RefObject } from 'react';
import type { AssignmentReading, AssignmentReadingSummary } from '#core/api/assignments.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { secondsInWords } from '#core/fluency-session/countdown.ts';
import { readingSummary } from '#core/fluency-session/summary.ts';
import { createWordPlayer } from '#voice/word-player.ts';
import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { fetchAssignmentReadingWord, useAssignmentReading } from '../../lib/api/assignments.ts';
import { isNotATeacher, isNotFound } from '../../lib/api/classes.ts';
import { useStory } from '../../lib/api/stories.ts';
import {
  ListenToWord,
  listenLabel,
  listenTexts,
  PLAY_FAILED_TEXT,
  timedWords,
  useRecordingPlayer,
  useWordPlayback,
  type RecordingPlayer,
  type WordAudio,
} from '../../lib/reading/ListenToWord.tsx';
import { withPassageText } from '../../lib/reading/passage-text.ts';
import { accuracyText, compareReading, ReadingFigures } from '../../lib/reading/ReadingFigures.tsx';
import { ScoredPassage, WordLegend } from '../../lib/reading/ScoredPassage.tsx';
import { bareWord, type ScoredWord } from '../../lib/reading/word-status.tsx';
import { figure, wcpm } from '../../lib/reports/ChildReportView.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { shortName } from './class-text.ts';
import {
  NOT_A_TEACHER_GUIDANCE,
  READING_NOT_FOUND_GUIDANCE,
  readingRecordGuidance,
} from './classes.guidance.ts';
import { assignmentResultsPath, readingRecordPath } from './assignment-links.ts';
import { NotATeacher } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';

/** The name of the link from the record back to the assignment's results. */
export const BACK_TO_RESULTS = 'Back to the results';

/** The record's heading: "Mia reading The Red Kite". */
export function readingRecordTitle(displayName: string, storyTitle: string): string {
  return `${displayName} reading ${storyTitle}`;
}

/** Said when the record cannot be opened (404 `reading_not_found`: it is not the teacher's to open, alike). */
export const READING_NOT_FOUND_TEXT =
  "This reading can't be opened: the reader may have left the class, or deleted it.";

/** Said beside the words to check when the recording is gone. */
export function noRecordingText(displayName: string): string {
  return `${displayName}'s recording of this reading is no longer kept (recordings are kept for 30 days, and a reader may delete theirs), so its words cannot be heard.`;
}

/** Said when there is no word to check. */
export const ALL_WORDS_SURE_TEXT = 'The scorer was sure of every word in this reading.';

/** When a reading was made, in full: "Tuesday 24 November 2026 at 10:00 AM" (the teacher's locale). */
export function readingWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** When a reading was made, short, as a link's name: "24 Nov 2026, 10:00 AM". */
export function readingWhenShort(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** How it was read: "as practice" (Reading Practice) or "as a reading check" (the Reading Assessment). */
export function modeText(mode: AssignmentReadingSummary['mode']): string {
  return mode === 'assessment' ? 'as a reading check' : 'as practice';
}

/** What the recogniser heard, in words: “dig”, or "unclear speech" for its marker of speech it could not make out. */
function heardText(heard: string): string {
  return heard.startsWith('[') ? 'unclear speech' : `“${heard}”`;
}

/** A passage word as a list shows it: its printed text without the punctuation around it. */
function wordText(word: Pick<ScoredWord, 'text' | 'index'> | undefined): string {
  if (!word) return '';
  return bareWord(word.text) || `word ${word.index + 1}`;
}

/** The words the scorer was unsure of, in passage order. */
export function wordsToCheck(result: FluencyResult): ScoredWord[] {
  return result.words.filter((w) => w.unsure);
}

/**
 * The names of the words-to-check buttons, in order: "Listen to big"; a word that is in the list twice gets its
 * place ("Listen to the (word 3)"), so every button has its own name to say.
 */
export function checkButtonNames(words: readonly ScoredWord[]): string[] {
  const key = (w: ScoredWord) => wordText(w).toLocaleLowerCase();
  const count = new Map<string, number>();
  words.forEach((w) => count.set(key(w), (count.get(key(w)) ?? 0) + 1));
  return words.map((w) =>
    count.get(key(w))! > 1 ? `Listen to ${wordText(w)} (word ${w.index + 1})` : `Listen to ${wordText(w)}`,
  );
}

/** One insertion or repetition, in plain words, with when it was said. */
export interface ExtraWord {
  key: string;
  start: number;
  text: string;
}

/**
 * The insertions (words said that are not in the passage) and repetitions (a passage word said again), in the
 * order they were said: "“um” added after “dog”, at 4 seconds", "“dog” said again, at 5 seconds". Neither
 * counts as an error (DIBELS 8).
 */
export function extraWords(result: FluencyResult): ExtraWord[] {
  const at = (seconds: number) => `at ${secondsInWords(seconds)}`;
  const where = (afterIndex: number) =>
    afterIndex < 0 ? 'before the first word' : `after “${wordText(result.words[afterIndex])}”`;
  const inserted = result.insertions.map((insertion, i) => ({
    key: `insertion-${i}`,
    start: insertion.start,
    text: insertion.heard.startsWith('[')
      ? `Unclear speech ${where(insertion.afterIndex)}, ${at(insertion.start)}`
      : `${heardText(insertion.heard)} added ${where(insertion.afterIndex)}, ${at(insertion.start)}`,
  }));
  const repeated = result.repetitions.map((repetition, i) => ({
    key: `repetition-${i}`,
    start: repetition.start,
    text: `“${wordText(result.words[repetition.index])}” said again, ${at(repetition.start)}`,
  }));
  return [...inserted, ...repeated].sort((a, b) => a.start - b.start);
}

/** The names of the other readings' links, in order: when each was read; the same minute twice gets a number. */
export function otherReadingNames(readings: readonly AssignmentReadingSummary[]): string[] {
  const names = readings.map((r) => readingWhenShort(r.at));
  const count = new Map<string, number>();
  names.forEach((n) => count.set(n, (count.get(n) ?? 0) + 1));
  const seen = new Map<string, number>();
  return names.map((n) => {
    if (count.get(n)! < 2) return n;
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return `${n} (${k})`;
  });
}

/**
 * Focuses `heading` when nothing else holds the focus, each time `shown` changes: Grade Assignments' views change
 * with the query string alone, which RouteFocus leaves alone, and the link that was pressed is gone with its view.
 */
export function useFocusWhenFree(heading: RefObject<HTMLHeadingElement | null>, shown: string) {
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) heading.current?.focus();
  }, [heading, shown]);
}

/** "Words to check": the unsure words in passage order, each with what was heard and a button to hear it. */
function WordsToCheck({
  result,
  recording,
  hasRecording,
  readerName,
}: {
  result: FluencyResult;
  recording: RecordingPlayer;
  hasRecording: boolean;
  readerName: string;
}) {
  const titleId = useId();
  const words = wordsToCheck(result);
  const names = checkButtonNames(words);
  const timed = new Set(timedWords(words).map((w) => w.index));
  const { status, current, play } = useWordPlayback(recording);
  return (
    <section className="page__card" aria-labelledby={titleId}>
      <h2 id={titleId}>Words to check</h2>
      {words.length === 0 ? (
        <p>{ALL_WORDS_SURE_TEXT}</p>
      ) : (
        <>
          <p>
            The scorer was not sure it heard these words. Each counts as read.
            {hasRecording ? (
              <>
                {' '}
                Listen to hear how <bdi>{readerName}</bdi> said each one.
              </>
            ) : null}
          </p>
          {hasRecording ? null : <p>{noRecordingText(readerName)}</p>}
          <ul className="check-words" aria-labelledby={titleId}>
            {words.map((word, i) => {
              const heard = word.heard && bareWord(word.heard).toLocaleLowerCase();
              const differs = heard && heard !== wordText(word).toLocaleLowerCase();
              const key = String(word.index);
              const playing = current === key;
              return (
                <li key={word.index} className="check-word">
                  <span className="check-word__text">
                    <strong>
                      <bdi>{wordText(word)}</bdi>
                    </strong>{' '}
                    (word {word.index + 1})
                    {differs && word.heard ? <>: heard {heardText(word.heard)}</> : null}
                  </span>
                  {hasRecording && timed.has(word.index) ? (
                    <Button
                      variant="secondary"
                      icon="speaker"
                      onPress={() => void play(key, word)}
                      isPending={playing && (status === 'loading' || status === 'playing')}
                    >
                      {playing ? listenLabel(status, names[i]!) : names[i]!}
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <p role="status" className="listen__status">
            {status === 'gone' ? listenTexts('teacher').gone : status === 'failed' ? PLAY_FAILED_TEXT : ''}
          </p>
        </>
      )}
    </section>
  );
}

/** The insertions and repetitions, with their times. */
function ExtraWords({ result }: { result: FluencyResult }) {
  const titleId = useId();
  const extras = extraWords(result);
  return (
    <section className="page__card" aria-labelledby={titleId}>
      <h2 id={titleId}>Words added and said again</h2>
      <p>Words the reader added, and words they said again, do not count as errors.</p>
      {extras.length === 0 ? (
        <p>No words were added or said again.</p>
      ) : (
        <ul aria-labelledby={titleId}>
          {extras.map((extra) => (
            <li key={extra.key}>{extra.text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The reader's other readings of the story since it was set, each a link to its record. */
function OtherReadings({ record }: { record: AssignmentReading }) {
  const titleId = useId();
  const others = record.readings.filter((r) => r.id !== record.reading.id);
  const names = otherReadingNames(others);
  return (
    <section className="page__card" aria-labelledby={titleId}>
      <h2 id={titleId}>Other readings of this story</h2>
      {others.length === 0 ? (
        <p>
          This is <bdi>{record.reader.displayName}</bdi>&apos;s only reading of it since it was set.
        </p>
      ) : (
        <ul className="other-readings" aria-labelledby={titleId}>
          {others.map((other, i) => (
            <li key={other.id}>
              <Link href={readingRecordPath(record.assignment.id, other.id)}>{names[i]}</Link>:{' '}
              {other.mode === 'assessment' ? 'reading check' : 'practice'}, {wcpm(other.wpm)} words correct
              per minute, {figure(other.accuracy, '%')} accuracy
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The reading record (docs/decisions/0048-reading-record.md): one reader's reading of a story the teacher asked
 * for, as a running record: who read what, when and how; the figures with the grade's norms; the passage with every
 * word marked (the teacher's legend); the words the scorer was unsure of, each to hear in the reader's voice while
 * the recording is kept; the words added and said again; "Listen to a word"; the reader's other readings of it.
 */
export function ReadingRecord({
  record,
  wordAudio,
  headingRef,
}: {
  record: AssignmentReading;
  wordAudio: WordAudio;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const { assignment, reader, reading } = record;
  const story = useStory(assignment.storyId);
  const result = reading.result ? withPassageText(reading.result, story.data?.body) : null;
  const recording = useRecordingPlayer(reading.id, wordAudio);
  const scoresId = useId();
  const passageId = useId();
  const name = reader.displayName;
  const comparison = compareReading(result?.wcpm ?? reading.wpm, reading.at, reader.grade, name);
  const summary = result ? readingSummary(result) : null;
  return (
    <div className="page classes-page">
      <h1 ref={headingRef} tabIndex={-1}>
        <bdi>{name}</bdi> reading <bdi>{assignment.storyTitle}</bdi>
      </h1>
      <p className="page__lead">
        <bdi>{assignment.className}</bdi>. Read on {readingWhen(reading.at)}, {modeText(reading.mode)}.
      </p>
      <p>
        <Link href={assignmentResultsPath(assignment.id)}>{BACK_TO_RESULTS}</Link>
      </p>

      <section className="page__card" aria-labelledby={scoresId}>
        <h2 id={scoresId}>Scores</h2>
        {result && summary ? (
          <>
            <ReadingFigures
              result={result}
              figures={['wcpm', 'accuracy', 'errors', 'wordsReached', 'readingTime']}
            />
            <p>
              {result.wordsCorrect} of the {summary.wordsReached} words reached were read correctly. Accuracy
              counts only the words reached
              {summary.mostlyRead ? '.' : '; this reading stopped before half of the story.'}
            </p>
          </>
        ) : (
          <>
            <dl className="fluency-scores">
              <div className="fluency-score">
                <dt>Words correct per minute</dt>
                <dd>{wcpm(reading.wpm)}</dd>
              </div>
              <div className="fluency-score">
                <dt>Accuracy</dt>
                <dd>{accuracyText(Math.round(reading.accuracy * 10) / 10)}</dd>
              </div>
            </dl>
            <p>This reading has no word-by-word marks: only its figures were kept.</p>
          </>
        )}
        <h3>Compared with other readers</h3>
        {comparison ? (
          <>
            <p>{comparison.sentence}</p>
            <p className="fluency-norms__source">
              Source: Hasbrouck &amp; Tindal (2017), oral reading fluency norms for {comparison.season}.
            </p>
          </>
        ) : (
          <p>
            <bdi>{name}</bdi>&apos;s grade is not on their profile, so this reading is not compared with the
            norms of a grade.
          </p>
        )}
      </section>

      {result ? (
        <>
          <section className="page__card" aria-labelledby={passageId}>
            <h2 id={passageId}>
              How <bdi>{name}</bdi> read each word
            </h2>
            <ScoredPassage words={result.words} />
            <WordLegend audience="teacher" />
          </section>
          <WordsToCheck
            result={result}
            recording={recording}
            hasRecording={reading.hasRecording}
            readerName={name}
          />
          <ExtraWords result={result} />
          {reading.hasRecording ? (
            <ListenToWord
              recording={recording}
              words={result.words}
              audience="teacher"
              readerName={name}
              headingLevel={2}
            />
          ) : null}
        </>
      ) : null}

      <OtherReadings record={record} />
      <p>
        <Link href={protectedPaths.gradeAssignments}>All assignments</Link>
      </p>
    </div>
  );
}

/**
 * `?assignment={id}&reading={readingId}`: the reading record, or a plain message when it cannot be opened (404
 * `reading_not_found`, whatever the reason), with the way back to the assignment's results.
 */
export function ReadingRecordView({
  assignmentId,
  readingId,
  title,
  createPlayer = createWordPlayer,
}: {
  assignmentId: string;
  readingId: string;
  /** The screen's name, "Grade Assignments". */
  title: string;
  /** Decodes the recording for "Listen"; a fake in tests. */
  createPlayer?: WordAudio['createPlayer'];
}) {
  const record = useAssignmentReading(assignmentId, readingId);
  const data = record.data;
  const heading = useRef<HTMLHeadingElement>(null);
  const wordAudio = useMemo<WordAudio>(
    () => ({
      fetchWordClip: (id, wordIndex) => fetchAssignmentReadingWord(assignmentId, id, wordIndex),
      createPlayer,
    }),
    [assignmentId, createPlayer],
  );
  useDocumentTitle(
    data ? `${readingRecordTitle(data.reader.displayName, data.assignment.storyTitle)} · ${title}` : title,
  );
  let guidance: PageGuidance | null = null;
  if (isNotATeacher(record.error)) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (isNotFound(record.error)) guidance = READING_NOT_FOUND_GUIDANCE;
  else if (data)
    guidance = readingRecordGuidance(
      shortName(data.reader.displayName),
      data.reading.result ? wordsToCheck(data.reading.result).length : 0,
      data.reading.hasRecording,
    );
  usePageGuidance(guidance);
  const gone = isNotFound(record.error);
  useFocusWhenFree(heading, gone ? 'gone' : data ? 'record' : record.isError ? 'error' : 'loading');

  if (isNotATeacher(record.error)) return <NotATeacher title={title} />;
  // A 404 is shown even over a record loaded before: the reader has left the class, or deleted the reading, since.
  if (gone || (record.isError && !data)) {
    return (
      <div className="page">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <p role="alert">
          {gone
            ? READING_NOT_FOUND_TEXT
            : 'We could not load this reading right now. Please try again later.'}
        </p>
        <p>
          <Link href={assignmentResultsPath(assignmentId)} variant="secondary">
            {BACK_TO_RESULTS}
          </Link>
        </p>
      </div>
    );
  }
  if (!data) return <LoadingIndicator size="page" message="Loading the reading…" />;
  return <ReadingRecord record={data} wordAudio={wordAudio} headingRef={heading} />;
}
