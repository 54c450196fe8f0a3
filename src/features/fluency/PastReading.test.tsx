import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SimulatedClock } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReadingSession, ReadingSessionSummary } from '#core/api/reading-sessions.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import {
  SAMPLE_RESPONSE,
  SAMPLE_STORY,
  SAMPLE_STORY_BODY,
  SAMPLE_STORY_ID,
} from '#machines/fluency-session.test-model.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { dismissToast } from '../../ui/toast-store.ts';
import { FluencyPage } from './FluencyPage.tsx';
import { pastReadingLine, pastReadingTitle } from './PastReading.tsx';
import { GROWN_UPS_PROGRESS_TITLE, readingTime } from './ReadingProgress.tsx';
import type { VoiceCommand } from '#core/voice/command.ts';
import {
  PAST_READING_ACTIONS,
  lastReadingCommands,
  pastReadingCommands,
} from './past-reading.voice-commands.ts';

/*
 * Opening a past reading again (docs/decisions/0036-reopen-a-past-reading.md) on the real /fluency
 * page, with the server's answers faked at fetch: the child's "See your last reading", a grown-up's
 * "Open" in the history, Back with the focus returned to what opened it, "Read this story again",
 * and a reading that is not there (deleted, or another reader's: the server answers 404 alike).
 */

const STORY = SAMPLE_STORY;
const BODY = SAMPLE_STORY_BODY;
const NEWEST: ReadingSession = { ...SAMPLE_RESPONSE.session, has_audio: false };
const OLDER: ReadingSession = {
  ...NEWEST,
  id: '00000000-0000-4000-8000-0000000000bb',
  created_at: '2026-11-20T15:30:00.000Z',
  tokens_awarded: 0,
};
const summary = (s: ReadingSession): ReadingSessionSummary => ({
  id: s.id,
  created_at: s.created_at,
  story_id: s.story_id,
  story_title: s.story_title,
  mode: s.mode,
  wcpm: s.wcpm,
  accuracy_percentage: s.accuracy_percentage,
  fluency_score: s.fluency_score,
  tokens_awarded: s.tokens_awarded,
  has_audio: s.has_audio,
});
const STATS = {
  chart: [],
  averages: { fluency: 31, accuracy: 71.4, wcpm: 50, sessions: 2 },
  recentProgress: null,
  perStory: [],
  streak: 1,
};

function stubFetch() {
  const answers: Record<string, unknown> = {
    '/api/me': meFixture({ id: 'u1', name: 'Mia', profile: { grade: '1' }, hasReadingSessions: true }),
    '/api/stories': { stories: [STORY], readerBand: { lexile: 300, min: 200, max: 350, source: 'grade' } },
    [`/api/stories/${SAMPLE_STORY_ID}`]: { story: { ...STORY, body: BODY, own: false } },
    '/api/reading-stats': STATS,
    '/api/reading-sessions': { sessions: [summary(NEWEST), summary(OLDER)] },
    [`/api/reading-sessions/${NEWEST.id}`]: { session: NEWEST, result: SAMPLE_RESPONSE.result },
    [`/api/reading-sessions/${OLDER.id}`]: { session: OLDER, result: null },
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (init?.method === 'DELETE' && answers[path]) {
      // The reading goes, from the list too.
      delete answers[path];
      answers['/api/reading-sessions'] = { sessions: [summary(OLDER)] };
      return new Response(JSON.stringify({ deleted: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    const body = answers[path];
    const notFound = { error: { code: 'session_not_found', message: 'No such reading session.' } };
    return new Response(JSON.stringify(body ?? notFound), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage(path = '/fluency') {
  const spoken: SpeakRequest[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/fluency', element: <FluencyPage clock={new SimulatedClock()} /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, speak: (r) => void spoken.push(r) }}>
        <RouterProvider router={router} />
      </AudioQueueContext.Provider>
    </QueryClientProvider>,
  );
  return { router, spoken };
}

const pastHeading = () =>
  screen.findByRole('heading', { level: 2, name: pastReadingTitle(NEWEST.story_title) });

let fetchMock: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetchMock = stubFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('a past reading opened again', () => {
  it('opens the last reading for the child, says what it is, and Back returns the focus', async () => {
    const user = userEvent.setup();
    const { router, spoken } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'See your last reading' }));

    const heading = await pastHeading();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(router.state.location.search).toBe(`?reading=${NEWEST.id}`);
    expect(screen.getByText(`Read on ${readingTime(NEWEST.created_at)}. It earned 5 tokens.`)).toBeVisible();
    // Every word marked, as after the reading: the sample reader left out "brown".
    const passage = screen.getByRole('region', { name: 'How you read each word' });
    expect(within(passage).getByText(/brown/)).toBeVisible();
    // The choosing panel and the progress are hidden meanwhile, not gone.
    expect(screen.queryByRole('heading', { name: 'Choose a story to read' })).toBeNull();
    expect(spoken.map((r) => r.text)).toContain(pastReadingLine(NEWEST.story_title, SAMPLE_RESPONSE.result));
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining(`/api/reading-sessions/${NEWEST.id}`),
      expect.anything(),
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    const last = await screen.findByRole('button', { name: 'See your last reading' });
    await waitFor(() => expect(last).toHaveFocus());
    expect(screen.queryByRole('heading', { name: pastReadingTitle(NEWEST.story_title) })).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('opens any reading from the grown-ups’ history and returns the focus to its Open button', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: GROWN_UPS_PROGRESS_TITLE }));
    const open = screen.getByRole('button', {
      name: `Open the reading of ${OLDER.story_title}, ${readingTime(OLDER.created_at)}`,
    });
    await user.click(open);
    await pastHeading();
    // A reading saved without its word-by-word result still opens, with what it has.
    expect(await screen.findByText(/This reading has no word-by-word marks/)).toBeVisible();
    expect(screen.getByText(/It earned no tokens\./)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    // The disclosure stayed open while the reading was shown, so its Open button takes the focus back.
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('"Read this story again" chooses the story and puts the focus on Start reading', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(`/fluency?reading=${NEWEST.id}`);
    await pastHeading();
    await user.click(screen.getByRole('button', { name: 'Read this story again' }));
    const start = await screen.findByRole('button', { name: 'Start reading' });
    await waitFor(() => expect(start).toBeEnabled());
    await waitFor(() => expect(start).toHaveFocus());
    expect(router.state.location.search).toBe(`?storyId=${SAMPLE_STORY_ID}`);
  });

  it('deletes the reading it shows, closes without a "not here" in between, and moves the focus on', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(`/fluency?reading=${NEWEST.id}`);
    await pastHeading();
    const detailGets = () =>
      fetchMock.mock.calls.filter(
        ([input, init]) =>
          String(input) === `/api/reading-sessions/${NEWEST.id}` && init?.method !== 'DELETE',
      ).length;
    const before = detailGets();
    await user.click(screen.getByRole('button', { name: /^Delete the reading of The Brown Dog/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete the reading' }));
    // Back on the choosing screen, with focus on what is left: the (now older) last reading.
    const last = await screen.findByRole('button', { name: 'See your last reading' });
    await waitFor(() => expect(last).toHaveFocus());
    expect(router.state.location.search).not.toContain('reading=');
    // The deleted reading was not fetched again (its 404 would have shown "This reading is not here").
    expect(detailGets()).toBe(before);
    expect(screen.queryByRole('heading', { name: 'This reading is not here' })).toBeNull();
  });

  it('says plainly when the reading is not there (deleted, or another reader’s)', async () => {
    const user = userEvent.setup();
    const { router } = renderPage('/fluency?reading=not-a-reading');
    const heading = await screen.findByRole('heading', { level: 2, name: 'This reading is not here' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/It may have been deleted/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Choose a story to read' })).toBeVisible();
    expect(router.state.location.search).toBe('');
  });
});

describe('what can be said about past readings', () => {
  const said = (commands: readonly VoiceCommand[]) => commands.map((c) => [c.phrase, c.target]);

  it('offers "my last reading" while choosing, only when there is one', () => {
    expect(said(lastReadingCommands(true))).toContainEqual([
      'my last reading',
      PAST_READING_ACTIONS.lastReading,
    ]);
    expect(lastReadingCommands(false)).toEqual([]);
  });

  it('offers back and read again on a past reading, and nothing that starts a recording', () => {
    expect(said(pastReadingCommands())).toEqual([
      ['back', PAST_READING_ACTIONS.close],
      ['go back', PAST_READING_ACTIONS.close],
      ['read again', PAST_READING_ACTIONS.readAgain],
      ['read this story again', PAST_READING_ACTIONS.readAgain],
    ]);
  });
});
