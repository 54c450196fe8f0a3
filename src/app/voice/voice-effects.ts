/**
 * What the listening statechart needs from the browser (issue 11), behind one interface so that
 * component tests pass fakes: the microphone with its end-of-speech detection, the recogniser
 * (POST /api/voice/command), and Sparky's voice.
 */
import { VoiceAnswerSchema } from '#core/api/voice.ts';
import { INITIAL_END_OF_SPEECH, nextEndOfSpeech } from '#core/voice/end-of-speech.ts';
import { createPreRoll, type PreRoll } from '#core/voice/pre-roll.ts';
import type { VoiceMicrophoneIssue } from '#core/voice/answers.ts';
import type { VoiceAnswer, VoiceCommand } from '#core/voice/command.ts';
import {
  MicrophoneError,
  requestMicrophone,
  startCapture,
  type CaptureSession,
} from '#voice/microphone-capture.ts';
import { api } from '../../lib/api/client.ts';
import type { AudioQueueApi } from '../audio/audio-context.ts';
import { call } from '../../lib/api/http.ts';

/**
 * Silence after a voice that ends a command, seconds: children pause inside a phrase ("take me
 * to … reading practice"), yet the answer should come soon after they stop.
 */
export const COMMAND_END_SILENCE_SECONDS = 0.8;
/** Voice needed before a silence can end the utterance, seconds (a click or a cough is shorter). */
export const COMMAND_MIN_SPEECH_SECONDS = 0.25;

/** What the microphone reports while it listens. */
export interface ListenCallbacks {
  /** A voice began. */
  started(): void;
  /** The utterance ended (silence after the voice, or `finish()`): its WAV and length. */
  ended(wav: Blob, seconds: number): void;
  /** The microphone could not be used. */
  failed(issue: VoiceMicrophoneIssue): void;
}

/** An open microphone. */
export interface Listening {
  /** End the utterance now (the talk button pressed again, or the 8 s limit). */
  finish(): void;
  /** Close the microphone and drop the audio. */
  cancel(): void;
}

/** How the microphone listens. */
export interface ListenOptions {
  /**
   * Hands-free: the microphone stays open until a voice is heard, and the utterance sent is the
   * voice with a short pre-roll before it (core/voice/pre-roll.ts), not everything since the microphone opened.
   */
  handsFree?: boolean;
}

/** The browser's side of listening for commands. */
export interface VoiceEffects {
  /** Opens the microphone and reports one utterance. */
  listen(callbacks: ListenCallbacks, options?: ListenOptions): Listening;
  /**
   * Asks the server which command was said.
   * @throws on a refused utterance (silence, noise …), a failed request or the network
   */
  recognise(wav: Blob, commands: readonly VoiceCommand[], signal: AbortSignal): Promise<VoiceAnswer>;
  /** Says a line and shows it as a caption. */
  speak(text: string, type: 'info' | 'warning'): void;
  /** Sparky is quieter while the microphone listens. */
  duck(): void;
  unduck(): void;
}

/**
 * The microphone, with the voice found by the meter level (core/voice/end-of-speech.ts: an energy
 * detector, ADR 0015). Hands-free, only the voice and a short pre-roll before it are sent
 * (core/voice/pre-roll.ts).
 */
export function listenWithMicrophone(callbacks: ListenCallbacks, options: ListenOptions = {}): Listening {
  let session: CaptureSession | null = null;
  let state = INITIAL_END_OF_SPEECH;
  let heard = false;
  let closed = false;
  let preRoll: PreRoll | null = null;
  const finish = () => {
    if (closed) return;
    closed = true;
    const open = session;
    if (!open) return;
    const kept = preRoll;
    open.stop().then(
      async (audio) => {
        if (!kept) return callbacks.ended(audio.wav, audio.durationSeconds);
        const { encodeWav } = await import('#core/audio/wav.ts');
        const bytes = encodeWav(kept.blocks(), open.sampleRate);
        callbacks.ended(new Blob([bytes.buffer], { type: 'audio/wav' }), kept.seconds());
      },
      () => callbacks.failed('failed'),
    );
  };
  void (async () => {
    try {
      const stream = await requestMicrophone();
      if (closed) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      session = await startCapture(stream, {
        ...(options.handsFree
          ? {
              onChunk: (pcm: Int16Array, rate: number) => {
                preRoll ??= createPreRoll(rate);
                preRoll.push(pcm);
              },
            }
          : {}),
        onLevel: (level, elapsed) => {
          state = nextEndOfSpeech(state, elapsed, level, {
            endSilenceSeconds: COMMAND_END_SILENCE_SECONDS,
            minSpeechSeconds: COMMAND_MIN_SPEECH_SECONDS,
          });
          if (!heard && state.speechSeconds >= COMMAND_MIN_SPEECH_SECONDS) {
            heard = true;
            preRoll?.voiceStarted();
            callbacks.started();
          }
          if (state.finished) finish();
        },
        onTrackEnded: () => {
          if (!closed) callbacks.failed('failed');
        },
      });
      if (closed) session.cancel();
    } catch (error) {
      if (!closed) callbacks.failed(error instanceof MicrophoneError ? error.reason : 'failed');
    }
  })();
  return {
    finish,
    cancel() {
      closed = true;
      session?.cancel();
    },
  };
}

/** POST /api/voice/command with the utterance and the active list. */
export async function recogniseOnServer(
  wav: Blob,
  commands: readonly VoiceCommand[],
  signal: AbortSignal,
): Promise<VoiceAnswer> {
  const audio = new File([wav], 'command.wav', { type: 'audio/wav' });
  const answer = await call(
    api.voice.command.$post({ form: { audio, commands: JSON.stringify(commands) } }, { init: { signal } }),
  );
  return VoiceAnswerSchema.parse(answer);
}

/**
 * The browser's microphone and recogniser. Sparky's voice and ducking come from the app's one audio
 * queue ({@link queueVoiceEffects}), given by VoiceProvider.
 */
export const browserVoiceEffects: Pick<VoiceEffects, 'listen' | 'recognise'> = {
  listen: listenWithMicrophone,
  recognise: recogniseOnServer,
};

/**
 * Sparky's voice through the app's one audio queue (issue 10, src/app/audio): a reply is an `answer`
 * item (spoken, captioned and announced once by the queue), a warning an `error` item (priority 2,
 * so it cuts off what plays); the queue is ducked while the microphone records.
 */
export function queueVoiceEffects(audio: AudioQueueApi): Pick<VoiceEffects, 'speak' | 'duck' | 'unduck'> {
  return {
    speak: (text, type) => audio.speak({ text, type: type === 'warning' ? 'error' : 'answer' }),
    duck: () => audio.duck(),
    unduck: () => audio.unduck(),
  };
}
