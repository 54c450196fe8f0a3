import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadingSession } from '#core/api/reading-sessions.ts';
import { enhancedReportQueryKey } from '../../lib/api/enhanced-reports.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { TestProviders } from '../../test/providers.tsx';
import { DeleteReadingButton, GROWN_UPS_PROGRESS_TITLE, ReadingProgress } from './ReadingProgress.tsx';

const SESSION: ReadingSession = {
  id: '7b0c8a52-5a0e-4d4b-9a55-1d2f3e4a5b6c',
  created_at: '2026-11-20T15:04:00.000Z',
  story_id: null,
  story_title: 'Frog on a Log',
  fluency_score: 55,
  accuracy_percentage: 96,
  wcpm: 61,
  tokens_awarded: 5,
  mode: 'practice',
  reading_seconds: 12,
  has_audio: true,
};

function renderButton(answer: [unknown, number]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(...answer));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestProviders queryClient={queryClient}>
      <DeleteReadingButton session={SESSION} />
    </TestProviders>,
  );
  const deletes = () =>
    fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === 'DELETE' && String(input).includes(SESSION.id),
    );
  return { deletes, queryClient };
}

describe('Deleting one reading (issue #14 item 11)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks first with focus on Cancel, and Escape or Cancel deletes nothing (keyboard only)', async () => {
    const user = userEvent.setup();
    const { deletes } = renderButton([{ deleted: true }, 200]);
    await user.tab();
    const button = screen.getByRole('button', { name: /^Delete the reading of Frog on a Log, / });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this reading?' });
    expect(dialog).toHaveAccessibleDescription(/Frog on a Log .*with its recording.*deleted for good/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Enter on the focused Cancel: nothing is deleted.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(button);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes()).toHaveLength(0);
  });

  it('deletes on confirming, and the outcome is announced', async () => {
    const user = userEvent.setup();
    const { deletes } = renderButton([{ deleted: true }, 200]);
    await user.click(screen.getByRole('button', { name: /^Delete the reading of/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete the reading' }));
    // In the polite live region: screen readers say it.
    expect((await screen.findByText('Reading deleted')).closest('[role="status"]')).not.toBeNull();
    expect(deletes()).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('marks every period of Enhanced Reports stale, so the deleted reading leaves it (ADR 0053)', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderButton([{ deleted: true }, 200]);
    const keys = [enhancedReportQueryKey(null, 'last-4-weeks'), enhancedReportQueryKey(null, 'all')];
    for (const key of keys) queryClient.setQueryData(key, { cached: true });
    await user.click(screen.getByRole('button', { name: /^Delete the reading of/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete the reading' }));
    await screen.findByText('Reading deleted');
    await waitFor(() => {
      for (const key of keys) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    });
  });

  it('says so when the reading could not be deleted', async () => {
    const user = userEvent.setup();
    renderButton([{ error: { code: 'internal_error', message: 'The database did not answer.' } }, 500]);
    await user.click(screen.getByRole('button', { name: /^Delete the reading of/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete the reading' }));
    // Assertive: the failure toast is an alert (the toast region also keeps an assertive live line).
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((alert) => /Reading not deleted.*The database did not answer/.test(alert.textContent ?? '')),
      ).toBe(true),
    );
  });
});

/**
 * Three readings of the history, newest first; the fake server deletes them for real.
 * @param deletedElsewhere the server answers every delete 404, as if the reading had been deleted
 *   in another tab just before (it is gone all the same)
 */
function renderHistory(deletedElsewhere = false) {
  let sessions: ReadingSession[] = ['Frog on a Log', 'The Snail Race', 'The Red Bus'].map((title, i) => ({
    ...SESSION,
    id: `${i + 1}b0c8a52-5a0e-4d4b-9a55-1d2f3e4a5b6c`,
    created_at: `2026-11-2${3 - i}T15:04:00.000Z`,
    story_title: title,
  }));
  // No chart: the chart library is slow to load in jsdom and has no part in this.
  const stats = () => ({
    chart: [],
    averages: { fluency: 55, accuracy: 96, wcpm: 61, sessions: sessions.length },
    recentProgress: null,
    perStory: [],
    streak: 1,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'DELETE') {
        sessions = sessions.filter((s) => !url.includes(s.id));
        return deletedElsewhere
          ? jsonResponse({ error: { code: 'session_not_found', message: 'No such reading session.' } }, 404)
          : jsonResponse({ deleted: true });
      }
      if (url.includes('/api/reading-sessions')) return jsonResponse({ sessions });
      if (url.includes('/api/reading-stats')) return jsonResponse(stats());
      return jsonResponse(meFixture({ hasReadingSessions: sessions.length > 0 }));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestProviders queryClient={queryClient}>
      <ReadingProgress />
    </TestProviders>,
  );
}

describe('Deleting a reading from the history (focus and announcement)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const deleteButton = (title: string) =>
    screen.getByRole('button', { name: new RegExp(`^Delete the reading of ${title}, `) });

  it('moves focus to the next reading, else the one before, else the progress; and says so', async () => {
    const user = userEvent.setup();
    renderHistory();
    await user.click(await screen.findByRole('button', { name: GROWN_UPS_PROGRESS_TITLE }));
    // The middle one: focus goes to the reading that took its place (the next one).
    await user.click(deleteButton('The Snail Race'));
    await user.click(await screen.findByRole('button', { name: 'Delete the reading' }));
    await waitFor(() => expect(screen.queryByText('The Snail Race')).toBeNull());
    await waitFor(() => expect(deleteButton('The Red Bus')).toHaveFocus());
    expect((await screen.findByText('Reading deleted')).closest('[role="status"]')).not.toBeNull();
    // The last one: focus goes to the one before.
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Delete the reading' }));
    await waitFor(() => expect(deleteButton('Frog on a Log')).toHaveFocus());
    // The only one: focus goes to what the progress now says.
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Delete the reading' }));
    await waitFor(() => expect(screen.getByText(/^No readings yet\./)).toHaveFocus());
    expect(document.body).not.toHaveFocus();
  });

  it('takes a reading deleted elsewhere meanwhile as deleted: no failure, and focus moves on', async () => {
    const user = userEvent.setup();
    renderHistory(true);
    await user.click(await screen.findByRole('button', { name: GROWN_UPS_PROGRESS_TITLE }));
    await user.click(deleteButton('The Snail Race'));
    await user.click(await screen.findByRole('button', { name: 'Delete the reading' }));
    await waitFor(() => expect(screen.queryByText('The Snail Race')).toBeNull());
    await waitFor(() => expect(deleteButton('The Red Bus')).toHaveFocus());
    expect((await screen.findByText('Reading deleted')).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(/Reading not deleted/)).toBeNull();
  });
});
