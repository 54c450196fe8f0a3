import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { clearAnnouncements } from '#a11y/announcer.ts';
import type { AudioItem } from '#core/audio/queue.ts';
import type { SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import { formatClock } from '#core/fluency-session/countdown.ts';
import { SAVE_ERROR_MESSAGES, type SaveError } from '#core/fluency-session/save-errors.ts';
import {
  COUNTDOWN_TICK_EVENT,
  FLUENCY_STATE_KEYS,
  RECORDING_LIMIT_EVENT,
  SAMPLE_RECORDING,
  STILL_READING_WAIT_EVENT,
  SAMPLE_RESPONSE,
  SAMPLE_SAVE_ERRORS,
  SAMPLE_STORY,
  SAMPLE_STORY_BODY,
  SAMPLE_STORY_ID,
  createFluencySessionTestModel,
  type FluencySessionSnapshot,
  type FluencySessionTestEvent,
} from '#machines/fluency-session.test-model.ts';
import type { CaptureOptions, CapturedAudio } from '#voice/microphone-capture.ts';
import {
  SaveReadingError,
  type SaveReadingCallbacks,
  type SaveReadingRequest,
} from './api/save-reading-session.ts';
import { dismissToast, getCurrentToast } from '../../ui/toast-store.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { enhancedReportQueryKey } from '../../lib/api/enhanced-reports.ts';
import { FluencyPage } from './FluencyPage.tsx';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import type { FollowCallbacks, FollowConnectionOptions } from './follow/follow-connection.ts';
import type { ConnectFollow } from './follow/use-follow-along.ts';
import type { AudioEffects } from '../../app/audio/audio-engine.ts';
import { resetAudioSettingsStore, setLocalAudioSettings } from '../../app/audio/audio-settings-store.ts';
import { DEFAULT_AUDIO_SETTINGS } from '#core/audio/settings.ts';
import { AudioQueueProvider } from '../../app/audio/AudioQueueProvider.tsx';
import type { FluencyEffects } from './use-fluency-session.ts';

/*
 * Tier 3 (house style, Machines): every shortest path of the fluency-session statechart driven
 * through the real /fluency page. Events become gestures (presses by accessible name) or answers of
 * the fake microphone, recorder and server; states become what a person sees, queried by role.
 * The machine's clock is xstate's SimulatedClock, so the countdown and the time limit move only
 * when the path says so.
 */

const STORY = SAMPLE_STORY;
const BODY = SAMPLE_STORY_BODY;
const ME = meFixture({
  id: 'u1',
  name: 'Mia',
  profile: { age: 8, grade: '3', tokens: 10 },
  hasReadingSessions: true,
  streak: 1,
});
const EMPTY_STATS = {
  chart: [],
  averages: { fluency: null, accuracy: null, wcpm: null, sessions: 0 },
  recentProgress: null,
  perStory: [],
  streak: 0,
};

/** Fakes the server at fetch: the sample story, its reader and no readings, unless `overrides` says otherwise. */
function stubFetch(overrides: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    '/api/me': ME,
    '/api/stories': { stories: [STORY], readerBand: { lexile: 300, min: 200, max: 350, source: 'grade' } },
    [`/api/stories/${SAMPLE_STORY_ID}`]: { story: { ...STORY, body: BODY, own: false } },
    '/api/reading-stats': EMPTY_STATS,
    '/api/reading-sessions': { sessions: [] },
    ...overrides,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      const body = answers[path];
      return new Response(JSON.stringify(body ?? { error: { code: 'not_found', message: path } }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** Fake effects whose answers wait for the test. */
function createFakes() {
  const state = {
    microphone: null as Deferred<MediaStream> | null,
    capture: null as CaptureOptions | null,
    stop: null as ((audio: CapturedAudio) => void) | null,
    cancelled: 0,
    endChecks: [] as { storyId: string; answer: Deferred<boolean> }[],
    saves: [] as {
      request: SaveReadingRequest;
      callbacks: SaveReadingCallbacks;
      answer: Deferred<SaveReadingSessionResponse>;
    }[],
  };
  const stream = { getTracks: () => [{ stop: () => {} }] } as unknown as MediaStream;
  const effects: FluencyEffects = {
    requestMicrophone: () =>
      new Promise<MediaStream>((resolve, reject) => {
        state.microphone = { resolve, reject };
      }),
    startCapture: async (_stream, options) => {
      state.capture = options;
      state.stop = null;
      return {
        sampleRate: 16_000,
        snapshot: () => ({ wav: new Blob([new Uint8Array(44)]), durationSeconds: 1, sampleRate: 16_000 }),
        stop: () =>
          new Promise<CapturedAudio>((resolve) => {
            state.stop = resolve;
          }),
        cancel: () => {
          state.cancelled += 1;
        },
      };
    },
    saveReading: (request, callbacks) =>
      new Promise<SaveReadingSessionResponse>((resolve, reject) => {
        state.saves.push({ request, callbacks, answer: { resolve, reject } });
      }),
    newRecordingId: () => SAMPLE_RECORDING.id,
    checkReadingEnd: (_audio, storyId) =>
      new Promise<boolean>((resolve, reject) => {
        state.endChecks.push({ storyId, answer: { resolve, reject } });
      }),
  };
  return { state, stream, effects };
}

/**
 * Choose the sample story, press Start reading, grant the fake microphone and let the 3-2-1 run out
 * (the simulated clock): the page is recording.
 * @returns the options the page gave the fake recorder (its level and block callbacks)
 */
async function startRecording(
  user: ReturnType<typeof userEvent.setup>,
  { state, stream }: Pick<ReturnType<typeof createFakes>, 'state' | 'stream'>,
  clock: SimulatedClock,
): Promise<CaptureOptions> {
  await user.click(await screen.findByRole('button', { name: /Story/ }));
  await user.click(await screen.findByRole('option', { name: 'The Brown Dog (grade 1)' }));
  await user.click(await screen.findByRole('button', { name: 'Start reading' }));
  await waitFor(() => expect(state.microphone).not.toBeNull());
  await act(async () => state.microphone!.resolve(stream));
  for (let i = 0; i < 3; i++) await act(async () => clock.increment(1000));
  await heading('Recording: read the story out loud');
  await waitFor(() => expect(state.capture).not.toBeNull());
  return state.capture!;
}

/** A follow-along connection that records what the page sends and lets the test answer. */
function createFakeFollow() {
  const opened: {
    options: FollowConnectionOptions;
    callbacks: FollowCallbacks;
    chunks: number;
    stopped: boolean;
    closed: boolean;
  }[] = [];
  const connect: ConnectFollow = (options, callbacks) => {
    const entry = { options, callbacks, chunks: 0, stopped: false, closed: false };
    opened.push(entry);
    return {
      push: () => void entry.chunks++,
      stop: () => void (entry.stopped = true),
      close: () => void (entry.closed = true),
    };
  };
  return { opened, connect };
}

/** The query client of the page rendered last (the saved reading's refreshes are read from it). */
let pageQueryClient: QueryClient;
/** An Enhanced Reports entry cached before the reading (ADR 0053): a saved reading marks it stale. */
const ENHANCED_KEY = enhancedReportQueryKey(null, 'all');

function renderPage(
  effects: FluencyEffects,
  clock: SimulatedClock,
  connect: ConnectFollow = createFakeFollow().connect,
  speak: (request: SpeakRequest) => void = SILENT_AUDIO_QUEUE.speak,
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(ENHANCED_KEY, { cached: true });
  pageQueryClient = queryClient;
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/fluency']}>
        <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, speak }}>
          <FluencyPage effects={effects} clock={clock} connectFollow={connect} />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });

beforeEach(() => stubFetch());
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  clearAnnouncements();
});

describe('/fluency driven by the fluency-session paths', () => {
  const model = createFluencySessionTestModel();
  const granted: FluencySessionTestEvent = { type: 'xstate.done.actor.requestMicrophone', output: undefined };
  const tick: FluencySessionTestEvent = { type: COUNTDOWN_TICK_EVENT };
  const toRecording: FluencySessionTestEvent[] = [
    { type: 'story.choose', storyId: SAMPLE_STORY_ID },
    { type: 'session.start' },
    granted,
    tick,
    tick,
    tick,
  ];
  const captured: FluencySessionTestEvent = { type: 'recording.captured', recording: SAMPLE_RECORDING };
  // The shortest paths reach every state; these add the transitions they leave out (stops, cancel,
  // restarts, asking for the microphone again).
  const extra: FluencySessionTestEvent[][] = [
    [
      ...toRecording,
      { type: 'recording.finished' },
      captured,
      { type: 'save.succeeded', response: SAMPLE_RESPONSE },
      { type: 'session.restart' },
    ],
    [...toRecording, { type: RECORDING_LIMIT_EVENT }, captured],
    [
      ...toRecording,
      { type: 'recording.silent' },
      { type: 'session.continue' },
      { type: 'recording.silent' },
      { type: 'recording.resumed' },
      { type: 'session.stop' },
    ],
    [...toRecording, { type: 'session.cancel' }],
    [
      { type: 'story.choose', storyId: SAMPLE_STORY_ID },
      { type: 'session.start' },
      granted,
      { type: 'session.cancel' },
    ],
    [...toRecording, { type: 'session.stop' }, captured, { type: 'upload.sent' }, { type: 'session.cancel' }],
    [
      ...toRecording,
      { type: 'session.stop' },
      captured,
      { type: 'save.failed', error: SAMPLE_SAVE_ERRORS.tooQuiet },
      { type: 'session.restart' },
      granted,
    ],
    [
      { type: 'story.choose', storyId: SAMPLE_STORY_ID },
      { type: 'session.start' },
      { type: 'xstate.error.actor.requestMicrophone', error: { reason: 'denied' } },
      { type: 'session.retry' },
      granted,
    ],
  ];
  const paths = [...model.getShortestPaths(), ...extra.flatMap((events) => model.getPathsFromEvents(events))];

  it('covers every resting state', () => {
    for (const key of FLUENCY_STATE_KEYS) {
      expect(
        paths.some((p) => p.steps.some((s) => s.state.matches(key as never))),
        key,
      ).toBe(true);
    }
  });

  for (const path of paths) {
    const name = path.steps
      .slice(1)
      .map((step) =>
        step.event.type.replace(/^xstate\.(after\.(\w+)|(done|error)\.actor\.(\w+)).*$/, '$2$3 $4').trim(),
      )
      .join(' → ');
    it(name || 'opens on choosing', { timeout: 30_000 }, async () => {
      const user = userEvent.setup();
      const clock = new SimulatedClock();
      const { state, stream, effects } = createFakes();
      renderPage(effects, clock);
      const press = async (name: string) => {
        const button = await screen.findByRole('button', { name });
        await waitFor(() => expect(button).toBeEnabled());
        await user.click(button);
      };
      const pressFirst = async (...names: string[]) => {
        for (const name of names) {
          if (screen.queryByRole('button', { name })) return press(name);
        }
        throw new Error(`none of ${names.join(', ')} is on screen`);
      };
      const capture = async () => {
        await waitFor(() => expect(state.capture).not.toBeNull());
        return state.capture as CaptureOptions;
      };
      const lastSave = async () => {
        await waitFor(() => expect(state.saves.length).toBeGreaterThan(0));
        return state.saves.at(-1)!;
      };

      await path.test({
        events: {
          'story.choose': async () => {
            await user.click(await screen.findByRole('button', { name: /Story/ }));
            await user.click(await screen.findByRole('option', { name: 'The Brown Dog (grade 1)' }));
          },
          'session.start': () => press('Start reading'),
          'session.stop': () => press('Stop'),
          'session.continue': () => press('Keep reading'),
          'session.cancel': () => press('Cancel'),
          'session.retry': () => pressFirst('Send again', 'Try again'),
          'session.restart': () => pressFirst('Read again', 'Try again'),
          'xstate.done.actor.requestMicrophone': async () => {
            await waitFor(() => expect(state.microphone).not.toBeNull());
            await act(async () => state.microphone!.resolve(stream));
          },
          'xstate.error.actor.requestMicrophone': async ({ event }) => {
            await waitFor(() => expect(state.microphone).not.toBeNull());
            const { error } = event as Extract<
              FluencySessionTestEvent,
              { type: 'xstate.error.actor.requestMicrophone' }
            >;
            await act(async () => state.microphone!.reject(error));
          },
          [COUNTDOWN_TICK_EVENT]: async () => act(async () => clock.increment(1000)),
          [RECORDING_LIMIT_EVENT]: async () => {
            await capture();
            await act(async () => clock.increment(60_000));
          },
          'recording.progress': async ({ event }) => {
            const { level, elapsedSeconds } = event as Extract<
              FluencySessionTestEvent,
              { type: 'recording.progress' }
            >;
            const options = await capture();
            await act(async () => options.onLevel?.(level, elapsedSeconds));
          },
          'recording.finished': async () => {
            // Most of the story read aloud, then a 3 s pause: the page asks the scorer, which heard the
            // last word.
            const options = await capture();
            const checks = state.endChecks.length;
            await act(async () => {
              for (let t = 0.5; t <= 6; t += 0.5) options.onLevel?.(0.7, t);
              options.onLevel?.(0.1, 6.5);
              options.onLevel?.(0.1, 9.6);
            });
            await waitFor(() => expect(state.endChecks.length).toBe(checks + 1));
            expect(state.endChecks.at(-1)?.storyId).toBe(SAMPLE_STORY_ID);
            await act(async () => state.endChecks.at(-1)!.answer.resolve(true));
          },
          'recording.silent': async () => {
            // A little speech (the first words), then a long silence: too early to be the end.
            const options = await capture();
            await act(async () => {
              options.onLevel?.(0.7, 0.5);
              options.onLevel?.(0.7, 1.6);
              options.onLevel?.(0.1, 2);
              options.onLevel?.(0.1, 12.1);
            });
          },
          'recording.resumed': async () => {
            const options = await capture();
            await act(async () => {
              options.onLevel?.(0.7, 12.5);
              options.onLevel?.(0.7, 13);
            });
          },
          [STILL_READING_WAIT_EVENT]: async () => act(async () => clock.increment(20_000)),
          'recording.failed': async () => {
            const options = await capture();
            await act(async () => options.onTrackEnded?.());
          },
          'recording.captured': async () => {
            await waitFor(() => expect(state.stop).not.toBeNull());
            await act(async () =>
              state.stop!({
                wav: new Blob([new Uint8Array(44)], { type: 'audio/wav' }),
                durationSeconds: 12.5,
                sampleRate: 16_000,
              }),
            );
          },
          'upload.sent': async () => {
            const save = await lastSave();
            await act(async () => save.callbacks.onUploaded?.());
          },
          'save.succeeded': async ({ event }) => {
            const save = await lastSave();
            const { response } = event as Extract<FluencySessionTestEvent, { type: 'save.succeeded' }>;
            await act(async () => save.answer.resolve(response));
          },
          'save.failed': async ({ event }) => {
            const save = await lastSave();
            const { error } = event as Extract<FluencySessionTestEvent, { type: 'save.failed' }>;
            await act(async () => save.answer.reject(new SaveReadingError(error as SaveError)));
          },
        },
        states: {
          choosing: async () => {
            await heading('Choose a story to read');
            expect(screen.getByRole('button', { name: /Story/ })).toBeInTheDocument();
          },
          requestingMicrophone: async () => {
            await heading('Getting the microphone ready');
            expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
          },
          microphoneProblem: async (snapshot: FluencySessionSnapshot) => {
            const denied = snapshot.context.microphoneIssue === 'denied';
            await heading(denied ? "Sparky can't use the microphone" : "The microphone isn't working");
            if (denied) expect(screen.getByText(/set Microphone to Allow/)).toBeInTheDocument();
            await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus());
          },
          'countdown.ticking': async (snapshot: FluencySessionSnapshot) => {
            await heading('Get ready to read');
            await waitFor(() =>
              expect(document.querySelector('.fluency-countdown')).toHaveTextContent(
                String(snapshot.context.countdown),
              ),
            );
            expect(screen.getByRole('heading', { level: 3, name: 'The Brown Dog' })).toBeInTheDocument();
            await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
          },
          'recording.capturing.askingStillReading': async () => {
            // Asked in words on screen and in the assertive live region; never stopped by silence alone.
            await heading('Are you still reading?');
            expect(
              screen.getByText(/press Keep reading if you need more time/, { selector: 'p' }),
            ).toBeInTheDocument();
            expect(screen.getByText(/it stops listening in 20 seconds/)).toBeInTheDocument();
            await waitFor(() =>
              expect(document.getElementById('sparky-announcer-assertive')).toHaveTextContent(
                'Are you still reading?',
              ),
            );
            expect(screen.getByRole('article', { name: 'The Brown Dog' })).toHaveTextContent(BODY);
            await waitFor(() => expect(screen.getByRole('button', { name: 'Keep reading' })).toHaveFocus());
            expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
          },
          'recording.capturing.listening': async (snapshot: FluencySessionSnapshot) => {
            await heading('Recording: read the story out loud');
            expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeInTheDocument();
            // The model's clock moves only with `recording.progress`; the silence gestures feed their own times.
            expect(screen.getByRole('timer')).toHaveTextContent(
              snapshot.context.elapsedSeconds > 0
                ? formatClock(snapshot.context.elapsedSeconds)
                : /^\d+:\d\d$/,
            );
            expect(screen.getByRole('article', { name: 'The Brown Dog' })).toHaveTextContent(BODY);
            await waitFor(() => expect(screen.getByRole('button', { name: 'Stop' })).toHaveFocus());
          },
          'recording.finishing': async () => {
            await heading('Finishing the recording');
            expect(screen.getByRole('button', { name: 'Stop' })).toBeDisabled();
          },
          'submitting.uploading': async () => {
            await heading('Sending your reading');
            const save = await lastSave();
            // Every upload of a recording, retries included, carries its one key.
            expect(state.saves.every((s) => s.request.idempotencyKey === SAMPLE_RECORDING.id)).toBe(true);
            expect(save.request.storyId).toBe(SAMPLE_STORY_ID);
          },
          'submitting.scoring': async () => {
            await heading('Sparky is listening');
          },
          failed: async (snapshot: FluencySessionSnapshot) => {
            const kind = snapshot.context.saveError?.kind ?? 'server';
            await heading(SAVE_ERROR_MESSAGES[kind].title);
            // (The announcer's assertive region is an alert too.)
            expect(
              screen.getAllByRole('alert').filter((a) => a.textContent === SAVE_ERROR_MESSAGES[kind].help),
            ).toHaveLength(1);
            const first = kind === 'network' || kind === 'server' ? 'Send again' : 'Read again';
            await waitFor(() => expect(screen.getByRole('button', { name: first })).toHaveFocus());
          },
          results: async () => {
            const title = await heading('Your results: The Brown Dog');
            await waitFor(() => expect(title).toHaveFocus());
            expect(screen.getByRole('region', { name: 'How you read each word' })).toHaveTextContent(
              'brown, skipped,',
            );
            // The child's summary leads; the figures wait under the grown-ups' disclosure (issue 17).
            expect(screen.getByText('You read 7 of the 9 words: most of the story.')).toBeVisible();
            expect(screen.getByRole('list', { name: 'Words to practise' })).toHaveTextContent('brownbig');
            expect(screen.getByRole('button', { name: 'For grown-ups: scores and norms' })).toHaveAttribute(
              'aria-expanded',
              'false',
            );
            expect(screen.getAllByRole('region', { name: /Your results/ })).toHaveLength(1);
            // Spec §4.5: the achievement toast; §2.4, §4.6, §9: the header's tokens and streak and the
            // statistics are fetched again.
            expect(getCurrentToast()).toMatchObject({
              title: 'Achievement Unlocked!',
              description: 'Speed Reader: Read 50 words a minute with 90% accuracy',
            });
            const fetched = (path: string) =>
              vi.mocked(fetch).mock.calls.filter(([input]) => String(input) === path).length;
            await waitFor(() => expect(fetched('/api/me')).toBeGreaterThanOrEqual(2));
            await waitFor(() => expect(fetched('/api/reading-stats')).toBeGreaterThanOrEqual(2));
            expect(pageQueryClient.getQueryState(ENHANCED_KEY)?.isInvalidated).toBe(true);
          },
        },
      });
    });
  }
});

describe('/fluency with a hesitant reader (issue 17, item 1)', () => {
  it('a 6 s pause mid-story never ends the reading: the end is checked, and reading goes on', async () => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const { state, stream, effects } = createFakes();
    renderPage(effects, clock);
    const options = await startRecording(user, { state, stream }, clock);
    // Five seconds of reading, then six seconds of silence.
    await act(async () => {
      for (let t = 0.1; t <= 5; t += 0.1) options.onLevel?.(0.7, Math.round(t * 10) / 10);
      for (let t = 5.1; t <= 11; t += 0.1) options.onLevel?.(0.1, Math.round(t * 10) / 10);
    });
    // The pause was long enough to ask the scorer; it has not heard the last word.
    expect(state.endChecks).toHaveLength(1);
    await act(async () => state.endChecks[0]!.answer.resolve(false));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Recording: read the story out loud' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Are you still reading?' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toHaveFocus();
    expect(state.stop).toBeNull();
    // The reader goes on; another pause checks again, and this time the end was reached.
    await act(async () => {
      for (let t = 11.1; t <= 14; t += 0.1) options.onLevel?.(0.7, Math.round(t * 10) / 10);
      for (let t = 14.1; t <= 17.2; t += 0.1) options.onLevel?.(0.1, Math.round(t * 10) / 10);
    });
    expect(state.endChecks).toHaveLength(2);
    await act(async () => state.endChecks[1]!.answer.resolve(true));
    await heading('Finishing the recording');
    await waitFor(() => expect(state.stop).not.toBeNull());
  });

  it('a slow end check holds the question back until it answers', async () => {
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const { state, stream, effects } = createFakes();
    renderPage(effects, clock);
    const options = await startRecording(user, { state, stream }, clock);
    // Reading, then a long silence while the server is still checking.
    await act(async () => {
      for (let t = 0.1; t <= 5; t += 0.1) options.onLevel?.(0.7, Math.round(t * 10) / 10);
      for (let t = 5.1; t <= 16; t += 0.1) options.onLevel?.(0.1, Math.round(t * 10) / 10);
    });
    expect(state.endChecks).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Are you still reading?' })).toBeNull();
    // Not finished after all: now the question comes.
    await act(async () => state.endChecks[0]!.answer.resolve(false));
    await heading('Are you still reading?');
  });
});

describe("/fluency through Sparky's audio queue (issue 17 items 1 and 3, issue 10)", () => {
  // The provider loads its engine with a dynamic import; load it once so the test starts at once.
  beforeAll(async () => {
    await import('../../app/audio/audio-engine.ts');
  }, 60_000);
  beforeEach(() => {
    localStorage.clear();
    resetAudioSettingsStore();
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    resetAudioSettingsStore();
  });

  it(
    'counts down without leftovers, says "Are you still reading?" with the microphone open, and the results once',
    { timeout: 60_000 },
    async () => {
      const SLOW = { timeout: 15_000 };
      // A fake player: each line ends at once, unless `hold` keeps it playing until `endHeld()`.
      const loaded: AudioItem[] = [];
      const held: (() => void)[] = [];
      let hold = false;
      const audioEffects: AudioEffects = {
        loadItem: async (item) => {
          loaded.push(item);
          return { src: '/api/speech/audio/x.wav', format: 'wav', duration: 1, words: [] };
        },
        play: (_input, { onEnd }) => {
          if (hold) held.push(onEnd);
          else setTimeout(onEnd, 0);
          return { pause() {}, resume() {}, volume() {}, stop() {} };
        },
        speakFallback: () => Promise.reject(new Error('no device voice')),
        reportFailure: () => {},
      };
      const endHeld = () => act(async () => held.splice(0).forEach((end) => end()));
      const said = (type: AudioItem['type']) => loaded.filter((item) => item.type === type);

      const user = userEvent.setup();
      const clock = new SimulatedClock();
      const { state, stream, effects } = createFakes();
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/fluency']}>
            <AudioQueueProvider effects={audioEffects}>
              <FluencyPage effects={effects} clock={clock} connectFollow={createFakeFollow().connect} />
            </AudioQueueProvider>
          </MemoryRouter>
        </QueryClientProvider>,
      );
      await user.click(await screen.findByRole('button', { name: /Story/ }));
      await user.click(await screen.findByRole('option', { name: 'The Brown Dog (grade 1)' }));
      await user.click(await screen.findByRole('button', { name: 'Start reading' }));
      await waitFor(() => expect(state.microphone).not.toBeNull());
      // "Get ready. 3" is still being said when "2" and "1" come: they wait, in order.
      hold = true;
      await act(async () => state.microphone!.resolve(stream));
      await waitFor(() => expect(said('countdown').map((i) => i.text)).toEqual(['Get ready. 3']), SLOW);
      for (let i = 0; i < 3; i++) await act(async () => clock.increment(1000));
      await waitFor(() => expect(state.capture).not.toBeNull());
      // Recording started: what was left of the countdown is withdrawn, not said during or after it.
      await endHeld();
      const options = state.capture!;

      // A little reading, then a long silence: the question is said, at once, as a warning.
      await act(async () => {
        options.onLevel?.(0.7, 0.5);
        options.onLevel?.(0.7, 1.6);
        options.onLevel?.(0.1, 2);
        options.onLevel?.(0.1, 12.1);
      });
      await heading('Are you still reading?');
      await waitFor(() => expect(loaded.at(-1)?.text).toMatch(/^Are you still reading\?/), SLOW);
      expect(loaded.at(-1)).toMatchObject({ priority: 2 });
      expect(screen.getByRole('region', { name: "Sparky's captions" })).toHaveTextContent(
        'Are you still reading?',
      );
      // Sparky's own voice through the speakers is not the reader answering.
      await act(async () => {
        for (let t = 12.2; t <= 13.5; t += 0.1) options.onLevel?.(0.7, Math.round(t * 10) / 10);
      });
      expect(screen.getByRole('heading', { level: 2, name: 'Are you still reading?' })).toBeVisible();
      // Once Sparky has finished asking, the reader's voice is heard again.
      hold = false;
      await endHeld();
      await waitFor(() =>
        expect(screen.getByRole('region', { name: "Sparky's captions" })).toBeInTheDocument(),
      );
      await act(async () => {
        for (let t = 13.6; t <= 14.5; t += 0.1) options.onLevel?.(0.7, Math.round(t * 10) / 10);
      });
      await heading('Recording: read the story out loud');

      // A second long silence, answered with Keep reading: "Sparky is listening." goes to the screen
      // reader only; spoken, it would wait behind the duck and be heard after the reading.
      await act(async () => {
        options.onLevel?.(0.1, 14.6);
        options.onLevel?.(0.1, 24.7);
      });
      await heading('Are you still reading?');
      await user.click(screen.getByRole('button', { name: 'Keep reading' }));
      await heading('Recording: read the story out loud');

      await user.click(screen.getByRole('button', { name: 'Stop' }));
      await waitFor(() => expect(state.stop).not.toBeNull());
      await act(async () =>
        state.stop!({
          wav: new Blob([new Uint8Array(44)], { type: 'audio/wav' }),
          durationSeconds: 25,
          sampleRate: 16_000,
        }),
      );
      await waitFor(() => expect(state.saves).toHaveLength(1));
      await act(async () => state.saves[0]!.answer.resolve(SAMPLE_RESPONSE));
      await heading('Your results: The Brown Dog');
      // The child's summary is said once, as results (§4.9).
      await waitFor(() => expect(said('results')).toHaveLength(1), SLOW);
      expect(said('results')[0]!.text).toBe(
        'Your results are ready. Good try! Keep practising to earn stars. You read 7 of the 9 words: most of the story. Words to practise: brown and big.',
      );
      expect(said('countdown').map((i) => i.text)).toEqual(['Get ready. 3']);
      expect(loaded.map((item) => item.text)).not.toContain('Sparky is listening.');
    },
  );
});

describe('/fluency follows the reader while recording (issue 12)', () => {
  it(
    'sends the audio, moves the highlight, marks words passed, speaks the word it helps with and stops',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const clock = new SimulatedClock();
      const { state, stream, effects } = createFakes();
      const follow = createFakeFollow();
      const spoken: SpeakRequest[] = [];
      renderPage(effects, clock, follow.connect, (request) => spoken.push(request));

      await startRecording(user, { state, stream }, clock);

      // The recorder's blocks go to the socket of a stream for the chosen story.
      expect(follow.opened).toHaveLength(1);
      const conn = follow.opened[0]!;
      expect(conn.options.storyId).toBe(SAMPLE_STORY_ID);
      await act(async () => {
        state.capture!.onChunk?.(new Int16Array(1600), 16_000);
        state.capture!.onChunk?.(new Int16Array(1600), 16_000);
      });
      expect(conn.chunks).toBe(2);

      const passage = screen.getByRole('article', { name: 'The Brown Dog' });
      const current = () => passage.querySelector('[aria-current="true"]');
      await waitFor(() => expect(current()).toHaveTextContent('The'));
      await act(async () => {
        conn.callbacks.onConnection?.(true);
        conn.callbacks.onEvent({ t: 1, event: 'word', index: 0, status: 'correct' });
        conn.callbacks.onEvent({ t: 1.4, event: 'word', index: 1, status: 'omission' });
      });
      expect(current()).toHaveTextContent('dog');
      // A word passed over says so in words, not only by its look.
      expect(passage).toHaveTextContent('brown (skipped)');

      // Help: the word is said once through the queue as the tutor's line, and shown larger.
      await act(async () => {
        conn.callbacks.onEvent({ t: 5, event: 'help', index: 2, reason: 'pause' });
        conn.callbacks.onEvent({ t: 5, event: 'hesitation', index: 2, seconds: 3.1 });
      });
      expect(spoken.filter((r) => r.type === 'tutor')).toEqual([{ text: 'dog', type: 'tutor' }]);
      expect(passage.querySelector('.follow-help')).toHaveTextContent('Sparky helped with: dog');
      await act(async () => conn.callbacks.onEvent({ t: 6, event: 'word', index: 2, status: 'correct' }));
      // The word stays shown after the reader moves on (they may look back at it).
      expect(passage.querySelector('.follow-help')).toHaveTextContent('dog');
      expect(current()).toHaveTextContent('ran');

      // Stop: the recording ends and the follow-along is asked for its last events.
      await user.click(screen.getByRole('button', { name: 'Stop' }));
      await waitFor(() => expect(state.stop).not.toBeNull());
      await act(async () =>
        state.stop!({
          wav: new Blob([new Uint8Array(44)], { type: 'audio/wav' }),
          durationSeconds: 3,
          sampleRate: 16_000,
        }),
      );
      await waitFor(() => expect(conn.stopped).toBe(true));
    },
  );

  it(
    "sends the reader's help delay, never talks over the reader, and marks words with a shape",
    { timeout: 30_000 },
    async () => {
      localStorage.clear();
      setLocalAudioSettings({ ...DEFAULT_AUDIO_SETTINGS, helpAfterSeconds: 5 });
      try {
        const user = userEvent.setup();
        const clock = new SimulatedClock();
        const { state, stream, effects } = createFakes();
        const follow = createFakeFollow();
        const spoken: SpeakRequest[] = [];
        renderPage(effects, clock, follow.connect, (request) => spoken.push(request));
        await startRecording(user, { state, stream }, clock);
        const conn = follow.opened[0]!;
        // The setting (My Voice) goes with the reading's start.
        expect(conn.options.helpAfterSeconds).toBe(5);

        // 100 ms blocks: the reader's voice (about −12 dBFS), then silence.
        const voice = new Int16Array(1600).fill(8000);
        const silence = new Int16Array(1600);
        const block = (samples: Int16Array) => act(async () => state.capture!.onChunk?.(samples, 16_000));
        const tutorLines = () => spoken.filter((r) => r.type === 'tutor');
        await block(voice);
        await act(async () => conn.callbacks.onEvent({ t: 5, event: 'help', index: 2, reason: 'pause' }));
        // The reader is making sounds: the word waits (but the place moves to it).
        expect(tutorLines()).toEqual([]);
        const passage = screen.getByRole('article', { name: 'The Brown Dog' });
        expect(passage.querySelector('[aria-current="true"]')).toHaveTextContent('dog');
        await block(voice);
        await block(silence);
        await block(silence);
        expect(tutorLines()).toEqual([]);
        // 0.3 s of silence (the tracker's own wait): now it is said, once.
        await block(silence);
        expect(tutorLines()).toEqual([{ text: 'dog', type: 'tutor' }]);
        await block(silence);
        expect(tutorLines()).toHaveLength(1);

        // An offer the reader answers by reading the word is never said.
        await block(voice);
        await act(async () => conn.callbacks.onEvent({ t: 8, event: 'help', index: 3, reason: 'pause' }));
        await act(async () => conn.callbacks.onEvent({ t: 8.2, event: 'word', index: 3, status: 'correct' }));
        for (let k = 0; k < 5; k++) await block(silence);
        expect(tutorLines()).toHaveLength(1);

        // Marks carry a shape (an icon), and words other than "read" say what they are in words.
        await act(async () => {
          conn.callbacks.onEvent({ t: 9, event: 'word', index: 0, status: 'correct' });
          conn.callbacks.onEvent({ t: 9, event: 'word', index: 1, status: 'substitution' });
        });
        for (const word of passage.querySelectorAll('.follow-word:not(mark)'))
          expect(word.querySelector('svg')).not.toBeNull();
        expect(passage).toHaveTextContent('brown (said another word)');
      } finally {
        localStorage.clear();
        resetAudioSettingsStore();
      }
    },
  );
});

describe('/fluency story list', () => {
  it('lists the stories nearest the reader’s level first, and says so', async () => {
    const user = userEvent.setup();
    const near = { ...STORY, id: '00000000-0000-4000-8000-000000000002', title: 'Near', lexile: 560 };
    const far = { ...STORY, id: '00000000-0000-4000-8000-000000000003', title: 'Far', lexile: 1200 };
    // The library answers easiest first; the reader's band is around 550L (a grade-3 reader).
    stubFetch({
      '/api/stories': {
        stories: [STORY, near, far],
        readerBand: { lexile: 550, min: 500, max: 650, source: 'grade' },
      },
    });
    renderPage(createFakes().effects, new SimulatedClock());
    expect(await screen.findByText(/^Stories near your reading level come first\./)).toBeVisible();
    await user.click(await screen.findByRole('button', { name: /Story/ }));
    await screen.findByRole('option', { name: /^Near/ });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Near (grade 1)',
      'The Brown Dog (grade 1)',
      'Far (grade 1)',
    ]);
  });
});

describe('/fluency opens a past reading from the results (ADR 0036)', () => {
  it('"See your last reading" on the results goes back to choosing and shows that reading', async () => {
    const user = userEvent.setup();
    const saved = { ...SAMPLE_RESPONSE.session, has_audio: false };
    stubFetch({
      '/api/reading-sessions': { sessions: [saved] },
      [`/api/reading-sessions/${saved.id}`]: { session: saved, result: SAMPLE_RESPONSE.result },
    });
    const clock = new SimulatedClock();
    const { state, stream, effects } = createFakes();
    renderPage(effects, clock);
    await startRecording(user, { state, stream }, clock);
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(state.stop).not.toBeNull());
    await act(async () =>
      state.stop!({ wav: new Blob([new Uint8Array(44)]), durationSeconds: 6, sampleRate: 16_000 }),
    );
    await waitFor(() => expect(state.saves).toHaveLength(1));
    await act(async () => state.saves[0]!.answer.resolve(SAMPLE_RESPONSE));
    await heading('Your results: The Brown Dog');

    await user.click(await screen.findByRole('button', { name: 'See your last reading' }));
    const past = await heading('Your reading of The Brown Dog');
    await waitFor(() => expect(past).toHaveFocus());
    expect(screen.queryByRole('heading', { name: 'Your results: The Brown Dog' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Choose a story to read')).toBeVisible();
  });
});
