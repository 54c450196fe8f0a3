/**
 * For the screening pages' tests: a fetch stub that answers like the screening routes of core/api/screening.ts (and
 * /api/me and the stories the screening reads) from a small in-memory state, and a render with the query client,
 * router, audio queue, voice registry and toasts the pages need.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import type { SaveReadingSessionResponse } from '#core/api/reading-sessions.ts';
import type { Screening, ScreeningPassage, ScreeningState } from '#core/api/screening.ts';
import { SAMPLE_RESPONSE, SAMPLE_RESULT, SAMPLE_STORY } from '#machines/fluency-session.test-model.ts';
import { createCommandRegistry, type CommandRegistry } from '#voice/command-registry.ts';
import { VoiceRegistryContext } from '#voice/use-voice-commands.ts';
import {
  AudioQueueContext,
  SILENT_AUDIO_QUEUE,
  type AudioQueueApi,
} from '../../../app/audio/audio-context.ts';
import { jsonResponse, meFixture } from '../../../test/me-fixture.ts';
import { Toaster } from '../../../ui/Toast.tsx';
import type { ConnectFollow } from '../follow/use-follow-along.ts';
import type { FluencyEffects } from '../use-fluency-session.ts';
import type { SessionClock } from '../use-fluency-session.ts';
import { ScreeningHistoryPage } from './ScreeningHistoryPage.tsx';
import { ScreeningPage } from './ScreeningPage.tsx';

const story = (id: string, title: string) => ({ ...SAMPLE_STORY, id, title, gradeBand: '2', wordCount: 120 });
export const STORY_A = story('00000000-0000-4000-8000-00000000000a', 'The Kite Day');
export const STORY_B = story('00000000-0000-4000-8000-00000000000b', 'A Snowy Walk');
export const STORY_C = story('00000000-0000-4000-8000-00000000000c', 'The Lost Shell');
export const STORIES = [STORY_A, STORY_B, STORY_C];
export const STORY_BODY = 'The kite went up and up, over the trees and the hill.';

export const SCREENING_ID = '5f1d2c3b-4a59-4e68-8f7a-0b1c2d3e4f50';

/** A grade-2 reader named Mia. */
export const MIA = meFixture({ id: 'u-mia', name: 'Mia', profile: { age: 7, grade: '2' } });

/** The three readings of a screening: median 52.4 WCPM, 50 words correct, 3 errors (94.3 %). */
export const READINGS: NonNullable<ScreeningPassage['reading']>[] = [
  { id: '10000000-0000-4000-8000-000000000001', wpm: 52.4, accuracy: 94.2, wordsCorrect: 50, errors: 3 },
  { id: '10000000-0000-4000-8000-000000000002', wpm: 61, accuracy: 96.7, wordsCorrect: 58, errors: 2 },
  { id: '10000000-0000-4000-8000-000000000003', wpm: 47.6, accuracy: 90, wordsCorrect: 45, errors: 5 },
];

/** The score of the three {@link READINGS}: in the expected range for grade 2 in fall (50th percentile 50). */
export const SCORE: NonNullable<Screening['score']> = {
  wpm: 52.4,
  accuracy: 94.3,
  wordsCorrect: 50,
  errors: 3,
  band: 'expected',
  p50: 50,
};

/**
 * A fall screening of grade 2 with the first `read` of its passages read.
 * @param score set for a complete one (then `next` is null)
 */
export function screeningFixture(
  read: number,
  score: Screening['score'] = null,
  overrides: Partial<Screening> = {},
): Screening {
  return {
    id: SCREENING_ID,
    startedAt: '2026-11-12T15:00:00.000Z',
    completedAt: score ? '2026-11-12T15:06:00.000Z' : null,
    grade: '2',
    season: 'fall',
    schoolYear: 2026,
    passages: STORIES.map((s, i) => ({
      storyId: s.id,
      title: s.title,
      reading: i < read ? READINGS[i]! : null,
    })),
    next: score ? null : read,
    score,
    ...overrides,
  };
}

/**
 * The upload's answer for a reading of a screening's passage.
 * @param counted the answer's `screeningCounted`: false for a reading stopped before 30 s and before the story's
 *   end, saved as the reader's outside the screening (no `screening_id`), whose next story stays the same
 */
export function screeningResponse(
  storyId: string,
  screening: Screening,
  counted = true,
): SaveReadingSessionResponse {
  return {
    ...SAMPLE_RESPONSE,
    result: counted ? { ...SAMPLE_RESULT, durationSeconds: 60 } : { ...SAMPLE_RESULT, durationSeconds: 12 },
    session: {
      ...SAMPLE_RESPONSE.session,
      story_id: storyId,
      mode: 'assessment',
      screening_id: counted ? screening.id : null,
    },
    newAchievements: [],
    screening,
    screeningCounted: counted,
  };
}

/** An answer of the stub: a body (200, or 201 for a start), or an API error. */
export type StubAnswer<T> = T | { status: number; code: string; message?: string; details?: unknown };

function isError<T>(answer: StubAnswer<T>): answer is { status: number; code: string; message?: string } {
  return typeof answer === 'object' && answer !== null && 'status' in answer && 'code' in answer;
}

/** The stub's state: change it between steps. */
export interface ScreeningServer {
  me: MeResponse;
  state: StubAnswer<ScreeningState>;
  /** POST /api/screenings answers this (or, when a list, the next one each time). */
  start: StubAnswer<Screening>[];
  list: StubAnswer<Screening[]>;
  /** GET /api/me never answers (a busy server): what the page wrote into the cache stays. */
  slowMe: boolean;
  /** DELETE answers this status (204 removes the screening from `list`). */
  deleteStatus: number;
  calls: { method: string; path: string; body?: unknown }[];
}

function errorResponse(answer: { status: number; code: string; message?: string; details?: unknown }) {
  return jsonResponse(
    { error: { code: answer.code, message: answer.message ?? answer.code, details: answer.details } },
    answer.status,
  );
}

/** Stubs fetch with a screening server; returns its state. */
export function stubScreeningServer(init: Partial<ScreeningServer> = {}): ScreeningServer {
  const server: ScreeningServer = {
    me: MIA,
    state: { refusal: null, current: null, last: null },
    start: [screeningFixture(0)],
    list: [],
    deleteStatus: 204,
    slowMe: false,
    calls: [],
    ...init,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const path = new URL(request ? request.url : String(input), 'http://localhost').pathname;
      const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      server.calls.push({ method, path, ...(body !== undefined ? { body } : {}) });
      if (path === '/api/me')
        return server.slowMe ? new Promise<Response>(() => {}) : jsonResponse(server.me);
      if (path === '/api/screening' && method === 'GET') {
        return isError(server.state) ? errorResponse(server.state) : jsonResponse(server.state);
      }
      if (path === '/api/screenings' && method === 'POST') {
        const answer = server.start.length > 1 ? server.start.shift()! : server.start[0]!;
        return isError(answer) ? errorResponse(answer) : jsonResponse({ screening: answer }, 201);
      }
      if (path === '/api/screenings' && method === 'GET') {
        return isError(server.list) ? errorResponse(server.list) : jsonResponse({ screenings: server.list });
      }
      const deleting = /^\/api\/screenings\/([^/]+)$/.exec(path);
      if (deleting && method === 'DELETE') {
        if (server.deleteStatus !== 204)
          return errorResponse({ status: server.deleteStatus, code: 'internal_error' });
        if (!isError(server.list)) server.list = server.list.filter((s) => s.id !== deleting[1]);
        return new Response(null, { status: 204 });
      }
      const storyMatch = /^\/api\/stories\/([^/]+)$/.exec(path);
      const found = storyMatch ? STORIES.find((s) => s.id === storyMatch[1]) : undefined;
      if (found) return jsonResponse({ story: { ...found, body: STORY_BODY, own: false } });
      return errorResponse({ status: 404, code: 'not_found', message: path });
    }),
  );
  return server;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** Options of {@link renderScreening}. */
export interface RenderScreeningOptions {
  effects?: FluencyEffects;
  clock?: SessionClock;
  connectFollow?: ConnectFollow;
}

/**
 * Renders the screening pages at `path` with a fresh query client (no retries), a voice registry, an audio queue
 * that records what is said and the guidance registered, and the toasts.
 */
export function renderScreening(path: string, options: RenderScreeningOptions = {}) {
  const spoken: string[] = [];
  const guidance: (readonly string[] | null)[] = [];
  const audio: AudioQueueApi = {
    ...SILENT_AUDIO_QUEUE,
    speak: (request) => void spoken.push(request.text),
    setGuidance: (lines) => void guidance.push(lines),
  };
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const registry: CommandRegistry = createCommandRegistry({ commands: [] });
  const noFollow: ConnectFollow = () => ({ push: () => {}, stop: () => {}, close: () => {} });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AudioQueueContext.Provider value={audio}>
          <VoiceRegistryContext.Provider value={registry}>
            <Where />
            <Routes>
              <Route
                path="/screening"
                element={
                  <ScreeningPage
                    {...(options.effects ? { effects: options.effects } : {})}
                    {...(options.clock ? { clock: options.clock } : {})}
                    connectFollow={options.connectFollow ?? noFollow}
                  />
                }
              />
              <Route path="/screening-history" element={<ScreeningHistoryPage />} />
              <Route path="/home" element={<h1>Home here</h1>} />
            </Routes>
            <Toaster />
          </VoiceRegistryContext.Provider>
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client, registry, spoken, guidance };
}

/** The phrases the page offers now. */
export function phrases(registry: CommandRegistry): string[] {
  return registry.active().map((c) => c.phrase);
}
