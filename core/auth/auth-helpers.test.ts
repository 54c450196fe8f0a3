import { describe, expect, it } from 'vitest';
import { FAILURE_TITLES, TOASTS, failureToast } from './messages.ts';
import { redirectPathFor } from './redirect.ts';
import { EMPTY_LOGIN_FORM, isStepOneComplete, parseAge, toSignUpPayload, type LoginForm } from './sign-up.ts';
import {
  backoffDelayMs,
  backoffSchedule,
  canRetry,
  isNearExpiry,
  isRetryableAuthError,
  REFRESH_MARGIN_MS,
} from './refresh.ts';

describe('messages (§5, §7.7, §8)', () => {
  it('keeps the spec texts verbatim', () => {
    expect(TOASTS.missingInformation).toEqual({
      title: 'Missing information',
      description: 'Please fill in all required fields.',
    });
    expect(TOASTS.unexpectedError).toEqual({
      title: 'Error',
      description: 'Something went wrong. Please try again.',
    });
    expect(TOASTS.signOutSucceeded.description).toBe('Come back soon! 👋');
    expect(Object.values(FAILURE_TITLES)).toEqual([
      'Sign up failed',
      'Sign in failed',
      'Social login failed',
      'Password reset failed',
    ]);
  });
  it('failure toasts carry the provider message, never an empty one', () => {
    expect(failureToast('signIn', 'Invalid login credentials')).toEqual({
      title: 'Sign in failed',
      description: 'Invalid login credentials',
      variant: 'destructive',
    });
    expect(failureToast('signUp', ' ').description).toBe(TOASTS.unexpectedError.description);
  });
});

describe('redirectPathFor (§4.1, §6)', () => {
  it('sends only teachers to /teacher-dashboard', () => {
    expect(redirectPathFor('teacher')).toBe('/teacher-dashboard');
    for (const t of ['student', 'guardian', 'other', 'admin', '', null, undefined])
      expect(redirectPathFor(t)).toBe('/home');
  });
});

describe('sign-up payload (§5, §7.1)', () => {
  const form: LoginForm = {
    ...EMPTY_LOGIN_FORM,
    displayName: ' Mia ',
    email: ' m@x.io ',
    password: ' p ',
    role: 'student',
  };
  it('leaves empty optional values out', () => {
    expect(toSignUpPayload(form)).toEqual({
      email: 'm@x.io',
      password: ' p ',
      data: { display_name: 'Mia', user_type: 'student' },
    });
  });
  it('includes filled optional values, age as a number', () => {
    expect(toSignUpPayload({ ...form, age: '8', grade: '2', gender: 'girl', petsName: 'Rex' }).data).toEqual({
      display_name: 'Mia',
      user_type: 'student',
      age: 8,
      grade: '2',
      gender: 'girl',
      pets_name: 'Rex',
    });
  });
  it('defaults user_type to student (§3) and drops a non-numeric age', () => {
    expect(toSignUpPayload({ ...form, role: '', age: 'eight' }).data).toEqual({
      display_name: 'Mia',
      user_type: 'student',
    });
    expect(parseAge(' 12 ')).toBe(12);
    expect(parseAge('-1')).toBeUndefined();
  });
  it('step 1 needs all three required fields, not just whitespace', () => {
    expect(isStepOneComplete(form)).toBe(true);
    expect(isStepOneComplete({ ...form, displayName: '  ' })).toBe(false);
  });
});

describe('refresh arithmetic (§4.3, §8, §9)', () => {
  it('refreshes within 3 ticks of 30 s (90 s) of expiry', () => {
    expect(REFRESH_MARGIN_MS).toBe(90_000);
    expect(isNearExpiry(1_000_000 + 90_001, 1_000_000)).toBe(false);
    expect(isNearExpiry(1_000_000 + 90_000, 1_000_000)).toBe(true);
    expect(isNearExpiry(999_000, 1_000_000)).toBe(true);
  });
  it('backs off exponentially from 200 ms within a 30 s budget', () => {
    expect(backoffSchedule(7)).toEqual([200, 400, 800, 1600, 3200, 6400, 12_800]);
    expect(backoffDelayMs(1)).toBe(200);
    expect([1, 2, 3, 4, 5, 6, 7].every(canRetry)).toBe(true);
    expect(canRetry(8)).toBe(false);
    expect(canRetry(0)).toBe(false);
  });
  it('retries 502, 503, 504 and network failures only', () => {
    for (const status of [502, 503, 504]) expect(isRetryableAuthError({ message: 'x', status })).toBe(true);
    expect(isRetryableAuthError({ message: 'offline', isNetworkError: true })).toBe(true);
    expect(isRetryableAuthError(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [400, 401, 403, 500])
      expect(isRetryableAuthError({ message: 'x', status })).toBe(false);
    expect(isRetryableAuthError(new Error('x'))).toBe(false);
    expect(isRetryableAuthError(null)).toBe(false);
  });
});
