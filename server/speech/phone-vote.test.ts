import { describe, expect, it } from 'vitest';
import { loopHearsOther, onePhoneApart, phoneDistance, phoneLoopVote } from '#server/speech/phone-vote.ts';

const p = (s: string): string[] => s.split(' ');

describe('onePhoneApart', () => {
  it('finds the one phone in which two same-length pronunciations differ', () => {
    expect(onePhoneApart(p('P OY N T'), p('P AY N T'))).toEqual({ printed: 'OY', heard: 'AY' });
    expect(onePhoneApart(p('R OW Z'), p('R OW L'))).toEqual({ printed: 'Z', heard: 'L' });
  });

  it('is undefined for identical words, two differences or different lengths', () => {
    expect(onePhoneApart(p('HH OW L D'), p('HH OW L D'))).toBeUndefined();
    expect(onePhoneApart(p('K L AY M'), p('K L EY N'))).toBeUndefined();
    expect(onePhoneApart(p('IY CH'), p('T IY CH'))).toBeUndefined();
  });
});

describe('phoneLoopVote (the free phones on a one-sound substitution)', () => {
  it('votes for the printed word when the loop heard its sound and not the heard word’s', () => {
    // child-like rms "point" heard as "pint": the loop heard P HH OY NG T
    expect(phoneLoopVote([p('P OY N T')], [p('P AY N T')], p('P HH OY NG T'))).toBe('printed');
    // "hold" heard as "held": the loop heard DH OW D
    expect(phoneLoopVote([p('HH OW L D')], [p('HH EH L D')], p('DH OW D'))).toBe('printed');
  });

  it('votes for the heard word when the loop heard its sound, even beside the printed one', () => {
    // "run" read as "ran": R AE N
    expect(phoneLoopVote([p('R AH N')], [p('R AE N')], p('R AE N'))).toBe('heard');
    // "rows" heard as "role": the loop heard both L and ZH/Z
    expect(phoneLoopVote([p('R OW Z')], [p('R OW L')], p('HH ER OW L Z'))).toBe('heard');
  });

  it('abstains (neither) when the loop heard neither sound', () => {
    // "climb" read as "claim": K W IY
    expect(phoneLoopVote([p('K L AY M')], [p('K L EY M')], p('K W IY'))).toBe('neither');
  });

  it('counts every pronunciation pair one phone apart', () => {
    // "went" read as "want" (W AA N T or W AO N T): the loop heard W AO N CH
    expect(phoneLoopVote([p('W EH N T')], [p('W AA N T'), p('W AO N T')], p('W AO N CH'))).toBe('heard');
  });

  it('is undefined when no pair is one phone apart, or a differing phone recurs in the word', () => {
    expect(phoneLoopVote([p('IY CH')], [p('T IY CH')], p('IY CH'))).toBeUndefined();
    expect(phoneLoopVote([p('K L AY M')], [p('K L EY N')], p('K L AY M'))).toBeUndefined();
    // "kick" / "kit": the loop's K could be the first one
    expect(phoneLoopVote([p('K IH K')], [p('K IH T')], p('K IH'))).toBeUndefined();
  });
});

describe('phoneDistance', () => {
  it('counts insertions, deletions and replacements', () => {
    expect(phoneDistance(p('W ER K'), p('W ER K'))).toBe(0);
    expect(phoneDistance(p('W ER K'), p('W ER HH'))).toBe(1);
    expect(phoneDistance(p('HH OW L'), p('F OW'))).toBe(2);
    expect(phoneDistance([], p('AH'))).toBe(1);
  });
});

describe('loopHearsOther (the free phones and Moonshine agree on another word)', () => {
  it('is true when the loop heard the other word’s sound, not the printed one’s, within one phone of it', () => {
    // adult awb "walk" said "work": the loop heard W ER HH
    expect(loopHearsOther([p('W AA K'), p('W AO K')], [p('W ER K')], p('W ER HH'))).toBe(true);
    // adult slt "green" said "grain": the loop heard G R EY N
    expect(loopHearsOther([p('G R IY N')], [p('G R EY N')], p('G R EY N'))).toBe(true);
  });

  it('is false when the loop is far from the other word, heard the printed sound too, or no vote is possible', () => {
    // adult rms "hall" read as printed, Moonshine "hole": the loop heard F OW (two phones from HH OW L)
    expect(loopHearsOther([p('HH AO L')], [p('HH OW L')], p('F OW'))).toBe(false);
    // both sounds heard
    expect(loopHearsOther([p('G R IY N')], [p('G R EY N')], p('G R IY EY N'))).toBe(false);
    // two sounds apart (counted / coated): no one-sound vote
    expect(loopHearsOther([p('K AW N T IH D')], [p('K OW T IH D')], p('K OW T IH D'))).toBe(false);
    // the printed sound only
    expect(loopHearsOther([p('G R IY N')], [p('G R EY N')], p('G R IY N'))).toBe(false);
  });
});
