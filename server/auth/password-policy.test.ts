import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-policy.ts';

describe('passwordProblems', () => {
  it('accepts a long, uncommon passphrase', () => {
    expect(passwordProblems('purple-otter-reads-42')).toEqual([]);
  });
  it('refuses passwords shorter than 8 or longer than 128 characters', () => {
    expect(passwordProblems('Ab1!x')).toEqual(['Use at least 8 characters.']);
    expect(passwordProblems('a'.repeat(129))).toEqual(['Use at most 128 characters.']);
  });
  it.each(['password', 'password1', '12345678', 'qwertyuiop', 'iloveyou'])(
    'refuses the common password %s with reasons',
    (p) => {
      const reasons = passwordProblems(p);
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.every((r) => r.length > 0)).toBe(true);
    },
  );
  it('refuses a password made of the user’s own name or e-mail', () => {
    expect(
      passwordProblems('mayaflores', { email: 'mayaflores@example.com', name: 'Maya Flores' }).length,
    ).toBeGreaterThan(0);
  });
});
