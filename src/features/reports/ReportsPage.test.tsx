/**
 * /reports and Profile's "Grown-ups who see your progress" against a fetch stub that answers like the server
 * (core/api/family.ts): a guardian follows a reader by code (refusals said in words), sees the report, stops
 * following; a reader makes a code, hears it, stops sharing; a reader on /reports is sent to Profile. Sparky's
 * guidance names each followed reader's next step on My Learning Path, or the reader's own (ADR 0052).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChildReport, Family } from '#core/api/family.ts';
import type { MeFixtureOptions } from '../../test/me-fixture.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { GOALS_QUERY_KEY } from '../../lib/api/goals.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { dismissToast } from '../../ui/toast-store.ts';
import { change } from '../../lib/reports/ChildReportView.tsx';
import { OTHER_REPORTS_GUIDANCE, READER_REPORTS_GUIDANCE, REPORTS_GUIDANCE } from './reports.guidance.ts';
import { ReportsPage } from './ReportsPage.tsx';

const MIA = {
  linkId: '7b0c8a52-4a8e-4f0f-9d55-0e4a3c1b2a01',
  userId: 'child-1',
  displayName: 'Mia',
  linkedAt: '2026-11-20T10:00:00Z',
};

const REPORT: ChildReport = {
  child: {
    userId: 'child-1',
    displayName: 'Mia',
    grade: '1',
    lexileLevel: 310,
    lastAssessmentWpm: 42,
    lastAssessmentAccuracy: 93.5,
    tokens: 35,
  },
  readingStats: {
    averages: { fluency: 80, accuracy: 94.2, wcpm: 45, sessions: 3 },
    recentProgress: { accuracy: 2.5, fluency: 3, wcpm: 6, tokens: 0 },
    perStory: [
      {
        storyId: 's1',
        storyTitle: 'The Red Kite',
        attempts: 2,
        latest: { accuracy: 96, fluency: 82, wcpm: 48, tokens: 5 },
        improvement: { accuracy: 4, fluency: 5, wcpm: 6 },
        trend: { accuracy: 'up', fluency: 'up', wcpm: 'up' },
        firstAttemptAt: '2026-11-18T10:00:00Z',
        lastAttemptAt: '2026-11-21T10:00:00Z',
      },
    ],
    streak: 2,
  },
  lettersFound: 12,
  wordsBuilt: 7,
  learningPath: {
    next: 'goal',
    allDone: false,
    steps: [
      { id: 'letters', status: 'extra' },
      { id: 'words', status: 'extra' },
      { id: 'sounds', status: 'extra' },
      { id: 'reading', status: 'done' },
      { id: 'assessment', status: 'done' },
      { id: 'goal', status: 'now' },
    ],
  },
  achievements: [
    {
      id: 'a1',
      achievement_type: 'reading_streak_3',
      achievement_name: 'Reading Rookie',
      description: 'Read for 3 days in a row',
      icon_name: 'flame',
      earned_at: '2026-11-21T10:00:00Z',
    },
  ],
};

let family: Family;
let childReport: ChildReport;
let redeemAnswer: [unknown, number];
/** A reader's own figures (GET /api/alphabet, /word-builder, /sound-it-out, /reading-stats, /goals), or none. */
let ownFigures: { letters: number; built: number } | null;
const calls: { method: string; url: string; body?: string }[] = [];

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  calls.push({ method, url, body: init?.body ? String(init.body) : undefined });
  if (url.endsWith('/api/family') && method === 'GET') return Promise.resolve(jsonResponse(family));
  if (url.endsWith('/api/family/links') && method === 'POST') {
    const [body, status] = redeemAnswer;
    if (status < 300) family = { ...family, children: [MIA] };
    return Promise.resolve(jsonResponse(body, status));
  }
  if (url.endsWith('/api/family/code') && method === 'POST')
    return Promise.resolve(jsonResponse({ code: 'K7M4QX', expiresAt: '2026-11-30T10:00:00Z' }, 201));
  if (url.includes('/api/family/links/') && method === 'DELETE') {
    family = { ...family, children: [], guardians: [] };
    return Promise.resolve(new Response(null, { status: 204 }));
  }
  if (url.endsWith('/api/family/children/child-1/report')) return Promise.resolve(jsonResponse(childReport));
  if (ownFigures) {
    const own = ownFigures;
    if (url.endsWith('/api/alphabet'))
      return Promise.resolve(
        jsonResponse({
          found: [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].slice(0, own.letters),
          today: [],
          completed: false,
        }),
      );
    if (url.endsWith('/api/word-builder'))
      return Promise.resolve(jsonResponse({ today: [], total: own.built }));
    if (url.endsWith('/api/sound-it-out')) return Promise.resolve(jsonResponse({ today: [], total: 0 }));
    if (url.endsWith('/api/reading-stats'))
      return Promise.resolve(
        jsonResponse({
          chart: [],
          averages: { fluency: null, accuracy: null, wcpm: null, sessions: 0 },
          recentProgress: null,
          perStory: [],
          streak: 0,
        }),
      );
    if (url.endsWith('/api/goals')) return Promise.resolve(jsonResponse({ mine: null, children: [] }));
  }
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

function renderPage(
  page: React.ReactNode,
  userType: 'guardian' | 'student' | 'teacher',
  profile: MeFixtureOptions['profile'] = {},
) {
  const spoken: SpeakRequest[] = [];
  const setGuidance = vi.fn();
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Ana', userType, profile }));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider
          value={{ ...SILENT_AUDIO_QUEUE, speak: (r) => void spoken.push(r), setGuidance }}
        >
          {page}
          <Toaster />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { spoken, client, setGuidance };
}

beforeEach(() => {
  family = { children: [], guardians: [], codeExpiresAt: null };
  childReport = REPORT;
  ownFigures = null;
  redeemAnswer = [{ child: MIA }, 201];
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('ReportsPage for a guardian', () => {
  it('follows a reader by code, typed as a person types it, and shows the report', async () => {
    const user = userEvent.setup();
    renderPage(<ReportsPage />, 'guardian');
    expect(await screen.findByText('You do not follow a reader yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: "Your child's code" }), '482 913-775');
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByText("You can now see Mia's progress.")).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({ code: '482913775' });
    const card = await screen.findByRole('region', { name: 'Mia' });
    expect(await within(card).findByText('310L')).toBeInTheDocument();
    expect(within(card).getByText(/42 words correct per minute, 93.5% accuracy/)).toBeInTheDocument();
    expect(
      within(card).getByText(/3 scored readings; on average 45 words correct per minute and 94.2%/),
    ).toBeInTheDocument();
    expect(
      within(card).getByText(
        /Since the reading before: \+6 words correct per minute, \+2.5 percentage points accuracy/,
      ),
    ).toBeInTheDocument();
    const table = within(card).getByRole('table', { name: /Stories read/ });
    expect(within(table).getByRole('rowheader', { name: /The Red Kite/ })).toBeInTheDocument();
    expect(
      within(card).getByText(
        /Letters found in the letter game: 12 of 26\. Words built in the word builder: 7\./,
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('Reading Rookie')).toBeInTheDocument();
    // The deeper report, once a reader is followed (ADR 0053).
    expect(screen.getByRole('link', { name: 'See more in Enhanced Reports' })).toHaveAttribute(
      'href',
      '/enhanced-reports',
    );
  });

  it('says why a code is refused, in words, and never sends a code that cannot be one', async () => {
    const user = userEvent.setup();
    renderPage(<ReportsPage />, 'guardian');
    const field = await screen.findByRole('textbox', { name: "Your child's code" });
    await user.type(field, '482');
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(field).toHaveAccessibleDescription(/A code is 9 digits/);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    redeemAnswer = [{ error: { code: 'link_code_invalid', message: 'That code does not work.' } }, 404];
    await user.clear(field);
    await user.type(field, '482913775');
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/A code works once, for a day/));

    redeemAnswer = [
      {
        error: {
          code: 'rate_limited',
          message: 'Too many codes tried. Please wait 14 minutes and try again.',
        },
      },
      429,
    ];
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Please wait 14 minutes/));
  });

  it('stops following after asking', async () => {
    family = { children: [MIA], guardians: [], codeExpiresAt: null };
    const user = userEvent.setup();
    renderPage(<ReportsPage />, 'guardian');
    await user.click(await screen.findByRole('button', { name: 'Stop following Mia' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop following Mia?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop following' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Mia' })).not.toBeInTheDocument());
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url.endsWith(`/api/family/links/${MIA.linkId}`)),
    ).toBe(true);
  });
});

describe('ReportsPage: Sparky names the next step on My Learning Path (ADR 0052)', () => {
  const K_WORDS: ChildReport['learningPath'] = {
    next: 'words',
    allDone: false,
    steps: [
      { id: 'letters', status: 'done' },
      { id: 'words', status: 'now' },
      { id: 'sounds', status: 'todo' },
      { id: 'reading', status: 'todo' },
      { id: 'assessment', status: 'later' },
      { id: 'goal', status: 'todo' },
    ],
  };

  it('tells a guardian each followed reader’s next step in a grown-up’s words, keeping the page’s lines', async () => {
    family = { children: [{ ...MIA, displayName: 'Ana' }], guardians: [], codeExpiresAt: null };
    childReport = { ...REPORT, child: { ...REPORT.child, displayName: 'Ana' }, learningPath: K_WORDS };
    const { setGuidance, spoken } = renderPage(<ReportsPage />, 'guardian');
    await waitFor(() =>
      expect(setGuidance).toHaveBeenLastCalledWith([
        'This page is for grown-ups. It shows how a child is reading. Next for Ana: building words from letters.',
        "To follow a child, type the code from the child's Profile page.",
      ]),
    );
    // Nothing was set before the next step was known (no first version said and then replaced).
    expect(setGuidance.mock.calls.filter(([lines]) => lines !== null)).toHaveLength(1);
    await waitFor(() => expect(spoken.map((r) => r.text)).toContain(setGuidance.mock.lastCall![0][0]), {
      timeout: 3000,
    });
  });

  it('says when every step is done', async () => {
    family = { children: [MIA], guardians: [], codeExpiresAt: null };
    childReport = { ...REPORT, learningPath: { ...REPORT.learningPath, next: 'reading', allDone: true } };
    const { setGuidance } = renderPage(<ReportsPage />, 'guardian');
    await waitFor(() =>
      expect(setGuidance).toHaveBeenLastCalledWith([
        expect.stringMatching(/reading\. Next for Mia: keep reading stories aloud\.$/),
        REPORTS_GUIDANCE[1],
      ]),
    );
  });

  it('keeps the words said on arrival when a reader is followed later', async () => {
    const user = userEvent.setup();
    const { setGuidance } = renderPage(<ReportsPage />, 'guardian');
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith([...REPORTS_GUIDANCE]));
    await user.type(await screen.findByRole('textbox', { name: "Your child's code" }), '482913775');
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('heading', { name: 'Learning path' })).toBeInTheDocument();
    expect(setGuidance.mock.calls.filter(([lines]) => lines !== null)).toEqual([[[...REPORTS_GUIDANCE]]]);
  });

  it('tells a child on their own account their next step by its screen name', async () => {
    ownFigures = { letters: 26, built: 2 };
    const { setGuidance } = renderPage(<ReportsPage />, 'student', { grade: 'K', age: 5 });
    await waitFor(() =>
      expect(setGuidance).toHaveBeenLastCalledWith([
        'This page is for grown-ups. It shows how a child is reading. Your next step is Word Builder.',
        // A child has no code to type here: they make one on Profile (the page says so too).
        'To let a grown-up see your progress, make a code on your Profile page.',
      ]),
    );
    expect(setGuidance.mock.calls.filter(([lines]) => lines !== null)).toHaveLength(1);
  });

  it('says only the page’s lines to a child whose figures could not be loaded', async () => {
    const { setGuidance } = renderPage(<ReportsPage />, 'student', { grade: 'K', age: 5 });
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith([...READER_REPORTS_GUIDANCE]));
    expect(JSON.stringify(setGuidance.mock.calls)).not.toContain('type the code');
  });
});

describe('ReportsPage when a reader stopped sharing', () => {
  it('says so on the card and reloads the list, and the goals (which went with the link)', async () => {
    family = { children: [{ ...MIA, userId: 'gone-1' }], guardians: [], codeExpiresAt: null };
    const { client } = renderPage(<ReportsPage />, 'guardian');
    client.setQueryData(GOALS_QUERY_KEY, { mine: null, children: [] });
    expect(await screen.findByText('Mia no longer shares their progress with you.')).toHaveAttribute(
      'role',
      'alert',
    );
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/api/family')).length).toBeGreaterThan(1));
    expect(client.getQueryState(GOALS_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it('asks for a refused report once, not again and again, while the list still names the reader', async () => {
    // Two readers: the card and Sparky's guidance both watch each report (the loop needed a second watcher).
    family = {
      children: [{ ...MIA, userId: 'gone-1', displayName: 'Leo' }, MIA],
      guardians: [],
      codeExpiresAt: null,
    };
    const reportCalls = (id: string) => calls.filter((c) => c.url.endsWith(`/children/${id}/report`)).length;
    const listCalls = () => calls.filter((c) => c.url.endsWith('/api/family')).length;
    const { setGuidance } = renderPage(<ReportsPage />, 'guardian');
    expect(await screen.findByText('Leo no longer shares their progress with you.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The list was asked again once; neither report was (asking the refused one again made it pending, then
    // refused again, which asked again).
    expect(listCalls()).toBe(2);
    expect(reportCalls('gone-1')).toBe(1);
    expect(reportCalls('child-1')).toBe(1);
    expect(screen.getByText('Leo no longer shares their progress with you.')).toBeInTheDocument();
    // Sparky names the reader whose report came, once.
    expect(setGuidance.mock.calls.filter(([lines]) => lines !== null)).toHaveLength(1);
    expect(setGuidance.mock.lastCall![0][0]).toContain('Next for Mia:');
    expect(setGuidance.mock.lastCall![0][0]).not.toContain('Leo');
  });

  it('drops the card of a reader who stopped sharing once the list no longer names them', async () => {
    family = {
      children: [{ ...MIA, userId: 'gone-1', displayName: 'Leo' }, MIA],
      guardians: [],
      codeExpiresAt: null,
    };
    // Leo stops sharing once the page has loaded the list: the next list lacks him.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const answer = fakeServer(input, init);
        if (String(input).endsWith('/api/family')) family = { ...family, children: [MIA] };
        return answer;
      }),
    );
    renderPage(<ReportsPage />, 'guardian');
    expect(await screen.findByText('Leo no longer shares their progress with you.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Leo' })).not.toBeInTheDocument());
    expect(screen.queryByText(/Leo no longer shares/)).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Mia', level: 2 })).toBeInTheDocument();
  });
});

describe('change', () => {
  it('signs a change, and calls one that rounds to nothing no change', () => {
    expect(change(6)).toBe('+6');
    expect(change(-2.46, ' percentage points')).toBe('−2.5 percentage points');
    expect(change(0.04)).toBe('no change');
    expect(change(-0.04)).toBe('no change');
  });
});

describe('ReportsPage for a reader', () => {
  it('says what the page is for and sends the reader to Profile', async () => {
    renderPage(<ReportsPage />, 'student');
    expect(screen.getByText(/for a parent or guardian who follows a reader/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile#family');
    // Their own screenings (ADR 0049).
    expect(screen.getByRole('link', { name: 'Screening History' })).toHaveAttribute(
      'href',
      '/screening-history',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('tells a teacher what the page is for, without sending them to a Profile section they do not have', async () => {
    const { setGuidance } = renderPage(<ReportsPage />, 'teacher');
    expect(screen.getByText(/A teacher sees the readers of their classes on/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Student Progress' })).toHaveAttribute(
      'href',
      '/student-progress',
    );
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    // Sparky says the same, not the guardian's "type the code" (a teacher has no code field here).
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith([...OTHER_REPORTS_GUIDANCE]));
    expect(OTHER_REPORTS_GUIDANCE[1]).toBe(
      'A teacher sees the readers of their classes on Student Progress.',
    );
  });
});
