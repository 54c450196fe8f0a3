/**
 * For the class screens' tests: a fetch stub that answers like server/routes/classes (core/api/classes.ts) from a
 * small in-memory state, and a render with the query client, router, audio queue and toasts the pages need.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import type {
  AssignmentDetail,
  AssignmentReading,
  AssignmentResult,
  AssignmentSummary,
} from '#core/api/assignments.ts';
import type { ClassDetail, ClassSummary, PupilList, PupilReport, PupilSummary } from '#core/api/classes.ts';
import type { StoryDetail, StorySummary } from '#core/api/stories.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import { AriaRouterProvider } from '../../app/AriaRouterProvider.tsx';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';

export const ROOM_4_ID = '0b9a4f2e-1c3d-4e5f-8a7b-6c5d4e3f2a10';
export const ROOM_5_ID = '1c0b5a3f-2d4e-4f6a-9b8c-7d6e5f4a3b21';

export const ROOM_4: ClassSummary = {
  id: ROOM_4_ID,
  name: 'Room 4',
  grade: '2',
  pupilCount: 2,
  code: { code: '482913', expiresAt: '2026-11-27T15:15:00Z' },
  createdAt: '2026-11-20T09:00:00Z',
};

export const ROOM_5: ClassSummary = {
  id: ROOM_5_ID,
  name: 'Room 5',
  grade: null,
  pupilCount: 1,
  code: null,
  createdAt: '2026-11-21T09:00:00Z',
};

export const MIA: PupilSummary = {
  userId: 'pupil-mia',
  displayName: 'Mia',
  grade: '2',
  lexileLevel: 310,
  joinedAt: '2026-11-20T10:00:00Z',
  lastReadingAt: '2026-11-24T10:00:00Z',
  lastWpm: 47.6,
  lastAccuracy: 95.25,
  readingsThisWeek: 3,
};

export const LEO: PupilSummary = {
  userId: 'pupil-leo',
  displayName: 'Leo',
  grade: '2',
  lexileLevel: null,
  joinedAt: '2026-11-21T10:00:00Z',
  lastReadingAt: null,
  lastWpm: null,
  lastAccuracy: null,
  readingsThisWeek: 0,
};

export const MIA_REPORT: PupilReport = {
  child: {
    userId: 'pupil-mia',
    displayName: 'Mia',
    grade: '2',
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
  // A second-grader whose check went well and who has read 3 stories: a goal is next (ADR 0052).
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
  achievements: [],
  classes: [{ id: ROOM_4_ID, name: 'Room 4' }],
};

export const RED_KITE: StorySummary = {
  id: '3e2d1c0b-4f5a-4b6c-8d7e-9f0a1b2c3d01',
  slug: 'the-red-kite',
  title: 'The Red Kite',
  gradeBand: '2',
  themes: ['nature'],
  decodable: false,
  lexile: 310,
  wordCount: 240,
};

export const BIG_DOG: StorySummary = {
  id: '3e2d1c0b-4f5a-4b6c-8d7e-9f0a1b2c3d02',
  slug: 'the-big-dog',
  title: 'The Big Dog',
  gradeBand: 'K',
  themes: ['animals'],
  decodable: true,
  lexile: null,
  wordCount: 60,
};

export const KITE_ASSIGNMENT_ID = '4f3e2d1c-5a6b-4c7d-9e8f-0a1b2c3d4e01';

/** Room 4 asked to read The Red Kite: Mia has, Leo has not. */
export const KITE_ASSIGNMENT: AssignmentSummary = {
  id: KITE_ASSIGNMENT_ID,
  classId: ROOM_4_ID,
  className: 'Room 4',
  storyId: RED_KITE.id,
  storyTitle: 'The Red Kite',
  lexile: 310,
  wordCount: 240,
  note: 'Read it twice this week.',
  dueOn: '2026-12-04',
  assignedAt: '2026-11-23T09:00:00Z',
  pupilCount: 2,
  doneCount: 1,
  // Leo, who has not read it, joined on 21 November.
  notReadJoinedAt: ['2026-11-21T10:00:00Z'],
};

/** Mia's two readings of The Red Kite since it was set: the latest, and one the day before. */
export const MIA_READING_ID = '6b5a4c3d-7e8f-4a9b-8c1d-2e3f4a5b6c01';
export const MIA_EARLIER_READING_ID = '6b5a4c3d-7e8f-4a9b-8c1d-2e3f4a5b6c02';

export const KITE_RESULTS: AssignmentResult[] = [
  {
    userId: MIA.userId,
    displayName: 'Mia',
    done: true,
    readings: 2,
    latest: { id: MIA_READING_ID, at: '2026-11-24T10:00:00Z', wpm: 47.6, accuracy: 95.25 },
    bestWpm: 51.2,
  },
  { userId: LEO.userId, displayName: 'Leo', done: false, readings: 0, latest: null, bestWpm: null },
];

/** The Red Kite's text (GET /api/stories/:id), nine words that line up with {@link MIA_RESULT}'s. */
export const RED_KITE_BODY = 'The red kite flew up high in the sky!';

/**
 * Mia's latest reading of The Red Kite, word by word: "red" and "up" the scorer was unsure of ("red" heard as
 * "rid"), "kite" read as "kit", "flew" fixed, "high" skipped, the rest not reached; unclear speech before the first
 * word, "um" after "kite", and "flew" said again.
 */
export const MIA_RESULT: FluencyResult = {
  engine: 'pocketsphinx',
  durationSeconds: 6,
  readingSeconds: 5,
  wordsTotal: 9,
  wordsAttempted: 6,
  wordsCorrect: 4,
  errors: 2,
  wcpm: 47.6,
  accuracy: 66.7,
  fluencyScore: 40,
  words: [
    {
      index: 0,
      text: 'the',
      status: 'correct',
      heard: 'the',
      start: 0.5,
      end: 0.8,
      hesitation: false,
      unsure: false,
    },
    {
      index: 1,
      text: 'red',
      status: 'correct',
      heard: 'rid',
      start: 0.9,
      end: 1.2,
      hesitation: false,
      unsure: true,
    },
    {
      index: 2,
      text: 'kite',
      status: 'substitution',
      heard: 'kit',
      start: 1.3,
      end: 1.7,
      hesitation: false,
      unsure: false,
    },
    {
      index: 3,
      text: 'flew',
      status: 'self_correction',
      heard: 'flew',
      start: 2.4,
      end: 2.8,
      hesitation: false,
      unsure: false,
    },
    {
      index: 4,
      text: 'up',
      status: 'correct',
      heard: 'up',
      start: 3.9,
      end: 4.2,
      hesitation: false,
      unsure: true,
    },
    {
      index: 5,
      text: 'high',
      status: 'omission',
      heard: null,
      start: null,
      end: null,
      hesitation: false,
      unsure: false,
    },
    {
      index: 6,
      text: 'in',
      status: 'not_reached',
      heard: null,
      start: null,
      end: null,
      hesitation: false,
      unsure: false,
    },
    {
      index: 7,
      text: 'the',
      status: 'not_reached',
      heard: null,
      start: null,
      end: null,
      hesitation: false,
      unsure: false,
    },
    {
      index: 8,
      text: 'sky',
      status: 'not_reached',
      heard: null,
      start: null,
      end: null,
      hesitation: false,
      unsure: false,
    },
  ],
  insertions: [
    { afterIndex: 2, heard: 'um', start: 1.8, end: 2.1 },
    { afterIndex: -1, heard: '[unclear]', start: 0.1, end: 0.3 },
  ],
  repetitions: [{ index: 3, start: 2.9, end: 3.3 }],
};

/** Mia's latest reading's record, as GET /api/assignments/:assignmentId/readings/:readingId answers it. */
export const MIA_RECORD: AssignmentReading = {
  assignment: {
    id: KITE_ASSIGNMENT_ID,
    classId: ROOM_4_ID,
    className: 'Room 4',
    storyId: RED_KITE.id,
    storyTitle: 'The Red Kite',
  },
  reader: { userId: MIA.userId, displayName: 'Mia', grade: '2' },
  reading: {
    id: MIA_READING_ID,
    at: '2026-11-24T10:00:00Z',
    wpm: 47.6,
    accuracy: 66.7,
    mode: 'practice',
    result: MIA_RESULT,
    hasRecording: true,
  },
  readings: [
    { id: MIA_READING_ID, at: '2026-11-24T10:00:00Z', wpm: 47.6, accuracy: 66.7, mode: 'practice' },
    {
      id: MIA_EARLIER_READING_ID,
      at: '2026-11-23T10:00:00Z',
      wpm: 51.2,
      accuracy: 95.25,
      mode: 'assessment',
    },
  ],
};

/** The fake server's state; tests change it before rendering. */
export interface FakeClassesState {
  classes: ClassSummary[];
  rosters: Record<string, PupilSummary[]>;
  reports: Record<string, PupilReport>;
  /** An answer every /api/classes request gets instead, e.g. a 403 `not_a_teacher`. */
  refuseAll: [unknown, number] | null;
  /** The next POST /api/classes gets this instead of a class. */
  refuseCreate: [unknown, number] | null;
  nextCode: string;
  /** The library (GET /api/stories, filtered by `grade`). */
  stories: StorySummary[];
  /** The teacher's assignments, as GET /api/assignments answers them (newest first). */
  assignments: AssignmentSummary[];
  /** Each assignment's readers, by assignment id. */
  results: Record<string, AssignmentResult[]>;
  /** The next POST /api/classes/:classId/assignments gets this instead of an assignment. */
  refuseAssignment: [unknown, number] | null;
  /** The reading records the teacher may open, by reading id (their recordings while `hasRecording`). */
  records: Record<string, AssignmentReading>;
  /** The stories' texts (GET /api/stories/:id), by story id. */
  bodies: Record<string, string>;
}

export const calls: { method: string; url: string; body?: unknown; search?: string }[] = [];
export let state: FakeClassesState;

/** A fresh state: Room 4 with Mia and Leo, Room 5 with Mia. */
export function resetState(): void {
  state = {
    classes: [{ ...ROOM_4 }, { ...ROOM_5 }],
    rosters: { [ROOM_4_ID]: [MIA, LEO], [ROOM_5_ID]: [MIA] },
    reports: { [MIA.userId]: MIA_REPORT },
    refuseAll: null,
    refuseCreate: null,
    nextCode: '705118',
    stories: [{ ...BIG_DOG }, { ...RED_KITE }],
    assignments: [{ ...KITE_ASSIGNMENT }],
    results: { [KITE_ASSIGNMENT_ID]: [...KITE_RESULTS] },
    refuseAssignment: null,
    records: { [MIA_READING_ID]: MIA_RECORD },
    bodies: { [RED_KITE.id]: RED_KITE_BODY },
  };
  calls.length = 0;
}

const notFound = () => jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
const noContent = () => new Response(null, { status: 204 });

function pupilList(): PupilList {
  const byId = new Map<string, PupilList['pupils'][number]>();
  for (const c of state.classes) {
    for (const p of state.rosters[c.id] ?? []) {
      const seen = byId.get(p.userId) ?? { ...p, classes: [] };
      seen.classes.push({ id: c.id, name: c.name });
      byId.set(p.userId, seen);
    }
  }
  return { pupils: [...byId.values()].sort((a, b) => a.displayName.localeCompare(b.displayName)) };
}

function detail(id: string): ClassDetail | null {
  const summary = state.classes.find((c) => c.id === id);
  if (!summary) return null;
  const pupils = state.rosters[id] ?? [];
  return { class: { ...summary, pupilCount: pupils.length }, pupils };
}

/** GET /api/stories: the library, easiest first, of one grade band when asked. */
function library(url: URL): Response {
  const grade = url.searchParams.get('grade');
  const stories = state.stories.filter((s) => !grade || s.gradeBand === grade);
  return jsonResponse({ stories, readerBand: { lexile: 300, min: 200, max: 350, source: 'grade' } });
}

/** GET /api/stories/:id: a library story with its text. */
function story(id: string): Response {
  const summary = state.stories.find((s) => s.id === id);
  const body = state.bodies[id];
  if (!summary || body === undefined)
    return jsonResponse({ error: { code: 'story_not_found', message: 'No such story' } }, 404);
  const detail: StoryDetail = { ...summary, body, own: false };
  return jsonResponse({ story: detail });
}

/**
 * GET /api/assignments/:assignmentId/readings/:readingId[/audio?word={index}], like the server (ADR 0048): the audio
 * is one word's clip, and the word is required.
 */
function readingRoute(assignmentId: string, readingId: string, audio: boolean, search = ''): Response {
  const record = state.records[readingId];
  const found = record && record.assignment.id === assignmentId;
  if (!audio) {
    return found
      ? jsonResponse(record)
      : jsonResponse({ error: { code: 'reading_not_found', message: 'No such reading' } }, 404);
  }
  if (!/^\?word=\d+$/.test(search))
    return jsonResponse({ error: { code: 'invalid_input', message: 'word: required' } }, 422);
  if (!found || !record.reading.hasRecording)
    return jsonResponse({ error: { code: 'audio_not_found', message: 'No recording' } }, 404);
  return new Response(new Uint8Array([82, 73, 70, 70]), {
    status: 200,
    headers: { 'Content-Type': 'audio/wav', 'Cache-Control': 'no-store' },
  });
}

/** /api/assignments and /api/assignments/:id, like the server (core/api/assignments.ts). */
function assignmentsRoute(parts: readonly string[], method: string, search = ''): Response {
  if (parts.length === 0 && method === 'GET') return jsonResponse({ assignments: state.assignments });
  if (parts[1] === 'readings' && parts[2] && method === 'GET' && parts.length <= 4) {
    if (parts.length === 4 && parts[3] !== 'audio') return notFound();
    return readingRoute(parts[0]!, parts[2], parts.length === 4, search);
  }
  const index = state.assignments.findIndex((a) => a.id === parts[0]);
  if (parts.length !== 1 || index < 0) return notFound();
  const assignment = state.assignments[index]!;
  if (method === 'GET') {
    const detail: AssignmentDetail = { assignment, results: state.results[assignment.id] ?? [] };
    return jsonResponse(detail);
  }
  if (method === 'DELETE') {
    state.assignments.splice(index, 1);
    return noContent();
  }
  return notFound();
}

/** POST /api/classes/:classId/assignments, like the server. */
function setAssignment(summary: ClassSummary, body: unknown): Response {
  if (state.refuseAssignment) return jsonResponse(...state.refuseAssignment);
  const request = body as { storyId: string; note?: string; dueOn?: string | null };
  const story = state.stories.find((s) => s.id === request.storyId);
  if (!story) return jsonResponse({ error: { code: 'story_not_found', message: 'No such story' } }, 404);
  const made: AssignmentSummary = {
    id: `5a4b3c2d-6e7f-4a8b-9c0d-${String(state.assignments.length).padStart(12, '0')}`,
    classId: summary.id,
    className: summary.name,
    storyId: story.id,
    storyTitle: story.title,
    lexile: story.lexile,
    wordCount: story.wordCount,
    note: request.note || null,
    dueOn: request.dueOn ?? null,
    assignedAt: '2026-11-25T09:00:00Z',
    pupilCount: (state.rosters[summary.id] ?? []).length,
    doneCount: 0,
    notReadJoinedAt: (state.rosters[summary.id] ?? []).map((p) => p.joinedAt).sort(),
  };
  state.assignments.unshift(made);
  return jsonResponse({ assignment: made }, 201);
}

/** The fetch stub: answers /api/classes…, /api/assignments… (reading records too) and /api/stories like the server. */
export function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname;
  const method = init?.method ?? 'GET';
  const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, url: path, body, ...(url.search ? { search: url.search } : {}) });
  if (path === '/api/stories' && method === 'GET') return Promise.resolve(library(url));
  if (path.startsWith('/api/stories/') && method === 'GET')
    return Promise.resolve(story(decodeURIComponent(path.slice('/api/stories/'.length))));
  const isAssignments = path === '/api/assignments' || path.startsWith('/api/assignments/');
  if (!path.startsWith('/api/classes') && !isAssignments) return Promise.resolve(notFound());
  if (state.refuseAll) return Promise.resolve(jsonResponse(...state.refuseAll));
  if (isAssignments)
    return Promise.resolve(
      assignmentsRoute(path.split('/').slice(3).map(decodeURIComponent), method, url.search),
    );
  const parts = path.split('/').slice(3).map(decodeURIComponent); // after /api/classes
  const respond = (): Response => {
    if (parts.length === 0) {
      if (method === 'GET') return jsonResponse({ classes: state.classes });
      if (method === 'POST') {
        if (state.refuseCreate) return jsonResponse(...state.refuseCreate);
        const request = body as { name: string; grade?: string | null };
        const made: ClassSummary = {
          id: `2d1c6b4a-3e5f-4a7b-8c9d-${String(state.classes.length).padStart(12, '0')}`,
          name: request.name,
          grade: request.grade ?? null,
          pupilCount: 0,
          code: null,
          createdAt: '2026-11-25T09:00:00Z',
        };
        state.classes.push(made);
        state.rosters[made.id] = [];
        return jsonResponse({ class: made }, 201);
      }
    }
    if (parts[0] === 'pupils') {
      if (parts.length === 1 && method === 'GET') return jsonResponse(pupilList());
      const report = state.reports[parts[1]!];
      if (parts[2] === 'report' && method === 'GET') return report ? jsonResponse(report) : notFound();
      return notFound();
    }
    const id = parts[0]!;
    const index = state.classes.findIndex((c) => c.id === id);
    if (index < 0) return notFound();
    if (parts.length === 1) {
      if (method === 'GET') return jsonResponse(detail(id));
      if (method === 'PATCH') {
        const changed = { ...state.classes[index]!, ...(body as object) };
        state.classes[index] = changed;
        return jsonResponse({ class: changed });
      }
      if (method === 'DELETE') {
        state.classes.splice(index, 1);
        delete state.rosters[id];
        return noContent();
      }
    }
    if (parts[1] === 'code') {
      if (method === 'POST') {
        const code = { code: state.nextCode, expiresAt: '2026-12-02T15:15:00Z' };
        state.classes[index] = { ...state.classes[index]!, code };
        return jsonResponse(code, 201);
      }
      if (method === 'DELETE') {
        state.classes[index] = { ...state.classes[index]!, code: null };
        return noContent();
      }
    }
    if (parts[1] === 'assignments' && parts.length === 2 && method === 'POST') {
      return setAssignment(state.classes[index]!, body);
    }
    if (parts[1] === 'pupils' && parts[2] && method === 'DELETE') {
      const roster = state.rosters[id] ?? [];
      // A reader not (or no longer) in the class: 404, as the server.
      if (!roster.some((p) => p.userId === parts[2])) return notFound();
      state.rosters[id] = roster.filter((p) => p.userId !== parts[2]);
      return noContent();
    }
    return notFound();
  };
  return Promise.resolve(respond());
}

/** Shows the path the page is on, to see where an action led. */
function Where() {
  const location = useLocation();
  return (
    <p data-testid="where" data-search={location.search}>
      {location.pathname}
    </p>
  );
}

/** Options of {@link renderClassesPage}. */
export interface RenderOptions {
  /** The URL to open. */
  at: string;
  /** The route pattern the page is at (for useParams). */
  pattern: string;
  me?: MeResponse;
  /** The query client; by default one that never retries. */
  client?: QueryClient;
}

/**
 * Renders `page` at `at` under its route `pattern`, signed in as a teacher unless told otherwise, with other
 * routes showing only where they are; links navigate through the router, as in the app. Answers what was spoken and the guidance set.
 */
export function renderClassesPage(page: ReactNode, { at, pattern, me, client: given }: RenderOptions) {
  const spoken: string[] = [];
  const setGuidance = vi.fn();
  const client =
    given ??
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
  client.setQueryData(ME_QUERY_KEY, me ?? meFixture({ name: 'Ms Rivera', userType: 'teacher' }));
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <AriaRouterProvider>
          <AudioQueueContext.Provider
            value={{ ...SILENT_AUDIO_QUEUE, setGuidance, speak: (r) => void spoken.push(r.text) }}
          >
            <Routes>
              <Route path={pattern} element={page} />
              <Route path="*" element={null} />
            </Routes>
            <Where />
            <Toaster />
          </AudioQueueContext.Provider>
        </AriaRouterProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, spoken, setGuidance, client };
}

/** Installs the fetch stub with a fresh state (call in beforeEach). */
export function installFakeServer(): void {
  resetState();
  vi.stubGlobal('fetch', vi.fn(fakeServer));
}
