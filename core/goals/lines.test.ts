import { describe, expect, it } from 'vitest';
import { days, goalLine, weekLine } from './lines.ts';

describe('a reading goal in a child’s words', () => {
  it('says the goal, and the week so far', () => {
    expect(days(1)).toBe('1 day');
    expect(goalLine({ daysPerWeek: 3 })).toBe('Read to Sparky on 3 days a week.');
    expect(goalLine({ daysPerWeek: 1 })).toBe('Read to Sparky on 1 day a week.');
    expect(goalLine({ daysPerWeek: 7 })).toBe('Read to Sparky every day.');
    expect(weekLine({ daysPerWeek: 3, daysReadThisWeek: 1 })).toBe('This week: 1 of 3 days. 2 to go!');
    expect(weekLine({ daysPerWeek: 3, daysReadThisWeek: 3 })).toBe('Goal reached this week!');
    // More days read than asked is still the goal reached, never "4 of 3".
    expect(weekLine({ daysPerWeek: 3, daysReadThisWeek: 4 })).toBe('Goal reached this week!');
  });
});
