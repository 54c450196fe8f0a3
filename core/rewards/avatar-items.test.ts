import { describe, expect, it } from 'vitest';
import { AVATAR_ITEMS, AVATAR_SLOTS, avatarItem, wearableOutfit } from './avatar-items.ts';
import { ledgerLabel } from './ledger.ts';

describe('avatar shop catalogue', () => {
  it('has at least 24 items, at least four of every kind, unique ids, prices within the ledger bound', () => {
    expect(AVATAR_ITEMS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(AVATAR_ITEMS.map((i) => i.id)).size).toBe(AVATAR_ITEMS.length);
    for (const slot of AVATAR_SLOTS)
      expect(AVATAR_ITEMS.filter((i) => i.slot === slot).length).toBeGreaterThanOrEqual(4);
    for (const item of AVATAR_ITEMS) {
      expect(item.price).toBeGreaterThanOrEqual(1);
      expect(item.price).toBeLessThanOrEqual(1000);
      expect(item.id).toMatch(/^[a-z0-9-]+$/);
    }
    // One reading (5–10 tokens) plus a challenge (10) buys the cheapest hat.
    expect(Math.min(...AVATAR_ITEMS.filter((i) => i.slot === 'hat').map((i) => i.price))).toBeLessThanOrEqual(
      10,
    );
  });

  it('wears only owned items of the right kind', () => {
    expect(avatarItem('crown')?.slot).toBe('hat');
    expect(avatarItem('nope')).toBeUndefined();
    expect(
      wearableOutfit({ hat: 'crown', glasses: 'crown', pet: 'puppy', colour: 42, extra: 'x' }, ['crown']),
    ).toEqual({ hat: 'crown' });
    expect(wearableOutfit(null, [])).toEqual({});
  });

  it('names ledger rows in words', () => {
    expect(ledgerLabel('reading_session')).toBe('Reading practice');
    expect(ledgerLabel('daily_challenge:reading_time')).toBe('Daily challenge: Reading Marathon');
    expect(ledgerLabel('daily_challenge')).toBe('Daily challenge');
    expect(ledgerLabel('avatar_purchase:crown')).toBe('Bought Golden Crown');
    expect(ledgerLabel('avatar_purchase:gone')).toBe('Avatar shop');
    expect(ledgerLabel('something')).toBe('Tokens');
  });
});
