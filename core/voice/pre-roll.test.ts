import { describe, expect, it } from 'vitest';
import { createPreRoll, PRE_ROLL_SECONDS } from './pre-roll.ts';

/** A 100 ms block at 16 kHz whose samples all hold `n`. */
const block = (n: number) => new Int16Array(1600).fill(n);

describe('createPreRoll (hands-free listening)', () => {
  it('keeps only the last 0.6 s while nothing is heard', () => {
    const roll = createPreRoll(16000);
    for (let k = 0; k < 50; k++) roll.push(block(k)); // 5 s of quiet
    expect(roll.seconds()).toBeCloseTo(PRE_ROLL_SECONDS);
    expect(roll.blocks().map((b) => b[0])).toEqual([44, 45, 46, 47, 48, 49]);
  });

  it('keeps everything from the voice on, after the pre-roll', () => {
    const roll = createPreRoll(16000);
    for (let k = 0; k < 30; k++) roll.push(block(k));
    roll.voiceStarted();
    for (let k = 30; k < 60; k++) roll.push(block(k));
    expect(roll.blocks()[0]![0]).toBe(24);
    expect(roll.blocks().at(-1)![0]).toBe(59);
    expect(roll.seconds()).toBeCloseTo(PRE_ROLL_SECONDS + 3);
  });

  it('keeps a block longer than the pre-roll whole', () => {
    const roll = createPreRoll(16000);
    roll.push(new Int16Array(32000));
    expect(roll.seconds()).toBe(2);
  });
});
