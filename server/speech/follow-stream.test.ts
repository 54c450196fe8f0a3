import { describe, expect, it } from 'vitest';
import { SpeechError } from '#server/speech/errors.ts';
import { createFollowStream, MAX_DECODER_RESTARTS } from '#server/speech/follow-stream.ts';
import type { DecodedWindow, StreamDecoder } from '#server/speech/stream-decoder.ts';

const RATE = 16000;
/** 0.5 s of silence, then `seconds` of a loud tone (speech by energy). */
function reading(seconds: number): Int16Array {
  const out = new Int16Array(Math.round((0.5 + seconds) * RATE));
  for (let k = 0.5 * RATE; k < out.length; k++) out[k] = Math.round(8000 * Math.sin(k / 5));
  return out;
}

/**
 * Fake decoders: each hears "the cat" in whatever window it gets (times from the window's start),
 * and the ones listed in `crashAt` die on that decode (counted per decoder, from 1).
 */
function fakeDecoders(crashAt: (number | null)[]) {
  const started: { decodes: number; closed: boolean }[] = [];
  const create = (): Promise<StreamDecoder> => {
    const me = { decodes: 0, closed: false };
    const crash = crashAt[started.length] ?? null;
    started.push(me);
    return Promise.resolve({
      decode(samples: Int16Array): Promise<DecodedWindow> {
        me.decodes++;
        if (crash !== null && me.decodes >= crash)
          return Promise.reject(
            new SpeechError('recogniser_failed', 'pocketsphinx_batch stopped (exit 255).'),
          );
        const seconds = samples.length / RATE;
        const words = [
          { word: 'the', start: 0.5, end: 0.8 },
          { word: 'cat', start: 0.9, end: 1.3 },
        ].filter((w) => w.end <= seconds);
        return Promise.resolve({
          words,
          firstSound: words[0]?.start ?? null,
          lastSound: words.at(-1)?.end ?? null,
        });
      },
      close() {
        me.closed = true;
        return Promise.resolve();
      },
      cpuSeconds: () => 0.5,
    });
  };
  return { started, create };
}

describe('follow stream: a decoder process that dies', () => {
  it('is replaced and the window decoded again, so the reading is still followed', async () => {
    const fake = fakeDecoders([2]);
    const stream = await createFollowStream({ passageText: 'The cat.', createDecoder: fake.create });
    stream.push(reading(0.2));
    expect(await stream.step()).toEqual([]);
    stream.push(reading(1.3).subarray(0.2 * RATE));
    const events = await stream.step();
    expect(events.filter((e) => e.event === 'word').map((e) => e.index)).toEqual([0, 1]);
    expect(fake.started).toHaveLength(2);
    expect(stream.decoderRestarts).toBe(1);
    expect(fake.started[0]?.closed).toBe(true);
    expect(stream.decoderCpuSeconds()).toBe(1); // the dead decoder's CPU (read before it died) still counts
    await stream.close();
    expect(fake.started[1]?.closed).toBe(true);
  });

  it(`gives up after ${MAX_DECODER_RESTARTS} new decoders: the error reaches the caller`, async () => {
    const fake = fakeDecoders(Array.from({ length: MAX_DECODER_RESTARTS + 1 }, () => 1));
    const stream = await createFollowStream({ passageText: 'The cat.', createDecoder: fake.create });
    stream.push(reading(1.5));
    await expect(stream.step()).rejects.toMatchObject({ code: 'recogniser_failed' });
    expect(fake.started).toHaveLength(MAX_DECODER_RESTARTS + 1);
    await stream.close();
  });

  it('does not restart on other errors (a refused window, a timeout)', async () => {
    let made = 0;
    const stream = await createFollowStream({
      passageText: 'The cat.',
      createDecoder: () => {
        made++;
        return Promise.resolve({
          decode: () => Promise.reject(new SpeechError('recogniser_timeout', 'no answer')),
          close: () => Promise.resolve(),
        });
      },
    });
    stream.push(reading(1));
    await expect(stream.step()).rejects.toMatchObject({ code: 'recogniser_timeout' });
    expect(made).toBe(1);
    await stream.close();
  });
});
