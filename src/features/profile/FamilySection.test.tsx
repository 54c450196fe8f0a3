/**
 * Profile's "Grown-ups who see your progress" (FamilySection.tsx) against a fetch stub: a code made, shown
 * spelled out and said by Sparky; the grown-ups listed; sharing stopped after asking.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Family } from '#core/api/family.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { jsonResponse } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { dismissToast } from '../../ui/toast-store.ts';
import { FamilySection, until } from './FamilySection.tsx';

const DAD = {
  linkId: '0e1d2c3b-4a59-4687-9a8b-7c6d5e4f3a21',
  userId: 'g-1',
  displayName: 'Dad',
  linkedAt: '2026-11-20T10:00:00Z',
};
let family: Family;
let deletes: string[];

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url.endsWith('/api/family') && method === 'GET') return Promise.resolve(jsonResponse(family));
  if (url.endsWith('/api/family/code') && method === 'POST')
    return Promise.resolve(jsonResponse({ code: '482913775', expiresAt: '2026-11-30T10:00:00Z' }, 201));
  if (url.includes('/api/family/links/') && method === 'DELETE') {
    deletes.push(url);
    family = { ...family, guardians: [] };
    return Promise.resolve(new Response(null, { status: 204 }));
  }
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

function renderSection() {
  const spoken: SpeakRequest[] = [];
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, speak: (r) => void spoken.push(r) }}>
          <FamilySection />
          <Toaster />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { spoken };
}

beforeEach(() => {
  family = { children: [], guardians: [], codeExpiresAt: null };
  deletes = [];
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  dismissToast();
  vi.unstubAllGlobals();
});

describe('FamilySection', () => {
  it('makes a code, shows it big in groups and spelled out, and Sparky says it only when asked', async () => {
    const user = userEvent.setup();
    const { spoken } = renderSection();
    expect(await screen.findByText('No grown-up sees your progress yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a code for a grown-up' }));
    expect(await screen.findByText('482 913 775')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Your code: 4 8 2, 9 1 3, 7 7 5')).toHaveClass('visually-hidden');
    expect(screen.getByText('Your code is ready. Press Hear the code to hear it.')).toHaveAttribute(
      'role',
      'status',
    );
    // Not read out to the room unasked.
    expect(spoken).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Hear the code' }));
    expect(spoken.at(-1)?.text).toBe('Your code is: 4 8 2, 9 1 3, 7 7 5. Say it quietly to your grown-up.');
    expect(screen.getByRole('button', { name: 'Make a new code' })).toBeInTheDocument();
  });

  it('says when a code stops working in a child’s words', () => {
    const now = new Date(2026, 10, 29, 15, 0);
    expect(until(new Date(2026, 10, 30, 15, 15).toISOString(), now)).toMatch(/^tomorrow at /);
    expect(until(new Date(2026, 10, 29, 18, 0).toISOString(), now)).toMatch(/^today at /);
    expect(until(new Date(2026, 11, 2, 9, 0).toISOString(), now)).toMatch(/ at /);
  });

  it('lists the grown-ups who see the progress, and stops sharing after asking', async () => {
    family = { children: [], guardians: [DAD], codeExpiresAt: null };
    const user = userEvent.setup();
    renderSection();
    const list = await screen.findByRole('list', { name: 'Grown-ups who see your progress' });
    expect(within(list).getByText('Dad')).toBeInTheDocument();
    expect(within(list).getByText(/^since /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop sharing with Dad' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop sharing with Dad?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByText('Dad no longer sees your progress.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No grown-up sees your progress yet.')).toBeInTheDocument());
    expect(deletes).toEqual([expect.stringMatching(new RegExp(`/api/family/links/${DAD.linkId}$`))]);
  });
});
