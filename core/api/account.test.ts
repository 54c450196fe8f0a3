import { describe, expect, it } from 'vitest';
import { isSafeAvatarUrl, ProfileUpdateSchema, SignUpMetadataSchema } from './account.ts';

describe('profile text and avatar rules (issue #14 item 13)', () => {
  it('refuses a NUL or other control character in a display name or pet’s name', () => {
    expect(SignUpMetadataSchema.safeParse({ display_name: 'Maya\u0000' }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ display_name: 'A\u0007B' }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ pets_name: 'Rex\u0000' }).success).toBe(false);
    expect(SignUpMetadataSchema.safeParse({ display_name: 'Maya Flores-Núñez' }).success).toBe(true);
  });

  it('refuses bidirectional overrides and isolates, which turn the text around a name, but not right-to-left names', () => {
    for (const bad of ['\u202Eevil Zoë', 'Zoë\u202D', 'A\u202AB', 'A\u2066B\u2069', 'Rex\u2067'])
      expect(ProfileUpdateSchema.safeParse({ display_name: bad }).success, JSON.stringify(bad)).toBe(false);
    expect(SignUpMetadataSchema.safeParse({ display_name: '\u202Eevil' }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ pets_name: 'Rex\u202E' }).success).toBe(false);
    for (const ok of ['مريم', 'שירה כהן', 'Zoë 🦊', 'Ana\u200F'])
      expect(ProfileUpdateSchema.safeParse({ display_name: ok }).success, ok).toBe(true);
  });

  it('allows https and same-site paths as avatar addresses, nothing else', () => {
    for (const ok of ['https://example.org/a.png', '/avatars/fox.svg', ''])
      expect(isSafeAvatarUrl(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://example.org/a.png',
      '//evil.example/a.png',
      '/\\evil.example',
      'https://example.org/a b.png',
      'vbscript:x',
    ])
      expect(isSafeAvatarUrl(bad), bad).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ avatar_url: 'javascript:alert(1)' }).success).toBe(false);
    expect(ProfileUpdateSchema.safeParse({ avatar_url: null }).success).toBe(true);
  });
});
