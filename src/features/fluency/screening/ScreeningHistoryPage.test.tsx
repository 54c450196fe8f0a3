/**
 * Screening History (docs/decisions/0049-reading-screening.md): the complete screenings by school year and season,
 * newest first, each with its figures, the band in words and the change since the one before; the empty state;
 * deleting one after asking; what can be said and what Sparky says.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Screening } from '#core/api/screening.ts';
import type { CommandRegistry } from '#voice/command-registry.ts';
import { dismissToast } from '../../../ui/toast-store.ts';
import {
  HISTORY_EMPTY_GUIDANCE,
  HISTORY_GUIDANCE,
  HISTORY_NOT_A_READER_GUIDANCE,
} from './screening.guidance.ts';
import {
  SCORE,
  phrases,
  renderScreening,
  screeningFixture,
  stubScreeningServer,
} from './screening-test-server.tsx';

/** A complete screening of `schoolYear`/`season`, done on `day`, with a median of `wpm`. */
function done(
  id: string,
  day: string,
  schoolYear: number,
  season: Screening['season'],
  grade: string,
  wpm: number,
  band: NonNullable<Screening['score']>['band'],
  p50: number,
): Screening {
  return screeningFixture(
    3,
    { ...SCORE, wpm, band, p50 },
    {
      id,
      startedAt: `${day}T14:00:00.000Z`,
      completedAt: `${day}T14:06:00.000Z`,
      schoolYear,
      season,
      grade,
    },
  );
}

const id = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;
/** Newest first, as GET /api/screenings answers. */
const HISTORY: Screening[] = [
  done(id(4), '2027-01-20', 2026, 'winter', '3', 90, 'expected', 97),
  done(id(3), '2026-11-12', 2026, 'fall', '3', 78, 'expected', 83),
  done(id(2), '2026-10-01', 2026, 'fall', '3', 70, 'expected', 83),
  done(id(1), '2026-04-15', 2025, 'spring', '2', 82.6, 'below', 100),
];

function say(registry: CommandRegistry, phrase: string) {
  const command = registry.active().find((c) => c.phrase === phrase);
  expect(command, `"${phrase}" can be said`).toBeDefined();
  act(() => registry.handlerFor(command!)!(command!.target, command!));
}

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

describe('/screening-history', () => {
  it('lists the screenings by school year and season, newest first, with the change since the one before', async () => {
    stubScreeningServer({ list: HISTORY });
    const { guidance, registry } = renderScreening('/screening-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Screening History' })).toBeInTheDocument();
    const years = await screen.findAllByRole('heading', { level: 2 });
    expect(years.map((h) => h.textContent)).toEqual(['School year 2026–27', 'School year 2025–26']);
    const seasons = screen.getAllByRole('heading', { level: 3 });
    expect(seasons.map((h) => h.textContent)).toEqual(['Winter', 'Fall', 'Spring']);
    const days = screen.getAllByRole('heading', { level: 4 });
    expect(days.map((h) => h.textContent)).toEqual([
      'January 20, 2027',
      'November 12, 2026',
      'October 1, 2026',
      'April 15, 2026',
    ]);

    const fall = screen.getByRole('list', { name: 'Fall' });
    expect(within(fall).getAllByRole('listitem')).toHaveLength(2);
    const winter = screen.getByRole('article', { name: 'January 20, 2027' });
    expect(winter).toHaveTextContent('Grade3');
    expect(winter).toHaveTextContent('90 (the middle of three readings)');
    expect(winter).toHaveTextContent('94.3%');
    expect(winter).toHaveTextContent(
      'Within the expected range (the 50th percentile of grade 3 in winter is 97)',
    );
    expect(winter).toHaveTextContent('12 more words correct per minute than in fall');
    // The same season: the one before by its day.
    expect(screen.getByRole('article', { name: 'November 12, 2026' })).toHaveTextContent(
      '8 more words correct per minute than on October 1, 2026',
    );
    // Another school year: named.
    expect(screen.getByRole('article', { name: 'October 1, 2026' })).toHaveTextContent(
      '13 fewer words correct per minute than in spring 2025–26',
    );
    const first = screen.getByRole('article', { name: 'April 15, 2026' });
    expect(first).toHaveTextContent('First screening');
    expect(first).toHaveTextContent('Below the expected range');
    expect(first).toHaveTextContent('83 (the middle of three readings)');

    await waitFor(() => expect(guidance.at(-1)).toEqual(HISTORY_GUIDANCE));
    expect(phrases(registry)).toEqual(expect.arrayContaining(['start a screening', 'new screening']));
    say(registry, 'start a screening');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/screening'));
  });

  it('deletes a screening after asking, saying its readings stay; focus goes to the next Delete', async () => {
    const server = stubScreeningServer({ list: HISTORY });
    const user = userEvent.setup();
    renderScreening('/screening-history');
    const remove = await screen.findByRole('button', { name: 'Delete the screening of November 12, 2026' });
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this screening?' });
    expect(dialog).toHaveTextContent(
      'The screening of November 12, 2026 will leave Screening History for good. Its readings stay',
    );
    expect(dialog).toHaveTextContent(/Progress Reports/);
    // Focus starts on Cancel, the safe choice.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete the screening' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'November 12, 2026' })).not.toBeInTheDocument(),
    );
    expect(server.calls).toContainEqual({ method: 'DELETE', path: `/api/screenings/${id(3)}` });
    expect(await screen.findByText('Screening deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete the screening of October 1, 2026' })).toHaveFocus(),
    );
    // The change is now against the one before it in what is left.
    expect(screen.getByRole('article', { name: 'January 20, 2027' })).toHaveTextContent(
      '20 more words correct per minute than in fall',
    );
  });

  it('cancelling keeps the screening; a failed delete says so', async () => {
    const server = stubScreeningServer({ list: HISTORY, deleteStatus: 500 });
    const user = userEvent.setup();
    renderScreening('/screening-history');
    await user.click(await screen.findByRole('button', { name: 'Delete the screening of January 20, 2027' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete the screening of January 20, 2027' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete the screening' }),
    );
    expect(await screen.findByText('Could not delete the screening')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'January 20, 2027' })).toBeInTheDocument();
  });

  it('without screenings, says so and links to Reading Screening', async () => {
    stubScreeningServer({ list: [] });
    const { guidance } = renderScreening('/screening-history');
    expect(await screen.findByRole('heading', { level: 2, name: 'No screenings yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a screening' })).toHaveAttribute('href', '/screening');
    await waitFor(() => expect(guidance.at(-1)).toEqual(HISTORY_EMPTY_GUIDANCE));
  });

  it('tells a grown-up it is for readers', async () => {
    stubScreeningServer({ list: { status: 403, code: 'not_a_reader' } });
    const { guidance } = renderScreening('/screening-history');
    expect(
      await screen.findByText(/lists the screenings a child read on their own account/),
    ).toBeInTheDocument();
    await waitFor(() => expect(guidance.at(-1)).toEqual(HISTORY_NOT_A_READER_GUIDANCE));
  });
});
