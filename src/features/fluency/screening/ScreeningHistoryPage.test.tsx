/**
 * Screening History (docs/decisions/0049-reading-screening.md): the complete screenings by school year and season,
 * newest first, each with the child's number openly and, for grown-ups behind a disclosure, its figures, the band in
 * words and the change since the one before; grades 7–12 named against grade 6's norms; the empty state;
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

/** What a child could read of the page: a band, a percentile, a comparison (ADR 0049). */
const CHILD_MUST_NOT_SEE = /percentile|expected|below|above|range|fewer/i;

/** The text of `element` a reader sees: without what is hidden (a closed disclosure's panel). */
function visibleText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[hidden], [aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

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
  it('lists the screenings by school year and season, newest first; the band and the change only for grown-ups', async () => {
    stubScreeningServer({ list: HISTORY });
    const user = userEvent.setup();
    const { guidance, registry } = renderScreening('/screening-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Screening History' })).toBeInTheDocument();
    const years = await screen.findAllByRole('heading', { level: 2 });
    expect(years.map((h) => h.textContent)).toEqual([
      'School year 2026–27',
      'School year 2025–26',
      'For grown-ups: about these figures',
    ]);
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
    // The page is in the child's menu: openly, each screening's day and the child's one number, never a band or a
    // percentile (ADR 0049); the Delete buttons too.
    const main = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(visibleText(main)).not.toMatch(CHILD_MUST_NOT_SEE);
    const winter = screen.getByRole('article', { name: 'January 20, 2027' });
    expect(visibleText(winter)).toBe(
      'January 20, 202790 words right in one minuteFor grown-ups: the figures of January 20, 2027Delete the screening of January 20, 2027',
    );
    expect(screen.getByRole('article', { name: 'April 15, 2026' })).toHaveTextContent(
      '83 words right in one minute',
    );
    for (const button of screen.getAllByRole('button', { name: /^Delete the screening of/ }))
      expect(button).toBeVisible();

    // The grown-ups' figures, once opened: grade, the median, accuracy, the band and its sentence, the change.
    await user.click(
      within(winter).getByRole('button', { name: 'For grown-ups: the figures of January 20, 2027' }),
    );
    expect(visibleText(winter)).toMatch(CHILD_MUST_NOT_SEE);
    expect(winter).toHaveTextContent('Grade3');
    expect(winter).toHaveTextContent('90 (the middle of three readings)');
    expect(winter).toHaveTextContent('94.3%');
    expect(winter).toHaveTextContent('Against the normsWithin the expected range');
    expect(
      within(winter).getByText(/^90 words correct per minute is within the expected range/),
    ).toBeVisible();
    expect(winter).toHaveTextContent(
      'within 10 words correct per minute of the middle of winter readers in grade 3 (the 50th percentile is 97).',
    );
    expect(within(winter).getByText('12 more words correct per minute than in fall')).toBeVisible();
    // The others stay closed.
    const november = screen.getByRole('article', { name: 'November 12, 2026' });
    expect(visibleText(november)).not.toMatch(CHILD_MUST_NOT_SEE);
    // The same season: the one before by its day.
    expect(november).toHaveTextContent('8 more words correct per minute than on October 1, 2026');
    // Another school year: named.
    const october = screen.getByRole('article', { name: 'October 1, 2026' });
    await user.click(within(october).getByRole('button', { name: /^For grown-ups/ }));
    expect(
      within(october).getByText('13 fewer words correct per minute than in spring 2025–26'),
    ).toBeVisible();
    const first = screen.getByRole('article', { name: 'April 15, 2026' });
    await user.click(within(first).getByRole('button', { name: /^For grown-ups/ }));
    expect(within(first).getByText('First screening')).toBeVisible();
    expect(first).toHaveTextContent('Below the expected range');
    expect(first).toHaveTextContent('83 (the middle of three readings)');
    expect(
      within(first).getByText(
        '83 words correct per minute is more than 10 words correct per minute under the middle of spring readers in grade 2 (the 50th percentile is 100). Worth listening to Mia read, and more reading practice; a screening is not a diagnosis.',
      ),
    ).toBeVisible();
    // What the figures are, for grown-ups too.
    expect(visibleText(main)).not.toMatch(/Hasbrouck/);
    await user.click(screen.getByRole('button', { name: 'For grown-ups: about these figures' }));
    expect(screen.getByText(/compared with readers of the same grade and season/)).toBeVisible();

    await waitFor(() => expect(guidance.at(-1)).toEqual(HISTORY_GUIDANCE));
    expect(phrases(registry)).toEqual(expect.arrayContaining(['start a screening', 'new screening']));
    say(registry, 'start a screening');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/screening'));
  });

  it("names grades 7–12 against grade 6's norms, the highest published", async () => {
    stubScreeningServer({ list: [done(id(5), '2027-01-20', 2026, 'winter', '8', 140, 'expected', 140)] });
    const user = userEvent.setup();
    renderScreening('/screening-history');
    const entry = await screen.findByRole('article', { name: 'January 20, 2027' });
    await user.click(within(entry).getByRole('button', { name: /^For grown-ups/ }));
    expect(entry).toHaveTextContent('Grade8');
    expect(
      within(entry).getByText(
        '140 words correct per minute is within the expected range: within 10 words correct per minute of the middle of winter readers in grade 6 (the highest grade with published norms; this reader is in grade 8) (the 50th percentile is 140).',
      ),
    ).toBeVisible();
    expect(entry).not.toHaveTextContent(/grade 8 in winter/);
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
