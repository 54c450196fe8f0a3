import { describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED_MESSAGE, toFailure } from './auth-client.ts';

describe('toFailure', () => {
  it('keeps the provider’s message and code', () => {
    expect(
      toFailure({ message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 }),
    ).toEqual({
      ok: false,
      message: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
      status: 401,
    });
  });

  it('reads a locked account’s message nested under error', () => {
    expect(
      toFailure({ status: 429, error: { code: 'account_locked', message: 'Too many tries' } }),
    ).toMatchObject({
      message: 'Too many tries',
      code: 'account_locked',
    });
  });

  it('passes on why a new password was refused', () => {
    expect(
      toFailure({
        status: 400,
        code: 'weak_password',
        message: 'Please choose a stronger password.',
        reasons: ['This is a top-10 common password.', 42],
      }),
    ).toMatchObject({ code: 'weak_password', reasons: ['This is a top-10 common password.'] });
  });

  it('tells an unconfirmed reader that a new link was sent', () => {
    expect(
      toFailure({ message: 'Email not verified', code: 'EMAIL_NOT_VERIFIED', status: 403 }).message,
    ).toBe(EMAIL_NOT_VERIFIED_MESSAGE);
  });
});
