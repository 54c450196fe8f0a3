/**
 * The reading goal is fetched again whenever what it shows may have changed (docs/decisions/0042-reading-goals.md):
 * a saved reading (this week's days), and a family link made or removed from either side (a guardian's card, and a
 * goal that goes with its guardian's link).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/me-fixture.ts';
import { useRedeemLinkCode, useRemoveLink } from './family.ts';
import { GOALS_QUERY_KEY } from './goals.ts';
import { invalidateAfterReading } from './rewards.ts';

afterEach(() => vi.unstubAllGlobals());

function setUp() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(GOALS_QUERY_KEY, { mine: null, children: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const goalsStale = () => client.getQueryState(GOALS_QUERY_KEY)?.isInvalidated === true;
  return { client, wrapper, goalsStale };
}

describe('the goals query is refreshed', () => {
  it('after a saved reading', async () => {
    const { client, goalsStale } = setUp();
    await invalidateAfterReading(client);
    expect(goalsStale()).toBe(true);
  });

  it('after a link is removed, from either side', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    const { wrapper, goalsStale } = setUp();
    const { result } = renderHook(() => useRemoveLink(), { wrapper });
    await act(() => result.current.mutateAsync('5f0c1a52-1b1e-4c57-9d4e-2b7f5d3e8a10'));
    expect(goalsStale()).toBe(true);
  });

  it('after a code is entered (a new card), even when it is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(jsonResponse({ error: { code: 'link_code_invalid', message: 'No.' } }, 404)),
      ),
    );
    const { wrapper, goalsStale } = setUp();
    const { result } = renderHook(() => useRedeemLinkCode(), { wrapper });
    await act(() => result.current.mutateAsync({ code: '123456789' }).catch(() => undefined));
    expect(goalsStale()).toBe(true);
  });
});
