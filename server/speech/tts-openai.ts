/**
 * OpenAI speech (`POST {baseURL}/audio/speech`) through the official `openai` SDK: used only when the
 * operator sets OPENAI_API_KEY. The text leaves the machine (never a child's audio). OpenAI gives no
 * word times, so they are spread over the audio by word length (`timing: 'estimated'`). Tests point
 * `baseURL` at a local fake server.
 */
import OpenAI from 'openai';
import { estimateWordTimes, wavSeconds, type SpeechSynthesiser } from './tts-provider.ts';

/** The speech model asked for: OpenAI's small text-to-speech model, which has the `alloy` voice of §9. */
export const OPENAI_TTS_MODEL = 'gpt-4o-mini-tts';

/**
 * Builds the OpenAI provider.
 * @param options.apiKey OPENAI_API_KEY
 * @param options.baseURL OPENAI_BASE_URL (default the SDK's)
 * @param options.model default {@link OPENAI_TTS_MODEL}
 */
export function createOpenAiSpeechProvider(options: {
  apiKey: string;
  baseURL?: string;
  model?: string;
}): SpeechSynthesiser {
  // The chain owns time limits and fallback, so the SDK does not retry on its own.
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseURL && { baseURL: options.baseURL }),
    maxRetries: 0,
  });
  const model = options.model ?? OPENAI_TTS_MODEL;
  return {
    name: 'openai',
    async synthesise({ text, voice, speed, signal }) {
      const response = await client.audio.speech.create(
        { model, voice, input: text, response_format: 'wav', speed },
        { signal },
      );
      const audio = new Uint8Array(await response.arrayBuffer());
      const duration = wavSeconds(audio);
      if (duration <= 0) throw new Error('OpenAI answered with audio that is not a WAV.');
      return {
        audio,
        format: 'wav',
        duration,
        words: estimateWordTimes(text, duration),
        timing: 'estimated',
      };
    },
  };
}
