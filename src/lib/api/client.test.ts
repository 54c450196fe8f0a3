import { hc } from 'hono/client';
import { describe, expect, it, vi } from 'vitest';
import type { AppType } from '#server/app.ts';
import { withEncodedParams } from './client.ts';

/** A typed client on a fake fetch, as `api` is built, that records each URL asked for. */
function client() {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const api = withEncodedParams(hc<AppType>('http://localhost/', { fetch }).api);
  return { api, urls };
}

describe('the typed client', () => {
  it('keeps an id from an address inside its own path segment', async () => {
    const { api, urls } = client();
    await api.classes[':classId'].$get({ param: { classId: '../assignments/x?' } });
    await api.assignments[':assignmentId'].readings[':readingId'].$get({
      param: { assignmentId: 'a/b', readingId: '#c' },
    });
    expect(urls.map((u) => new URL(u).pathname)).toEqual([
      '/api/classes/..%2Fassignments%2Fx%3F',
      '/api/assignments/a%2Fb/readings/%23c',
    ]);
    // Without it, Hono's client puts the id in as it is, and the request leaves for another route.
    const raw: string[] = [];
    const bare = hc<AppType>('http://localhost/', {
      fetch: async (input: RequestInfo | URL) => {
        raw.push(input instanceof Request ? input.url : String(input));
        return new Response('{}');
      },
    }).api;
    await bare.classes[':classId'].$get({ param: { classId: '../assignments/x?' } });
    expect(new URL(raw[0]!).pathname).toBe('/api/assignments/x');
  });

  it('leaves ids, queries and bodies as they are', async () => {
    const { api, urls } = client();
    const id = '0b9a4f2e-1c3d-4e5f-8a7b-6c5d4e3f2a10';
    await api.classes[':classId'].analytics.$get({ param: { classId: id }, query: { from: '2026-11-01' } });
    await api.classes.$get();
    expect(urls).toEqual([
      `http://localhost/api/classes/${id}/analytics?from=2026-11-01`,
      'http://localhost/api/classes',
    ]);
  });
});
