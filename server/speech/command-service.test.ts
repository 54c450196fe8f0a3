import { describe, expect, it } from 'vitest';
import { startupCommandPhrases } from './command-service.ts';

describe('startupCommandPhrases', () => {
  it('holds the §9 phrases, the screens’ words and the library’s titles, once each', () => {
    const phrases = startupCommandPhrases(['The Clockmaker’s Secret', 'stop']);
    // "premade" is the one command word outside cmudict: the warm decoders must know it from the start
    for (const p of ['premade', 'reading practice', 'read page', 'read to me', 'try again', 'stop'])
      expect(phrases).toContain(p);
    expect(phrases).toContain('The Clockmaker’s Secret');
    expect(phrases.filter((p) => p === 'stop')).toHaveLength(1);
  });
});
