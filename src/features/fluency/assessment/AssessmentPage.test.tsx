/**
 * The Reading Assessment page (docs/decisions/0038-reading-assessment.md): the passage it picks, the
 * one-minute session in 'assessment' mode, the results and the level they set, "Not now", and the
 * same journey by voice. The session's own steps are tested through Reading Practice
 * (FluencyPage.test.tsx), which shares them (SessionSteps.tsx).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { clearAnnouncements } from '#a11y/announcer.ts';
import type { ReadingSessionSummary, SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import { estimateReaderLexile } from '#core/lexile/reader-lexile.ts';
import type { MeResponse } from '#core/api/account.ts';
import { ME_QUERY_KEY } from '../../../lib/api/me.ts';
import { SAMPLE_RECORDING, SAMPLE_RESPONSE, SAMPLE_STORY } from '#machines/fluency-session.test-model.ts';
import { createCommandRegistry, type CommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import type { CaptureOptions, CapturedAudio } from '#voice/microphone-capture.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../../app/audio/audio-context.ts';
import { meFixture } from '../../../test/me-fixture.ts';
import { dismissToast } from '../../../ui/toast-store.ts';
import type { SaveReadingRequest } from '../api/save-reading-session.ts';
import type { ConnectFollow } from '../follow/use-follow-along.ts';
import type { FluencyEffects } from '../use-fluency-session.ts';
import { AssessmentPage } from './AssessmentPage.tsx';

const story = (id: string, title: string, gradeBand: string, wordCount: number) => ({
  ...SAMPLE_STORY,
  id,
  slug: title.toLowerCase().replaceAll(' ', '-'),
  title,
  gradeBand,
  wordCount,
});
const SHORT_3 = story('00000000-0000-4000-8000-000000000003', 'The Cloud Giant', '3', 182);
const LONG_3 = story('00000000-0000-4000-8000-000000000033', 'The Science Fair Volcano', '3', 195);
const GRADE_1 = story('00000000-0000-4000-8000-000000000001', 'The Fish Ship', '1', 106);
const BODY = 'The volcano was made of clay and it was going to erupt at the fair.';

const ME = meFixture({ id: 'u1', name: 'Mia', profile: { age: 8, grade: '3', tokens: 10 } });
const DONE_ME = meFixture({
  id: 'u1',
  name: 'Mia',
  profile: { age: 8, grade: '3', tokens: 10, assessment_completed: true, lexile_level: 520 },
  hasReadingSessions: true,
});

const summaryOf = (storyId: string, mode: 'practice' | 'assessment'): ReadingSessionSummary => ({
  id: `s-${storyId}`,
  created_at: '2026-11-20T10:00:00.000Z',
  story_id: storyId,
  story_title: 'Earlier',
  mode,
  wcpm: 80,
  accuracy_percentage: 95,
  fluency_score: 60,
  tokens_awarded: 5,
  has_audio: false,
});

interface Call {
  method: string;
  path: string;
}

/** Fakes the server at fetch; records each call. */
function stubFetch(overrides: Record<string, unknown> = {}, deferStatus = 200) {
  const calls: Call[] = [];
  const answers: Record<string, unknown> = {
    '/api/me': ME,
    '/api/stories': {
      stories: [GRADE_1, SHORT_3, LONG_3],
      readerBand: { lexile: 550, min: 500, max: 650, source: 'grade' },
    },
    [`/api/stories/${LONG_3.id}`]: { story: { ...LONG_3, body: BODY, own: false } },
    [`/api/stories/${SHORT_3.id}`]: { story: { ...SHORT_3, body: BODY, own: false } },
    '/api/reading-sessions': { sessions: [] },
    ...overrides,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const path = new URL(request ? request.url : String(input), 'http://localhost').pathname;
      const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
      calls.push({ method, path });
      if (path === '/api/assessment/defer' && method === 'POST') {
        return new Response(
          JSON.stringify(
            deferStatus === 200
              ? { deferredUntil: '2026-11-30T10:00:00.000Z' }
              : { error: { code: 'server_error', message: 'Down' } },
          ),
          { status: deferStatus, headers: { 'content-type': 'application/json' } },
        );
      }
      const body = answers[path];
      return new Response(JSON.stringify(body ?? { error: { code: 'not_found', message: path } }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Fake microphone, recorder and upload whose answers wait for the test. */
function createFakes() {
  const state = {
    microphone: null as ((stream: MediaStream) => void) | null,
    capture: null as CaptureOptions | null,
    stop: null as ((audio: CapturedAudio) => void) | null,
    saves: [] as { request: SaveReadingRequest; resolve: (r: SaveReadingSessionResponse) => void }[],
  };
  const stream = { getTracks: () => [{ stop: () => {} }] } as unknown as MediaStream;
  const effects: FluencyEffects = {
    requestMicrophone: () =>
      new Promise<MediaStream>((resolve) => {
        state.microphone = resolve;
      }),
    startCapture: async (_stream, options) => {
      state.capture = options;
      return {
        sampleRate: 16_000,
        snapshot: () => ({ wav: new Blob([new Uint8Array(44)]), durationSeconds: 1, sampleRate: 16_000 }),
        stop: () =>
          new Promise<CapturedAudio>((resolve) => {
            state.stop = resolve;
          }),
        cancel: () => {},
      };
    },
    saveReading: (request) =>
      new Promise<SaveReadingSessionResponse>((resolve) => {
        state.saves.push({ request, resolve });
      }),
    newRecordingId: () => SAMPLE_RECORDING.id,
    checkReadingEnd: () => new Promise<boolean>(() => {}),
  };
  return { state, stream, effects };
}

const noFollow: ConnectFollow = () => ({ push: () => {}, stop: () => {}, close: () => {} });

function renderPage(effects: FluencyEffects, clock: SimulatedClock, registry?: CommandRegistry) {
  const spoken: string[] = [];
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const voice = registry ?? createCommandRegistry({ commands: [] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/assessment']}>
        <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, speak: (r) => void spoken.push(r.text) }}>
          <VoiceRegistryContext.Provider value={voice}>
            <Routes>
              <Route
                path="/assessment"
                element={<AssessmentPage effects={effects} clock={clock} connectFollow={noFollow} />}
              />
              <Route path="/home" element={<h1>Home here</h1>} />
              <Route path="/fluency" element={<h1>Practice here</h1>} />
            </Routes>
          </VoiceRegistryContext.Provider>
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, registry: voice, spoken };
}

/** Says `phrase` to the registry as the recogniser's answer would. */
function say(registry: CommandRegistry, phrase: string) {
  const command = registry.active().find((c) => c.phrase === phrase);
  expect(command, `"${phrase}" can be said`).toBeDefined();
  act(() => registry.handlerFor(command!)!(command!.target, command!));
}

/** An assessment result: 60 s read, the passage's words partly reached. */
const RESPONSE: SaveReadingSessionResponse = {
  ...SAMPLE_RESPONSE,
  result: { ...SAMPLE_RESPONSE.result, durationSeconds: 60 },
  session: { ...SAMPLE_RESPONSE.session, story_id: LONG_3.id, story_title: LONG_3.title, mode: 'assessment' },
  newAchievements: [],
};

beforeEach(() => clearAnnouncements());
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('/assessment', () => {
  it('reads the longest story of the reader grade for one minute, saves it as an assessment and shows the level', async () => {
    stubFetch();
    const user = userEvent.setup();
    const clock = new SimulatedClock();
    const { state, stream, effects } = createFakes();
    const { spoken, client } = renderPage(effects, clock);

    expect(await screen.findByRole('heading', { level: 1, name: 'Reading Assessment' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'A one-minute reading check' })).toBeInTheDocument();
    // Grade 3: the longer of the two grade-3 stories, not the grade-1 one.
    expect(await screen.findByRole('heading', { level: 3, name: LONG_3.title })).toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(start).toBeEnabled());
    await user.click(start);
    await waitFor(() => expect(state.microphone).not.toBeNull());
    await act(async () => state.microphone!(stream));
    for (let i = 0; i < 3; i++) await act(async () => clock.increment(1000));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Recording: read the story out loud' }),
    ).toBeInTheDocument();
    // One minute, as DIBELS 8 ORF.
    expect(screen.getByText(/of 1:00/)).toBeInTheDocument();
    await waitFor(() => expect(state.capture).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(state.stop).not.toBeNull());
    await act(async () =>
      state.stop!({ wav: new Blob([new Uint8Array(44)]), durationSeconds: 60, sampleRate: 16_000 }),
    );
    await waitFor(() => expect(state.saves).toHaveLength(1));
    expect(state.saves[0]!.request).toMatchObject({ storyId: LONG_3.id, mode: 'assessment' });
    // From now on /api/me answers slowly (a busy server): the refetch after the save does not come back.
    const answered = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input instanceof Request ? input.url : input).includes('/api/me')
          ? new Promise<Response>(() => {})
          : answered(input, init),
      ),
    );
    await act(async () => state.saves[0]!.resolve(RESPONSE));

    const results = await screen.findByRole('heading', { level: 2, name: 'Reading check done!' });
    await waitFor(() => expect(results).toHaveFocus());
    const right = RESPONSE.result.wordsCorrect;
    expect(screen.getByText(`You read ${right} words right in one minute.`)).toBeInTheDocument();
    // Sparky says the same, not Reading Practice's stars and "part of the story".
    const said = spoken.find((line) => line.startsWith('Your results are ready.'));
    expect(said).toContain(`You read ${right} words right in one minute. Thank you for reading to Sparky!`);
    expect(said).not.toMatch(/stars|part of the story/);
    const level = estimateReaderLexile('3', RESPONSE.result.wcpm, RESPONSE.result.accuracy);
    expect(screen.getByText(`${level.level}L`)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`range ${level.range}`))).toBeInTheDocument();
    // The guard must not send the reader back while /api/me is refetched (ADR 0038).
    expect(client.getQueryData<MeResponse>(ME_QUERY_KEY)).toMatchObject({
      hasReadingSessions: true,
      profile: { assessment_completed: true },
    });
    // Only the words reached are listed, then one line for the rest.
    // (The sample reading reached 7 of 9 words: "not reached" is left to the legend.)
    expect(screen.getAllByText('not reached')).toHaveLength(1);
    expect(screen.getByText(/The rest of the story was not reached/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start reading practice' }));
    expect(await screen.findByRole('heading', { name: 'Practice here' })).toBeInTheDocument();
  });

  it('"Not now" puts the assessment off on the server and goes home; a failure says so and stays', async () => {
    const calls = stubFetch();
    const user = userEvent.setup();
    renderPage(createFakes().effects, new SimulatedClock());
    expect(await screen.findByText('Not now: Sparky will ask again tomorrow.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(await screen.findByRole('heading', { name: 'Home here' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: '/api/assessment/defer' });

    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stubFetch({}, 500);
    renderPage(createFakes().effects, new SimulatedClock());
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sparky could not put the reading check off');
    expect(screen.getByRole('heading', { level: 1, name: 'Reading Assessment' })).toBeInTheDocument();
  });

  it('works by voice: "start reading", "stop", then "practice"; "not now" is offered before it starts', async () => {
    stubFetch();
    const clock = new SimulatedClock();
    const { state, stream, effects } = createFakes();
    const { registry } = renderPage(effects, clock);
    await screen.findByRole('heading', { level: 3, name: LONG_3.title });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start reading' })).toBeEnabled());
    expect(registry.active().map((c) => c.phrase)).toEqual(
      expect.arrayContaining(['start reading', 'start', 'not now', 'later']),
    );
    say(registry, 'start reading');
    await waitFor(() => expect(state.microphone).not.toBeNull());
    await act(async () => state.microphone!(stream));
    for (let i = 0; i < 3; i++) await act(async () => clock.increment(1000));
    await screen.findByRole('heading', { level: 2, name: 'Recording: read the story out loud' });
    // While recording, only "stop" (Reading Practice's rule): nothing else of the page can be said.
    expect(registry.active().map((c) => c.phrase)).toEqual(['stop']);
    await waitFor(() => expect(state.capture).not.toBeNull());
    say(registry, 'stop');
    await waitFor(() => expect(state.stop).not.toBeNull());
    await act(async () =>
      state.stop!({ wav: new Blob([new Uint8Array(44)]), durationSeconds: 60, sampleRate: 16_000 }),
    );
    await waitFor(() => expect(state.saves).toHaveLength(1));
    await act(async () => state.saves[0]!.resolve(RESPONSE));
    await screen.findByRole('heading', { level: 2, name: 'Reading check done!' });
    say(registry, 'practice');
    expect(await screen.findByRole('heading', { name: 'Practice here' })).toBeInTheDocument();
  });

  it('a reader who did it before gets another passage, their level, and "Go home" instead of "Not now"', async () => {
    const calls = stubFetch({
      '/api/me': DONE_ME,
      '/api/reading-sessions': {
        sessions: [
          // A Reading Screening's reading: in assessment mode, but not a reading check of its own.
          {
            ...summaryOf(GRADE_1.id, 'assessment'),
            id: 'sc1',
            story_title: 'Screened',
            screening_id: '5f1d2c3b-4a59-4e68-8f7a-0b1c2d3e4f50',
            for_screening: true,
          },
          // One made for a screening that did not count (stopped short): no screening id, still not a check.
          {
            ...summaryOf(GRADE_1.id, 'assessment'),
            id: 'sc2',
            story_title: 'Screened short',
            screening_id: null,
            for_screening: true,
          },
          summaryOf(LONG_3.id, 'assessment'),
          { ...summaryOf(SHORT_3.id, 'practice'), id: 'p1' },
        ],
      },
    });
    const user = userEvent.setup();
    const { registry } = renderPage(createFakes().effects, new SimulatedClock());
    expect(await screen.findByRole('heading', { level: 3, name: SHORT_3.title })).toBeInTheDocument();
    expect(screen.getByText(/your level is 520L/)).toBeInTheDocument();
    // The earlier check, for grown-ups; practice readings and a screening's readings are not listed there.
    const checks = screen.getByRole('table', { name: 'Reading checks, newest first' });
    const rows = within(checks).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('cell', { name: 'Earlier' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: '80' })).toBeInTheDocument();
    expect(within(checks).queryByText('Screened')).not.toBeInTheDocument();
    expect(within(checks).queryByText('Screened short')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not now' })).not.toBeInTheDocument();
    expect(registry.active().map((c) => c.phrase)).not.toContain('not now');
    await user.click(screen.getByRole('button', { name: 'Go home' }));
    expect(await screen.findByRole('heading', { name: 'Home here' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/assessment/defer')).toBe(false);
  });

  it('a practice reading of the longest story does not make it used; a kindergartner is pointed to the letter game', async () => {
    stubFetch({
      '/api/me': meFixture({ id: 'u1', name: 'Sam', profile: { age: 5, grade: 'K', tokens: 0 } }),
      '/api/stories': {
        stories: [GRADE_1, SHORT_3, LONG_3],
        readerBand: { lexile: 150, min: 0, max: 300, source: 'grade' },
      },
      [`/api/stories/${GRADE_1.id}`]: { story: { ...GRADE_1, body: BODY, own: false } },
      '/api/reading-sessions': { sessions: [summaryOf(GRADE_1.id, 'practice')] },
    });
    renderPage(createFakes().effects, new SimulatedClock());
    // No K story in this library: the nearest band (grade 1), even though it was practised.
    expect(await screen.findByRole('heading', { level: 3, name: GRADE_1.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'letter game' })).toHaveAttribute('href', '/alphabet');
  });

  it('says in words when there is no story to read, and cannot start', async () => {
    stubFetch({
      '/api/stories': { stories: [], readerBand: { lexile: 550, min: 500, max: 650, source: 'grade' } },
    });
    renderPage(createFakes().effects, new SimulatedClock());
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no story to read yet');
    expect(screen.getByRole('button', { name: 'Start reading' })).toBeDisabled();
  });
});
