import { describe, expect, it } from 'vitest';
import {
  HELP_QUIET_SECONDS,
  helpGateBlock,
  helpGateOffer,
  helpGateWord,
  INITIAL_HELP_GATE,
  type HelpGateState,
} from './help-gate.ts';

const VOICE = 0.7;
const QUIET = 0.1;

/** Feeds `count` blocks of 0.1 s at `level`; returns the state and the words said. */
function feed(state: HelpGateState, level: number, count: number) {
  const said: number[] = [];
  for (let k = 0; k < count; k++) {
    const step = helpGateBlock(state, level, 0.1);
    state = step.state;
    if (step.say !== null) said.push(step.say);
  }
  return { state, said };
}

describe('help gate (help never talks over the child)', () => {
  it('says the word at once when the reader is quiet', () => {
    const { state } = feed(INITIAL_HELP_GATE, QUIET, 5);
    expect(helpGateOffer(state, 4)).toEqual({ state: { ...state, pending: null }, say: 4 });
  });

  it(`holds the word while the reader makes sounds, and says it after ${HELP_QUIET_SECONDS} s of silence`, () => {
    let { state } = feed(INITIAL_HELP_GATE, VOICE, 3);
    const offer = helpGateOffer(state, 4);
    expect(offer.say).toBeNull();
    state = offer.state;
    const voiced = feed(state, VOICE, 4);
    expect(voiced.said).toEqual([]);
    const quiet1 = feed(voiced.state, QUIET, 2);
    expect(quiet1.said).toEqual([]);
    const quiet2 = feed(quiet1.state, QUIET, 1);
    expect(quiet2.said).toEqual([4]);
    // Said once.
    expect(feed(quiet2.state, QUIET, 5).said).toEqual([]);
  });

  it('drops a held word when the reader reads it (or goes past it), not for an earlier word', () => {
    let { state } = feed(INITIAL_HELP_GATE, VOICE, 3);
    state = helpGateOffer(state, 4).state;
    state = helpGateWord(state, 3);
    expect(state.pending).toBe(4);
    state = helpGateWord(state, 4);
    expect(state.pending).toBeNull();
    expect(feed(state, QUIET, 10).said).toEqual([]);
  });
});
