import { describe, expect, it } from 'vitest';
import { editDistance } from '#core/text/similarity.ts';
import {
  SKIPPED_WORDS,
  ivrEdits,
  ivrPromptUsable,
  ivrReadings,
  parseIvrTranscripts,
  spellingMisreadings,
} from './ivr-speech.ts';
import { realReadingPlan } from './real-speech.ts';

const ECHO =
  'You are about to enter an echo test.  In this mode everything you say will be repeated back to you just as soon as it is received.';
const known = (w: string): boolean => /^[a-z']+$/.test(w) && w !== 'zorblax';
const misreadings = (w: string): string[] => (w.length >= 4 ? [`${w[0]}${w[0]}ab`, `${w[0]}xyz`] : []);
const isFunctionWord = (w: string): boolean =>
  ['you', 'are', 'to', 'an', 'in', 'this', 'will', 'be', 'as'].includes(w);

describe('the Asterisk prompts (scripts/bench/ivr-speech.ts)', () => {
  it('reads name: text lines and skips comments and blank lines', () => {
    expect(
      parseIvrTranscripts('; Core Asterisk Sounds\n\nactivated: Activated.\nbeep: [a beep]\nno colon here\n'),
    ).toEqual([
      { name: 'activated', text: 'Activated.' },
      { name: 'beep', text: '[a beep]' },
    ]);
  });

  it('keeps prompts of 4 words or more with no long numbers, symbols, addresses, acronyms or unknown words', () => {
    expect(ivrPromptUsable(ECHO, known)).toBe(true);
    expect(ivrPromptUsable('Please hold on.', known)).toBe(false); // 3 words
    expect(ivrPromptUsable('Please hold on now.', known)).toBe(true);
    expect(ivrPromptUsable('For an operator please press 0.', known)).toBe(true); // "zero"
    for (const text of [
      'For an operator please dial 411 at any time now.',
      'Press 1a for sales.',
      'Please leave your message after the tone. (simple tone sound plays)',
      'For more information please visit www.asterisk.org today or tomorrow.',
      'Thank you for calling the PBX of the company today.',
      'Please enter the number [beep] you wish to call now.',
      'You may now enter the Zorblax conference at any time.',
    ])
      expect(ivrPromptUsable(text, known), text).toBe(false);
  });

  it('plants a substitution, an omission and an insertion, apart and off the ends, the same each run', () => {
    const edits = ivrEdits('demo-echotest', ECHO, misreadings, isFunctionWord);
    expect(ivrEdits('demo-echotest', ECHO, misreadings, isFunctionWord)).toEqual(edits);
    expect(edits.map((e) => e.kind).sort()).toEqual(['insertion', 'omission', 'substitution']);
    const at = edits.map((e) => (e.kind === 'omission' ? e.before : e.index));
    const words = ECHO.split(/\s+/).length;
    for (const i of at) expect(i >= 2 && i < words - 2, `${i}`).toBe(true);
    for (const i of at) for (const j of at) if (i !== j) expect(Math.abs(i - j)).toBeGreaterThanOrEqual(3);
    const omission = edits.find((e) => e.kind === 'omission');
    expect(SKIPPED_WORDS).toContain(omission?.kind === 'omission' ? omission.printed : '');
    const plan = realReadingPlan({ id: 'x', file: 'x', text: ECHO, said: '', edits }, true);
    expect(plan.planted).toHaveLength(3);
    expect(plan.truth.filter((t) => t !== 'correct')).toHaveLength(2);
    // another prompt name draws other places
    expect(ivrEdits('demo-other', ECHO, misreadings, isFunctionWord)).not.toEqual(edits);
  });

  it('never substitutes a function word or a short word, and plants none when no misreading is known', () => {
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const sub = ivrEdits(name, ECHO, misreadings, isFunctionWord).find((e) => e.kind === 'substitution');
      const word =
        sub?.kind === 'substitution' ? ECHO.split(/\s+/)[sub.index]?.replace(/\W/g, '') : undefined;
      expect(word && word.length >= 4 && !isFunctionWord(word.toLowerCase()), word).toBe(true);
    }
    expect(ivrEdits('x', ECHO, () => [], isFunctionWord).some((e) => e.kind === 'substitution')).toBe(false);
    // nor prints a function word for a content word ("audio" printed "are")
    expect(
      ivrEdits('x', ECHO, () => ['are', 'this'], isFunctionWord).some((e) => e.kind === 'substitution'),
    ).toBe(false);
    const printed = ivrEdits('x', ECHO, () => ['are', 'amber'], isFunctionWord).find(
      (e) => e.kind === 'substitution',
    );
    expect(printed?.kind === 'substitution' && printed.printed).toBe('amber');
  });

  it('gives common misreadings by spelling: same first letter, 2-4 letters apart, not a homophone, commonest first', () => {
    const logP = new Map([
      ['sense', -3],
      ['seems', -3.2],
      ['since', -2.5],
      ['cents', -4],
      ['scents', -4.5],
      ['sentence', -4],
      ['sensible', -6],
      ['senses', -3],
    ]);
    const prons: Record<string, string[]> = {
      sense: ['S EH N S'],
      scents: ['S EH N T S', 'S EH N S'],
      seems: ['S IY M Z'],
      since: ['S IH N S'],
      cents: ['S EH N T S'],
      sentence: ['S EH N T AH N S'],
      sensible: ['S EH N S AH B AH L'],
      senses: ['S EH N S AH Z'],
    };
    const near = spellingMisreadings(logP, (w) => prons[w] ?? []);
    const found = near('sense');
    expect(found).toEqual(['since', 'seems']);
    for (const w of found) expect(editDistance(w, 'sense')).toBeGreaterThanOrEqual(2);
    expect(found).not.toContain('senses'); // one letter apart
    expect(found).not.toContain('scents'); // sounds the same
    expect(found).not.toContain('sensible'); // rare
    expect(found).not.toContain('cents'); // another first letter
  });

  it('joins usable prompts whose file exists, in name order, into readings of 30 s or more', () => {
    const prompts = ['d', 'a', 'c', 'b', 'e', 'missing'].map((name) => ({ name, text: ECHO }));
    prompts.push({ name: 'short', text: 'Goodbye.' });
    const seconds: Record<string, number> = {
      'a.g722': 12,
      'b.g722': 20,
      'c.g722': 31,
      'd.g722': 10,
      'e.g722': 9,
    };
    const readings = ivrReadings(prompts, {
      exists: (f) => f in seconds || f === 'short.g722',
      seconds: (f) => seconds[f] ?? 1,
      known,
      misreadings,
      isFunctionWord,
    });
    // a+b = 32 s; c = 31 s; d+e = 19 s is too short and joins c
    expect(readings.map((r) => [r.id, r.parts, r.seconds])).toEqual([
      ['ivr-01-a', ['a.g722', 'b.g722'], 32],
      ['ivr-02-c', ['c.g722', 'd.g722', 'e.g722'], 50],
    ]);
    const [first, second] = readings;
    expect(first?.text).toBe(`${ECHO} ${ECHO}`);
    expect(first?.said.split(' ').slice(0, 4)).toEqual(['you', 'are', 'about', 'to']);
    expect(first?.said.split(' ')).toHaveLength(2 * ECHO.split(/\s+/).length);
    // one miscue of each kind per 30 words: 54 words plant two of each, 81 words three
    const kinds = (r: typeof first) => (r?.edits ?? []).map((e) => e.kind).sort();
    expect(kinds(first)).toEqual([
      'insertion',
      'insertion',
      'omission',
      'omission',
      'substitution',
      'substitution',
    ]);
    expect(kinds(second)).toHaveLength(9);
    expect(realReadingPlan(second as NonNullable<typeof second>, true).planted).toHaveLength(9);
  });
});
