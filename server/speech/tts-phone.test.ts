/**
 * `speakPhone` of the speech service (Sound It Out, docs/decisions/0043-sound-it-out.md): a phone of the closed
 * list only, made once and then served from the disk cache, the same phone asked twice at once made once, a user
 * with too many waiting refused, and a failed synthesis answered as speech being unavailable.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Phone } from '#core/sound-it-out/phones.ts';
import { createTextToSpeech, phoneKey, SpeechBusyError, TtsUnavailableError } from './tts.ts';
import * as wavefileModule from 'wavefile';
import { createFlitePhoneSynthesiser, PHONE_MARGIN_SECONDS, shapePhone } from './tts-flite.ts';

const wavefileLib = wavefileModule as unknown as Record<string, unknown>;
const { WaveFile } = (
  'WaveFile' in wavefileLib ? wavefileLib : wavefileLib['default']
) as typeof wavefileModule;

/** Peak of a 16-bit mono WAV, dBFS. */
function peakDbfs(wav: Uint8Array): number {
  const samples = new WaveFile(wav).getSamples(false, Int16Array) as unknown as Int16Array;
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  return 20 * Math.log10(peak / 32_767);
}

/** A WAV-looking byte string (the cache stores what it is given). */
const AUDIO = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);

function service(make: (phone: Phone) => Promise<{ audio: Uint8Array; duration: number }>, maxWaiting = 4) {
  return createTextToSpeech({
    cacheDir: mkdtempSync(join(tmpdir(), 'sparky-phone-')),
    phoneSynthesiser: make,
    maxWaitingPerUser: maxWaiting,
  });
}

describe('speakPhone', () => {
  it('makes a phone once, then serves it from the cache, under its own key', async () => {
    const made: string[] = [];
    const tts = service(async (phone) => {
      made.push(phone);
      return { audio: AUDIO, duration: 0.7 };
    });
    const first = await tts.speakPhone({ phone: 'k', userId: 'u1' });
    expect(first).toMatchObject({
      key: phoneKey('k'),
      duration: 0.7,
      format: 'wav',
      provider: 'flite',
      words: [],
    });
    const [again, twice] = await Promise.all([
      tts.speakPhone({ phone: 'k', userId: 'u2' }),
      tts.speakPhone({ phone: 'k', userId: 'u3' }),
    ]);
    expect(again.key).toBe(first.key);
    expect(twice.key).toBe(first.key);
    expect(made).toEqual(['k']);
    expect((await tts.audioPath(first.key))?.contentType).toBe('audio/wav');
    expect(phoneKey('k')).not.toBe(phoneKey('ae'));
  });

  it('refuses anything off the list before making anything', async () => {
    const made: string[] = [];
    const tts = service(async (phone) => {
      made.push(phone);
      return { audio: AUDIO, duration: 0.5 };
    });
    for (const bad of ['pau', 'K', 'k ae', 'hello; rm -rf /', ''])
      await expect(tts.speakPhone({ phone: bad as Phone })).rejects.toThrow(RangeError);
    await expect(createFlitePhoneSynthesiser()('-o' as Phone)).rejects.toThrow(RangeError);
    expect(made).toEqual([]);
  });

  it('refuses a user with too many waiting, and says when flite failed', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tts = service(async () => {
      await gate;
      return { audio: AUDIO, duration: 0.5 };
    }, 1);
    // Two slots run, one waits; the next one is over the bound for that user.
    const running = (['k', 'ae', 't'] as const).map((phone) => tts.speakPhone({ phone, userId: 'u1' }));
    await expect(tts.speakPhone({ phone: 'm', userId: 'u1' })).rejects.toThrow(SpeechBusyError);
    release();
    await Promise.all(running);
    const broken = service(() => Promise.reject(new Error('flite: not found')));
    await expect(broken.speakPhone({ phone: 's' })).rejects.toThrow(TtsUnavailableError);
  });

  it('makes a real phone with flite: a short WAV', async () => {
    const made = await createFlitePhoneSynthesiser()('m');
    expect(new TextDecoder().decode(made.audio.slice(0, 4))).toBe('RIFF');
    expect(made.duration).toBeGreaterThan(0.1);
    expect(made.duration).toBeLessThan(0.6);
  });

  it('levels a quiet consonant with a vowel, and cuts flite’s pauses (raw: k 25–30 dB below ae, 0.6–0.9 s)', async () => {
    const make = createFlitePhoneSynthesiser();
    const [k, ae, t] = await Promise.all([make('k'), make('ae'), make('t')]);
    for (const phone of [k, ae, t]) expect(peakDbfs(phone.audio)).toBeCloseTo(-3, 0);
    expect(Math.abs(peakDbfs(k.audio) - peakDbfs(ae.audio))).toBeLessThan(2);
    // A stop is a burst, a vowel a little longer; neither keeps flite's 0.18–0.40 s of pau on each side.
    expect(k.duration).toBeLessThan(0.25);
    expect(t.duration).toBeLessThan(0.25);
    expect(ae.duration).toBeLessThan(0.45);
    expect(k.duration).toBeGreaterThan(2 * PHONE_MARGIN_SECONDS);
  });

  it('shapePhone keeps 20 ms each side of the sound and scales its peak to −3 dBFS', () => {
    const rate = 16_000;
    const samples = new Int16Array(rate); // 1 s: silence, 0.1 s of sound at 0.5 s, silence
    for (let i = 8000; i < 9600; i++) samples[i] = i % 2 === 0 ? 900 : -900;
    const shaped = shapePhone(samples, rate);
    expect(shaped.length).toBe(1600 + 2 * 320);
    expect(Math.max(...shaped)).toBe(Math.round(900 * ((32_767 * 10 ** (-3 / 20)) / 900)));
    expect(shapePhone(new Int16Array(10), rate)).toEqual(new Int16Array(10));
  });
});
