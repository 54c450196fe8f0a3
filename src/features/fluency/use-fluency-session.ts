/**
 * Runs the fluency-session statechart (machines/fluency-session.machine.ts) with the browser's
 * effects: the microphone, the AudioWorklet recorder, the upload, the live-region announcer, the
 * query cache and the achievement toast. The effects come in as {@link FluencyEffects} so the
 * component tests swap in fakes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromCallback, fromPromise, type ActorOptions, type AnyActorLogic, type EventObject } from 'xstate';

/** The clock option of an actor (xstate's Clock type is not exported). */
export type SessionClock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;
import { announce } from '#a11y/announcer.ts';
import { PRIORITY_WARNING } from '#core/audio/queue.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { useAudioQueue, useAudioStatus } from '../../app/audio/audio-context.ts';
import type { SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import type { ScoringMode } from '#core/fluency/metrics.ts';
import { assessmentResultLines, setsTheLevel } from '#core/assessment/results.ts';
import type { MeResponse } from '#core/api/account.ts';
import {
  END_CHECK_NEW_SPEECH_SECONDS,
  INITIAL_SILENCE_WATCH,
  MAX_END_CHECKS,
  KEEP_READING_LINE,
  STILL_READING_QUESTION,
  nextSilenceWatch,
  restartSilenceWatch,
} from '#core/fluency-session/end-of-reading.ts';
import { couldHaveReadAll } from '#core/fluency-session/reading-place.ts';
import { classifySaveError } from '#core/fluency-session/save-errors.ts';
import {
  RESULTS_READY,
  fluencySessionMachine,
  type CaptureCommand,
  type CaptureInput,
  type SaveInput,
} from '#machines/fluency-session.machine.ts';
import {
  requestMicrophone,
  startCapture,
  type CaptureOptions,
  type CaptureSession,
} from '#voice/microphone-capture.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { ENHANCED_REPORTS_QUERY_KEY } from '../../lib/api/enhanced-reports.ts';
import { invalidateAfterReading } from '../../lib/api/rewards.ts';
import { celebrate } from '../../lib/celebrate.ts';
import { READING_SESSIONS_QUERY_KEY } from './api/reading-sessions.ts';
import { READING_STATS_QUERY_KEY } from './api/reading-stats.ts';
import { checkReadingEnd } from './api/check-reading-end.ts';
import type { FollowTap } from './follow/use-follow-along.ts';
import { screeningSpokenResult, screeningStepAfter } from './screening/screening-text.ts';
import {
  SaveReadingError,
  saveReadingSession,
  type SaveReadingCallbacks,
  type SaveReadingRequest,
} from './api/save-reading-session.ts';

/** The side effects of a practice session; the defaults are the real browser ones. */
export interface FluencyEffects {
  /** Resolves with a live microphone stream; rejects with `{ reason }` (voice/microphone-capture.ts). */
  requestMicrophone(): Promise<MediaStream>;
  /** Starts recording from the stream. */
  startCapture(stream: MediaStream, options: CaptureOptions): Promise<CaptureSession>;
  /** Uploads a recording (POST /api/reading-sessions). */
  saveReading(
    request: SaveReadingRequest,
    callbacks: SaveReadingCallbacks,
    signal?: AbortSignal,
  ): Promise<SaveReadingSessionResponse>;
  /** A fresh idempotency key per recording. */
  newRecordingId(): string;
  /** Whether the recording so far reaches the story's last word (POST /api/fluency/score, not saved). */
  checkReadingEnd(audio: Blob, storyId: string, signal?: AbortSignal): Promise<boolean>;
}

/** What the recorder needs to know of the reading to estimate the reader's place. */
export interface ReadingInfo {
  storyId: string | null;
  /** Words in the story, once it has loaded. */
  wordsTotal: number | null;
  /** The reader's profile grade. */
  grade: string | null;
  /**
   * How the reading is scored and kept (core/fluency/metrics.ts): Reading Practice's 'practice'
   * (the default), or 'assessment' for the Reading Assessment, which counts a hesitation over 3 s as
   * an error (DIBELS 8) and sets the reader's level (docs/decisions/0038-reading-assessment.md).
   */
  mode?: ScoringMode;
  /**
   * The Reading Screening this reading is a passage of (docs/decisions/0049-reading-screening.md), with
   * `mode: 'assessment'`: sent with the upload, and the results are said as the screening's
   * (screening/screening-text.ts): the next story, or the screening's score once complete.
   */
  screeningId?: string | null;
}

/**
 * A random id for a recording (its idempotency key). `crypto.randomUUID` exists only on secure
 * pages; `getRandomValues` everywhere.
 */
export function newRecordingId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The real effects. */
export const browserEffects: FluencyEffects = {
  requestMicrophone,
  startCapture,
  saveReading: saveReadingSession,
  newRecordingId: () => newRecordingId(),
  checkReadingEnd,
};

/**
 * How a message of the session is said through the app's one audio queue (§4.9), or null for the
 * lines said as the microphone opens, when recording starts and when the reader presses Keep reading
 * ({@link KEEP_READING_LINE}): they are announced only, since Sparky's voice would be recorded and the
 * queue holds new lines while the microphone records (they would be heard after the reading).
 *
 * - the countdown as a countdown, the results as results (once, as they appear: issue 17 item 3);
 * - a microphone problem as an error (a warning);
 * - "Are you still reading?" (issue 17 item 1) as a warning-level toast (priority 2): a time limit is
 *   running (WCAG 2.2.1), so it must cut off anything Sparky is saying and must not wait behind or be
 *   replaced by a line of information. It is said while the microphone is open: the page lifts the
 *   duck for it, and the recorder does not count Sparky's own voice as the reader's (see
 *   {@link provideFluencySession}). The recorder turns the browser's echo cancellation off (it
 *   would damage the reading for the scorer), so Sparky's words can be in the recording; they come
 *   after a long silence, and the scorer aligns only the story's words.
 * - other steps as information.
 */
export function spokenRequestOf(message: string): SpeakRequest | null {
  if (/^Recording\. Start/.test(message) || message === KEEP_READING_LINE) return null;
  if (message.startsWith(STILL_READING_QUESTION)) {
    return { text: message, type: 'toast', priority: PRIORITY_WARNING };
  }
  if (/^(Get ready|\d+$)/.test(message)) return { text: message, type: 'countdown' };
  if (/results are ready/i.test(message)) return { text: message, type: 'results' };
  if (/microphone/i.test(message) && /not/i.test(message)) return { text: message, type: 'error' };
  return { text: message, type: 'toast' };
}

/**
 * What the recorder tells the follow-along (issue 12, src/features/fluency/follow/): the recording
 * started, a block of audio, the reader stopped, the recording was dropped.
 */
export interface RecordingTap {
  begin(): void;
  chunk(samples: Int16Array, sampleRate: number): void;
  end(): void;
  cancel(): void;
}

/**
 * The session machine with the browser's effects provided. The granted microphone stream (until the
 * recorder takes it) and the newest recording by id (which a retry re-sends byte for byte) live in
 * this closure, not in the machine's context.
 *
 * The recorder feeds the silence watch (core/fluency-session/end-of-reading.ts): a pause once the reader
 * could have read the whole story asks the scorer whether the last word was reached, and
 * sends `recording.finished` if so; a long silence sends `recording.silent` (the machine asks "Are you
 * still reading?") and speech after it `recording.resumed`.
 *
 * @param effects microphone, recorder, upload, end check
 * @param onSaved called once per saved session
 * @param reading the story's length and the reader's grade, read when a pause is heard
 * @param speak says a line through the app's one audio queue (issue 10)
 * @param isSparkyTalking whether Sparky is talking at full volume now (the question above): the
 *   silence watch then hears silence, so Sparky's voice through the speakers neither counts as reading
 *   nor answers the question for the reader
 * @returns the machine and a function that releases a microphone nobody is recording from
 */
export function provideFluencySession(
  effects: FluencyEffects,
  onSaved: (response: SaveReadingSessionResponse) => void,
  reading: () => ReadingInfo = () => ({ storyId: null, wordsTotal: null, grade: null }),
  speak: (request: SpeakRequest) => void = () => {},
  isSparkyTalking: () => boolean = () => false,
  tap?: RecordingTap,
) {
  const streamRef = { current: null as MediaStream | null };
  const recordingsRef = { current: new Map<string, Blob>() };
  const releaseMicrophone = () => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  };
  const machine = fluencySessionMachine.provide({
    actors: {
      requestMicrophone: fromPromise<void>(async () => {
        streamRef.current?.getTracks().forEach((t) => t.stop());
        streamRef.current = null;
        streamRef.current = await effects.requestMicrophone();
      }),
      captureAudio: fromCallback<CaptureCommand, CaptureInput>(({ sendBack, receive }) => {
        let session: CaptureSession | null = null;
        let closed = false;
        let stopRequested = false;
        let silence = INITIAL_SILENCE_WATCH;
        // One end check at a time; aborted when the recording ends.
        let checking: AbortController | null = null;
        // A long silence heard while an end check is out: ask "Are you still reading?" only if the
        // check finds the reader has not finished (a busy server must not make a finished reader
        // hear the question).
        let silentWhileChecking = false;
        let speechAtLastCheck = -Infinity;
        let checks = 0;
        const checkEnd = () => {
          const { storyId, wordsTotal } = reading();
          if (!session || checking || !storyId || !wordsTotal) return;
          if (!couldHaveReadAll(silence.speechSeconds, wordsTotal)) return;
          if (silence.speechSeconds - speechAtLastCheck < END_CHECK_NEW_SPEECH_SECONDS) return;
          if (checks >= MAX_END_CHECKS) return;
          checks += 1;
          speechAtLastCheck = silence.speechSeconds;
          const controller = new AbortController();
          checking = controller;
          effects.checkReadingEnd(session.snapshot().wav, storyId, controller.signal).then(
            (reached) => {
              if (checking === controller) checking = null;
              if (closed || stopRequested || controller.signal.aborted) return;
              if (reached) sendBack({ type: 'recording.finished' });
              else if (silentWhileChecking) sendBack({ type: 'recording.silent' });
              silentWhileChecking = false;
            },
            () => {
              if (checking === controller) checking = null;
              if (silentWhileChecking && !closed && !stopRequested) sendBack({ type: 'recording.silent' });
              silentWhileChecking = false;
            },
          );
        };
        const finish = async () => {
          if (!session) return;
          const audio = await session.stop();
          tap?.end();
          const id = effects.newRecordingId();
          // Keep only the newest recording: the one a retry re-sends.
          recordingsRef.current.clear();
          recordingsRef.current.set(id, audio.wav);
          sendBack({
            type: 'recording.captured',
            recording: { id, durationSeconds: audio.durationSeconds, byteLength: audio.wav.size },
          });
        };
        const stream = streamRef.current;
        streamRef.current = null; // the capture session owns (and releases) it now
        if (!stream) {
          sendBack({ type: 'recording.failed', reason: 'failed' });
        } else {
          tap?.begin();
          effects
            .startCapture(stream, {
              onChunk: (pcm, rate) => {
                if (!closed) tap?.chunk(pcm, rate);
              },
              onLevel: (level, elapsedSeconds) => {
                if (closed) return;
                // A long silence only asks "Are you still reading?"; the machine decides what follows.
                const watched = nextSilenceWatch(silence, elapsedSeconds, isSparkyTalking() ? 0 : level);
                silence = watched.state;
                sendBack({
                  type: 'recording.progress',
                  level,
                  elapsedSeconds,
                  speechSeconds: silence.speechSeconds,
                });
                if (watched.signal === 'paused') checkEnd();
                else if (watched.signal === 'silent') {
                  if (checking) silentWhileChecking = true;
                  else sendBack({ type: 'recording.silent' });
                } else if (watched.signal === 'resumed') {
                  silentWhileChecking = false;
                  sendBack({ type: 'recording.resumed' });
                }
              },
              onTrackEnded: () => sendBack({ type: 'recording.failed', reason: 'failed' }),
            })
            .then(
              (started) => {
                session = started;
                if (closed && !stopRequested) started.cancel();
                else if (stopRequested) void finish();
              },
              (error: unknown) => {
                const reason =
                  (error as { reason?: 'denied' | 'notFound' | 'failed' } | null)?.reason ?? 'failed';
                tap?.cancel();
                sendBack({ type: 'recording.failed', reason });
              },
            );
        }
        receive((event) => {
          if (event.type === 'capture.listenAgain') {
            silence = restartSilenceWatch(silence);
            return;
          }
          if (stopRequested) return;
          stopRequested = true;
          checking?.abort();
          void finish();
        });
        return () => {
          closed = true;
          checking?.abort();
          if (!stopRequested) {
            session?.cancel();
            tap?.cancel();
          }
        };
      }),
      saveReading: fromCallback<EventObject, SaveInput>(({ sendBack, input }) => {
        const controller = new AbortController();
        const audio = recordingsRef.current.get(input.recordingId);
        if (!audio) {
          sendBack({
            type: 'save.failed',
            error: classifySaveError(0, 'recording_missing', 'The recording was not kept.'),
          });
          return () => {};
        }
        effects
          .saveReading(
            {
              audio,
              storyId: input.storyId,
              idempotencyKey: input.idempotencyKey,
              mode: reading().mode ?? 'practice',
              ...(reading().screeningId ? { screeningId: reading().screeningId! } : {}),
            },
            { onUploaded: () => sendBack({ type: 'upload.sent' }) },
            controller.signal,
          )
          .then(
            (response) => sendBack({ type: 'save.succeeded', response }),
            (error: unknown) => {
              if (controller.signal.aborted) return;
              sendBack({
                type: 'save.failed',
                error:
                  error instanceof SaveReadingError
                    ? error.detail
                    : classifySaveError(
                        0,
                        'network_error',
                        error instanceof Error ? error.message : 'Upload failed',
                      ),
              });
            },
          );
        return () => controller.abort();
      }),
    },
    actions: {
      // Said by Sparky through the app's one queue, which also captions and announces it once
      // (§4.9); the line that opens the microphone is only announced (spokenRequestOf).
      // The Reading Assessment's results are said in its own words (core/assessment/results.ts), a
      // Reading Screening's as the screening's next story or its score (screening/screening-text.ts).
      announce: ({ context }, params) => {
        const response = reading().screeningId ? context.response : undefined;
        if (response?.screening && params.message.startsWith(RESULTS_READY)) {
          // A reading that did not count (too short) asks for the same story again, not the next one.
          const step = screeningStepAfter(
            response.screening,
            response.screeningCounted,
            response.session.story_id,
          );
          speak({ text: screeningSpokenResult(response.screening, step), type: 'results' });
          return;
        }
        const message =
          reading().mode === 'assessment' && context.response && params.message.startsWith(RESULTS_READY)
            ? `${RESULTS_READY} ${assessmentResultLines(context.response.result).join(' ')}`
            : params.message;
        const request = spokenRequestOf(message);
        if (request === null) announce(message, params.politeness);
        else speak(request);
      },
      publishResult: (_, params) => onSaved(params.response),
    },
  });
  return { machine, releaseMicrophone };
}

/** A holder of the latest {@link ReadingInfo}, read by the recorder and written by the page. */
function readingInfoBox(initial: ReadingInfo) {
  let info = initial;
  return {
    get: (): ReadingInfo => info,
    set: (next: Partial<ReadingInfo>) => {
      info = { ...info, ...next };
    },
  };
}

/** A boolean held outside React state (read by the recorder, written by an effect). */
function flagBox() {
  let value = false;
  return {
    get: (): boolean => value,
    set: (next: boolean) => {
      value = next;
    },
  };
}

/**
 * The session machine for the /fluency page.
 * @param initialStoryId from `?storyId=`
 * @param effects the browser effects, or fakes in tests
 * @param maxSeconds longest recording (default 60 s)
 * @param clock the machine's clock for the countdown and the time limit (tests pass a SimulatedClock)
 * @param follow the follow-along's tap on the recording
 * @param mode 'practice' (default) or 'assessment' ({@link ReadingInfo.mode})
 * @returns the snapshot, `send`, and `setReading` for the page to pass the story's length and the
 *   reader's grade (for the end check) once they have loaded
 */
export function useFluencySession(
  initialStoryId: string | null,
  effects: FluencyEffects = browserEffects,
  maxSeconds?: number,
  clock?: SessionClock,
  follow?: FollowTap,
  mode: ScoringMode = 'practice',
) {
  const queryClient = useQueryClient();
  // What the recorder reads when it hears a pause: kept outside React state (no re-render).
  const [reading] = useState(() =>
    readingInfoBox({ storyId: initialStoryId, wordsTotal: null, grade: null, mode }),
  );
  const audio = useAudioQueue();
  // Sparky talks at full volume (not ducked): read by the recorder, outside React state.
  const status = useAudioStatus();
  const [sparkyTalking] = useState(() => flagBox());
  useEffect(() => {
    sparkyTalking.set(!status.isDucked && (status.state === 'playing' || status.state === 'fallingBack'));
  }, [sparkyTalking, status.isDucked, status.state]);
  // The machine is made once; the follow-along and the story it follows are read when used.
  const followRef = useRef(follow);
  useEffect(() => {
    followRef.current = follow;
  }, [follow]);
  const [tap] = useState<RecordingTap>(() => ({
    begin: () => {
      const { storyId } = reading.get();
      if (storyId) followRef.current?.begin(storyId);
    },
    chunk: (samples, rate) => followRef.current?.chunk(samples, rate),
    end: () => followRef.current?.end(),
    cancel: () => followRef.current?.cancel(),
  }));
  const [{ machine, releaseMicrophone }] = useState(() =>
    provideFluencySession(
      effects,
      (response) => {
        // The route guard (spec §4.2 step 4) must not send a reader who has just read back to the
        // assessment while /api/me is refetched: the cache says at once that there is a reading, and
        // an assessment that set the level says it is done. A screening's reading sets it only when it
        // completes the screening (its medians set the results, ADR 0049): a reading that did not count
        // (`screeningCounted: false`, too short) never does, and leaves the screening at the same story.
        const info = reading.get();
        const completed =
          info.mode === 'assessment' &&
          (info.screeningId
            ? response.screeningCounted !== false && Boolean(response.screening?.score)
            : setsTheLevel(response.result));
        queryClient.setQueryData<MeResponse | null>(ME_QUERY_KEY, (old) =>
          old
            ? {
                ...old,
                hasReadingSessions: true,
                profile:
                  old.profile && completed ? { ...old.profile, assessment_completed: true } : old.profile,
              }
            : old,
        );
        // The header's token count and streak, the history and the chart (spec §2.4, §4.6, §9).
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: READING_STATS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: READING_SESSIONS_QUERY_KEY });
        // Every period of the reader's Enhanced Reports (ADR 0053).
        void queryClient.invalidateQueries({ queryKey: ENHANCED_REPORTS_QUERY_KEY });
        // Today's challenges, the ledger and the achievements (issue #13).
        void invalidateAfterReading(queryClient);
        celebrate(response, audio.speak);
      },
      reading.get,
      audio.speak,
      sparkyTalking.get,
      tap,
    ),
  );

  const [snapshot, send] = useMachine(machine, {
    input: { storyId: initialStoryId, ...(maxSeconds !== undefined ? { maxSeconds } : {}) },
    ...(clock ? { clock } : {}),
  });
  useEffect(() => {
    reading.set({ storyId: snapshot.context.storyId });
  }, [reading, snapshot.context.storyId]);

  // A microphone granted for a countdown that was cancelled is released at once.
  const holdsMicrophone = snapshot.matches('countdown') || snapshot.matches('requestingMicrophone');
  useEffect(() => {
    if (!holdsMicrophone) releaseMicrophone();
  }, [holdsMicrophone, releaseMicrophone]);
  useEffect(() => releaseMicrophone, [releaseMicrophone]);

  // Recording starts: what is left of the countdown is not said (it would play after the reading).
  const isRecording = snapshot.matches('recording');
  useEffect(() => {
    if (isRecording) audio.withdraw('countdown');
  }, [isRecording, audio]);
  // While the microphone records, Sparky is ducked: quieter, and nothing new starts (issue 10);
  // except while asking "Are you still reading?", which must be heard (issue 17 item 1).
  const isDucked = isRecording && !snapshot.matches({ recording: { capturing: 'askingStillReading' } });
  useEffect(() => {
    if (!isDucked) return;
    audio.duck();
    return () => audio.unduck();
  }, [isDucked, audio]);

  const setReading = useCallback((info: Omit<ReadingInfo, 'storyId'>) => reading.set(info), [reading]);

  return { snapshot, send, setReading };
}
