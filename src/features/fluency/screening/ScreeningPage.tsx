import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import type { Screening, ScreeningState } from '#core/api/screening.ts';
import { ASSESSMENT_SECONDS } from '#core/assessment/passage.ts';
import { SCREENING_PASSAGES, type ScreeningRefusal } from '#core/screening/rules.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { useAudioQueue } from '../../../app/audio/audio-context.ts';
import { getAudioSettings, subscribeToAudioSettings } from '../../../app/audio/audio-settings-store.ts';
import { usePageGuidance, type PageGuidance } from '../../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../../app/paths.ts';
import { screenName } from '../../../app/screen-names.ts';
import { ApiError } from '../../../lib/api/http.ts';
import { useMe } from '../../../lib/api/me.ts';
import {
  isNotAReader,
  refreshScreenings,
  useScreeningState,
  useStartScreening,
} from '../../../lib/api/screening.ts';
import { getStoryQueryOptions, useStory } from '../../../lib/api/stories.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/Button.tsx';
import { Disclosure } from '../../../ui/Disclosure.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { Link } from '../../../ui/Link.tsx';
import { LoadingIndicator } from '../../../ui/LoadingIndicator.tsx';
import { StackLabel, stackedTableRoles, TableScroll } from '../../../ui/TableScroll.tsx';
import '../../../ui/page.css';
import { useFollowAlong, type ConnectFollow } from '../follow/use-follow-along.ts';
import { Passage, SessionStepPanel, useSessionView } from '../SessionSteps.tsx';
import {
  browserEffects,
  useFluencySession,
  type FluencyEffects,
  type SessionClock,
} from '../use-fluency-session.ts';
import { FLUENCY_ACTIONS } from '../voice-commands.ts';
import '../fluency.css';
import './screening.css';
import {
  SCREENING_DONE_GUIDANCE,
  SCREENING_ERROR_GUIDANCE,
  SCREENING_INTRO_GUIDANCE,
  SCREENING_NO_GRADE_GUIDANCE,
  SCREENING_NOT_A_READER_GUIDANCE,
  SCREENING_PRE_READER_GUIDANCE,
  SCREENING_PROBLEM_GUIDANCE,
  SCREENING_READING_GUIDANCE,
  SCREENING_RESUME_GUIDANCE,
  SCREENING_TOO_EARLY_GUIDANCE,
} from './screening.guidance.ts';
import {
  bandSentence,
  betweenHeading,
  passageCount,
  READ_AGAIN_TEXT,
  readCount,
  scoreLabel,
  screeningDay,
  screeningStepAfter,
  storiesReadLine,
  storyHeading,
  wholeWcpm,
} from './screening-text.ts';
import { SCREENING_ACTIONS, screeningVoiceCommands } from './screening.voice-commands.ts';

/** Props of {@link ScreeningPage}; tests pass fakes. */
export interface ScreeningPageProps {
  effects?: FluencyEffects;
  /** The session's clock (tests pass xstate's SimulatedClock). */
  clock?: SessionClock;
  /** Opens the follow-along socket (default: the real one; tests pass a fake). */
  connectFollow?: ConnectFollow;
}

/** The upload's refusals that are about the screening, not the reading (core/api/errors.ts). */
type ScreeningProblem = 'screening_passage_mismatch' | 'screening_not_found' | 'screening_missing';

/** What the problem step tells the child, whatever the problem (Sparky says it too: SCREENING_PROBLEM_GUIDANCE). */
export const SCREENING_PROBLEM_TEXT = {
  title: 'Sparky lost his place in this screening',
  text: "Let's start it again!",
} as const;

/**
 * What each problem with the screening means, for grown-ups, in a smaller line under the child's: what happened to
 * the reading, and what Start again does (POST /api/screenings goes on with the reader's unfinished screening, or
 * starts a new one).
 */
export const SCREENING_PROBLEMS: Readonly<Record<ScreeningProblem, string>> = {
  screening_passage_mismatch:
    'For grown-ups: this story is not the next one of the screening (it was read already, maybe in another window), so this reading was not saved. Start again goes on with the next story.',
  screening_not_found:
    'For grown-ups: this screening is finished, was deleted, or was replaced by a new one (maybe started in another window), so this reading was not saved. Start again goes on with the screening now open, or starts a new one.',
  screening_missing:
    'For grown-ups: this reading was saved, but Sparky could not tell which story of the screening comes next. Start again goes on with the screening.',
};

/** What the page shows once a screening has been started or resumed. */
type Phase =
  | { kind: 'intro' }
  /** A story of the screening: its session, from "Story 2 of 3: …" to the upload. */
  | { kind: 'passage'; screening: Screening; index: number; autoStart: boolean; key: number }
  /** Between two stories: "Well done! Next: story 2 of 3". */
  | { kind: 'between'; screening: Screening }
  /** The reading did not count (too short): the same story again ("Let's read that story again"). */
  | { kind: 'again'; screening: Screening; index: number }
  /** The screening is complete. */
  | { kind: 'done'; screening: Screening }
  /** The upload was refused for the screening's sake (or its answer had no screening). */
  | { kind: 'problem'; problem: ScreeningProblem };

/** The voice-command step of each phase after the start (a story's session registers its own). */
const PHASE_STEPS = {
  between: 'between',
  again: 'again',
  done: 'done',
  problem: 'screeningProblem',
} as const;

/** What a refused start or the state says a reader cannot take it, in the child's and grown-up's words. */
function Refusal({ refusal }: { refusal: ScreeningRefusal }) {
  if (refusal === 'too_early') {
    // Grade 1 in the fall: no fall norms for grade 1 (Hasbrouck & Tindal 2017); it starts in the winter season.
    return (
      <section className="page__card" aria-labelledby="refusal-title">
        <h2 id="refusal-title">Reading Screening for first grade starts in December</h2>
        <p>
          First graders take it from the middle of the year. Until then, keep reading stories aloud with
          Sparky!
        </p>
        <div className="fluency-actions">
          <Link href={protectedPaths.fluency} variant="primary">
            <Icon name="mic" size={20} className="button__icon" />
            {screenName(protectedPaths.fluency)}
          </Link>
          <Link href={protectedPaths.premadeStories} variant="secondary">
            <Icon name="book" size={20} className="button__icon" />
            {screenName(protectedPaths.premadeStories)}
          </Link>
        </div>
      </section>
    );
  }
  if (refusal === 'pre_reader') {
    return (
      <section className="page__card" aria-labelledby="refusal-title">
        <h2 id="refusal-title">Reading Screening starts in first grade</h2>
        <p>Reading Screening starts in first grade. Until then, play with letters and words!</p>
        <div className="fluency-actions">
          <Link href={protectedPaths.alphabet} variant="primary">
            <Icon name="letters" size={20} className="button__icon" />
            {screenName(protectedPaths.alphabet)}
          </Link>
          <Link href={protectedPaths.wordBuilder} variant="secondary">
            <Icon name="blocks" size={20} className="button__icon" />
            {screenName(protectedPaths.wordBuilder)}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="page__card" aria-labelledby="refusal-title">
      <h2 id="refusal-title">Sparky needs to know your grade</h2>
      <p>
        The screening has stories for your grade, and compares your reading with readers of your grade. Ask a
        grown-up to set your grade on your Profile.
      </p>
      <div className="fluency-actions">
        <Link href={protectedPaths.profile} variant="primary">
          <Icon name="user" size={20} className="button__icon" />
          {screenName(protectedPaths.profile)}
        </Link>
      </div>
    </section>
  );
}

/** The `details.reason` of a 409 `screening_not_available`, or null for another error. */
function unavailableReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'screening_not_available') return null;
  const reason = (error.details as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : 'unknown';
}

/** The words of a failed start. */
function startErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'rate_limited')
    // The server's own words say how long to wait.
    return error.message || 'That is a lot of screenings at once. Please wait a few minutes and try again.';
  if (unavailableReason(error) === 'no_passages')
    return 'There are no stories of your grade to read yet, so the screening cannot start.';
  return 'Sparky could not start the screening. Please try again.';
}

/** The refusal of a 409 `screening_not_available` for the reader's grade (its `details.reason`), or null. */
function refusalOf(error: unknown): ScreeningRefusal | null {
  const reason = unavailableReason(error);
  return reason === 'pre_reader' || reason === 'no_grade' || reason === 'too_early' ? reason : null;
}

/** Before a screening: what it is, in a child's words, and Start (or Go on). */
function Intro({
  state,
  onStart,
  isStarting,
  startError,
}: {
  state: ScreeningState;
  onStart: () => void;
  isStarting: boolean;
  startError: string | null;
}) {
  const current = state.current;
  const total = current ? passageCount(current) : SCREENING_PASSAGES;
  return (
    <section className="page__card" aria-labelledby="intro-title">
      <h2 id="intro-title">{current ? 'Your screening is waiting' : 'Read three stories to Sparky'}</h2>
      <p className="screening-lead">
        Read three stories to Sparky, one minute each. It takes about five minutes.
      </p>
      {current ? (
        <p>
          {readCount(current) === 0
            ? `You have not read any of the ${total} stories yet. Start with the first one!`
            : `You have read ${readCount(current)} of ${total} stories. Go on with the next one!`}
        </p>
      ) : null}
      <ol className="assessment-steps">
        <li>
          Press {current ? 'Go on with the screening' : 'Start the screening'}, then Start reading. Sparky
          counts 3, 2, 1.
        </li>
        <li>Read the story out loud, as well as you can. After one minute Sparky stops listening.</li>
        <li>Rest a little, then press Next story. Three stories, and you are done!</li>
      </ol>
      {startError ? <p role="alert">{startError}</p> : null}
      <div className="fluency-actions">
        <Button icon={current ? 'arrowRight' : 'play'} onPress={onStart} isPending={isStarting}>
          {current ? 'Go on with the screening' : 'Start the screening'}
        </Button>
      </div>
      <h3>For grown-ups</h3>
      <p>
        Schools screen reading three times a year, in fall, winter and spring. Sparky gives three one-minute
        readings of stories of the reader&apos;s grade and takes the middle score, as DIBELS benchmark
        screening does, then compares it with readers of the same grade and season (Hasbrouck &amp; Tindal,
        2017). A screening is not a diagnosis.
        {state.last
          ? ` The last one was on ${screeningDay(state.last.completedAt ?? state.last.startedAt)} (${state.last.season}).`
          : ''}
      </p>
      <p>
        <Link href={protectedPaths.screeningHistory}>See Screening History</Link>
      </p>
    </section>
  );
}

/** The grown-ups' figures of a complete screening: the medians, each story's figures and the band in words. */
export function ScreeningFigures({ screening, reader }: { screening: Screening; reader: string | null }) {
  const score = screening.score;
  if (!score) return null;
  const r = stackedTableRoles;
  const read = readCount(screening);
  return (
    <div className="screening-figures">
      <dl className="profile__facts">
        <div>
          <dt>Words correct per minute{read > 1 ? ' (the middle reading)' : ''}</dt>
          <dd>{wholeWcpm(score.wpm)}</dd>
        </div>
        <div>
          <dt>Accuracy</dt>
          <dd>{score.accuracy.toFixed(1)}%</dd>
        </div>
        <div>
          <dt>Grade and season</dt>
          <dd>
            Grade {screening.grade}, {screening.season}
          </dd>
        </div>
      </dl>
      <p>{bandSentence(score, screening.grade, screening.season, reader)}</p>
      <TableScroll label="Each story of the screening" stack>
        <table className="data-table" {...r.table} aria-labelledby="screening-stories-caption">
          <caption id="screening-stories-caption">Each story of the screening</caption>
          <thead {...r.rowgroup}>
            <tr {...r.row}>
              {['Story', 'Words correct per minute', 'Accuracy', 'Words correct', 'Errors'].map((column) => (
                <th key={column} {...r.columnheader}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody {...r.rowgroup}>
            {screening.passages.map((passage, i) => (
              <tr key={passage.storyId} {...r.row}>
                <th {...r.rowheader}>
                  <StackLabel>Story</StackLabel>
                  {i + 1}. {passage.title}
                </th>
                {passage.reading ? (
                  <>
                    <td {...r.cell}>
                      <StackLabel>Words correct per minute</StackLabel>
                      {wholeWcpm(passage.reading.wpm)}
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Accuracy</StackLabel>
                      {passage.reading.accuracy.toFixed(1)}%
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Words correct</StackLabel>
                      {passage.reading.wordsCorrect}
                    </td>
                    <td {...r.cell}>
                      <StackLabel>Errors</StackLabel>
                      {passage.reading.errors}
                    </td>
                  </>
                ) : (
                  <td {...r.cell} colSpan={4}>
                    <StackLabel>Words correct per minute</StackLabel>
                    Not read
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p>
        {read > 1
          ? 'The score is the middle (median) of the readings, as DIBELS benchmark screening counts it; accuracy is the median words correct out of the median words correct and errors.'
          : 'The first story had fewer than 10 words correct, so the other two were not given, as DIBELS benchmark screening does; that reading is the score.'}{' '}
        Each story was one minute of reading scored by Sparky with the DIBELS 8 rules. Sparky is not a trained
        assessor: a low score is a reason to listen to the child read, not a label.
      </p>
    </div>
  );
}

/** The complete screening: the child's part, where to go next, and the grown-ups' figures. */
function ScreeningDone({ screening, reader }: { screening: Screening; reader: string | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const read = readCount(screening);
  return (
    <section aria-labelledby="session-title" className="fluency-results">
      <h2 id="session-title" ref={heading} tabIndex={-1}>
        Screening done!
      </h2>
      <div className="page__card results-summary">
        <p className="results-summary__headline">{storiesReadLine(read)}</p>
        {screening.score ? (
          <p className="screening-score">
            <span className="screening-score__label">{scoreLabel(read)}:</span>{' '}
            <strong className="screening-score__number">{wholeWcpm(screening.score.wpm)}</strong>{' '}
            <span>{wholeWcpm(screening.score.wpm) === 1 ? 'word' : 'words'} right in one minute</span>
          </p>
        ) : null}
        <p>Thank you for reading to Sparky!</p>
      </div>
      <div className="fluency-actions">
        <Link href={protectedPaths.screeningHistory} variant="primary">
          <Icon name="chart" size={20} className="button__icon" />
          See Screening History
        </Link>
        <Link href={protectedPaths.home} variant="secondary">
          <Icon name="home" size={20} className="button__icon" />
          Go home
        </Link>
      </div>
      <Disclosure title="For grown-ups: the screening's figures" className="page__card results-grown-ups">
        <ScreeningFigures screening={screening} reader={reader} />
      </Disclosure>
    </section>
  );
}

/** Between two stories: "Well done! Next: story 2 of 3" and Next story (Sparky says the same). */
function Between({ screening, onNext }: { screening: Screening; onNext: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => button.current?.focus(), []);
  const next = screening.next ?? readCount(screening);
  const total = passageCount(screening);
  const passage = screening.passages[next];
  // The next story loads while the child rests, so it is there when the countdown starts.
  useStory(passage?.storyId ?? null);
  return (
    <>
      <h2 id="session-title">{betweenHeading(next, total)}</h2>
      {passage ? <p className="screening-lead">Next: {passage.title}.</p> : null}
      <p>Rest a little if you like. When you are ready, press Next story. Sparky counts 3, 2, 1 again.</p>
      <div className="fluency-actions">
        <Button icon="arrowRight" onPress={onNext} ref={button}>
          Next story
        </Button>
        <Link href={protectedPaths.home} variant="secondary">
          <Icon name="home" size={20} className="button__icon" />
          Go home
        </Link>
      </div>
      <p className="page__hint">Going home? The screening waits for you for two hours.</p>
    </>
  );
}

/**
 * The reading did not count (stopped before 30 s and before the story's end): it is saved as the reader's, and the
 * screening's next story is the same one. Read it again goes straight to the microphone and the countdown.
 */
function ReadAgain({ onReadAgain }: { onReadAgain: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => button.current?.focus(), []);
  return (
    <>
      <h2 id="session-title">{READ_AGAIN_TEXT.title}</h2>
      <p className="screening-lead">{READ_AGAIN_TEXT.text}</p>
      <div className="fluency-actions">
        <Button icon="selfCorrection" onPress={onReadAgain} ref={button}>
          Read it again
        </Button>
        <Link href={protectedPaths.home} variant="secondary">
          <Icon name="home" size={20} className="button__icon" />
          Go home
        </Link>
      </div>
      <p className="page__hint">Going home? The screening waits for you for two hours.</p>
    </>
  );
}

/**
 * A problem with the screening (not with the reading): a short, calm line for the child and Start again (Sparky
 * says the same, SCREENING_PROBLEM_GUIDANCE), and what happened in a smaller line for grown-ups.
 */
function Problem({
  problem,
  onStartAgain,
  isStarting,
  startError,
}: {
  problem: ScreeningProblem;
  onStartAgain: () => void;
  isStarting: boolean;
  startError: string | null;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => button.current?.focus(), []);
  return (
    <>
      <h2 id="session-title">{SCREENING_PROBLEM_TEXT.title}</h2>
      <p className="screening-lead" role="alert">
        {SCREENING_PROBLEM_TEXT.text}
      </p>
      <p className="screening-grown-ups-line">{SCREENING_PROBLEMS[problem]}</p>
      {startError ? <p role="alert">{startError}</p> : null}
      <div className="fluency-actions">
        <Button icon="selfCorrection" onPress={onStartAgain} isPending={isStarting} ref={button}>
          Start again
        </Button>
      </div>
    </>
  );
}

/** Props of {@link StorySession}. */
interface StorySessionProps {
  screening: Screening;
  index: number;
  /** Start the countdown as soon as the story is there ("Next story" was pressed). */
  autoStart: boolean;
  grade: string | null;
  effects: FluencyEffects;
  clock: SessionClock | undefined;
  connectFollow: ConnectFollow | undefined;
  onSaved: (response: SaveReadingSessionResponse) => void;
  onProblem: (problem: ScreeningProblem) => void;
}

/**
 * One story of the screening: the Reading Assessment's session (SessionSteps.tsx, `assessment` mode, one minute,
 * the follow-along) on the screening's passage, uploaded with the screening's id. Mounted afresh for each story
 * (a new statechart), so every story starts from its own first step.
 */
function StorySession({
  screening,
  index,
  autoStart,
  grade,
  effects,
  clock,
  connectFollow,
  onSaved,
  onProblem,
}: StorySessionProps) {
  const passage = screening.passages[index]!;
  const total = passageCount(screening);
  const audio = useAudioQueue();
  const helpAfterSeconds = useSyncExternalStore(
    subscribeToAudioSettings,
    () => getAudioSettings().helpAfterSeconds,
    () => undefined,
  );
  const follow = useFollowAlong(audio.speak, connectFollow, helpAfterSeconds);
  const { snapshot, send, setReading } = useFluencySession(
    passage.storyId,
    effects,
    ASSESSMENT_SECONDS,
    clock,
    follow.tap,
    'assessment',
  );
  const story = useStory(passage.storyId);
  const wordsTotal = story.data?.wordCount ?? null;
  useEffect(
    () => setReading({ wordsTotal, grade, screeningId: screening.id }),
    [setReading, wordsTotal, grade, screening.id],
  );
  const { setPassage } = follow;
  const storyBody = story.data?.body ?? null;
  useEffect(() => setPassage(storyBody), [storyBody, setPassage]);
  const { actionsRef, barRef, passageRef } = useSessionView(snapshot, { wordsTotal, grade });

  // The story after this one loads while this one is read.
  const queryClient = useQueryClient();
  const nextStoryId = screening.passages[index + 1]?.storyId;
  useEffect(() => {
    if (nextStoryId) void queryClient.prefetchQuery(getStoryQueryOptions(nextStoryId));
  }, [nextStoryId, queryClient]);

  // A new story's step: its heading takes focus (the button pressed to get here is gone).
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);

  const ready = Boolean(story.data);
  const autoStarted = useRef(false);
  const choosing = snapshot.matches('choosing');
  useEffect(() => {
    if (!autoStart || autoStarted.current || !ready || !choosing) return;
    autoStarted.current = true;
    send({ type: 'session.start' });
  }, [autoStart, ready, choosing, send]);

  const response = snapshot.matches('results') ? snapshot.context.response : null;
  useEffect(() => {
    if (response) onSaved(response);
  }, [response, onSaved]);
  const code = snapshot.matches('failed') ? snapshot.context.saveError?.code : undefined;
  const problem = code === 'screening_passage_mismatch' || code === 'screening_not_found' ? code : undefined;
  useEffect(() => {
    if (problem) onProblem(problem);
  }, [problem, onProblem]);

  const state = snapshot.value;
  const stateKey = typeof state === 'string' ? state : (Object.keys(state)[0] ?? '');
  useVoiceCommands(
    screeningVoiceCommands(stateKey),
    (target) => {
      if (target === SCREENING_ACTIONS.startReading && ready) send({ type: 'session.start' });
      else if (target === FLUENCY_ACTIONS.stopReading) send({ type: 'session.stop' });
      else if (target === FLUENCY_ACTIONS.tryAgain) send({ type: 'session.retry' });
      else if (target === FLUENCY_ACTIONS.readAgain) send({ type: 'session.restart' });
    },
    { recording: stateKey === 'recording' },
  );

  const title = storyHeading(index, total, passage.title);
  // Saved: the page shows what comes next (the next story, the same one again, or the screening's end) at once,
  // never this reading's own results.
  if (response) return <p className="screening-story-line">{title}</p>;
  if (choosing) {
    return (
      <>
        <h2 id="session-title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <p>
          Press Start reading. Sparky counts 3, 2, 1. Read the story out loud, as well as you can: after one
          minute Sparky stops listening.
        </p>
        {story.isError ? (
          <p role="alert">The story could not be loaded, so it cannot start. Please try later.</p>
        ) : null}
        <div className="fluency-actions" ref={actionsRef}>
          <Button icon="mic" onPress={() => send({ type: 'session.start' })} isDisabled={!ready}>
            Start reading
          </Button>
        </div>
        {!ready && !story.isError ? <p>Getting the story ready…</p> : null}
        {story.data ? <Passage title={story.data.title} body={story.data.body} ref={passageRef} /> : null}
      </>
    );
  }
  return (
    <>
      <p className="screening-story-line">{title}</p>
      <SessionStepPanel
        snapshot={snapshot}
        send={send}
        story={story.data}
        followState={follow.state}
        actionsRef={actionsRef}
        barRef={barRef}
        passageRef={passageRef}
      />
    </>
  );
}

/** The guidance of what the page shows. */
function guidanceOf(
  phase: Phase,
  state: ReturnType<typeof useScreeningState>,
  refusal: ScreeningRefusal | null,
): PageGuidance | null {
  if (phase.kind === 'done') return SCREENING_DONE_GUIDANCE;
  if (phase.kind === 'problem') return SCREENING_PROBLEM_GUIDANCE;
  if (phase.kind !== 'intro') return SCREENING_READING_GUIDANCE;
  if (isNotAReader(state.error)) return SCREENING_NOT_A_READER_GUIDANCE;
  if (state.isError) return SCREENING_ERROR_GUIDANCE;
  if (refusal === 'pre_reader') return SCREENING_PRE_READER_GUIDANCE;
  if (refusal === 'no_grade') return SCREENING_NO_GRADE_GUIDANCE;
  if (refusal === 'too_early') return SCREENING_TOO_EARLY_GUIDANCE;
  if (!state.data) return null;
  return state.data.current ? SCREENING_RESUME_GUIDANCE : SCREENING_INTRO_GUIDANCE;
}

/**
 * /screening, 'Reading Screening' (spec §2.4's student menu, §2.6; docs/decisions/0049-reading-screening.md).
 *
 * A seasonal check-up of reading aloud: three one-minute readings of stories of the reader's grade, picked by the
 * server, scored with the DIBELS 8 rules; the middle score is compared with the Hasbrouck & Tindal (2017) norms of
 * the grade and season. Each story is the Reading Assessment's session (SessionSteps.tsx) in `assessment` mode,
 * uploaded with the screening's id; Sparky says "Well done! Next: story 2 of 3" between two, and the child's score
 * (words right in one minute, never a percentile or band) at the end; the band is for grown-ups, in words. A
 * reading stopped before 30 s and before the story's end does not count (`screeningCounted: false`): "Let's read that
 * story again", and Read it again starts the same story. A reader who stops part-way goes on within two hours.
 * Grade 1 in the fall, Pre-K and K, and a reader without a grade are told kindly why not (the state's `refusal`, or
 * a start's 409). Everything can be done by voice ("start", "start reading", "stop", "next story", "read it again",
 * "start again"), by keyboard or switch (focus moves to each step's heading or main button), or with a screen
 * reader.
 */
export function ScreeningPage({ effects = browserEffects, clock, connectFollow }: ScreeningPageProps) {
  const name = screenName(protectedPaths.screening);
  useDocumentTitle(name);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const profile = me.data?.profile ?? null;
  const grade = profile?.grade ?? null;
  const reader = profile?.display_name ?? null;
  const state = useScreeningState();
  const start = useStartScreening();
  const [phase, setPhase] = useState<Phase>({ kind: 'intro' });
  const passages = useRef(0);

  const refusal = refusalOf(start.error) ?? state.data?.refusal ?? null;
  usePageGuidance(guidanceOf(phase, state, refusal));

  const begin = (screening: Screening) => {
    if (screening.next === null) {
      setPhase({ kind: 'done', screening });
      return;
    }
    passages.current += 1;
    setPhase({
      kind: 'passage',
      screening,
      index: screening.next,
      autoStart: false,
      key: passages.current,
    });
  };
  const startScreening = () => {
    if (start.isPending) return;
    start.mutate(undefined, {
      onSuccess: begin,
      // Not (or no longer) for this reader: the page says why, as it would have before starting.
      onError: (error) => {
        if (refusalOf(error)) setPhase({ kind: 'intro' });
      },
    });
  };
  const startError = start.isError && !refusalOf(start.error) ? startErrorText(start.error) : null;

  // Stable, so the session reports each saved reading and each problem once.
  const onSaved = useCallback(
    (response: SaveReadingSessionResponse) => {
      void refreshScreenings(queryClient);
      const screening = response.screening;
      if (!screening) {
        setPhase({ kind: 'problem', problem: 'screening_missing' });
        return;
      }
      const step = screeningStepAfter(screening, response.screeningCounted, response.session.story_id);
      if (step === 'done') setPhase({ kind: 'done', screening });
      // Too short to count: neither the next story nor a result, the same story again.
      else if (step === 'again') setPhase({ kind: 'again', screening, index: screening.next! });
      else setPhase({ kind: 'between', screening });
    },
    [queryClient],
  );
  const onProblem = useCallback(
    (problem: ScreeningProblem) => {
      void refreshScreenings(queryClient);
      setPhase({ kind: 'problem', problem });
    },
    [queryClient],
  );
  const readAgain = () => {
    if (phase.kind !== 'again') return;
    passages.current += 1;
    setPhase({
      kind: 'passage',
      screening: phase.screening,
      index: phase.index,
      autoStart: true,
      key: passages.current,
    });
  };
  const nextStory = () => {
    if (phase.kind !== 'between' || phase.screening.next === null) return;
    passages.current += 1;
    setPhase({
      kind: 'passage',
      screening: phase.screening,
      index: phase.screening.next,
      autoStart: true,
      key: passages.current,
    });
  };

  const step =
    phase.kind === 'intro'
      ? state.data && !state.data.refusal && !refusal
        ? state.data.current
          ? 'resume'
          : 'intro'
        : 'none'
      : phase.kind === 'passage'
        ? 'none'
        : PHASE_STEPS[phase.kind];
  useVoiceCommands(screeningVoiceCommands(step), (target) => {
    if (target === SCREENING_ACTIONS.start || target === SCREENING_ACTIONS.startAgain) startScreening();
    else if (target === SCREENING_ACTIONS.nextStory) nextStory();
    else if (target === SCREENING_ACTIONS.readAgain) readAgain();
    else if (target === SCREENING_ACTIONS.history) void navigate(protectedPaths.screeningHistory);
  });

  let content;
  if (phase.kind === 'intro') {
    if (isNotAReader(state.error)) {
      content = (
        <section className="page__card" aria-labelledby="refusal-title">
          <h2 id="refusal-title">Reading Screening is for readers</h2>
          <p>
            A child reads three stories to Sparky on their own account, and sees their screenings on Screening
            History. A teacher sees the screenings of the readers in their classes on Class Analytics.
          </p>
        </section>
      );
    } else if (state.isError) {
      content = (
        <section className="page__card" aria-labelledby="refusal-title">
          <h2 id="refusal-title">The screening could not be loaded</h2>
          <p role="alert">Sparky could not load the screening right now.</p>
          <div className="fluency-actions">
            <Button icon="selfCorrection" onPress={() => void state.refetch()}>
              Try again
            </Button>
          </div>
        </section>
      );
    } else if (refusal) {
      content = <Refusal refusal={refusal} />;
    } else if (!state.data) {
      content = <LoadingIndicator message="Loading the screening…" />;
    } else {
      content = (
        <Intro
          state={state.data}
          onStart={startScreening}
          isStarting={start.isPending}
          startError={startError}
        />
      );
    }
  } else if (phase.kind === 'done') {
    content = (
      <div className="fluency-session" data-state="results">
        <ScreeningDone screening={phase.screening} reader={reader} />
      </div>
    );
  } else {
    content = (
      <section className="page__card fluency-session" aria-labelledby="session-title">
        {phase.kind === 'passage' ? (
          <StorySession
            key={phase.key}
            screening={phase.screening}
            index={phase.index}
            autoStart={phase.autoStart}
            grade={grade}
            effects={effects}
            clock={clock}
            connectFollow={connectFollow}
            onSaved={onSaved}
            onProblem={onProblem}
          />
        ) : phase.kind === 'between' ? (
          <Between screening={phase.screening} onNext={nextStory} />
        ) : phase.kind === 'again' ? (
          <ReadAgain onReadAgain={readAgain} />
        ) : (
          <Problem
            problem={phase.problem}
            onStartAgain={startScreening}
            isStarting={start.isPending}
            startError={startError}
          />
        )}
      </section>
    );
  }

  return (
    <div className="page fluency-page screening-page">
      <h1>{name}</h1>
      <p className="page__lead">
        Read three stories out loud, one minute each, so Sparky, your grown-ups and your teacher can see how
        your reading grows.
      </p>
      {content}
    </div>
  );
}
