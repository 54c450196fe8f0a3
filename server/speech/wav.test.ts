import { describe, expect, it } from 'vitest';
import { SpeechError } from '#server/speech/errors.ts';
import { encodeWav } from '#core/audio/wav.ts';
import { MAX_AUDIO_BYTES, parseWav, toRecogniserFormat } from '#server/speech/wav.ts';

/** A sine tone (speech-like level), interleaved when stereo. */
function tone(seconds: number, rate = 16000, channels = 1, amplitude = 8000): Int16Array {
  const frames = Math.round(seconds * rate);
  const out = new Int16Array(frames * channels);
  for (let k = 0; k < frames; k++) {
    const v = Math.round(amplitude * Math.sin((2 * Math.PI * 220 * k) / rate));
    for (let c = 0; c < channels; c++) out[k * channels + c] = v;
  }
  return out;
}

function refusal(bytes: Uint8Array): string {
  try {
    parseWav(bytes);
  } catch (err) {
    expect(err).toBeInstanceOf(SpeechError);
    return (err as SpeechError).code;
  }
  throw new Error('expected a refusal');
}

describe('parseWav', { timeout: 30_000 }, () => {
  it('accepts PCM 16-bit mono and stereo at any rate and reports the duration in seconds', () => {
    const mono = parseWav(encodeWav(tone(1.5), 16000));
    expect(mono).toMatchObject({ sampleRate: 16000, channels: 1, durationSeconds: 1.5 });
    const stereo = parseWav(encodeWav(tone(1, 44100, 2), 44100, 2));
    expect(stereo).toMatchObject({ sampleRate: 44100, channels: 2, durationSeconds: 1 });
  });

  it('refuses empty input', () => expect(refusal(new Uint8Array())).toBe('audio_empty'));

  it('refuses non-audio and other containers', () => {
    expect(refusal(new TextEncoder().encode('hello, this is not audio at all'))).toBe('audio_not_wav');
    expect(refusal(new TextEncoder().encode('OggS\0\0\0\0\0\0\0\0\0\0'))).toBe('audio_not_wav');
    expect(refusal(new TextEncoder().encode('ID3\u0003\0\0\0\0\0\0\0\0\0'))).toBe('audio_not_wav');
  });

  it('refuses files over 10 MB before parsing them', () => {
    expect(refusal(new Uint8Array(MAX_AUDIO_BYTES + 1))).toBe('audio_too_large');
  });

  it('refuses unsupported formats: 8-bit, float, 3 channels, odd rates', () => {
    const wav = encodeWav(tone(1), 16000);
    const bits8 = wav.slice();
    new DataView(bits8.buffer).setUint16(34, 8, true);
    expect(refusal(bits8)).toBe('audio_unsupported_format');
    const float = wav.slice();
    new DataView(float.buffer).setUint16(20, 3, true);
    expect(refusal(float)).toBe('audio_unsupported_format');
    const three = wav.slice();
    new DataView(three.buffer).setUint16(22, 3, true);
    expect(refusal(three)).toBe('audio_unsupported_format');
    const slow = wav.slice();
    new DataView(slow.buffer).setUint32(24, 4000, true);
    expect(refusal(slow)).toBe('audio_unsupported_format');
  });

  it('refuses forged or truncated headers', () => {
    const wav = encodeWav(tone(1), 16000);
    const bigData = wav.slice();
    new DataView(bigData.buffer).setUint32(40, 0x7fffffff, true);
    expect(refusal(bigData)).toBe('audio_corrupt');
    const bigRiff = wav.slice();
    new DataView(bigRiff.buffer).setUint32(4, 0x7fffffff, true);
    expect(refusal(bigRiff)).toBe('audio_corrupt');
    const byteRate = wav.slice();
    new DataView(byteRate.buffer).setUint32(28, 1234, true);
    expect(refusal(byteRate)).toBe('audio_corrupt');
    expect(refusal(wav.slice(0, 40))).toBe('audio_corrupt');
    expect(refusal(wav.slice(0, wav.length - 1001))).toBe('audio_corrupt');
    const noFmt = wav.slice();
    noFmt.set(new TextEncoder().encode('junk'), 12);
    expect(refusal(noFmt)).toBe('audio_corrupt');
  });

  it('skips metadata chunks without trusting what they claim (a cue chunk claiming 4 billion points)', () => {
    // wavefile's own reader loops over the claimed points until memory runs out (docs/decisions/0021).
    const wav = encodeWav(tone(1), 16000);
    const cue = new Uint8Array(12);
    cue.set(new TextEncoder().encode('cue '));
    new DataView(cue.buffer).setUint32(4, 4, true);
    new DataView(cue.buffer).setUint32(8, 0xffffffff, true);
    const hostile = new Uint8Array(wav.length + cue.length);
    hostile.set(wav.subarray(0, 36));
    hostile.set(cue, 36);
    hostile.set(wav.subarray(36), 48);
    new DataView(hostile.buffer).setUint32(4, hostile.length - 8, true);
    expect(parseWav(hostile)).toMatchObject({ sampleRate: 16000, channels: 1, durationSeconds: 1 });
    // The same chunk claiming more bytes than the file holds is refused.
    new DataView(hostile.buffer).setUint32(40, 0xfffffff0, true);
    expect(refusal(hostile)).toBe('audio_corrupt');
  });

  it('refuses recordings over 180 s (by header, without reading 180 s of samples)', () => {
    // 8 kHz mono: 181 s is 2.9 MB, under the size limit
    expect(refusal(encodeWav(tone(181, 8000), 8000))).toBe('audio_too_long');
  });

  it('refuses recordings with no samples or too short to hold a word', () => {
    expect(refusal(encodeWav(new Int16Array(0), 16000))).toBe('audio_empty');
    expect(refusal(encodeWav(tone(0.05), 16000))).toBe('audio_too_short');
  });

  it('refuses silent and near-silent audio', () => {
    expect(refusal(encodeWav(new Int16Array(16000 * 2), 16000))).toBe('audio_silent');
    expect(refusal(encodeWav(tone(2, 16000, 1, 20), 16000))).toBe('audio_silent');
  });

  it('carries an HTTP status with each refusal', () => {
    try {
      parseWav(new Uint8Array(MAX_AUDIO_BYTES + 1));
    } catch (err) {
      expect((err as SpeechError).status).toBe(413);
    }
  });
});

describe('toRecogniserFormat (sox)', { timeout: 30_000 }, () => {
  it('mixes stereo to mono and resamples 44.1 kHz to 16 kHz, keeping the tone', async () => {
    const out = await toRecogniserFormat(parseWav(encodeWav(tone(1, 44100, 2), 44100, 2)));
    expect(out.sampleRate).toBe(16000);
    expect(out.channels).toBe(1);
    expect(out.samples.length).toBe(16000);
    const mid = out.samples.subarray(1000, 15000);
    const peak = Math.max(...Array.from(mid, Math.abs));
    expect(peak).toBeGreaterThan(7000);
    expect(peak).toBeLessThan(9000);
  });

  it('leaves 16 kHz mono as it is', async () => {
    const input = parseWav(encodeWav(tone(1), 16000));
    expect(await toRecogniserFormat(input)).toBe(input);
  });

  it('removes what 16 kHz cannot hold: a 12 kHz tone at 48 kHz comes out near silent', async () => {
    const rate = 48000;
    const high = Int16Array.from({ length: rate }, (_, k) =>
      Math.round(8000 * Math.sin((2 * Math.PI * 12000 * k) / rate)),
    );
    const out = await toRecogniserFormat(parseWav(encodeWav(high, rate)));
    expect(out.samples.length).toBe(16000);
    const peak = Math.max(...Array.from(out.samples.subarray(1000, 15000), Math.abs));
    expect(peak).toBeLessThan(80); // below −40 dB of the input: no aliasing into the speech band
  });

  it('gives the same samples on every run (no dither)', async () => {
    const input = parseWav(encodeWav(tone(1, 22050, 2), 22050, 2));
    const [a, b] = await Promise.all([toRecogniserFormat(input), toRecogniserFormat(input)]);
    expect(Array.from(a.samples)).toEqual(Array.from(b.samples));
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      toRecogniserFormat(parseWav(encodeWav(tone(1, 44100, 2), 44100, 2)), { signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'recogniser_failed' });
  });
});
