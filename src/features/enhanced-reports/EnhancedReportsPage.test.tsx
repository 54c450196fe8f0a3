/**
 * /enhanced-reports against a fetch stub that answers like the server (core/api/enhanced-reports.ts): a guardian
 * sees one section per followed reader with the figures as text and tables; the period is chosen by radio, by
 * voice (only while the choice is shown) and kept in the address; a reader sees their own, in plain words; a reader
 * no longer followed is said; each failed report has its own retry; a teacher is sent to the class screens, and a
 * teacher whose profile is a reader's sees their own report too; Sparky's lines by viewer.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import type { EnhancedPeriod, EnhancedReport } from '#core/api/enhanced-reports.ts';
import type { Family } from '#core/api/family.ts';
import { createCommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { AriaRouterProvider } from '../../app/AriaRouterProvider.tsx';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { FAMILY_QUERY_KEY } from '../../lib/api/family.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { EnhancedReportsPage } from './EnhancedReportsPage.tsx';
import {
  ENHANCED_GUARDIAN_GUIDANCE,
  ENHANCED_NO_CHILD_GUIDANCE,
  ENHANCED_READER_GUIDANCE,
  ENHANCED_TEACHER_GUIDANCE,
} from './enhanced-reports.guidance.ts';
import { changeText, dayText, errorsText, minutesText, paceText } from './enhanced-reports-text.ts';

const MIA = {
  linkId: '7b0c8a52-4a8e-4f0f-9d55-0e4a3c1b2a01',
  userId: 'child-1',
  displayName: 'Mia',
  linkedAt: '2026-11-20T10:00:00Z',
};
const LEO = { ...MIA, linkId: '7b0c8a52-4a8e-4f0f-9d55-0e4a3c1b2a02', userId: 'child-2', displayName: 'Leo' };

function reportFor(userId: string, name: string, period: EnhancedPeriod): EnhancedReport {
  return {
    reader: { userId, displayName: name, grade: '2', expectedWpm: 70 },
    period,
    today: '2026-11-29',
    firstDay: period === 'last-4-weeks' ? '2026-11-02' : '2026-09-07',
    totals: { readings: 3, secondsRead: 95.5, medianWpm: 60, medianAccuracy: 90 },
    weeks: [
      { weekStart: '2026-11-02', readings: 0, secondsRead: 0, medianWpm: null, medianAccuracy: null },
      { weekStart: '2026-11-09', readings: 1, secondsRead: 20, medianWpm: 40, medianAccuracy: 80 },
      { weekStart: '2026-11-16', readings: 0, secondsRead: 0, medianWpm: null, medianAccuracy: null },
      { weekStart: '2026-11-23', readings: 2, secondsRead: 75.5, medianWpm: 65, medianAccuracy: 93 },
    ],
    miscues: {
      wordsReached: 200,
      substitutions: 3,
      omissions: 2,
      longPauses: 1,
      insertions: 1,
      selfCorrections: 4,
      repetitions: 1,
    },
    wordsToPractise: [
      { word: 'dog', count: 3 },
      { word: 'Sam', count: 1 },
    ],
    capped: false,
  };
}

let family: Family;
const calls: string[] = [];

function fakeServer(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  calls.push(`${url.pathname}${url.search}`);
  const period = (url.searchParams.get('period') ?? 'last-4-weeks') as EnhancedPeriod;
  if (url.pathname === '/api/family') return Promise.resolve(jsonResponse(family));
  if (url.pathname === '/api/reports/enhanced')
    return Promise.resolve(jsonResponse(reportFor('user-1', 'Ana', period)));
  const child = /^\/api\/family\/children\/([^/]+)\/enhanced-report$/.exec(url.pathname);
  // A reader whose id starts with "gone" stopped sharing: 404, as the server answers.
  const person = family.children.find(
    (c) => c.userId === decodeURIComponent(child?.[1] ?? '') && !c.userId.startsWith('gone'),
  );
  // A reader whose id starts with "fail" cannot be loaded just now: 500.
  if (person?.userId.startsWith('fail'))
    return Promise.resolve(jsonResponse({ error: { code: 'internal_error', message: 'Down' } }, 500));
  if (child && person)
    return Promise.resolve(jsonResponse(reportFor(person.userId, person.displayName, period)));
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

/** The address now, shown for the test to read. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderPage(me: MeResponse, at = '/enhanced-reports') {
  const setGuidance = vi.fn();
  const registry = createCommandRegistry({ commands: [] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(ME_QUERY_KEY, me);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <AriaRouterProvider>
          <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, setGuidance }}>
            <VoiceRegistryContext.Provider value={registry}>
              <EnhancedReportsPage />
              <Where />
            </VoiceRegistryContext.Provider>
          </AudioQueueContext.Provider>
        </AriaRouterProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { setGuidance, registry, client };
}

beforeEach(() => {
  family = { children: [MIA, LEO], guardians: [], codeExpiresAt: null };
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => vi.unstubAllGlobals());

const guardianMe = () => meFixture({ name: 'Dad', userType: 'guardian' });

describe('EnhancedReportsPage for a guardian', () => {
  it('shows one section per followed reader, every figure as text or a table', async () => {
    const { setGuidance } = renderPage(guardianMe());
    expect(screen.getByRole('heading', { level: 1, name: 'Enhanced Reports' })).toBeInTheDocument();
    const mia = await screen.findByRole('region', { name: 'Mia' });
    expect(await screen.findByRole('region', { name: 'Leo' })).toBeInTheDocument();
    expect(
      await within(mia).findByText(`In the last 4 weeks (from ${dayText('2026-11-02')}):`),
    ).toBeInTheDocument();
    expect(within(mia).getByText('2 minutes')).toBeInTheDocument();
    expect(
      within(mia).getByText("Sparky's guide for grade 2 is 70 words correct per minute."),
    ).toBeInTheDocument();
    expect(
      within(mia).getByText(
        'Mia read 60 words correct per minute (the middle of the readings). 10 more words correct per minute to reach the guide.',
      ),
    ).toBeInTheDocument();

    const weeks = within(mia).getByRole('table', { name: /Each week/ });
    const rows = within(weeks).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[4]!).getByRole('rowheader')).toHaveTextContent(`Week of ${dayText('2026-11-23')}`);
    expect(rows[4]).toHaveTextContent(/2.*1.*65.*93%/);
    // The empty week says nothing was read, with dashes, not a blank.
    expect(rows[1]).toHaveTextContent(/0.*0.*—.*—/);
    // The bars repeat the numbers and are hidden from screen readers.
    for (const bar of mia.querySelectorAll('.enhanced-bar'))
      expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(
      within(mia).getByText(
        `From the week of ${dayText('2026-11-09')} to the week of ${dayText('2026-11-23')}: 25 more words correct per minute.`,
      ),
    ).toBeInTheDocument();

    const miscues = within(mia).getByRole('table', { name: /Miscues by kind/ });
    const selfCorrections = within(miscues).getByRole('row', { name: /Self-corrections/ });
    expect(selfCorrections).toHaveTextContent(/4.*counts as read right.*No/);
    expect(within(miscues).getByRole('row', { name: /Substitutions/ })).toHaveTextContent(/3.*Yes/);
    // A word read after a long pause is an error in a reading check, as the scorer counts it.
    expect(within(miscues).getByRole('row', { name: /Long pause \(in a reading check\)/ })).toHaveTextContent(
      /1.*more than 3 seconds.*Yes/,
    );
    expect(within(mia).getByText('6 errors in 200 words read (3%).')).toBeInTheDocument();
    expect(
      within(mia).getByText(/so is a word read after a pause of more than 3 seconds/),
    ).toBeInTheDocument();
    expect(within(mia).queryByText(/Only substitutions and omissions/)).not.toBeInTheDocument();

    const words = within(mia).getByRole('list', { name: 'Words to practise' });
    expect(
      within(words)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['dog: an error in 3 readings', 'Sam: an error in 1 reading']);
    expect(screen.getByRole('link', { name: 'Progress Reports' })).toHaveAttribute('href', '/reports');
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith(ENHANCED_GUARDIAN_GUIDANCE));
  });

  it('changes the period by radio and by voice, keeps it in the address, and asks for it', async () => {
    const user = userEvent.setup();
    const { registry } = renderPage(guardianMe());
    const mia = await screen.findByRole('region', { name: 'Mia' });
    await within(mia).findByRole('table', { name: /Each week/ });
    expect(calls).toContain('/api/family/children/child-1/enhanced-report?period=last-4-weeks');

    await user.click(screen.getByRole('radio', { name: 'Last 12 weeks' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/enhanced-reports?period=last-12-weeks');
    await waitFor(() =>
      expect(calls).toContain('/api/family/children/child-2/enhanced-report?period=last-12-weeks'),
    );
    expect(
      await within(mia).findByText(`In the last 12 weeks (from ${dayText('2026-09-07')}):`),
    ).toBeInTheDocument();

    const said = registry.active().find((c) => c.phrase === 'all readings')!;
    act(() => registry.handlerFor(said)!(said.target, said));
    expect(screen.getByTestId('where')).toHaveTextContent('/enhanced-reports?period=all');
    expect(screen.getByRole('radio', { name: 'All readings' })).toBeChecked();
    await waitFor(() => expect(calls).toContain('/api/family/children/child-1/enhanced-report?period=all'));
  });

  it('opens on the period in the address', async () => {
    renderPage(guardianMe(), '/enhanced-reports?period=last-12-weeks');
    expect(await screen.findByRole('radio', { name: 'Last 12 weeks' })).toBeChecked();
    await waitFor(() =>
      expect(calls).toContain('/api/family/children/child-1/enhanced-report?period=last-12-weeks'),
    );
  });

  it('ignores a period in the address that it does not know', async () => {
    renderPage(guardianMe(), '/enhanced-reports?period=forever');
    expect(await screen.findByRole('radio', { name: 'Last 4 weeks' })).toBeChecked();
    await waitFor(() =>
      expect(calls).toContain('/api/family/children/child-1/enhanced-report?period=last-4-weeks'),
    );
    expect(calls.some((c) => c.includes('forever'))).toBe(false);
  });

  it('says when a reader stopped sharing, and reloads the list', async () => {
    family = { children: [{ ...MIA, userId: 'gone-1' }], guardians: [], codeExpiresAt: null };
    const { client } = renderPage(guardianMe());
    expect(await screen.findByText('Mia no longer shares their progress with you.')).toHaveAttribute(
      'role',
      'alert',
    );
    await waitFor(() => expect(calls.filter((c) => c === '/api/family').length).toBeGreaterThan(1));
    expect(client.getQueryState(FAMILY_QUERY_KEY)).toBeDefined();
  });

  it('gives each reader whose report failed their own retry, with a picture and a name of its own', async () => {
    const user = userEvent.setup();
    family = {
      children: [
        { ...MIA, userId: 'fail-1' },
        { ...LEO, userId: 'fail-2' },
      ],
      guardians: [],
      codeExpiresAt: null,
    };
    renderPage(guardianMe());
    const mia = await screen.findByRole('button', { name: 'Try again for Mia' });
    const leo = screen.getByRole('button', { name: 'Try again for Leo' });
    for (const button of [mia, leo]) expect(button.querySelector('svg')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    const asked = () => calls.filter((c) => c.startsWith('/api/family/children/fail-2/')).length;
    const before = asked();
    await user.click(leo);
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(calls.filter((c) => c.startsWith('/api/family/children/fail-1/'))).toHaveLength(before);
  });

  it('tells a guardian who follows nobody where to start', async () => {
    family = { children: [], guardians: [], codeExpiresAt: null };
    const { setGuidance } = renderPage(guardianMe());
    expect(await screen.findByText(/You do not follow a reader yet/)).toBeInTheDocument();
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith(ENHANCED_NO_CHILD_GUIDANCE));
  });
});

describe('EnhancedReportsPage for a reader and a teacher', () => {
  it('shows a reader their own report, in their words', async () => {
    const { setGuidance } = renderPage(meFixture({ name: 'Ana', userType: 'student' }));
    const own = await screen.findByRole('region', { name: 'Your reading' });
    expect(
      await within(own).findByText(
        "You read 60 words right in a minute (your middle reading). 10 more words to reach Sparky's guide.",
      ),
    ).toBeInTheDocument();
    expect(within(own).getByRole('heading', { name: 'Your pace' })).toBeInTheDocument();
    // Plain words, not the grown-ups' terms.
    expect(
      within(own)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toContain('Words right in a minute (the middle reading)');
    const mistakes = within(own).getByRole('table', { name: /Your mistakes and fixes/ });
    expect(within(mistakes).getByRole('row', { name: /Words read wrong/ })).toHaveTextContent(/3.*Yes/);
    expect(within(mistakes).getByRole('row', { name: /Words skipped/ })).toHaveTextContent(/2.*Yes/);
    expect(within(own).getByText('6 mistakes in 200 words read (3%).')).toBeInTheDocument();
    expect(own).not.toHaveTextContent(/median|miscue|substitution|omission/i);
    expect(within(own).getByRole('list', { name: 'Words to practise' })).toHaveTextContent(
      'dog: hard in 3 readings',
    );
    expect(calls).toContain('/api/reports/enhanced?period=last-4-weeks');
    expect(calls).not.toContain('/api/family');
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith(ENHANCED_READER_GUIDANCE));
  });

  it('sends a teacher to the class screens, asking for no report and offering no period', async () => {
    const { setGuidance, registry } = renderPage(meFixture({ name: 'Ms Rivera', userType: 'teacher' }));
    expect(screen.getByRole('link', { name: 'Class Analytics' })).toHaveAttribute('href', '/class-analytics');
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith(ENHANCED_TEACHER_GUIDANCE));
    expect(calls.filter((c) => c !== '/api/me')).toEqual([]);
    // No period choice shown, so no period to say.
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(registry.active().map((c) => c.phrase)).not.toContain('all readings');
  });

  it('shows a teacher whose profile is a reader’s their own report, and where their classes are', async () => {
    const { setGuidance, registry } = renderPage(
      meFixture({ name: 'Mr Okafor', userType: 'student', roles: ['teacher'] }),
    );
    const own = await screen.findByRole('region', { name: 'Your reading' });
    expect(await within(own).findByRole('table', { name: /Each week/ })).toBeInTheDocument();
    expect(calls).toContain('/api/reports/enhanced?period=last-4-weeks');
    expect(calls).not.toContain('/api/family');
    const classes = screen.getByRole('region', { name: 'Your classes' });
    expect(within(classes).getByRole('link', { name: 'Class Analytics' })).toHaveAttribute(
      'href',
      '/class-analytics',
    );
    expect(registry.active().map((c) => c.phrase)).toContain('all readings');
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith(ENHANCED_READER_GUIDANCE));
  });
});

describe('enhanced-reports-text', () => {
  const report = reportFor('c', 'Mia', 'last-4-weeks');
  it('says minutes, pace, change and errors in words', () => {
    expect(minutesText(0)).toBe('no time');
    expect(minutesText(20)).toBe('less than a minute');
    expect(minutesText(75)).toBe('1 minute');
    expect(minutesText(95.5)).toBe('2 minutes');
    expect(paceText({ ...report, totals: { ...report.totals, medianWpm: 70 } }, true, '')).toMatch(
      /at or above Sparky's guide/,
    );
    expect(paceText({ ...report, totals: { ...report.totals, medianWpm: null } }, true, '')).toBeNull();
    expect(changeText(report.weeks.slice(0, 2))).toBeNull();
    expect(changeText([{ ...report.weeks[1]! }, { ...report.weeks[3]!, medianWpm: 39 }])).toMatch(
      /1 fewer word correct per minute\.$/,
    );
    expect(errorsText({ ...report, miscues: { ...report.miscues, wordsReached: 0 } })).toBeNull();
    expect(
      errorsText({
        ...report,
        miscues: { ...report.miscues, substitutions: 0, omissions: 0, longPauses: 0 },
      }),
    ).toBe('No errors in 200 words read.');
    expect(
      errorsText(
        { ...report, miscues: { ...report.miscues, substitutions: 0, omissions: 0, longPauses: 1 } },
        true,
      ),
    ).toBe('1 mistake in 200 words read (0.5%).');
  });
});
