import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/providers.tsx';
import { jsonResponse } from '../../test/me-fixture.ts';
import { ScoringWait } from './FluencyPage.tsx';

function renderWait(answers: Array<[unknown, number]>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toContain('/api/scoring-queue/rec-1');
    const [body, status] = answers.length > 1 ? answers.shift()! : answers[0]!;
    return jsonResponse(body, status);
  });
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestProviders queryClient={queryClient}>
      <ScoringWait recordingKey="rec-1" />
    </TestProviders>,
  );
  return fetchMock;
}

describe('ScoringWait: the wait for a reading’s score (issue #14 item 5)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the reading’s place in line and the rough wait', async () => {
    renderWait([[{ state: 'queued', position: 3, running: 2, estimatedWaitSeconds: 24 }, 200]]);
    expect(
      await screen.findByText('Your reading is number 3 in line. About 24 seconds to wait.'),
    ).toBeVisible();
  });

  it('shows progress while the reading is scored', async () => {
    renderWait([[{ state: 'scoring', progress: 0.42, elapsedSeconds: 2, estimatedSeconds: 5 }, 200]]);
    const bar = await screen.findByRole('progressbar', { name: 'Checking every word: 42%' });
    expect(bar).toHaveAttribute('value', '42');
  });

  it('shows nothing once the reading is no longer queued', async () => {
    const fetchMock = renderWait([[{ error: { code: 'not_queued', message: 'gone' } }, 404]]);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText(/in line/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
