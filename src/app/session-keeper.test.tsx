/**
 * The session keeper of spec §4.3, §8 against a fake server, with fake timers.
 *
 * Tier 3 (house style, Machines): paths generated from machines/session.test-model.ts are
 * replayed through the real <SessionKeeper> — the model's call answers become the fake server's
 * answers to GET /api/auth/get-session, its timers become fake-timer advances, its visibility
 * events become `visibilitychange` — and after every step the page must show what the machine
 * says: signed out in `ended`, still signed in everywhere else, and a session request in flight
 * exactly while the machine waits for one.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelayMs } from '#core/auth/refresh.ts';
import type { SessionData } from '#machines/session.machine.ts';
import {
  SESSION_BACKOFF_EVENT,
  SESSION_TICK_EVENT,
  SESSION_WAIT_EVENT,
  createSessionTestModel,
  type SessionSnapshot,
  type SessionTestEvent,
} from '#machines/session.test-model.ts';
import { ME_QUERY_KEY, useMe } from '../lib/api/me.ts';
import { setSigningOut } from './sign-out-state.ts';
import { jsonResponse, meFixture } from '../test/me-fixture.ts';
import { GET_SESSION_PATH, SessionKeeper } from './session-keeper.tsx';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

// ---------------------------------------------------------------------------------------------
// The fake server

interface Held {
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

/** Session requests waiting for an answer (the model's invoked calls). */
let held: Held[] = [];
/** When set, session requests are answered at once from this list (scenario tests). */
let scripted: (SessionAnswer[] & { last?: SessionAnswer }) | null = null;
/** Whether the server still has the reader's session (what GET /api/me answers). */
let serverSignedIn = true;

/** What the fake server answers to GET /api/auth/get-session. */
type SessionAnswer = { expiresInMs: number } | 'none' | { status: number } | 'offline';

function sessionResponse(session: SessionData | null): Response {
  serverSignedIn = session !== null;
  return jsonResponse(session ? { session: { expiresAt: new Date(session.expiresAt).toISOString() } } : null);
}

function answer(a: SessionAnswer): Promise<Response> {
  if (a === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
  if (a === 'none') return Promise.resolve(sessionResponse(null));
  if ('status' in a) {
    if (a.status === 401) serverSignedIn = false;
    return Promise.resolve(jsonResponse({ error: { code: 'x', message: 'Refused' } }, a.status));
  }
  return Promise.resolve(sessionResponse({ expiresAt: Date.now() + a.expiresInMs }));
}

function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  if (url.endsWith(GET_SESSION_PATH)) {
    if (scripted) {
      const next = scripted.shift() ?? scripted.last ?? 'none';
      scripted.last = next;
      return answer(next);
    }
    return new Promise((resolve, reject) => held.push({ resolve, reject }));
  }
  if (url.endsWith('/api/me')) {
    return Promise.resolve(
      serverSignedIn
        ? jsonResponse(meFixture())
        : jsonResponse({ error: { code: 'unauthenticated', message: 'Auth session missing!' } }, 401),
    );
  }
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

function sessionCalls(): number {
  return vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith(GET_SESSION_PATH)).length;
}

// ---------------------------------------------------------------------------------------------
// The page

function WhoIsSignedIn() {
  const me = useMe();
  if (me.isPending) return <p>Checking…</p>;
  return <p>{me.data ? `Signed in as ${me.data.user.name}` : 'Signed out'}</p>;
}

/** The keeper as the app mounts it: only for a signed-in reader, next to a page that reads `['me']`. */
function renderKeeper() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(ME_QUERY_KEY, meFixture());
  render(
    <QueryClientProvider client={queryClient}>
      <SessionKeeper />
      <WhoIsSignedIn />
    </QueryClientProvider>,
  );
  return queryClient;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  held = [];
  scripted = null;
  serverSignedIn = true;
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// ---------------------------------------------------------------------------------------------
// Tier 3: generated paths

/** States in which the machine waits for a session request. */
const WAITING_FOR_SERVER = ['loading', 'recovering', 'active.refreshing'];

async function expectScreen(state: SessionSnapshot) {
  await advance(0);
  if (state.matches('ended')) {
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  } else {
    expect(screen.getByText('Signed in as Maya')).toBeInTheDocument();
  }
  const waiting = WAITING_FOR_SERVER.some((key) => state.matches(key as never));
  expect(held, `session requests in flight in ${JSON.stringify(state.value)}`).toHaveLength(waiting ? 1 : 0);
}

function answerHeld(respond: (request: Held) => void) {
  const request = held.shift();
  expect(request, 'a session request is waiting').toBeDefined();
  respond(request!);
}

/** Shortest paths to every distinct state, without those that are a prefix of another. */
function generatedPaths() {
  const paths = createSessionTestModel().getShortestPaths();
  const key = (path: (typeof paths)[number]) => path.steps.map((s) => JSON.stringify(s.event)).join('|');
  const keys = paths.map(key);
  return paths.filter((_, i) => !keys.some((other, j) => j !== i && other.startsWith(`${keys[i]}|`)));
}

describe('SessionKeeper drives the generated session paths (spec §4.3, §8)', () => {
  const paths = generatedPaths();

  it('the generated paths end the session, refresh, back off, pause and recover', () => {
    for (const key of ['ended', 'waiting', 'active.refreshing', 'active.backingOff', 'active.paused']) {
      expect(
        paths.some((path) => path.steps.some((step) => step.state.matches(key as never))),
        key,
      ).toBe(true);
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      const settle = async (respond: (request: Held) => void) => {
        answerHeld(respond);
        await advance(0);
      };
      const events: Record<string, (step: { event: SessionTestEvent; state: SessionSnapshot }) => unknown> = {
        'xstate.init': () => void renderKeeper(),
        'page.hidden': () => setVisibility('hidden'),
        'page.visible': () => setVisibility('visible'),
        [SESSION_TICK_EVENT]: () => advance(30 * SECOND),
        [SESSION_WAIT_EVENT]: () => advance(30 * SECOND),
        [SESSION_BACKOFF_EVENT]: ({ state }) => advance(backoffDelayMs(state.context.retry)),
      };
      for (const id of ['readSession', 'recoverSession', 'refreshSession']) {
        events[`xstate.done.actor.${id}`] = ({ event }) =>
          settle((request) =>
            request.resolve(sessionResponse((event as { output: SessionData | null }).output)),
          );
        events[`xstate.error.actor.${id}`] = ({ event }) => {
          const { error } = event as { error: { status?: number } };
          return settle((request) =>
            error.status === undefined
              ? request.reject(new TypeError('Failed to fetch'))
              : request.resolve(jsonResponse({ error: { code: 'x', message: 'Refused' } }, error.status)),
          );
        };
      }
      await path.test({ events: events as never, states: { '*': (state) => expectScreen(state) } });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Scenarios in real time

describe('SessionKeeper: the session of spec §4.3 over real clock times', () => {
  it('refreshes the session within 3 ticks (90 s) of expiry, and not before', async () => {
    scripted = [{ expiresInMs: 5 * MINUTE }, { expiresInMs: 12 * HOUR }];
    renderKeeper();
    await advance(0);
    expect(sessionCalls()).toBe(1); // initial session
    await advance(3 * MINUTE); // 2 min left: not yet within 90 s
    expect(sessionCalls()).toBe(1);
    await advance(60 * SECOND); // 1 min left at the next ticks: refreshed
    expect(sessionCalls()).toBe(2);
    await advance(30 * MINUTE); // now 12 h left: no more calls
    expect(sessionCalls()).toBe(2);
    expect(screen.getByText('Signed in as Maya')).toBeInTheDocument();
  });

  it('signs the reader out on the page when a refresh finds no session on the server', async () => {
    scripted = [{ expiresInMs: 2 * MINUTE }, 'none'];
    renderKeeper();
    await advance(0);
    expect(screen.getByText('Signed in as Maya')).toBeInTheDocument();
    await advance(31 * SECOND);
    expect(sessionCalls()).toBe(2);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    await advance(10 * MINUTE);
    expect(sessionCalls()).toBe(2);
  });

  it('leaves a sign-out under way in this tab to forget the user itself (no race to /login)', async () => {
    scripted = [{ expiresInMs: 2 * MINUTE }, 'none'];
    setSigningOut(true);
    try {
      renderKeeper();
      await advance(0);
      await advance(31 * SECOND);
      expect(sessionCalls()).toBe(2);
      // The server has no session, but the sign-out flow (use-sign-out.ts) forgets the user after
      // its navigation to the landing page: the keeper does not send the reader to /login first.
      expect(screen.getByText('Signed in as Maya')).toBeInTheDocument();
    } finally {
      setSigningOut(false);
    }
  });

  it('retries 503 and network failures with backoff (200 ms, 400 ms, …) and keeps the session', async () => {
    scripted = [{ expiresInMs: 60 * SECOND }, { status: 503 }, 'offline', { expiresInMs: 12 * HOUR }];
    renderKeeper();
    await advance(0);
    expect(sessionCalls()).toBe(2); // initial + the refresh at once (60 s left), answered 503
    await advance(199);
    expect(sessionCalls()).toBe(2);
    await advance(1); // first retry after 200 ms: offline
    expect(sessionCalls()).toBe(3);
    await advance(400); // second retry after 400 ms: accepted
    expect(sessionCalls()).toBe(4);
    await advance(10 * MINUTE);
    expect(sessionCalls()).toBe(4);
    expect(screen.getByText('Signed in as Maya')).toBeInTheDocument();
  });

  it('does not tick while the tab is hidden; signed out elsewhere meanwhile ends it on return', async () => {
    scripted = [{ expiresInMs: 3 * MINUTE }];
    renderKeeper();
    await advance(0);
    setVisibility('hidden');
    await advance(10 * MINUTE); // well past the refresh point: nothing while hidden
    expect(sessionCalls()).toBe(1);
    scripted = ['none'];
    serverSignedIn = false;
    setVisibility('visible');
    await advance(0);
    expect(sessionCalls()).toBe(2);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('on return, asks GET /api/me again, so a sign-in as someone else in another tab shows', async () => {
    scripted = [{ expiresInMs: 20 * MINUTE }];
    const queryClient = renderKeeper();
    await advance(0);
    setVisibility('hidden');
    vi.mocked(fetch).mockImplementation(async (input) =>
      String(input).endsWith('/api/me')
        ? jsonResponse(meFixture({ id: 'user-2', name: 'Leo' }))
        : fakeFetch(input),
    );
    setVisibility('visible');
    await advance(0);
    expect(screen.getByText('Signed in as Leo')).toBeInTheDocument();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({ user: { id: 'user-2' } });
  });
});
