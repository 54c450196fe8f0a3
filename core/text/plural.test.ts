import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it('takes the singular for exactly one, the plural for any other count', () => {
    expect(plural(1, 'word', 'words')).toBe('1 word');
    expect(plural(0, 'word', 'words')).toBe('0 words');
    expect(plural(3, 'story', 'stories')).toBe('3 stories');
  });
});
