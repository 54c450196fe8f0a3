/**
 * Benchmark figures: miscue detection (errors = omission + substitution) against the planted
 * truth, false errors on clean readings, WCPM error, speed.
 */
import type { WordStatus } from '#core/fluency/align.ts';

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

const isError = (s: WordStatus | undefined): boolean => s === 'omission' || s === 'substitution';

/**
 * Compares predicted and true statuses word by word. A predicted error on a word the truth
 * marks as an error counts as detected whatever its type (omission vs substitution).
 */
export function compareErrors(predicted: readonly WordStatus[], truth: readonly WordStatus[]): Counts {
  const c: Counts = { tp: 0, fp: 0, fn: 0 };
  truth.forEach((t, i) => {
    const p = predicted[i];
    if (isError(t) && isError(p)) c.tp++;
    else if (isError(t)) c.fn++;
    else if (isError(p)) c.fp++;
  });
  return c;
}

/** Precision, recall and F1 (0 when undefined). */
export function prf(c: Counts): { precision: number; recall: number; f1: number } {
  const precision = c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : 1;
  const recall = c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : 1;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/**
 * Onset of the first and end of the last 10 ms frame louder than −40 dBFS, seconds: the true
 * reading time of a synthetic reading that starts and ends with passage words.
 */
export function speechSpan(samples: Int16Array, sampleRate: number): { start: number; end: number } {
  const frame = Math.round(sampleRate / 100);
  const threshold = 32768 * 10 ** (-40 / 20);
  let first = -1;
  let last = -1;
  for (let f = 0; f * frame < samples.length; f++) {
    let sum = 0;
    const end = Math.min(samples.length, (f + 1) * frame);
    for (let k = f * frame; k < end; k++) sum += (samples[k] ?? 0) ** 2;
    if (Math.sqrt(sum / Math.max(1, end - f * frame)) > threshold) {
      if (first < 0) first = f;
      last = f;
    }
  }
  return { start: Math.max(0, first) / 100, end: (last + 1) / 100 };
}
