/**
 * Drives a streaming tracker (follow-stream.ts) from a whole recording, chunk by chunk, the way a
 * live reader's audio would arrive: on a simulated real-time clock (the follow CLI, the benchmark's
 * accuracy figures) or on the wall clock (the benchmark's load figure).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FollowEvent } from '#core/tutor/follow.ts';
import type { FluencyResult } from '#core/fluency/result.schema.ts';
import type { FollowStream } from '#server/speech/follow-stream.ts';

/** CPU seconds used so far by the stream's decoder and this process. */
function cpuNow(stream: FollowStream): number {
  const own = process.cpuUsage();
  return stream.decoderCpuSeconds() + (own.user + own.system) / 1e6;
}

/** Chunk length, seconds (issue 12: chunks of about 100 ms). */
export const CHUNK_SECONDS = 0.1;

/** An event and when it was known: the audio that had arrived by the end of its decode, seconds. */
export interface TimedEvent {
  /** Seconds of audio that had arrived when the event was known (what the follow CLI prints). */
  known: number;
  /** When it was known on the clock, seconds from the first chunk's due time minus one chunk. */
  at: number;
  event: FollowEvent;
}

export interface FollowRun {
  events: TimedEvent[];
  /** The provisional result from the words heard. */
  result: FluencyResult;
  /** Wall time from the last chunk's arrival to the result, seconds. */
  stopToResult: number;
  /** Wall time spent decoding, seconds (on a busy machine mostly waiting for a core). */
  busy: number;
  /** CPU seconds: the decoder process's, and this process's while feeding this stream alone. */
  cpu: { decoder: number; node: number };
}

/**
 * Feeds `samples` (16 kHz mono) to `stream` in chunks. Chunk k arrives at (k + 1) × chunk
 * seconds. `clock: 'simulated'` never sleeps: the clock runs on by the wall time each decode takes
 * and jumps to the next chunk when the decoder is idle, so the events are timed as live but the
 * run takes only the decoding time. `clock: 'cpu'` is the same, but the clock runs on by the CPU
 * time each decode used (the decoder process's and this one's), which is what the decode would
 * take on a core of its own: figures that do not depend on how busy a shared machine is.
 * `clock: 'wall'` sleeps until each chunk is due (for running
 * many readers at once).
 * Does not close the stream.
 */
export async function feedRecording(
  stream: FollowStream,
  samples: Int16Array,
  options: { clock: 'simulated' | 'cpu' | 'wall'; sampleRate?: number; chunkSeconds?: number },
): Promise<FollowRun> {
  const rate = options.sampleRate ?? 16000;
  const chunkSeconds = options.chunkSeconds ?? CHUNK_SECONDS;
  const chunk = Math.round(chunkSeconds * rate);
  const chunks = Math.ceil(samples.length / chunk);
  const total = samples.length / rate;
  const started = performance.now();
  const nodeCpu = process.cpuUsage();
  const wall = (): number => (performance.now() - started) / 1000;
  let clock = 0;
  let fed = 0;
  let busy = 0;
  const events: TimedEvent[] = [];
  const arrived = (at: number): number =>
    Math.min(total, Math.floor(at / chunkSeconds + 1e-9) * chunkSeconds);
  while (fed < chunks) {
    const due = (fed + 1) * chunkSeconds;
    if (options.clock === 'wall') {
      const wait = due - wall();
      if (wait > 0) await sleep(wait * 1000);
      clock = wall();
    } else clock = Math.max(clock, due);
    while (fed < chunks && (fed + 1) * chunkSeconds <= clock + 1e-9) {
      stream.push(samples.subarray(fed * chunk, Math.min(samples.length, (fed + 1) * chunk)));
      fed++;
    }
    const began = performance.now();
    const cpuBefore = options.clock === 'cpu' ? cpuNow(stream) : 0;
    const stepEvents = await stream.step();
    const took = (performance.now() - began) / 1000;
    busy += took;
    if (options.clock === 'wall') clock = wall();
    else clock += options.clock === 'cpu' ? cpuNow(stream) - cpuBefore : took;
    for (const event of stepEvents) events.push({ known: arrived(clock), at: clock, event });
  }
  const stopAt = performance.now();
  const { events: last, result } = await stream.finish();
  const stopToResult = (performance.now() - stopAt) / 1000;
  busy += stopToResult;
  const end = Math.max(clock, total) + stopToResult;
  for (const event of last) events.push({ known: total, at: end, event });
  const used = process.cpuUsage(nodeCpu);
  return {
    events,
    result,
    stopToResult,
    busy,
    cpu: { decoder: stream.decoderCpuSeconds(), node: (used.user + used.system) / 1e6 },
  };
}
