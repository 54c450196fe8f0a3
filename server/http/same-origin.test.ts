import { describe, expect, it } from 'vitest';
import { sameOrigin } from './same-origin.ts';

describe('sameOrigin', () => {
  it('accepts an Origin naming the host the request was sent to, at any address', () => {
    expect(sameOrigin({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }, false)).toBe(
      'http://127.0.0.1:3000',
    );
    expect(sameOrigin({ origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' }, false)).toBe(
      'http://192.168.1.20:3000',
    );
    expect(
      sameOrigin({ origin: 'http://localhost:3000', host: 'other', secFetchSite: 'same-origin' }, false),
    ).toBe('http://localhost:3000');
  });

  it('refuses another site, a cross-site or same-site fetch, a null or odd origin', () => {
    expect(sameOrigin({ origin: 'http://evil.example', host: '192.168.1.20:3000' }, false)).toBeUndefined();
    expect(
      sameOrigin(
        { origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000', secFetchSite: 'cross-site' },
        false,
      ),
    ).toBeUndefined();
    expect(
      sameOrigin(
        { origin: 'https://a.school.example', host: 'b.school.example', secFetchSite: 'same-site' },
        false,
      ),
    ).toBeUndefined();
    expect(sameOrigin({ origin: 'null', host: 'x' }, false)).toBeUndefined();
    expect(sameOrigin({ origin: 'file:///x', host: '' }, false)).toBeUndefined();
    expect(sameOrigin({ host: '127.0.0.1:3000' }, false)).toBeUndefined();
  });

  it('reads X-Forwarded-Host only behind a trusted proxy', () => {
    const headers = {
      origin: 'https://reads.school.example',
      host: '10.0.0.5:3000',
      forwardedHost: 'reads.school.example',
    };
    expect(sameOrigin(headers, true)).toBe('https://reads.school.example');
    expect(sameOrigin(headers, false)).toBeUndefined();
  });
});
