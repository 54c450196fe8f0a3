/**
 * Where a signed-in user goes from the login page (§4.1, §6).
 */

/** Profile `user_type` values (§3, §6). */
export const USER_TYPES = ['student', 'teacher', 'guardian', 'other'] as const;

/** A profile's `user_type` (§3). */
export type UserType = (typeof USER_TYPES)[number];

/** The two landing paths after login (§4.1). */
export type PostLoginPath = '/teacher-dashboard' | '/home';

/**
 * The path a signed-in user is sent to from /login: `/teacher-dashboard` when the profile's
 * user_type is `teacher`, `/home` for everyone else, including an unknown or missing
 * user_type (§4.1, §6 "Only teachers are sent after login to /teacher-dashboard").
 *
 * @param userType the profile's user_type, or null/undefined when not known
 */
export function redirectPathFor(userType: string | null | undefined): PostLoginPath {
  return userType === 'teacher' ? '/teacher-dashboard' : '/home';
}

/**
 * Narrows a string to a {@link UserType}.
 *
 * @param value any string, e.g. a form field or a database column
 */
export function isUserType(value: string | null | undefined): value is UserType {
  return (USER_TYPES as readonly string[]).includes(value ?? '');
}
