/**
 * What every speech provider of the chain (server/speech/tts.ts) implements: text, voice and speed
 * in; audio bytes, their length and word timings out. Providers know nothing of caching, fallback
 * or users.
 */
import type { SpeechProvider } from '#core/api/speech.ts';
import { speakableTokens, type SpokenWord } from '#core/api/stories.ts';

/** One request to a provider. */
export interface SynthesisRequest {
  /** Normalised text (whitespace collapsed, no control characters), 1–1000 characters. */
  text: string;
  /** A voice id of this provider (core/api/speech.ts VOICES). */
  voice: string;
  /** 0.5–2; 1 is the voice's own pace. */
  speed: number;
  /** Aborted when the chain's time limit for this provider passes. */
  signal: AbortSignal;
}

/** What a provider makes. */
export interface SynthesisAudio {
  audio: Uint8Array;
  /** File extension and howler format: `wav` or `mp3`. */
  format: 'wav' | 'mp3';
  /** Seconds. */
  duration: number;
  words: SpokenWord[];
  /** `exact` when measured by the provider, `estimated` when spread by word length. */
  timing: 'exact' | 'estimated';
}

/** A speech provider. */
export interface SpeechSynthesiser {
  readonly name: SpeechProvider;
  /**
   * Makes the speech of a text.
   * @throws any error when it cannot (network, HTTP status, bad answer, missing binary, abort)
   */
  synthesise(request: SynthesisRequest): Promise<SynthesisAudio>;
}

/**
 * Word timings spread over `duration` by the length of each spoken token, for providers that give
 * none (OpenAI). A fifth of a second is left silent at each end, as voices start and stop with a pause.
 *
 * @param text the request text
 * @param duration seconds of audio
 */
export function estimateWordTimes(text: string, duration: number): SpokenWord[] {
  const tokens = speakableTokens(text);
  const margin = Math.min(0.2, duration / 10);
  const span = Math.max(0, duration - 2 * margin);
  const weights = tokens.map((token) => token.replace(/[^\p{L}\p{N}]/gu, '').length + 1);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  let at = margin;
  return tokens.map((token, index) => {
    const length = (span * weights[index]!) / total;
    const word = { index, text: token, start: round(at), end: round(at + length) };
    at += length;
    return word;
  });
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Word timings from per-character times (ElevenLabs' alignment): each spoken token runs from its
 * first character's start to its last character's end.
 *
 * @param text the text the characters belong to
 * @param starts start time of each character, seconds
 * @param ends end time of each character, seconds
 */
export function wordTimesFromCharacters(
  text: string,
  starts: readonly number[],
  ends: readonly number[],
): SpokenWord[] {
  const words: SpokenWord[] = [];
  const pattern = /\S+/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const token = match[0];
    if (speakableTokens(token).length === 0) continue;
    const first = match.index;
    const last = match.index + token.length - 1;
    const start = starts[first] ?? starts[starts.length - 1] ?? 0;
    const end = ends[last] ?? ends[ends.length - 1] ?? start;
    words.push({ index: words.length, text: token, start: round(start), end: round(Math.max(end, start)) });
  }
  return words;
}

/** Length in seconds of a PCM WAV, read from its `fmt ` and `data` chunks (any chunk order). */
export function wavSeconds(wav: Uint8Array): number {
  if (wav.length < 12) return 0;
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return 0;
  let byteRate = 0;
  let dataBytes = 0;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = tag(at);
    let size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 16 <= wav.length) byteRate = view.getUint32(at + 16, true);
    if (id === 'data') {
      // Streamed WAVs (OpenAI) may give 0 or 0xFFFFFFFF as the size: the data runs to the end.
      if (size === 0 || size === 0xffffffff || at + 8 + size > wav.length) size = wav.length - at - 8;
      dataBytes = size;
      break;
    }
    at += 8 + size + (size % 2);
  }
  return byteRate ? round(dataBytes / byteRate) : 0;
}
