import { describe, expect, it } from 'vitest';
import type { VoiceCommand } from '#core/voice/command.ts';
import {
  buildCommandGrammar,
  buildGarbageGrammar,
  distinctCommands,
  isDoublePath,
  matchPath,
} from '#server/speech/command-grammar.ts';

const nav = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'navigate', target });
const act = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

const COMMANDS = [
  act('stop', 'stop-reading'),
  nav('Reading Practice', '/fluency'),
  nav('go home', '/home'),
  act('Stop', 'stop'),
  act('The Lost Mitten', 'story:lost-mitten'),
  act('Chapter 2', 'story:two'),
  act('!!!', 'nothing'),
];

/** Every path of an FSG from the start state to the final state, as word lists (bounded length). */
function sentences(fsg: string, maxWords: number): string[][] {
  const lines = fsg.split('\n');
  const final = Number(/FINAL_STATE (\d+)/.exec(fsg)?.[1]);
  const edges = new Map<number, { to: number; word?: string }[]>();
  for (const l of lines) {
    const m = /^TRANSITION (\d+) (\d+) \S+(?: (\S+))?$/.exec(l);
    if (!m) continue;
    const list = edges.get(Number(m[1])) ?? [];
    list.push({ to: Number(m[2]), ...(m[3] ? { word: m[3] } : {}) });
    edges.set(Number(m[1]), list);
  }
  const out: string[][] = [];
  const walk = (at: number, words: string[], steps: number): void => {
    if (at === final) out.push(words);
    if (words.length > maxWords || steps > 30) return;
    for (const e of edges.get(at) ?? []) walk(e.to, e.word ? [...words, e.word] : words, steps + 1);
  };
  walk(0, [], 0);
  return out;
}

describe('distinctCommands', () => {
  it('keeps the first command of each sound, in spoken words, and drops phrases with nothing to say', () => {
    const entries = distinctCommands(COMMANDS);
    expect(entries.map((e) => e.tokens.join(' '))).toEqual([
      'stop',
      'reading practice',
      'go home',
      'the lost mitten',
      'chapter two',
    ]);
    // the screen's "stop" (listed first) wins over the global one
    expect(entries[0]?.command.target).toBe('stop-reading');
  });
});

describe('buildCommandGrammar', () => {
  const garbage = ['ph_aa', 'ph_s', 'hello'];
  const grammar = buildCommandGrammar(COMMANDS, { garbageWords: garbage });
  const said = sentences(grammar.fsg, 8).map((s) => s.join(' '));

  it('accepts each command alone, after a carrier, with "please", and after a hesitation', () => {
    expect(said).toContain('reading practice');
    expect(said).toContain('go to reading practice');
    expect(said).toContain('take me to the lost mitten please');
    expect(said).toContain('i want to go to the reading practice');
    expect(said).toContain('please stop');
    expect(said).toContain('um go home');
    expect(said).toContain('chapter two');
  });

  it('writes the refusals into the grammar: anything else, two commands, more words after a command', () => {
    expect(said).toContain('ph_aa ph_s');
    expect(said).toContain('hello');
    expect(said).toContain('stop go home');
    expect(said).toContain('go home hello');
    expect(said).toContain('go to hello');
  });

  it('puts a place carrier ("go to") only before screens, stories and buttons, others before anything', () => {
    expect(said).not.toContain('i want to go to stop');
    expect(said).not.toContain('go to stop');
    expect(said).not.toContain('open the stop');
    expect(said).toContain('i want to stop');
    expect(said).toContain('can we stop');
    expect(said).toContain('open the lost mitten');
  });

  it('lists every word it can emit, and the FSG header matches its states', () => {
    for (const w of ['stop', 'reading', 'practice', 'please', 'the', 'ph_aa', 'hello', 'um'])
      expect(grammar.words.has(w)).toBe(true);
    const states = Number(/NUM_STATES (\d+)/.exec(grammar.fsg)?.[1]);
    const used = [...grammar.fsg.matchAll(/^TRANSITION (\d+) (\d+)/gm)].flatMap((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(Math.max(...used)).toBeLessThan(states);
  });

  it('has no garbage paths without garbage words', () => {
    const plain = buildCommandGrammar(COMMANDS, { garbageWords: [] });
    const only = sentences(plain.fsg, 6).map((s) => s.join(' '));
    expect(only).toContain('go home');
    expect(only.some((s) => s.includes('hello'))).toBe(false);
  });

  it('refuses a list with nothing to say', () => {
    expect(() => buildCommandGrammar([act('...', 'x')], { garbageWords: garbage })).toThrow(/no command/);
  });

  it('builds the garbage loop alone, one or more words', () => {
    const fsg = buildGarbageGrammar(garbage);
    const loop = sentences(fsg, 3).map((s) => s.join(' '));
    expect(loop).toContain('hello');
    expect(loop).toContain('ph_aa ph_s hello');
    expect(loop).not.toContain('');
  });
});

describe('matchPath', () => {
  const entries = distinctCommands(COMMANDS);
  const target = (heard: string) => {
    const m = matchPath(heard.split(' ').filter(Boolean), entries);
    return m === null || m === 'other' ? m : m.command.target;
  };

  it('finds the one command under carriers, fillers and "please"', () => {
    expect(target('reading practice')).toBe('/fluency');
    expect(target('take me to reading practice please')).toBe('/fluency');
    expect(target('um please go to the lost mitten')).toBe('story:lost-mitten');
    expect(target('i want to go to the reading practice')).toBe('/fluency');
    expect(target('stop')).toBe('stop-reading');
  });

  it('refuses two commands, extra words and garbage, and says nothing for silence', () => {
    expect(target('stop go home')).toBe('other');
    expect(target('go home hello')).toBe('other');
    expect(target('ph_aa ph_s')).toBe('other');
    expect(target('go to')).toBe('other');
    expect(target('')).toBeNull();
    expect(target('please')).toBeNull();
  });

  it('refuses an action after a place carrier ("I want to go to the zoo" heard as "… resume")', () => {
    expect(target('i want to go to stop')).toBe('other');
    expect(target('take me to the stop')).toBe('other');
    expect(target('i want to stop')).toBe('stop-reading');
    expect(target("let's stop")).toBe('stop-reading');
  });
});

describe('isDoublePath', () => {
  const entries = distinctCommands([...COMMANDS, nav('home', '/home'), nav('dashboard', '/dashboard')]);
  const double = (heard: string) => isDoublePath(heard.split(' '), entries);

  it('finds two or more commands one after the other, with fillers, please and a carrier', () => {
    expect(double('stop reading practice')).toBe(true);
    expect(double('go home stop')).toBe(true);
    expect(double('um take me to the lost mitten please go home')).toBe(true);
    expect(double('home dashboard stop')).toBe(true);
  });

  it('is not one command, a command with other words, or other words', () => {
    expect(double('reading practice')).toBe(false);
    expect(double('go to reading practice please')).toBe(false);
    expect(double('stop the music')).toBe(false);
    expect(double('my sister has a red bike')).toBe(false);
  });
});
