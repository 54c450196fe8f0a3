/**
 * ElevenLabs speech with character timings (`POST {baseUrl}/v1/text-to-speech/{voice}/with-timestamps`)
 * through the official `@elevenlabs/elevenlabs-js` SDK: used only when the operator sets
 * ELEVENLABS_API_KEY. The text leaves the machine (never a child's audio). Word times come from the
 * character alignment ElevenLabs returns (`timing: 'exact'`). Tests point `baseUrl` at a local fake.
 *
 * The SDK is loaded only when the provider is made (a key is set), not with the server: importing it
 * took 1.4 s of CPU (28 Nov 2026), 40 % of importing the whole app, on every start, with or without a key.
 */
import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { wordTimesFromCharacters, type SpeechSynthesiser } from './tts-provider.ts';

/** ElevenLabs' fast multilingual model. */
export const ELEVENLABS_MODEL = 'eleven_flash_v2_5';
/** ElevenLabs accepts speeds from 0.7 to 1.2 (voice settings); ours are clamped into that range. */
const ELEVENLABS_SPEED = { min: 0.7, max: 1.2 };

/**
 * Builds the ElevenLabs provider.
 * @param options.apiKey ELEVENLABS_API_KEY
 * @param options.baseUrl ELEVENLABS_BASE_URL (default the SDK's)
 */
export function createElevenLabsSpeechProvider(options: {
  apiKey: string;
  baseUrl?: string;
  model?: string;
}): SpeechSynthesiser {
  // Loaded now, in the background, so that the first line spoken does not wait for it.
  const client: Promise<ElevenLabsClient> = import('@elevenlabs/elevenlabs-js').then(
    ({ ElevenLabsClient }) =>
      new ElevenLabsClient({
        apiKey: options.apiKey,
        ...(options.baseUrl && { baseUrl: options.baseUrl }),
        maxRetries: 0,
      }),
  );
  // (A failed load fails each line, which the provider chain then says with the next provider.)
  client.catch(() => undefined);
  const model = options.model ?? ELEVENLABS_MODEL;
  return {
    name: 'elevenlabs',
    async synthesise({ text, voice, speed, signal }) {
      const sdk = await client;
      const answer = await sdk.textToSpeech.convertWithTimestamps(
        voice,
        {
          text,
          modelId: model,
          outputFormat: 'mp3_44100_128',
          voiceSettings: {
            speed: Math.min(ELEVENLABS_SPEED.max, Math.max(ELEVENLABS_SPEED.min, speed)),
          },
        },
        { abortSignal: signal, maxRetries: 0 },
      );
      const alignment = answer.alignment;
      if (!answer.audioBase64 || !alignment) throw new Error('ElevenLabs answered without audio or timings.');
      const audio = new Uint8Array(Buffer.from(answer.audioBase64, 'base64'));
      const words = wordTimesFromCharacters(
        text,
        alignment.characterStartTimesSeconds,
        alignment.characterEndTimesSeconds,
      );
      const duration = Math.max(0, ...alignment.characterEndTimesSeconds);
      return { audio, format: 'mp3', duration, words, timing: 'exact' };
    },
  };
}
