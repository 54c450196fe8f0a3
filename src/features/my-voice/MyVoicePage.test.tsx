/**
 * /my-voice (issue 10; §3, §9 audio settings): the saved settings shown, changed and saved with
 * PUT /api/audio-settings (and kept in this browser for signed-out visits); "Try my voice" speaks
 * with the unsaved choices, which leaving the page undoes; a refused save says so and keeps the form.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpeechVoicesResponse } from '#core/api/speech.ts';
import { DEFAULT_AUDIO_SETTINGS, type AudioSettings } from '#core/audio/settings.ts';
import {
  AudioQueueContext,
  SILENT_AUDIO_QUEUE,
  type AudioQueueApi,
  type SpeakRequest,
} from '../../app/audio/audio-context.ts';
import {
  AUDIO_SETTINGS_STORAGE_KEY,
  getAudioSettings,
  resetAudioSettingsStore,
  setServerAudioSettings,
} from '../../app/audio/audio-settings-store.ts';
import { AUDIO_SETTINGS_QUERY_KEY } from '../../lib/api/audio-settings.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { Toaster } from '../../ui/Toast.tsx';
import { MyVoicePage, TRY_LINE } from './MyVoicePage.tsx';

const VOICES: SpeechVoicesResponse = {
  providers: ['flite'],
  voices: [
    { id: 'slt', provider: 'flite', label: 'Sally' },
    { id: 'kal', provider: 'flite', label: 'Kal' },
  ],
};

let puts: AudioSettings[] = [];
let refuse = false;

function renderPage() {
  const spoken: SpeakRequest[] = [];
  const queue: AudioQueueApi = { ...SILENT_AUDIO_QUEUE, speak: (r) => spoken.push(r) };
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Ana', userType: 'student' }));
  client.setQueryData(AUDIO_SETTINGS_QUERY_KEY, { settings: DEFAULT_AUDIO_SETTINGS, saved: false });
  client.setQueryData(['speech', 'voices'], VOICES);
  const view = render(
    <QueryClientProvider client={client}>
      <AudioQueueContext.Provider value={queue}>
        <MemoryRouter>
          <MyVoicePage />
          <Toaster />
        </MemoryRouter>
      </AudioQueueContext.Provider>
    </QueryClientProvider>,
  );
  return { spoken, view };
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`${label}$`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('My Voice (issue 10)', () => {
  beforeEach(() => {
    puts = [];
    refuse = false;
    localStorage.clear();
    resetAudioSettingsStore();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      if (url.includes('/api/audio-settings') && method === 'PUT') {
        const body = JSON.parse(String(init?.body)) as AudioSettings;
        if (refuse)
          return Response.json(
            { error: { code: 'invalid_input', message: 'Those settings could not be saved.' } },
            { status: 422 },
          );
        puts.push(body);
        return Response.json({ settings: body, saved: true });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    localStorage.clear();
    resetAudioSettingsStore();
  });

  it('shows the §9 defaults and saves what the reader changes, here and in this browser', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My Voice' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Sparky talks' })).toBeChecked();
    expect(screen.getByRole('switch', { name: /captions/ })).toBeChecked();
    expect(screen.getByRole('button', { name: /How loud$/ })).toHaveTextContent('Loud');
    await choose('How fast', 'Slow');
    await userEvent.click(screen.getByRole('switch', { name: /captions/ }));
    await choose('Read buttons to me', 'On');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 15_000 });
    expect(puts[0]).toEqual({ ...DEFAULT_AUDIO_SETTINGS, speed: 0.7, captions: false, readButtons: true });
    expect(await screen.findByText('Voice saved', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(AUDIO_SETTINGS_STORAGE_KEY)!)).toMatchObject({ speed: 0.7 });
    expect(getAudioSettings()).toMatchObject({ speed: 0.7, captions: false });
  });

  it("sets the reading tutor's help delay and its screen-reader announcements (issue 12)", async () => {
    renderPage();
    expect(screen.getByRole('button', { name: /Sparky helps with a word after$/ })).toHaveTextContent(
      '3 seconds',
    );
    const announce = screen.getByRole('switch', {
      name: 'My screen reader also says the word Sparky helps with',
    });
    expect(announce).toBeChecked();
    await choose('Sparky helps with a word after', '5 seconds');
    await userEvent.click(announce);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 15_000 });
    expect(puts[0]).toEqual({ ...DEFAULT_AUDIO_SETTINGS, helpAfterSeconds: 5, tutorAnnouncements: false });
    expect(getAudioSettings()).toMatchObject({ helpAfterSeconds: 5, tutorAnnouncements: false });
  });

  it('"Try my voice" speaks with the unsaved choices; leaving without saving puts the saved ones back', async () => {
    setServerAudioSettings(DEFAULT_AUDIO_SETTINGS, null);
    const { spoken, view } = renderPage();
    await choose('Voice', 'Kal');
    await userEvent.click(screen.getByRole('button', { name: 'Try my voice' }));
    expect(spoken.filter((s) => s.type !== 'guidance')).toEqual([{ text: TRY_LINE, type: 'sparky' }]);
    expect(getAudioSettings().fliteVoice).toBe('kal');
    act(() => view.unmount());
    expect(getAudioSettings().fliteVoice).toBe('slt');
    expect(puts).toEqual([]);
  });

  it('a refused save says so and keeps the choices on screen', async () => {
    refuse = true;
    renderPage();
    await choose('How fast', 'Fast');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Voice not saved', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /How fast$/ })).toHaveTextContent('Fast');
    expect(localStorage.getItem(AUDIO_SETTINGS_STORAGE_KEY)).toBeNull();
  });
});
