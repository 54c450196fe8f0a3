import { describe, expect, it } from 'vitest';
import { alignTokens, parsePhones, parseSegmentDurations, parseUtterancePhones } from './tts-align.ts';
import { normaliseSpeechText } from './tts.ts';

describe('parseSegmentDurations', () => {
  it('turns flite -psdur end times into phones with start and end', () => {
    expect(parseSegmentDurations('pau:0.184 dh:0.236 ax:0.270 \n')).toEqual([
      { phone: 'pau', start: 0, end: 0.184 },
      { phone: 'dh', start: 0.184, end: 0.236 },
      { phone: 'ax', start: 0.236, end: 0.27 },
    ]);
  });
  it('drops pauses from flite -ps output', () => {
    expect(parsePhones('pau k ae t pau \n')).toEqual(['k', 'ae', 't']);
  });
});

describe('alignTokens', () => {
  const spoken = parseSegmentDurations(
    // "The cat sat." as flite says it: pau dh ax k ae t s ae t pau
    'pau:0.2 dh:0.25 ax:0.3 k:0.4 ae:0.5 t:0.55 s:0.65 ae:0.75 t:0.8 pau:0.9',
  );

  it('gives each token the span of its phones, pauses left out', () => {
    expect(
      alignTokens(spoken, [
        ['dh', 'ax'],
        ['k', 'ae', 't'],
        ['s', 'ae', 't'],
      ]),
    ).toEqual([
      { start: 0.2, end: 0.3 },
      { start: 0.3, end: 0.55 },
      { start: 0.55, end: 0.8 },
    ]);
  });

  it('absorbs phones flite changed in running speech', () => {
    // Alone "the" is "dh iy"; in the sentence flite said "dh ax": a substitution, same span.
    expect(
      alignTokens(spoken, [
        ['dh', 'iy'],
        ['k', 'ae', 't'],
        ['s', 'ae', 't'],
      ])[0],
    ).toEqual({ start: 0.2, end: 0.3 });
    // A phone flite inserted goes to the word before it instead of shifting every later word.
    const timings = alignTokens(spoken, [['dh'], ['k', 'ae', 't'], ['s', 'ae', 't']]);
    expect(timings[0]).toEqual({ start: 0.2, end: 0.3 });
    expect(timings[1]).toEqual({ start: 0.3, end: 0.55 });
    expect(timings[2]).toEqual({ start: 0.55, end: 0.8 });
  });

  it('puts a token with no phones at the end of the one before', () => {
    expect(alignTokens(spoken, [['dh', 'ax'], [], ['k', 'ae', 't'], ['s', 'ae', 't']])[1]).toEqual({
      start: 0.3,
      end: 0.3,
    });
  });
});

describe('speech helpers', () => {
  it('collapses whitespace and control characters', () => {
    expect(normaliseSpeechText('  Hi,\n\tSam.\u0007 ')).toBe('Hi, Sam.');
  });
});

describe('parseUtterancePhones', () => {
  it('splits flite -ps output of several sentences at its pauses', () => {
    expect(parseUtterancePhones('pau dh ax pau pau k ae t s pau \n')).toEqual([
      ['dh', 'ax'],
      ['k', 'ae', 't', 's'],
    ]);
    expect(parseUtterancePhones('pau \n')).toEqual([]);
  });
});
