/**
 * The steps of a reading session that Reading Practice (FluencyPage.tsx) and the Reading Assessment
 * (assessment/AssessmentPage.tsx) share: getting the microphone, the countdown, the recording with its
 * control bar, sending and scoring, and a failed save. Each page draws its own first step and its own
 * results; both run the same fluency-session statechart (machines/fluency-session.machine.ts) through
 * {@link useFluencySession}.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { useReducedMotion } from '#a11y/use-display-preferences.ts';
import { formatClock } from '#core/fluency-session/countdown.ts';
import { STILL_READING_HELP, STILL_READING_WAIT_SECONDS } from '#core/fluency-session/end-of-reading.ts';
import { estimatedShareRead } from '#core/fluency-session/reading-place.ts';
import { SAVE_ERROR_MESSAGES } from '#core/fluency-session/save-errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/LoadingIndicator.tsx';
import { useScoringStatus } from './api/scoring-queue.ts';
import { FollowPassage } from './follow/FollowPassage.tsx';
import type { FollowAlongState } from './follow/use-follow-along.ts';
import { LevelMeter } from './LevelMeter.tsx';
import type { useFluencySession } from './use-fluency-session.ts';

/** The session's snapshot and its `send`, as {@link useFluencySession} returns them. */
export type FluencySnapshot = ReturnType<typeof useFluencySession>['snapshot'];
export type FluencySend = ReturnType<typeof useFluencySession>['send'];

/** The story text, large and well spaced, one paragraph per blank-line block. */
export function Passage({ title, body, ref }: { title: string; body: string; ref?: Ref<HTMLElement> }) {
  return (
    <article className="fluency-passage" aria-labelledby="passage-heading" ref={ref}>
      <h3 id="passage-heading" className="fluency-passage__title">
        {title}
      </h3>
      {body
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </article>
  );
}

/** A wait with a still-friendly spinner; the words are announced by the session (no second live region). */
export function Busy({ children }: { children: ReactNode }) {
  const reduceMotion = useReducedMotion();
  return (
    <p className="fluency-busy">
      <Spinner size={40} reduceMotion={reduceMotion} />
      <span>{children}</span>
    </p>
  );
}

/**
 * While the server scores a reading: its place in line when others are being scored first, then an
 * estimate of progress (GET /api/scoring-queue/:key, issue #14 item 5). Not a live region: the
 * heading already announced the wait, and a count read out every second would drown the page.
 */
export function ScoringWait({ recordingKey }: { recordingKey: string | null }) {
  const { data } = useScoringStatus(recordingKey);
  if (!data) return null;
  if (data.state === 'queued') {
    const wait = data.estimatedWaitSeconds;
    return (
      <p className="fluency-queue">
        {data.position === 1
          ? 'Your reading is next in line.'
          : `Your reading is number ${data.position} in line.`}{' '}
        {wait >= 5 ? `About ${wait} seconds to wait.` : 'It starts in a moment.'}
      </p>
    );
  }
  const percent = Math.round(data.progress * 100);
  return (
    <p className="fluency-queue">
      <label htmlFor="scoring-progress">Checking every word: {percent}%</label>
      <progress id="scoring-progress" max={100} value={percent} />
    </p>
  );
}

/**
 * Seconds left before a reading nobody answered stops (WCAG 2.2.1: the reader is told).
 * @param elapsedSeconds recording time now
 * @param askedAtSeconds recording time when "Are you still reading?" was asked
 */
export function secondsBeforeStop(elapsedSeconds: number, askedAtSeconds: number): number {
  return Math.max(0, Math.ceil(STILL_READING_WAIT_SECONDS - (elapsedSeconds - askedAtSeconds)));
}

/**
 * Keeps the reader's place on screen while recording (issue 17, item 2): when the story runs past the
 * bottom of the screen, scrolls forward so the estimated place sits a line and a half below the
 * sticky control bar. Forward only, so a reader who scrolled back is not pulled about.
 */
function useFollowPlace(
  share: number,
  passage: RefObject<HTMLElement | null>,
  bar: RefObject<HTMLElement | null>,
  reduceMotion: boolean,
) {
  // Re-run in steps of 1/40 of the story, not on every audio block.
  const step = Math.floor(share * 40);
  useEffect(() => {
    const article = passage.current;
    if (step <= 0 || !article || typeof window.scrollBy !== 'function') return;
    const rect = article.getBoundingClientRect();
    if (rect.bottom <= window.innerHeight) return; // the rest of the story is on screen already
    const barHeight = bar.current?.getBoundingClientRect().height ?? 0;
    const line = Number.parseFloat(getComputedStyle(article).lineHeight) || 48;
    const place = rect.top + (step / 40) * rect.height;
    const by = place - barHeight - line * 1.5;
    if (by < line) return;
    window.scrollBy({ top: by, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [step, passage, bar, reduceMotion]);
}

/** The elements a session page places, for {@link useSessionView}'s focus and scrolling. */
export interface SessionViewRefs {
  /** The session's card: scrolled to the top when the countdown begins. */
  sessionRef: RefObject<HTMLElement | null>;
  /** Each step's row of buttons: its first enabled button takes focus when the step begins. */
  actionsRef: RefObject<HTMLDivElement | null>;
  /** The sticky control bar while recording. */
  barRef: RefObject<HTMLDivElement | null>;
  /** The story's text. */
  passageRef: RefObject<HTMLElement | null>;
}

/**
 * Focus and scrolling of a session page.
 * - Each step's main button takes focus when the step begins, so keyboard, switch and screen-reader
 *   users land on what they can do next (the button's name is read; no extra announcement needed).
 *   The first enabled button of the step's action row is its main one. A layout effect moves the focus
 *   in the same task as the commit that removed the old button: with a plain effect, a key pressed in
 *   between (a keyboard or switch user pressing Cancel as the countdown appears) went to the page's
 *   body. On first load nothing is focused; once a session has begun, coming back to the first step
 *   focuses its main button.
 * - When the countdown begins, the session moves to the top of the screen (the control bar, then the
 *   story, with nothing above them: at 375 px the page's heading would otherwise leave one line of it).
 * - While recording, the story scrolls along with the reader's estimated place ({@link useFollowPlace}).
 * @param snapshot the session's snapshot
 * @param reading the story's length in words (null until loaded) and the reader's profile grade
 * @returns the refs to place (the session card, the action rows, the control bar, the story), and whether a session has begun since the page opened
 */
export function useSessionView(
  snapshot: FluencySnapshot,
  reading: { wordsTotal: number | null; grade: string | null },
): SessionViewRefs & { started: boolean } {
  const reduceMotion = useReducedMotion();
  const state = snapshot.value;
  const stateKey = typeof state === 'string' ? state : Object.keys(state)[0];
  const [started, setStarted] = useState(false);
  if (stateKey !== 'choosing' && !started) setStarted(true);
  const actions = useRef<HTMLDivElement>(null);
  const session = useRef<HTMLElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const passage = useRef<HTMLElement>(null);
  const valueKey = JSON.stringify(state);
  useLayoutEffect(() => {
    if (valueKey === '"choosing"' && !started) return;
    actions.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, [valueKey, started]);
  useEffect(() => {
    if (stateKey !== 'countdown') return;
    session.current?.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [stateKey, reduceMotion]);
  const listening = snapshot.matches({ recording: 'capturing' });
  const { wordsTotal, grade } = reading;
  useFollowPlace(
    listening && wordsTotal ? estimatedShareRead(snapshot.context.speechSeconds, wordsTotal, grade) : 0,
    passage,
    bar,
    reduceMotion,
  );
  return { sessionRef: session, actionsRef: actions, barRef: bar, passageRef: passage, started };
}

/** Props of {@link SessionStepPanel}. */
export interface SessionStepPanelProps {
  snapshot: FluencySnapshot;
  send: FluencySend;
  /** The story being read, once loaded. */
  story: { title: string; body: string } | undefined;
  /** The follow-along's place in the story while recording. */
  followState: FollowAlongState;
  /** From {@link useSessionView}. */
  actionsRef: RefObject<HTMLDivElement | null>;
  barRef: RefObject<HTMLDivElement | null>;
  passageRef: RefObject<HTMLElement | null>;
  /** What the recording bar's heading asks the reader to do. */
  recordingTitle?: string;
}

/**
 * The panel of a session step between the page's first step and its results: the microphone request
 * and its problems, the countdown, the recording, sending and scoring, a failed save. Null in the
 * other steps, which the page draws.
 */
export function SessionStepPanel({
  snapshot,
  send,
  story,
  followState,
  actionsRef,
  barRef,
  passageRef,
  recordingTitle = 'Recording: read the story out loud',
}: SessionStepPanelProps): ReactNode {
  const passage = story ? <Passage title={story.title} body={story.body} ref={passageRef} /> : null;
  const cancel = (
    <Button variant="secondary" icon="close" onPress={() => send({ type: 'session.cancel' })}>
      Cancel
    </Button>
  );
  if (snapshot.matches('requestingMicrophone')) {
    return (
      <>
        <h2 id="session-title">Getting the microphone ready</h2>
        <Busy>Asking to use the microphone… If your browser asks, choose Allow.</Busy>
        <div className="fluency-actions" ref={actionsRef}>
          {cancel}
        </div>
      </>
    );
  }
  if (snapshot.matches('microphoneProblem')) {
    const issue = snapshot.context.microphoneIssue;
    return (
      <>
        <h2 id="session-title">
          {issue === 'denied' ? "Sparky can't use the microphone" : "The microphone isn't working"}
        </h2>
        {issue === 'denied' ? (
          <>
            <p>Sparky needs the microphone to hear you read. It was not allowed.</p>
            <p>
              To allow it: select the lock or microphone icon next to the web address at the top of the
              browser, set Microphone to Allow, then press Try again. A grown-up can help.
            </p>
          </>
        ) : issue === 'notFound' ? (
          <p>No microphone was found. Plug in a microphone or headset, then press Try again.</p>
        ) : (
          <p>
            The microphone stopped or could not start. Check that no other app is using it, then press Try
            again.
          </p>
        )}
        <div className="fluency-actions" ref={actionsRef}>
          <Button icon="selfCorrection" onPress={() => send({ type: 'session.retry' })}>
            Try again
          </Button>
          {cancel}
        </div>
      </>
    );
  }
  if (snapshot.matches('countdown')) {
    return (
      <>
        <div className="fluency-bar" ref={barRef}>
          <h2 id="session-title" className="fluency-bar__title">
            Get ready to read
          </h2>
          <div className="fluency-bar__row">
            <p className="fluency-countdown" aria-hidden="true">
              {snapshot.context.countdown}
            </p>
            <p className="fluency-bar__help">Start reading when the recording starts.</p>
          </div>
          <div className="fluency-actions" ref={actionsRef}>
            {cancel}
          </div>
        </div>
        {passage}
      </>
    );
  }
  if (snapshot.matches('recording')) {
    const finishing = snapshot.matches({ recording: 'finishing' });
    const asking = snapshot.matches({ recording: { capturing: 'askingStillReading' } });
    const { elapsedSeconds, askedAtSeconds } = snapshot.context;
    return (
      <>
        <div className={`fluency-bar${asking ? ' fluency-bar--asking' : ''}`} ref={barRef}>
          <h2 id="session-title" className="fluency-bar__title">
            {finishing ? 'Finishing the recording' : asking ? 'Are you still reading?' : recordingTitle}
          </h2>
          {asking ? (
            <>
              <p className="fluency-bar__help">{STILL_READING_HELP}</p>
              <p className="fluency-bar__help">
                If Sparky hears nothing, it stops listening in{' '}
                {secondsBeforeStop(elapsedSeconds, askedAtSeconds ?? elapsedSeconds)} seconds.
              </p>
            </>
          ) : null}
          <div className="fluency-bar__row">
            <p className="fluency-clock">
              <span className="fluency-rec-dot" aria-hidden="true" />
              Time: <span role="timer">{formatClock(elapsedSeconds)}</span> of{' '}
              {formatClock(snapshot.context.maxSeconds)}
            </p>
            <LevelMeter level={snapshot.context.level} />
          </div>
          <div className="fluency-actions" ref={actionsRef}>
            {asking ? (
              <Button icon="mic" onPress={() => send({ type: 'session.continue' })}>
                Keep reading
              </Button>
            ) : null}
            <Button
              icon="stop"
              variant={asking ? 'secondary' : 'primary'}
              onPress={() => send({ type: 'session.stop' })}
              isDisabled={finishing}
            >
              Stop
            </Button>
            {cancel}
          </div>
        </div>
        {story ? (
          <FollowPassage title={story.title} body={story.body} state={followState} ref={passageRef} />
        ) : null}
      </>
    );
  }
  if (snapshot.matches('submitting')) {
    const scoring = snapshot.matches({ submitting: 'scoring' });
    return (
      <>
        <h2 id="session-title">{scoring ? 'Sparky is listening' : 'Sending your reading'}</h2>
        <Busy>
          {scoring
            ? 'Sparky is listening to your reading and checking every word…'
            : 'Sending your reading to Sparky…'}
        </Busy>
        {scoring ? <ScoringWait recordingKey={snapshot.context.recording?.id ?? null} /> : null}
        <div className="fluency-actions" ref={actionsRef}>
          {cancel}
        </div>
      </>
    );
  }
  if (snapshot.matches('failed')) {
    const kind = snapshot.context.saveError?.kind ?? 'server';
    const message = SAVE_ERROR_MESSAGES[kind];
    const resendFirst = kind === 'network' || kind === 'server';
    return (
      <>
        <h2 id="session-title">{message.title}</h2>
        <p role="alert">{message.help}</p>
        <div className="fluency-actions" ref={actionsRef}>
          {resendFirst ? (
            <>
              <Button icon="arrowRight" onPress={() => send({ type: 'session.retry' })}>
                Send again
              </Button>
              <Button
                variant="secondary"
                icon="selfCorrection"
                onPress={() => send({ type: 'session.restart' })}
              >
                Read again
              </Button>
            </>
          ) : (
            <>
              <Button icon="selfCorrection" onPress={() => send({ type: 'session.restart' })}>
                Read again
              </Button>
              <Button variant="secondary" icon="arrowRight" onPress={() => send({ type: 'session.retry' })}>
                Send again
              </Button>
            </>
          )}
          {cancel}
        </div>
      </>
    );
  }
  return null;
}
