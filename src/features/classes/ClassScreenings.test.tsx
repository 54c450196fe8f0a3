import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassScreening, ClassScreenings as ClassScreeningsData } from '#core/api/class-analytics.ts';
import { jsonResponse } from '../../test/me-fixture.ts';
import { ClassScreenings, screeningSummary } from './ClassScreenings.tsx';
import { MIA, LEO, ROOM_4_ID, renderClassesPage } from './classes-test-server.tsx';

const winter: ClassScreening = {
  id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  completedAt: '2027-01-12T10:00:00Z',
  schoolYear: 2026,
  season: 'winter',
  grade: '2',
  wpm: 61.4,
  accuracy: 95.5,
  band: 'below',
  p50: 72,
};
const fall: ClassScreening = {
  ...winter,
  id: '8a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  completedAt: '2026-10-01T10:00:00Z',
  season: 'fall',
  wpm: 49,
  band: 'expected',
  p50: 50,
};

const DATA: ClassScreeningsData = {
  class: { id: ROOM_4_ID, name: 'Room 4', grade: '2' },
  readers: [
    { userId: LEO.userId, displayName: 'Leo', screenings: [] },
    { userId: MIA.userId, displayName: 'Mia', screenings: [winter, fall] },
  ],
};

let answer: () => Response;
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  answer = () => jsonResponse(DATA);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      asked.push(url.pathname + url.search);
      return Promise.resolve(answer());
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const show = () =>
  renderClassesPage(<ClassScreenings classId={ROOM_4_ID} />, {
    at: '/class-analytics',
    pattern: '/class-analytics',
  });

describe('ClassScreenings', () => {
  it("shows each reader's latest screening, the band in words and the change since the one before", async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Latest Reading Screening of each reader' });
    expect(asked).toEqual([`/api/classes/${ROOM_4_ID}/screenings`]);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Leo');
    expect(rows[1]).toHaveTextContent('No screening yet');
    const mia = rows[2]!;
    expect(within(mia).getByRole('link', { name: 'Mia' })).toHaveAttribute(
      'href',
      `/student-progress/${MIA.userId}`,
    );
    expect(mia).toHaveTextContent('Winter 2026–27, January 12, 2027');
    expect(mia).toHaveTextContent('61');
    expect(mia).toHaveTextContent('95.5%');
    expect(mia).toHaveTextContent("Below the expected range (grade 2's 50th percentile: 72)");
    expect(mia).toHaveTextContent('12 more words correct per minute than in fall');
    expect(
      screen.getByText('1 of 2 readers have a screening; 1 is below the expected range in their latest.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reading Screening' })).toHaveTextContent('not a diagnosis');
  });

  it('says when nobody has one, and when the class is empty', async () => {
    answer = () => jsonResponse({ ...DATA, readers: [DATA.readers[0]] });
    const view = show();
    expect(
      await screen.findByText('No reader of this class has a screening started since joining it.'),
    ).toBeInTheDocument();
    view.unmount();
    answer = () => jsonResponse({ ...DATA, readers: [] });
    show();
    expect(await screen.findByText('No readers are in this class yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when they cannot be loaded', async () => {
    answer = () => jsonResponse({ code: 'internal', message: 'no' }, 500);
    show();
    const sorry = await screen.findByText("Sorry, the class's screenings could not be loaded.");
    const alert = sorry.closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toBeNull();
    answer = () => jsonResponse(DATA);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try the screenings again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('sums up the latest screenings', () => {
    expect(screeningSummary({ ...DATA, readers: [] })).toBeNull();
    expect(
      screeningSummary({ ...DATA, readers: [{ userId: 'a', displayName: 'A', screenings: [fall] }] }),
    ).toBe('1 of 1 reader has a screening; none is below the expected range in their latest.');
  });
});
