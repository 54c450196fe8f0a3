/**
 * For Class Analytics' and Student Reports' tests: a fetch stub that answers GET /api/classes/:classId/analytics like
 * server/routes/class-analytics (core/api/class-analytics.ts) from fixtures dated from today, and hands every other
 * request to the classes' stub (classes-test-server.tsx: the class list, a 403 for everything); and a render with the
 * query client, router, audio queue and a voice command registry.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import type {
  ClassAnalytics,
  ClassAssignmentFigures,
  ClassScreenings,
  ReaderFigures,
} from '#core/api/class-analytics.ts';
import { addDays } from '#core/time/calendar-day.ts';
import { createCommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import { AriaRouterProvider } from '../../app/AriaRouterProvider.tsx';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { fakeServer, resetState, ROOM_4_ID, ROOM_5_ID, state } from './classes-test-server.tsx';
import { localDay } from './assignment-links.ts';

/** The teacher's local day the fixtures are dated from. */
export const TODAY = localDay();
/** `n` days before {@link TODAY} (YYYY-MM-DD). */
export const daysAgo = (n: number) => addDays(TODAY, -n);
/** Noon UTC of `n` days ago: the same local day in every time zone within ±11 hours. */
const at = (n: number) => `${daysAgo(n)}T12:00:00.000Z`;

const uuid = (n: number) => `7c6b5a4d-8e9f-4a0b-9c1d-${String(n).padStart(12, '0')}`;

export const MITTEN_ID = uuid(1);
export const KITE_ID = uuid(2);
export const DOG_ID = uuid(3);
export const FROG_ID = uuid(4);

function assignment(
  id: string,
  storyTitle: string,
  setDaysAgo: number,
  dueDaysAgo: number | null,
  figures: Pick<ClassAssignmentFigures, 'pupilCount' | 'doneCount' | 'medianWpm' | 'medianAccuracy'>,
): ClassAssignmentFigures {
  return {
    id,
    storyId: uuid(100 + Number(id.slice(-2))),
    storyTitle,
    wordCount: 120,
    dueOn: dueDaysAgo === null ? null : daysAgo(dueDaysAgo),
    assignedAt: at(setDaysAgo),
    ...figures,
  };
}

/** Room 4's stories, oldest set first: two set over four weeks ago, the Frog Pond due in five days. */
export const ROOM_4_ASSIGNMENTS: ClassAssignmentFigures[] = [
  assignment(MITTEN_ID, 'The Lost Mitten', 40, 35, {
    pupilCount: 4,
    doneCount: 2,
    medianWpm: 38,
    medianAccuracy: 92,
  }),
  assignment(KITE_ID, 'The Red Kite', 20, 10, {
    pupilCount: 4,
    doneCount: 2,
    medianWpm: 40,
    medianAccuracy: 90,
  }),
  assignment(DOG_ID, 'The Big Dog', 5, 1, { pupilCount: 4, doneCount: 3, medianWpm: 44, medianAccuracy: 96 }),
  assignment(FROG_ID, 'Frog Pond', 2, -5, {
    pupilCount: 4,
    doneCount: 0,
    medianWpm: null,
    medianAccuracy: null,
  }),
];

function point(assignmentId: string, readDaysAgo: number, wpm: number, accuracy: number, unsureCount = 0) {
  return {
    assignmentId,
    readingId: uuid(200 + readDaysAgo),
    at: at(readDaysAgo),
    wpm,
    accuracy,
    unsureCount,
  };
}

/**
 * Room 4's readers: Mia reads every story and gets faster (40 → 52); Leo reads them all but his latest accuracy is
 * 86% (may need help); Ava read only the Big Dog, so two stories are past due (may need help, since the class
 * began; only one in the last 4 weeks); Sam joined three days ago: only the Big Dog was due since then. Mia's latest
 * reading has two words to check.
 */
export const ROOM_4_READERS: ReaderFigures[] = [
  {
    userId: 'pupil-ava',
    displayName: 'Ava',
    grade: '2',
    joinedAt: at(60),
    points: [point(DOG_ID, 3, 44.4, 97)],
    wordsToPractise: [],
  },
  {
    userId: 'pupil-leo',
    displayName: 'Leo',
    grade: '2',
    joinedAt: at(60),
    points: [point(MITTEN_ID, 36, 35, 91), point(KITE_ID, 12, 32, 85), point(DOG_ID, 2, 30, 86)],
    wordsToPractise: [
      { word: 'kite', count: 2 },
      { word: 'mitten', count: 1 },
    ],
  },
  {
    userId: 'pupil-mia',
    displayName: 'Mia',
    grade: '2',
    joinedAt: at(60),
    points: [point(MITTEN_ID, 38, 40, 92), point(KITE_ID, 15, 47.6, 95.25), point(DOG_ID, 4, 52, 96, 2)],
    wordsToPractise: [
      { word: 'kite', count: 1 },
      { word: 'high', count: 1 },
    ],
  },
  { userId: 'pupil-sam', displayName: 'Sam', grade: '2', joinedAt: at(3), points: [], wordsToPractise: [] },
];

/** Room 5: one story set long ago, due long ago, that its one reader has not read. */
export const ROOM_5_ASSIGNMENTS: ClassAssignmentFigures[] = [
  assignment(uuid(5), 'The Lost Mitten', 40, 30, {
    pupilCount: 1,
    doneCount: 0,
    medianWpm: null,
    medianAccuracy: null,
  }),
];

/** The fake analytics endpoint's state; tests change it before rendering. */
export interface FakeAnalyticsState {
  /** Every class's whole figures (all its assignments and readers), by class id; the period is applied on asking. */
  byClass: Record<string, ClassAnalytics>;
  /** An answer every analytics request gets instead (a 500, a 403). */
  refuse: [unknown, number] | null;
}

export let analytics: FakeAnalyticsState;
/** Every analytics request, with its query. */
export const analyticsCalls: { classId: string; from: string | null; to: string | null }[] = [];
/** Every request the page sent, of any kind (to see that a note never leaves the browser). */
export const allRequests: { method: string; url: string; body: string | null }[] = [];

/** A fresh state: the classes' stub's (Room 4, Room 5) and these figures. */
export function resetAnalytics(): void {
  resetState();
  analytics = {
    byClass: {
      [ROOM_4_ID]: {
        class: { id: ROOM_4_ID, name: 'Room 4', grade: '2' },
        from: null,
        to: null,
        assignments: ROOM_4_ASSIGNMENTS.map((a) => ({ ...a })),
        readers: ROOM_4_READERS.map((r) => ({ ...r })),
        wordsToTeach: [
          { word: 'kite', count: 2 },
          { word: 'high', count: 1 },
          { word: 'mitten', count: 1 },
        ],
      },
      [ROOM_5_ID]: {
        class: { id: ROOM_5_ID, name: 'Room 5', grade: null },
        from: null,
        to: null,
        assignments: ROOM_5_ASSIGNMENTS.map((a) => ({ ...a })),
        readers: [{ ...ROOM_4_READERS[2]!, points: [], wordsToPractise: [] }],
        wordsToTeach: [],
      },
    },
    refuse: null,
  };
  analyticsCalls.length = 0;
  allRequests.length = 0;
}

/** GET /api/classes/:classId/analytics: the class's figures for the assignments set from `from` to `to` (UTC days). */
function figuresFor(classId: string, url: URL): Response {
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  analyticsCalls.push({ classId, from, to });
  if (state.refuseAll) return jsonResponse(...state.refuseAll);
  if (analytics.refuse) return jsonResponse(...analytics.refuse);
  const whole = analytics.byClass[classId];
  if (!whole || !state.classes.some((c) => c.id === classId))
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  const inPeriod = (a: ClassAssignmentFigures) =>
    (from === null || a.assignedAt.slice(0, 10) >= from) && (to === null || a.assignedAt.slice(0, 10) <= to);
  const assignments = whole.assignments.filter(inPeriod);
  const ids = new Set(assignments.map((a) => a.id));
  const figures: ClassAnalytics = {
    ...whole,
    from,
    to,
    assignments,
    readers: whole.readers.map((r) => ({ ...r, points: r.points.filter((p) => ids.has(p.assignmentId)) })),
  };
  return jsonResponse(figures);
}

/**
 * GET /api/classes/:classId/screenings: the class's readers with a winter screening for Mia (ClassScreenings.tsx;
 * its own tests check its content).
 */
function screeningsFor(classId: string): Response {
  if (state.refuseAll) return jsonResponse(...state.refuseAll);
  const whole = analytics.byClass[classId];
  if (!whole || !state.classes.some((c) => c.id === classId))
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  const screenings: ClassScreenings = {
    class: whole.class,
    readers: whole.readers.map((r) => ({
      userId: r.userId,
      displayName: r.displayName,
      screenings:
        r.displayName === 'Mia'
          ? [
              {
                id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
                completedAt: `${TODAY}T10:00:00Z`,
                schoolYear: 2026,
                season: 'winter',
                grade: '2',
                wpm: 61,
                accuracy: 96,
                band: 'below',
                p50: 72,
              },
            ]
          : [],
    })),
  };
  return jsonResponse(screenings);
}

/** The fetch stub: the analytics endpoint here, everything else as the classes' stub answers it. */
export function fakeAnalyticsServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  allRequests.push({ method, url: url.href, body: init?.body ? String(init.body) : null });
  const match = /^\/api\/classes\/([^/]+)\/analytics$/.exec(url.pathname);
  if (match && method === 'GET') return Promise.resolve(figuresFor(decodeURIComponent(match[1]!), url));
  const screened = /^\/api\/classes\/([^/]+)\/screenings$/.exec(url.pathname);
  if (screened && method === 'GET') return Promise.resolve(screeningsFor(decodeURIComponent(screened[1]!)));
  return fakeServer(input, init);
}

/** Installs the fetch stub with a fresh state (call in beforeEach). */
export function installFakeAnalyticsServer(): void {
  resetAnalytics();
  vi.stubGlobal('fetch', vi.fn(fakeAnalyticsServer));
}

/** Shows where the page is, to see where a choice or a link led. */
function Where() {
  const location = useLocation();
  return (
    <p data-testid="where" data-search={location.search}>
      {location.pathname}
    </p>
  );
}

/**
 * Renders `page` at `at` under its route `pattern`, signed in as a teacher (Ms Rivera) unless told otherwise, with a
 * voice command registry. Answers what Sparky was asked to say, the guidance set, the registry and the client.
 */
export function renderFiguresPage(
  page: ReactNode,
  { at: url, pattern, me }: { at: string; pattern: string; me?: MeResponse },
) {
  const spoken: string[] = [];
  const setGuidance = vi.fn();
  const registry = createCommandRegistry({ commands: [] });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(ME_QUERY_KEY, me ?? meFixture({ name: 'Ms Rivera', userType: 'teacher' }));
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AriaRouterProvider>
          <AudioQueueContext.Provider
            value={{ ...SILENT_AUDIO_QUEUE, setGuidance, speak: (r) => void spoken.push(r.text) }}
          >
            <VoiceRegistryContext.Provider value={registry}>
              <Routes>
                <Route path={pattern} element={page} />
                <Route path="*" element={null} />
              </Routes>
              <Where />
            </VoiceRegistryContext.Provider>
          </AudioQueueContext.Provider>
        </AriaRouterProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, spoken, setGuidance, registry, client };
}
