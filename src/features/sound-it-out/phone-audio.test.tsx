/**
 * The sounds of Sound It Out through the app's audio queue (src/app/audio/audio-engine.ts): an item with a
 * `phone` is loaded from GET /api/speech/phone/:phone, not synthesised from its caption, and asked for once
 * while it is cached; a quiet Sparky shows the caption alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUDIO_SETTINGS } from '#core/audio/settings.ts';
import type { AudioItem } from '#core/audio/queue.ts';
import { browserAudioEffects } from '../../app/audio/audio-engine.ts';
import { jsonResponse } from '../../test/me-fixture.ts';

const item = (phone: AudioItem['phone'], text: string): AudioItem => ({
  id: 'a1',
  text,
  type: 'sparky',
  priority: 1,
  at: 0,
  ...(phone && { phone }),
});

afterEach(() => vi.unstubAllGlobals());

describe('a phone item of the audio queue', () => {
  it('plays the phone’s own audio, fetched once, with the caption as its text', async () => {
    const fetch = vi.fn((input: RequestInfo | URL) =>
      Promise.resolve(
        String(input).includes('/api/speech/phone/zh')
          ? jsonResponse({ audioUrl: '/api/speech/audio/abc.wav', duration: 0.7 })
          : jsonResponse({ error: { code: 'not_found', message: 'x' } }, 404),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const settings = { ...DEFAULT_AUDIO_SETTINGS, enabled: true };
    const playable = await browserAudioEffects.loadItem(item('zh', 'zh…'), settings);
    expect(playable).toEqual({ src: '/api/speech/audio/abc.wav', format: 'wav', duration: 0.7, words: [] });
    await browserAudioEffects.loadItem(item('zh', 'zh… again'), settings);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/speech\/phone\/zh$/);
    // Never the caption's text sent to /api/speech.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/speech?'))).toBe(false);
  });

  it('shows the caption alone for a reading time when Sparky is quiet', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const playable = await browserAudioEffects.loadItem(item('k', 'c…'), {
      ...DEFAULT_AUDIO_SETTINGS,
      enabled: false,
    });
    expect(playable.format).toBe('none');
    expect(fetch).not.toHaveBeenCalled();
  });
});
