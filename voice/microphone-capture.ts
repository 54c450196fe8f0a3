/**
 * Microphone capture for read-aloud: getUserMedia → AudioContext (16 kHz when the browser allows)
 * → an AudioWorklet that mixes to mono 16-bit PCM and reports a level per ~100 ms block → on stop,
 * a WAV Blob for upload (docs/decisions/0007-recording-upload.md).
 *
 * Browser only (Web Audio, MediaDevices). The arithmetic lives in voice/wav.ts and
 * core/fluency-session/level.ts, which are tested in Node. The WAV encoder (core/audio/wav.ts, with
 * wavefile) is its own chunk, fetched while the microphone starts, so /fluency does not carry it.
 */
import type { encodeWav as EncodeWav } from '#core/audio/wav.ts';
import { meterLevel } from '#core/fluency-session/level.ts';
import { pcmSeconds } from './wav.ts';

/** URL of the worklet module (public/audio-worklets/, served from the site root). */
export const CAPTURE_WORKLET_URL = '/audio-worklets/pcm-capture-processor.js';

/** The rate the server scores at; the capture context asks for it so no resampling is needed later. */
export const CAPTURE_SAMPLE_RATE = 16_000;

/** Why the microphone could not be used (matches the session machine's `MicrophoneIssue`). */
export class MicrophoneError extends Error {
  override readonly name = 'MicrophoneError';
  constructor(
    /** `denied` (permission refused), `notFound` (no microphone), `failed` (anything else). */
    readonly reason: 'denied' | 'notFound' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Asks for the microphone: mono, with echo cancellation and automatic gain off so the recording
 * is the child's voice as spoken (the scorer copes with noise better than with pumping gain).
 * @throws {MicrophoneError} with the reason
 */
export async function requestMicrophone(): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    throw new MicrophoneError(
      'failed',
      'This browser cannot record audio here (it needs a secure https page).',
    );
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: false, autoGainControl: false, noiseSuppression: false },
      video: false,
    });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
      throw new MicrophoneError('denied', 'Permission to use the microphone was refused.');
    }
    if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
      throw new MicrophoneError('notFound', 'No microphone was found.');
    }
    throw new MicrophoneError(
      'failed',
      error instanceof Error ? error.message : 'The microphone could not start.',
    );
  }
}

/** A finished recording. */
export interface CapturedAudio {
  /** WAV, 16-bit PCM mono. */
  wav: Blob;
  /** Seconds. */
  durationSeconds: number;
  sampleRate: number;
}

/** A recording in progress. */
export interface CaptureSession {
  /** Sample rate of the recording. */
  readonly sampleRate: number;
  /** Stops, releases the microphone and returns the WAV. */
  stop(): Promise<CapturedAudio>;
  /** The WAV of what has been recorded so far; recording goes on. */
  snapshot(): CapturedAudio;
  /** Stops and releases the microphone, dropping the audio. Safe to call more than once. */
  cancel(): void;
}

/** Options of {@link startCapture}. */
export interface CaptureOptions {
  /** Called once per ~100 ms block: meter level 0–1 and seconds recorded so far. */
  onLevel?: (level: number, elapsedSeconds: number) => void;
  /** Called if the microphone track ends by itself (unplugged, permission revoked). */
  onTrackEnded?: () => void;
  /**
   * Called with every ~100 ms block of 16-bit PCM as it is recorded (the follow-along socket,
   * issue 12), at `sampleRate` (16 kHz unless the browser refused it). The block is also kept for the WAV: do not change it.
   */
  onChunk?: (pcm: Int16Array, sampleRate: number) => void;
  /** Worklet URL (default {@link CAPTURE_WORKLET_URL}). */
  workletUrl?: string;
}

/** An AudioContext at 16 kHz, or at the device rate where the browser refuses to mix rates (Firefox). */
async function openContext(
  stream: MediaStream,
): Promise<{ context: AudioContext; source: MediaStreamAudioSourceNode }> {
  try {
    const context = new AudioContext({ sampleRate: CAPTURE_SAMPLE_RATE });
    try {
      return { context, source: context.createMediaStreamSource(stream) };
    } catch (error) {
      await context.close();
      throw error;
    }
  } catch {
    const context = new AudioContext();
    return { context, source: context.createMediaStreamSource(stream) };
  }
}

/**
 * Starts recording from a granted microphone stream. The stream's tracks are stopped when the
 * session stops or is cancelled.
 * @param stream from {@link requestMicrophone}
 * @throws {MicrophoneError} `failed` when Web Audio cannot start
 */
export async function startCapture(
  stream: MediaStream,
  options: CaptureOptions = {},
): Promise<CaptureSession> {
  const releaseStream = () => stream.getTracks().forEach((t) => t.stop());
  let context: AudioContext;
  let source: MediaStreamAudioSourceNode;
  let node: AudioWorkletNode;
  let encodeWav: typeof EncodeWav;
  try {
    const encoder = import('#core/audio/wav.ts');
    ({ context, source } = await openContext(stream));
    [{ encodeWav }] = await Promise.all([
      encoder,
      context.audioWorklet.addModule(options.workletUrl ?? CAPTURE_WORKLET_URL),
    ]);
    node = new AudioWorkletNode(context, 'pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCountMode: 'max',
    });
  } catch (error) {
    releaseStream();
    throw new MicrophoneError(
      'failed',
      error instanceof Error ? error.message : 'Recording could not start.',
    );
  }
  const sampleRate = context.sampleRate;
  const chunks: Int16Array[] = [];
  let samples = 0;
  let onFlushed: (() => void) | null = null;
  let closed = false;

  node.port.onmessage = (event: MessageEvent<{ type: string; pcm?: Int16Array; rms?: number }>) => {
    const data = event.data;
    if (data.type === 'chunk' && data.pcm) {
      chunks.push(data.pcm);
      samples += data.pcm.length;
      options.onLevel?.(meterLevel(data.rms ?? 0), pcmSeconds(samples, sampleRate));
      options.onChunk?.(data.pcm, sampleRate);
    } else if (data.type === 'flushed') {
      onFlushed?.();
    }
  };
  const track = stream.getAudioTracks()[0];
  const trackEnded = () => {
    if (!closed) options.onTrackEnded?.();
  };
  track?.addEventListener('ended', trackEnded);
  source.connect(node);
  if (context.state === 'suspended') await context.resume().catch(() => undefined);

  const close = () => {
    if (closed) return;
    closed = true;
    track?.removeEventListener('ended', trackEnded);
    try {
      source.disconnect();
    } catch {
      /* already disconnected */
    }
    node.port.onmessage = null;
    releaseStream();
    void context.close().catch(() => undefined);
  };

  const wavSoFar = (): CapturedAudio => {
    const bytes = encodeWav(chunks, sampleRate);
    return {
      wav: new Blob([bytes.buffer as ArrayBuffer], { type: 'audio/wav' }),
      durationSeconds: pcmSeconds(samples, sampleRate),
      sampleRate,
    };
  };

  return {
    sampleRate,
    snapshot: wavSoFar,
    async stop() {
      if (!closed) {
        // Ask the worklet for its last partial block; give up after 500 ms (a closed context never answers).
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 500);
          onFlushed = () => {
            clearTimeout(timer);
            resolve();
          };
          node.port.postMessage({ type: 'flush' });
        });
        close();
      }
      return wavSoFar();
    },
    cancel: close,
  };
}
