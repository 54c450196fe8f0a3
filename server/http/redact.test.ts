import { describe, expect, it } from 'vitest';
import { isLoopbackHost, redactPath } from './redact.ts';

describe('redactPath', () => {
  it('hides the token of a reset link and leaves other paths alone', () => {
    expect(redactPath('/api/auth/reset-password/abc123XYZ')).toBe('/api/auth/reset-password/[redacted]');
    expect(redactPath('/api/auth/reset-password')).toBe('/api/auth/reset-password');
    expect(redactPath('/api/auth/delete-user/callback')).toBe('/api/auth/delete-user/[redacted]');
    expect(redactPath('/api/stories/5d0c3a52')).toBe('/api/stories/5d0c3a52');
    expect(redactPath('/api/family/children/Ab12Cd/report')).toBe('/api/family/children/[redacted]/report');
    // A pupil's reading a teacher opens (ADR 0048); the assignment's own id stays.
    expect(redactPath('/api/assignments/a1/readings/r2/audio')).toBe(
      '/api/assignments/a1/readings/[redacted]/audio',
    );
  });
});

describe('isLoopbackHost', () => {
  it('knows this machine’s own addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'reads.example'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
