import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY, useMe } from '../lib/api/me.ts';
import { jsonResponse, meFixture } from '../test/me-fixture.ts';
import { AppProviders } from './providers.tsx';
import { GET_SESSION_PATH } from './session-provider.tsx';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** What the fake server answers to GET /api/auth/get-session next. */
type SessionAnswer = { expiresInMs: number } | 'none' | { status: number } | 'offline';
let sessionAnswers: SessionAnswer[];
let lastAnswer: SessionAnswer;
let meSignedIn: boolean;

function sessionCalls(): number {
  return vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith(GET_SESSION_PATH)).length;
}

async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  if (url.endsWith(GET_SESSION_PATH)) {
    const answer = sessionAnswers.shift() ?? lastAnswer;
    lastAnswer = answer;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    if (answer === 'none') return jsonResponse(null);
    if ('status' in answer)
      return jsonResponse({ error: { code: 'x', message: 'Bad gateway' } }, answer.status);
    return jsonResponse({
      session: { expiresAt: new Date(Date.now() + answer.expiresInMs).toISOString() },
      user: { id: 'user-1', email: 'maya@example.test' },
    });
  }
  if (url.endsWith('/api/me')) {
    return meSignedIn
      ? jsonResponse(meFixture())
      : jsonResponse({ error: { code: 'unauthenticated', message: 'Auth session missing!' } }, 401);
  }
  return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

function WhoIsSignedIn() {
  const me = useMe();
  if (me.isPending) return <p>Checking…</p>;
  return <p>{me.data ? `Signed in as ${me.data.user.name}` : 'Signed out'}</p>;
}

function renderApp(signedIn: boolean) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  if (signedIn) queryClient.setQueryData(ME_QUERY_KEY, meFixture());
  render(
    <AppProviders queryClient={queryClient}>
      <WhoIsSignedIn />
    </AppProviders>,
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
  sessionAnswers = [];
  lastAnswer = 'none';
  meSignedIn = true;
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SessionProvider: the session of spec §4.3, §8', () => {
  it('refreshes the session within 3 ticks (90 s) of expiry, and not before', async () => {
    sessionAnswers = [{ expiresInMs: 5 * MINUTE }, { expiresInMs: 12 * HOUR }];
    renderApp(true);
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

  it('removes the session when a refresh fails for good (no session on the server)', async () => {
    sessionAnswers = [{ expiresInMs: 2 * MINUTE }, 'none'];
    renderApp(true);
    await advance(0);
    expect(screen.getByText('Signed in as Maya')).toBeInTheDocument();
    await advance(31 * SECOND);
    expect(sessionCalls()).toBe(2);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    // Nothing is tried after that.
    await advance(10 * MINUTE);
    expect(sessionCalls()).toBe(2);
  });

  it('a 401 on refresh is final too', async () => {
    sessionAnswers = [{ expiresInMs: 60 * SECOND }, { status: 401 }];
    renderApp(true);
    await advance(0);
    await advance(SECOND);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('retries 503 and network failures with backoff (200 ms, 400 ms, …) and keeps the session', async () => {
    sessionAnswers = [{ expiresInMs: 60 * SECOND }, { status: 503 }, 'offline', { expiresInMs: 12 * HOUR }];
    renderApp(true);
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

  it('does not tick while the tab is hidden, and re-reads the session when it is visible again', async () => {
    sessionAnswers = [{ expiresInMs: 3 * MINUTE }];
    renderApp(true);
    await advance(0);
    expect(sessionCalls()).toBe(1);
    setVisibility('hidden');
    await advance(10 * MINUTE); // well past the refresh point: nothing while hidden
    expect(sessionCalls()).toBe(1);
    // Signed out in another tab meanwhile: the server has no session.
    sessionAnswers = ['none'];
    setVisibility('visible');
    await advance(0);
    expect(sessionCalls()).toBe(2);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('on visibility, a session still there is kept and refreshed if due', async () => {
    sessionAnswers = [{ expiresInMs: 20 * MINUTE }];
    renderApp(true);
    await advance(0);
    setVisibility('hidden');
    await advance(19 * MINUTE);
    sessionAnswers = [{ expiresInMs: 60 * SECOND }, { expiresInMs: 12 * HOUR }];
    setVisibility('visible');
    await advance(0);
    expect(sessionCalls()).toBe(3); // recovered, then refreshed at once
    expect(screen.getByText('Signed in as Maya')).toBeInTheDocument();
  });

  it('a sign-out elsewhere on the page (the current user becomes null) stops the refreshing', async () => {
    sessionAnswers = [{ expiresInMs: 5 * MINUTE }];
    const queryClient = renderApp(true);
    await advance(0);
    act(() => queryClient.setQueryData(ME_QUERY_KEY, null));
    await advance(30 * MINUTE);
    expect(sessionCalls()).toBe(1);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('a sign-in (the current user appears) reads the new session and keeps it fresh', async () => {
    sessionAnswers = ['none'];
    meSignedIn = false;
    const queryClient = renderApp(false);
    await advance(0);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    sessionAnswers = [{ expiresInMs: 2 * MINUTE }, { expiresInMs: 12 * HOUR }];
    act(() => queryClient.setQueryData(ME_QUERY_KEY, meFixture()));
    await advance(0);
    expect(sessionCalls()).toBe(2);
    await advance(31 * SECOND);
    expect(sessionCalls()).toBe(3);
    expect(screen.getByText('Signed in as Maya')).toBeInTheDocument();
  });
});
