import { describe, expect, it } from 'vitest';
import { resolveClientIp, UNKNOWN_ADDRESS } from './client-ip.ts';

describe('resolveClientIp', () => {
  it('uses the socket address and ignores X-Forwarded-For without TRUST_PROXY', () => {
    expect(resolveClientIp('192.0.2.10', '203.0.113.5', 0)).toBe('192.0.2.10');
    expect(resolveClientIp('::ffff:192.0.2.10', undefined, 0)).toBe('192.0.2.10');
    expect(resolveClientIp(undefined, '203.0.113.5', 0)).toBe(UNKNOWN_ADDRESS);
  });

  it('takes the address the trusted proxy appended, not one the client forged before it', () => {
    // client forged "1.2.3.4", the proxy appended the real client 203.0.113.5
    expect(resolveClientIp('10.0.0.1', '1.2.3.4, 203.0.113.5', 1)).toBe('203.0.113.5');
    expect(resolveClientIp('10.0.0.1', '1.2.3.4, 203.0.113.5, 10.0.0.2', 2)).toBe('203.0.113.5');
  });

  it('stops at the socket or the last well-formed entry when the chain is short or malformed', () => {
    expect(resolveClientIp('10.0.0.1', '203.0.113.5', 3)).toBe('203.0.113.5');
    expect(resolveClientIp('10.0.0.1', 'not-an-ip', 1)).toBe('10.0.0.1');
    expect(resolveClientIp('10.0.0.1', '', 1)).toBe('10.0.0.1');
  });
});
