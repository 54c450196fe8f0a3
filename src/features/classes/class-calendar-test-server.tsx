/**
 * For Class Calendar's tests (docs/decisions/0051-class-calendar.md): a fixed "today" (Wednesday 2 December 2026,
 * through a fake Date only, so timers and user events run as usual), assignments due around it, the class screens'
 * fetch stub (classes-test-server.tsx) with a switch that fails GET /api/assignments, and a render with a voice
 * registry, to say the page's commands.
 */
import { act } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { AssignmentSummary } from '#core/api/assignments.ts';
import type { MeResponse } from '#core/api/account.ts';
import { createCommandRegistry, type CommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { jsonResponse } from '../../test/me-fixture.ts';
import { ClassCalendarPage } from './ClassCalendarPage.tsx';
import {
  BIG_DOG,
  fakeServer,
  installFakeServer,
  KITE_ASSIGNMENT,
  RED_KITE,
  renderClassesPage,
  ROOM_4_ID,
  ROOM_5_ID,
  state,
} from './classes-test-server.tsx';

/** The teacher's today in these tests: a Wednesday. */
export const TODAY = '2026-12-02';

const id = (n: number) => `7c6b5a4d-8e9f-4a0b-9c1d-${String(n).padStart(12, '0')}`;

/** When the readers of these tests joined their class, unless told: well before every due day. */
const JOINED_EARLY = '2026-11-02T12:00:00Z';

/**
 * A story of Room 4 or Room 5, due on `dueOn`, read by `done` of `pupils`; those who have not read it joined at
 * `joined` (one ISO time each; by default all {@link JOINED_EARLY}).
 */
function due(
  n: number,
  story: { id: string; title: string; lexile: number | null; wordCount: number },
  classId: string,
  dueOn: string | null,
  done: number,
  pupils: number,
  joined: string[] = Array.from({ length: pupils - done }, () => JOINED_EARLY),
): AssignmentSummary {
  return {
    ...KITE_ASSIGNMENT,
    id: id(n),
    classId,
    className: classId === ROOM_4_ID ? 'Room 4' : 'Room 5',
    storyId: story.id,
    storyTitle: story.title,
    lexile: story.lexile,
    wordCount: story.wordCount,
    note: null,
    dueOn,
    assignedAt: `2026-11-${String(10 + n).padStart(2, '0')}T09:00:00Z`,
    pupilCount: pupils,
    doneCount: done,
    notReadJoinedAt: joined,
  };
}

/** Room 4 reads The Red Kite by Monday 7 December (1 of 2 have). */
export const KITE_ROOM_4 = due(1, RED_KITE, ROOM_4_ID, '2026-12-07', 1, 2);
/** Room 5 reads The Big Dog by Monday 7 December too (nobody yet). */
export const DOG_ROOM_5 = due(2, BIG_DOG, ROOM_5_ID, '2026-12-07', 0, 1);
/** Room 5 was to read The Red Kite by Monday 30 November, and has not: overdue. */
export const KITE_ROOM_5_LATE = due(3, RED_KITE, ROOM_5_ID, '2026-11-30', 0, 1);
/** Room 4 was to read The Big Dog by Tuesday 1 December, and both readers have: not overdue. */
export const DOG_ROOM_4_DONE = due(4, BIG_DOG, ROOM_4_ID, '2026-12-01', 2, 2);
/** Room 4 reads The Red Kite again by Friday 15 January 2027. */
export const KITE_ROOM_4_JANUARY = due(5, RED_KITE, ROOM_4_ID, '2027-01-15', 0, 2);
/** Room 4 reads The Red Kite with no set day. */
export const KITE_ROOM_4_NO_DAY = due(6, RED_KITE, ROOM_4_ID, null, 1, 2);

/**
 * Not in {@link CALENDAR_ASSIGNMENTS} (a test adds them): Room 5 was to read The Big Dog by Friday 27 November, and
 * its one reader, who has not, joined on Sunday 29 November: nobody is late.
 */
export const DOG_ROOM_5_JOINED_AFTER = due(7, BIG_DOG, ROOM_5_ID, '2026-11-27', 0, 1, [
  '2026-11-29T12:00:00Z',
]);
/**
 * Room 4 was to read The Big Dog by Thursday 26 November: of its two readers, neither has; one was in the class
 * then (late), the other joined on Sunday 29 November (not late).
 */
export const DOG_ROOM_4_ONE_JOINED_AFTER = due(8, BIG_DOG, ROOM_4_ID, '2026-11-26', 0, 2, [
  JOINED_EARLY,
  '2026-11-29T12:00:00Z',
]);

/** Every assignment of these tests, newest first as the server lists them. */
export const CALENDAR_ASSIGNMENTS: AssignmentSummary[] = [
  KITE_ROOM_4_NO_DAY,
  KITE_ROOM_4_JANUARY,
  DOG_ROOM_4_DONE,
  KITE_ROOM_5_LATE,
  DOG_ROOM_5,
  KITE_ROOM_4,
];

/** Switches of the stub beyond the class screens' state. */
export const calendarServer = { failAssignments: false };

/**
 * Installs the class screens' stub with these assignments, GET /api/assignments failing while
 * `calendarServer.failAssignments`, and fixes the date at 10:00 on {@link TODAY} in the machine's time zone.
 */
export function installCalendarServer(): void {
  installFakeServer();
  state.assignments = CALENDAR_ASSIGNMENTS.map((a) => ({ ...a }));
  calendarServer.failAssignments = false;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (calendarServer.failAssignments && path === '/api/assignments')
        return Promise.resolve(jsonResponse({ error: { code: 'internal_error', message: 'Oops' } }, 500));
      return fakeServer(input, init);
    }),
  );
  // Only Date is faked: react-aria's "today" and the page's both read it; timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
  const [y, m, d] = TODAY.split('-').map(Number);
  vi.setSystemTime(new Date(y!, m! - 1, d!, 10, 0));
}

/** Renders Class Calendar at `at`, signed in as a teacher unless `me` says otherwise, with a voice registry. */
export function renderCalendar(at = '/class-calendar', me?: MeResponse) {
  const registry: CommandRegistry = createCommandRegistry({ commands: [] });
  const view = renderClassesPage(
    <VoiceRegistryContext.Provider value={registry}>
      <ClassCalendarPage />
    </VoiceRegistryContext.Provider>,
    { at, pattern: '/class-calendar', ...(me ? { me } : {}) },
  );
  return { ...view, registry };
}

/** Says `phrase`: runs the page's handler of that command, as the voice layer does when it is heard. */
export function say(registry: CommandRegistry, phrase: string): void {
  const command = registry.active().find((c) => c.phrase === phrase);
  expect(command, `"${phrase}" can be said`).toBeDefined();
  act(() => registry.handlerFor(command!)!(command!.target, command!));
}
