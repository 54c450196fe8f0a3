/**
 * One spoken command, from WAV bytes to the answer (issue 11): the checks every utterance passes
 * (wav.ts: a WAV, PCM 16-bit, not silent; here: at most 8 s, and not noise alone), conversion to
 * 16 kHz mono, then the command recogniser. The route (server/routes/voice) runs it in the command
 * queue; the CLI (scripts/command.ts) and the benchmark call it directly.
 */
import {
  MAX_COMMAND_SECONDS,
  MAX_COMMANDS,
  type VoiceAnswer,
  type VoiceCommand,
} from '#core/voice/command.ts';
import { distinctCommands } from '#server/speech/command-grammar.ts';
import type { CommandRecogniser } from '#server/speech/command-decoder.ts';
import { SpeechError } from '#server/speech/errors.ts';
import { parseWav, toRecogniserFormat, type PcmAudio } from '#server/speech/wav.ts';
import { ACTION_PHRASES, NAVIGATION_PHRASES, SCREEN_WORDS } from '#core/voice/command-set.ts';

/** Input of {@link recogniseCommandWav}. */
export interface CommandWavInput {
  /** The WAV file's bytes. */
  wav: Uint8Array;
  /** The active command list. */
  commands: readonly VoiceCommand[];
  recogniser: CommandRecogniser;
  signal?: AbortSignal;
}

/**
 * Spread of a voice's loudness: speech rises and falls with every syllable (tens of dB between
 * vowels and pauses), a fan, hiss or hum stays within a few dB. Below this spread (95th minus 10th
 * percentile of 25 ms frame energies, dB) a recording holds noise and no voice.
 */
export const MIN_SPEECH_DYNAMIC_RANGE_DB = 12;

/**
 * The spread of frame energies (see {@link MIN_SPEECH_DYNAMIC_RANGE_DB}), dB.
 * @param audio 16 kHz mono
 */
export function loudnessSpread(audio: PcmAudio): number {
  const frame = Math.round(audio.sampleRate * 0.025);
  const energies: number[] = [];
  for (let at = 0; at + frame <= audio.samples.length; at += frame) {
    let sum = 0;
    for (let k = at; k < at + frame; k++) sum += (audio.samples[k] ?? 0) ** 2;
    energies.push(10 * Math.log10(sum / frame + 1));
  }
  if (energies.length < 4) return 0;
  energies.sort((a, b) => a - b);
  const at = (p: number) => energies[Math.min(energies.length - 1, Math.floor(p * energies.length))] ?? 0;
  return at(0.95) - at(0.1);
}

/**
 * Least voiced sound in an utterance, seconds: every command holds a vowel, which the vocal folds
 * voice (a pitch period repeating), while a cough, a sneeze, a clap or a knock is a burst of noise
 * without one. Below this the recording is refused as noise (`audio_noise`): hands-free listening
 * then ignores it silently instead of answering "I didn't catch that".
 */
export const MIN_VOICED_SECONDS = 0.08;

/**
 * Seconds of voiced sound: 32 ms frames every 10 ms, at 8 kHz, within 35 dB of the loudest frame,
 * whose normalised autocorrelation peaks above 0.6 at a pitch between 70 and 650 Hz.
 * @param audio 16 kHz mono
 * @param enough stop counting once this many seconds are found (the check needs no more)
 */
export function voicedSeconds(audio: PcmAudio, enough = Infinity): number {
  // 8 kHz by averaging pairs: pitch lives far below 4 kHz
  const step = audio.sampleRate >= 16000 ? 2 : 1;
  const rate = audio.sampleRate / step;
  const x = new Float64Array(Math.floor(audio.samples.length / step));
  for (let k = 0; k < x.length; k++) {
    let sum = 0;
    for (let j = 0; j < step; j++) sum += audio.samples[k * step + j] ?? 0;
    x[k] = sum / step;
  }
  const size = Math.round(rate * 0.032);
  const hop = Math.round(rate * 0.01);
  const minLag = Math.floor(rate / 650);
  const maxLag = Math.ceil(rate / 70);
  const energies: number[] = [];
  for (let at = 0; at + size + maxLag <= x.length; at += hop) {
    let e = 0;
    for (let k = at; k < at + size; k++) e += x[k]! * x[k]!;
    energies.push(e);
  }
  const loudest = Math.max(0, ...energies);
  let voiced = 0;
  const needed = Math.ceil((enough * rate) / hop);
  for (let f = 0; f < energies.length && voiced < needed; f++) {
    const e0 = energies[f]!;
    if (e0 <= 0 || e0 < loudest * 10 ** -3.5) continue;
    const at = f * hop;
    let mean = 0;
    for (let k = at; k < at + size + maxLag; k++) mean += x[k]!;
    mean /= size + maxLag;
    // the peak counts only after the autocorrelation has first dipped below 0: noise is correlated
    // over a few samples (the more so the lower its colour), a voice again one pitch period later
    let dipped = false;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let r = 0;
      let a0 = 0;
      let e1 = 0;
      for (let k = at; k < at + size; k++) {
        const u = x[k]! - mean;
        const y = x[k + lag]! - mean;
        r += u * y;
        a0 += u * u;
        e1 += y * y;
      }
      if (r <= 0) dipped = true;
      else if (dipped && r / Math.sqrt(a0 * e1) > 0.6) {
        voiced++;
        break;
      }
    }
  }
  return (voiced * hop) / rate;
}

/**
 * Checks the command list: at least one command with a word to say.
 * @throws SpeechError `commands_empty`
 */
export function assertCommands(commands: readonly VoiceCommand[]): void {
  if (commands.length === 0 || distinctCommands(commands).length === 0)
    throw new SpeechError('commands_empty', 'The command list is empty: there is nothing to listen for.');
  if (commands.length > MAX_COMMANDS)
    throw new SpeechError('commands_empty', `At most ${MAX_COMMANDS} commands can be listened for at once.`);
}

/**
 * The checks an utterance passes before it is decoded, and its conversion for the recogniser.
 * @param wav the WAV file's bytes
 * @param signal cancels the conversion (see `toRecogniserFormat`)
 * @returns 16 kHz mono audio
 * @throws SpeechError as `parseWav` (`audio_not_wav`, `audio_silent` …), `audio_too_long` over 8 s,
 *   `audio_noise` for noise without a voice; as `toRecogniserFormat` when sox fails
 */
export async function prepareCommandAudio(wav: Uint8Array, signal?: AbortSignal): Promise<PcmAudio> {
  const original = parseWav(wav);
  if (original.durationSeconds > MAX_COMMAND_SECONDS) {
    throw new SpeechError(
      'audio_too_long',
      `The command recording is ${original.durationSeconds.toFixed(1)} s; the limit is ${MAX_COMMAND_SECONDS} s.`,
    );
  }
  const audio = await toRecogniserFormat(original, signal ? { signal } : {});
  if (loudnessSpread(audio) < MIN_SPEECH_DYNAMIC_RANGE_DB)
    throw new SpeechError('audio_noise', 'The recording holds only noise: no voice was heard.');
  if (voicedSeconds(audio, MIN_VOICED_SECONDS) < MIN_VOICED_SECONDS)
    throw new SpeechError(
      'audio_noise',
      'The recording holds no voiced sound (a cough, a clap): no voice was heard.',
    );
  return audio;
}

/**
 * The phrases whose words the warm decoders should know from the start (`CommandRecogniser.warm`):
 * the spec §9 navigation and action phrases, every screen's words, and the titles of the library's
 * stories (Reading Practice and the library offer them). Screens' names and buttons are ordinary
 * words (cmudict has them).
 * @param titles the library's story titles (server/stories/content.ts)
 */
export function startupCommandPhrases(titles: readonly string[]): string[] {
  return [
    ...new Set([
      ...Object.values(NAVIGATION_PHRASES).flat(),
      ...Object.values(ACTION_PHRASES).flat(),
      ...SCREEN_WORDS,
      ...titles,
    ]),
  ];
}

/**
 * Recognises one spoken command (checks, conversion, decoding).
 * @returns the command heard, or the no-command answer (other words, two commands, shouting)
 * @throws SpeechError `commands_empty`; refused audio (see {@link prepareCommandAudio}); the
 *   recogniser's `recogniser_*`
 */
export async function recogniseCommandWav(input: CommandWavInput): Promise<VoiceAnswer> {
  assertCommands(input.commands);
  const audio = await prepareCommandAudio(input.wav, input.signal);
  return input.recogniser.recognise(audio, input.commands, input.signal);
}
