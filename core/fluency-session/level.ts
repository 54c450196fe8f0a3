/**
 * Input-level arithmetic for the recording meter. The microphone worklet reports the RMS of each
 * block of samples (−1…1 floats); the meter shows it on a decibel scale, because loudness is heard
 * logarithmically and a linear meter barely moves for a child speaking at a normal distance.
 */

/** Bottom of the meter, dBFS: anything quieter shows as 0 (room noise on a laptop is about −60 dBFS). */
export const METER_FLOOR_DB = -60;

/** Below this meter value (0–1) a block counts as silence (about −42 dBFS). */
export const SILENCE_LEVEL = 0.3;

/**
 * Root mean square of a block of samples.
 * @param samples floats in −1…1 (Web Audio); an empty block gives 0.
 * @returns RMS, 0–1 for in-range input.
 */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] ?? 0;
    sum += s * s;
  }
  return Math.sqrt(sum / samples.length);
}

/**
 * Maps an RMS to the meter's 0–1 scale: {@link METER_FLOOR_DB} dBFS → 0, 0 dBFS → 1, linear in dB
 * between, clamped.
 * @param value RMS amplitude (0–1).
 */
export function meterLevel(value: number): number {
  if (!(value > 0)) return 0;
  const db = 20 * Math.log10(value);
  return Math.min(1, Math.max(0, (db - METER_FLOOR_DB) / -METER_FLOOR_DB));
}

/**
 * A meter value (0–1) as a whole percent for `aria-valuenow` and the visible bar.
 * @param level 0–1; out-of-range values are clamped.
 */
export function levelPercent(level: number): number {
  return Math.round(Math.min(1, Math.max(0, Number.isFinite(level) ? level : 0)) * 100);
}

/** Words for a meter value, for the meter's `aria-valuetext` (a number alone means little to a child). */
export function levelDescription(level: number): string {
  if (level < 0.15) return 'silent';
  if (level < SILENCE_LEVEL) return 'very quiet';
  if (level < 0.55) return 'quiet';
  if (level < 0.85) return 'good';
  return 'very loud';
}
