import { describe, expect, it } from 'vitest';
import { SILENCE_LEVEL } from '#core/fluency-session/level.ts';
import { INITIAL_END_OF_SPEECH, nextEndOfSpeech, type EndOfSpeechState } from './end-of-speech.ts';

const OPTIONS = { endSilenceSeconds: 0.8, minSpeechSeconds: 0.25 };
const LOUD = Math.min(1, SILENCE_LEVEL * 4);

/** Feeds samples every 50 ms: `[seconds, level]` stretches in order; returns the state after each. */
function feed(stretches: [number, number][]): EndOfSpeechState[] {
  let state = INITIAL_END_OF_SPEECH;
  let time = 0;
  const states: EndOfSpeechState[] = [];
  for (const [seconds, level] of stretches) {
    for (let i = 0; i < Math.round(seconds / 0.05); i++) {
      time += 0.05;
      state = nextEndOfSpeech(state, time, level, OPTIONS);
      states.push(state);
    }
  }
  return states;
}

describe('end of a spoken command', () => {
  it('ends 0.8 s after the voice stops, and stays ended', () => {
    const states = feed([
      [0.5, 0],
      [1, LOUD],
      [0.7, 0],
    ]);
    expect(states.at(-1)?.finished).toBe(false);
    const more = feed([
      [0.5, 0],
      [1, LOUD],
      [1, 0],
      [0.5, LOUD],
    ]);
    expect(more.at(-1)?.finished).toBe(true);
  });

  it('a pause inside the phrase shorter than 0.8 s does not end it', () => {
    const states = feed([
      [0.6, LOUD],
      [0.6, 0],
      [0.6, LOUD],
    ]);
    expect(states.some((s) => s.finished)).toBe(false);
  });

  it('a click shorter than 0.25 s followed by silence is not an utterance', () => {
    const states = feed([
      [0.1, LOUD],
      [3, 0],
    ]);
    expect(states.some((s) => s.finished)).toBe(false);
  });
});
