/**
 * OpenAI transcription with word timestamps (`POST {baseUrl}/audio/transcriptions`,
 * `response_format=verbose_json`, `timestamp_granularities[]=word`; only `whisper-1` returns
 * word times). Opt-in only: children's audio leaves the server only when the operator sets
 * OPENAI_API_KEY and the caller asks for this engine. Plain `fetch`, no SDK; tests run it
 * against a local fake server.
 */
import type { HeardWord } from '#core/text/normalize.ts';
import { z } from 'zod';
import { SpeechError } from '#server/speech/errors.ts';
import type { RecogniseInput, Recogniser } from '#server/speech/recogniser.ts';
import { encodeWav } from '#core/audio/wav.ts';

export interface OpenAiOptions {
  apiKey: string;
  /** Default `https://api.openai.com/v1`. */
  baseUrl?: string;
  /** Default `whisper-1` (the model that returns word timestamps). */
  model?: string;
  /** Default 60 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const TranscriptionSchema = z.object({
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).default([]),
});

/**
 * Creates the OpenAI recogniser.
 * @throws (from `recognise`) SpeechError `recogniser_timeout`, `recogniser_unavailable` (network,
 *   401/403, 429, 5xx) or `recogniser_failed` (other HTTP errors, unexpected response body).
 */
export function createOpenAiRecogniser(options: OpenAiOptions): Recogniser {
  const baseUrl = (options.baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'openai',
    async recognise({ audio, passage, signal }: RecogniseInput): Promise<HeardWord[]> {
      const form = new FormData();
      const wav = encodeWav(audio.samples, audio.sampleRate, audio.channels);
      form.append('file', new Blob([wav], { type: 'audio/wav' }), 'reading.wav');
      form.append('model', options.model ?? 'whisper-1');
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'word');
      form.append('language', 'en');
      // The passage as a prompt helps spelling of names; it does not force the words.
      form.append(
        'prompt',
        passage
          .map((w) => w.text)
          .join(' ')
          .slice(0, 800),
      );
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
      let res: Response;
      try {
        res = await doFetch(`${baseUrl}/audio/transcriptions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}` },
          body: form,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        if (timeout.aborted)
          throw new SpeechError('recogniser_timeout', 'The transcription service did not answer in time.', {
            cause: err,
          });
        throw new SpeechError('recogniser_unavailable', 'The transcription service cannot be reached.', {
          cause: err,
        });
      }
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        const code =
          [401, 403, 429].includes(res.status) || res.status >= 500
            ? 'recogniser_unavailable'
            : 'recogniser_failed';
        throw new SpeechError(code, `The transcription service answered ${res.status}: ${detail}`);
      }
      const parsed = TranscriptionSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success)
        throw new SpeechError('recogniser_failed', 'The transcription service sent an unexpected answer.');
      return parsed.data.words.filter((w) => w.end >= w.start).sort((a, b) => a.start - b.start);
    },
  };
}
