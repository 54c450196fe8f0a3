import { describe, expect, it } from 'vitest';
import {
  DEDUPE_WINDOW_MS,
  MAX_QUEUE_ITEMS,
  enqueue,
  takeNext,
  withdraw,
  type AudioItem,
  type AudioPriority,
  type QueueState,
} from './queue.ts';

const EMPTY: QueueState = { queue: [], current: null, recent: {} };
let n = 0;
const item = (
  text: string,
  priority: AudioPriority,
  at = 1000,
  type: AudioItem['type'] = 'button',
): AudioItem => ({
  id: `i${++n}`,
  text,
  type,
  priority,
  at,
});

function offerAll(items: AudioItem[], start: QueueState = EMPTY): QueueState {
  return items.reduce((s, i) => enqueue(s, i).state, start);
}

describe('audio queue rules (§4.9, §9)', () => {
  it('orders by priority, first come first served within a priority', () => {
    const s = offerAll([item('a', 0, 1), item('b', 0, 2), item('c', 0, 3)]);
    expect(s.queue.map((i) => i.text)).toEqual(['a', 'b', 'c']);
  });

  it('an item of priority 1 or 2 replaces everything waiting (but not a waiting warning)', () => {
    const waiting = offerAll([item('a', 0, 1), item('b', 0, 2)]);
    const info = enqueue(waiting, item('info', 1, 3, 'guidance')).state;
    expect(info.queue.map((i) => i.text)).toEqual(['info']);
    const warning = enqueue(info, item('warn', 2, 4, 'error')).state;
    expect(warning.queue.map((i) => i.text)).toEqual(['warn']);
    const laterInfo = enqueue(warning, item('info 2', 1, 5, 'toast')).state;
    expect(laterInfo.queue.map((i) => i.text)).toEqual(['warn', 'info 2']);
    // A quiet item queues behind them.
    expect(enqueue(laterInfo, item('quiet', 0, 6)).state.queue.map((i) => i.text)).toEqual([
      'warn',
      'info 2',
      'quiet',
    ]);
  });

  it('says every countdown number in order: the next number (or a toast) does not replace a waiting one', () => {
    // "Get ready. 3" is still being said when "2" and then "1" arrive a second apart.
    const saying: QueueState = { ...EMPTY, current: item('Get ready. 3', 1, 0, 'countdown') };
    const two = enqueue(saying, item('2', 1, 1000, 'countdown'));
    const one = enqueue(two.state, item('1', 1, 2000, 'countdown'));
    expect(one.state.queue.map((i) => i.text)).toEqual(['2', '1']);
    expect(one.preempts).toBe(false);
    // Another line of information waits behind the count; a warning still replaces it.
    const toast = enqueue(one.state, item('Saved', 1, 2100, 'toast')).state;
    expect(toast.queue.map((i) => i.text)).toEqual(['2', '1', 'Saved']);
    const warning = enqueue(toast, item('Microphone not found', 2, 2200, 'error'));
    expect(warning.state.queue.map((i) => i.text)).toEqual(['Microphone not found']);
    expect(warning.preempts).toBe(true);
    // Lines that are not a countdown still replace each other as before.
    const guidance = offerAll([
      item('Pick a story.', 1, 1, 'guidance'),
      item('Press start.', 1, 2, 'guidance'),
    ]);
    expect(guidance.queue.map((i) => i.text)).toEqual(['Press start.']);
  });

  it('drops the same text and type within 2 s, and accepts it again after', () => {
    const first = enqueue(EMPTY, item('Home', 0, 10_000));
    expect(first.outcome).toBe('queued');
    const again = enqueue(first.state, item(' home ', 0, 10_000 + DEDUPE_WINDOW_MS - 1));
    expect(again.outcome).toBe('duplicate');
    expect(again.state.queue).toHaveLength(1);
    // Same text, another type: not a duplicate.
    expect(enqueue(first.state, item('Home', 1, 10_001, 'guidance')).outcome).toBe('queued');
    // After the window it is accepted again, and the stale memory is pruned.
    const later = enqueue(again.state, item('Home', 0, 10_000 + DEDUPE_WINDOW_MS));
    expect(later.outcome).toBe('queued');
    expect(Object.keys(later.state.recent)).toEqual(['button|home']);
  });

  it('a duplicate is measured from the last accepted time, not from the last offer', () => {
    let s = enqueue(EMPTY, item('Stop', 0, 0)).state;
    s = enqueue(s, item('Stop', 0, 1500)).state; // dropped; does not extend the window
    expect(enqueue(s, item('Stop', 0, 2100)).outcome).toBe('queued');
  });

  it('keeps at most 5 waiting items, dropping the oldest of the lowest priority', () => {
    const s = offerAll([1, 2, 3, 4, 5, 6].map((k) => item(`b${k}`, 0, k)));
    expect(s.queue).toHaveLength(MAX_QUEUE_ITEMS);
    expect(s.queue.map((i) => i.text)).toEqual(['b2', 'b3', 'b4', 'b5', 'b6']);
  });

  it('refuses a quiet item when every waiting item outranks it and the queue is full', () => {
    // Only information can fill the queue above 1 item if warnings wait; build it by hand.
    const full: QueueState = {
      current: null,
      recent: {},
      queue: [1, 2, 3, 4, 5].map((k) => item(`w${k}`, 2, k, 'error')),
    };
    const result = enqueue(full, item('quiet', 0, 9));
    expect(result.outcome).toBe('full');
    expect(result.state.queue).toHaveLength(5);
  });

  it('never queues blank text (§5)', () => {
    const result = enqueue(EMPTY, item('   ', 1, 1, 'guidance'));
    expect(result.outcome).toBe('blank');
    expect(result.state.queue).toEqual([]);
  });

  it('says when the current item should be cut off: only for a strictly higher priority', () => {
    const playingInfo: QueueState = { ...EMPTY, current: item('line 1', 1, 0, 'guidance') };
    expect(enqueue(playingInfo, item('line 2', 1, 3000, 'guidance')).preempts).toBe(false);
    expect(enqueue(playingInfo, item('oops', 2, 3000, 'error')).preempts).toBe(true);
    expect(enqueue(playingInfo, item('Home', 0, 3000)).preempts).toBe(false);
    const playingQuiet: QueueState = { ...EMPTY, current: item('Home', 0, 0) };
    expect(enqueue(playingQuiet, item('line', 1, 1, 'guidance')).preempts).toBe(true);
  });

  it('withdraw drops the waiting lines of one type and says whether the current one is of it', () => {
    const current = item('Old page', 1, 0, 'guidance');
    const waiting = [item('Old page, two', 1, 1, 'guidance'), item('Home', 0, 2, 'button')];
    const out = withdraw({ current, queue: waiting, recent: {} }, 'guidance');
    expect(out.state.queue.map((q) => q.text)).toEqual(['Home']);
    expect(out.stopsCurrent).toBe(true);
    expect(withdraw({ current, queue: waiting, recent: {} }, 'toast').stopsCurrent).toBe(false);
    expect(withdraw({ current: null, queue: [], recent: {} }, 'guidance').stopsCurrent).toBe(false);
  });

  it('takeNext moves the head to current', () => {
    const s = takeNext(offerAll([item('a', 0, 1), item('b', 0, 2)]));
    expect(s.current?.text).toBe('a');
    expect(s.queue.map((i) => i.text)).toEqual(['b']);
    expect(takeNext(EMPTY).current).toBeNull();
  });

  it('never drops a speech sound as a duplicate, while the same spoken line within 2 s still is', () => {
    const sound = (at: number): AudioItem => ({ ...item('c…', 1, at, 'sparky'), phone: 'k' });
    const first = enqueue(EMPTY, sound(1000));
    const again = enqueue(takeNext(first.state), sound(1500));
    expect(again.outcome).toBe('queued');
    expect(again.state.recent).toEqual({});
    const line = enqueue(EMPTY, item('What word is that?', 1, 1000, 'sparky'));
    expect(
      enqueue(line.state, item('What word is that?', 1, 1000 + DEDUPE_WINDOW_MS - 1, 'sparky')).outcome,
    ).toBe('duplicate');
    // A line and a sound with the same caption are not the same item.
    expect(
      enqueue(line.state, { ...item('What word is that?', 1, 1100, 'sparky'), phone: 'k' }).outcome,
    ).toBe('queued');
  });
});
