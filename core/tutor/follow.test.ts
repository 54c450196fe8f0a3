import { describe, expect, it } from 'vitest';
import { tokenisePassage, type HeardWord } from '#core/text/normalize.ts';
import {
  findRun,
  Follower,
  helpAfterSetting,
  REANCHOR_WORDS,
  type FollowEvent,
  type WindowDecode,
} from '#core/tutor/follow.ts';

const PASSAGE = tokenisePassage('The little fox ran to the river to drink.');

/** A decode of the window from the follower's anchor to `now`, with these words in it. */
function decode(f: Follower, now: number, words: HeardWord[]): WindowDecode {
  const inWindow = words.filter((w) => w.start >= f.anchor.time - 1e-6 && w.start < now);
  const clipped = inWindow.map((w) => ({ ...w, end: Math.min(w.end, now) }));
  return {
    windowStart: f.anchor.time,
    now,
    words: clipped,
    firstSound: clipped[0]?.start ?? null,
    lastSound: clipped[clipped.length - 1]?.end ?? null,
  };
}

/** Words said one after another from `start`, each `dur` long, with `gap` between them. */
function said(texts: string[], start: number, dur = 0.3, gap = 0.05): HeardWord[] {
  return texts.map((word, k) => ({
    word,
    start: start + k * (dur + gap),
    end: start + k * (dur + gap) + dur,
  }));
}

/** Feeds the follower every 0.1 s up to `until`, re-decoding the window each time. */
function run(f: Follower, words: HeardWord[], until: number): FollowEvent[] {
  const events: FollowEvent[] = [];
  for (let k = 1; k * 0.1 <= until + 1e-9; k++) events.push(...f.update(decode(f, k * 0.1, words)));
  return events;
}

const of = (events: FollowEvent[], kind: FollowEvent['event']) => events.filter((e) => e.event === kind);

describe('Follower', () => {
  it('announces each word once, in order, once settleSeconds of audio follow it', () => {
    const f = new Follower(PASSAGE);
    const words = said(['the', 'little', 'fox', 'ran', 'to', 'the', 'river', 'to', 'drink'], 0.5);
    const events = [...run(f, words, 4), ...f.finish(decode(f, 4, words))];
    const announced = of(events, 'word');
    expect(announced.map((e) => e.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(announced.every((e) => e.event === 'word' && e.status === 'correct')).toBe(true);
    // "the" ends at 0.8 s: sure at 0.8 + 0.3 = 1.1 s, not before
    expect(announced[0]?.t).toBeCloseTo(1.1, 5);
    expect(of(events, 'help')).toEqual([]);
    expect(f.heard.map((w) => w.word).join(' ')).toBe('the little fox ran to the river to drink');
  });

  it('marks a distractor said for a word as a substitution once the reader moves on', () => {
    const f = new Follower(PASSAGE);
    const words = said(['the', 'little', 'box', 'ran'], 0.2);
    const events = run(f, words, 3);
    expect(events.find((e) => e.event === 'word' && e.index === 2)).toMatchObject({ status: 'substitution' });
  });

  it('offers help with the next word after 3 s of silence, once, with a hesitation', () => {
    const f = new Follower(PASSAGE);
    const words = said(['the', 'little'], 0.2); // little ends at 0.85
    const events = run(f, words, 9);
    const help = of(events, 'help');
    expect(help).toEqual([{ t: 3.9, event: 'help', index: 2, reason: 'pause' }]);
    expect(of(events, 'hesitation')).toEqual([{ t: 3.9, event: 'hesitation', index: 2, seconds: 3.05 }]);
  });

  it('keeps the help delay a setting from 2 to 6 s', () => {
    const f = new Follower(PASSAGE, { helpAfterSeconds: 5 });
    const events = run(f, said(['the'], 0.2), 8);
    expect(of(events, 'help')[0]?.t).toBeCloseTo(5.5, 5);
    expect(() => new Follower(PASSAGE, { helpAfterSeconds: 1 })).toThrow(RangeError);
    expect(() => helpAfterSetting(7)).toThrow(RangeError);
    expect(() => helpAfterSetting(Number.NaN)).toThrow(RangeError);
    expect(helpAfterSetting(2)).toBe(2);
  });

  it('waits for silence: no help while the reader is still making sounds', () => {
    // after "the", unclear sounds until 6 s (the rule for repeated attempts switched off)
    const words: HeardWord[] = [{ word: 'the', start: 0.2, end: 0.5 }];
    for (let t = 1; t < 6; t += 0.2) words.push({ word: '[unclear]', start: t, end: t + 0.15 });
    const f = new Follower(PASSAGE, { misreadAttempts: 1000 });
    const help = of(run(f, words, 8), 'help');
    expect(help).toHaveLength(1);
    expect(help[0]).toMatchObject({ index: 1, reason: 'pause' });
    expect(help[0]?.t).toBeGreaterThanOrEqual(6 + 0.3 - 1e-9);
  });

  it('gives one gentle prompt for repeated misreadings of the same word, not one per attempt', () => {
    const f = new Follower(PASSAGE);
    // "the little" read (to 0.85 s), then tries at "fox" that are not it, with silences between
    const tries = [1.2, 1.8, 2.6, 3.4].map((start) => ({ word: '[unclear]', start, end: start + 0.2 }));
    const events = run(f, [...said(['the', 'little'], 0.2), ...tries], 10);
    expect(of(events, 'help')).toEqual([{ t: 2.3, event: 'help', index: 2, reason: 'misread' }]);
    // the attempts are not taken as reading "fox"
    expect(of(events, 'word').map((e) => e.index)).toEqual([0, 1]);
    expect(f.anchor).toMatchObject({ state: 2 });
  });

  it('counts the attempts when the reader stops after them (as the scorer would)', () => {
    const f = new Follower(PASSAGE);
    const words = [...said(['the', 'little'], 0.2), { word: 'box', start: 1.2, end: 1.5 }];
    run(f, words, 2);
    const last = f.finish(decode(f, 2.2, words));
    expect(last).toEqual([{ t: 2.2, event: 'word', index: 2, status: 'substitution' }]);
  });

  it('does not take re-reading the words before as attempts at the next word', () => {
    const f = new Follower(PASSAGE);
    const words = said(['the', 'little', 'the', 'little'], 0.2);
    const events = run(f, words, 2.5);
    expect(of(events, 'help')).toEqual([]);
  });

  it('moves the window past silence so it stays short while the reader is silent', () => {
    const f = new Follower(PASSAGE);
    run(f, said(['the'], 0.2), 2);
    const before = f.anchor.time;
    run(f, said(['the'], 0.2), 10);
    expect(f.anchor.time).toBeGreaterThan(before + 5);
    expect(f.anchor.state).toBe(1);
  });
});

describe('findRun', () => {
  const passage = tokenisePassage('The cat sat on the mat and the cat ran to the 10 dogs.');

  it('finds the first place after `from` where the last heard words are passage words in a row', () => {
    expect(findRun(passage, ['box', 'the', 'cat'], 0, 40)).toBe(7);
    expect(findRun(passage, ['ran', 'to'], 2, 40)).toBe(9);
    // only after `from`, and no further than `ahead`
    expect(findRun(passage, ['the', 'cat'], 7, 40)).toBe(-1);
    expect(findRun(passage, ['ran', 'to'], 2, 5)).toBe(-1);
  });

  it('wants the whole run; a numeral matches as it is said', () => {
    expect(findRun(passage, ['cat'], 0, 40)).toBe(-1);
    expect(findRun(passage, ['cat', 'to'], 0, 40)).toBe(-1);
    expect(findRun(passage, ['the', 'ten'], 0, 40)).toBe(11);
    expect(findRun(passage, ['ran'], 0, 40, 1)).toBe(9);
  });
});

describe('Follower: a lost place', () => {
  const LONG = tokenisePassage(
    'The storm started just after dinner and the wind began to howl around the barn.',
  );

  it('searches wider once sure words stop matching, and re-anchors on a run of passage words ahead', () => {
    const f = new Follower(LONG);
    // "the storm" read, then the decoder lost "started just after dinner" (heard as other words)
    const words = [
      ...said(['the', 'storm'], 0.2),
      ...said(['stone', 'dinners'], 1.0),
      ...said(['the', 'wind', 'began'], 1.8),
    ];
    const events: FollowEvent[] = [];
    const anchors: (number | undefined)[] = [];
    for (let k = 1; k * 0.1 <= 4 + 1e-9; k++) {
      events.push(...f.update(decode(f, k * 0.1, words)));
      anchors.push(f.anchor.lookahead);
    }
    // while lost, the windows search REANCHOR_WORDS ahead; once back, the usual lookahead
    expect(anchors).toContain(REANCHOR_WORDS);
    expect(anchors.at(-1)).toBeUndefined();
    const announced = of(events, 'word').map((e) => (e.event === 'word' ? [e.index, e.status] : []));
    expect(announced.slice(0, 2)).toEqual([
      [0, 'correct'],
      [1, 'correct'],
    ]);
    // "and the wind began" found again: 7 "the", 8 "wind", 9 "began" announced as read
    expect(announced.filter(([, s]) => s === 'correct').map(([i]) => i)).toEqual([0, 1, 7, 8, 9]);
    expect(f.anchor.state).toBe(10);
  });

  it('does not re-anchor on words that only repeat the place (a reader trying again)', () => {
    const f = new Follower(LONG);
    const words = said(['the', 'storm', 'the', 'storm', 'the', 'storm'], 0.2);
    const events = run(f, words, 3);
    expect(of(events, 'word').map((e) => e.index)).toEqual([0, 1]);
    expect(f.anchor.state).toBe(2);
  });
});
