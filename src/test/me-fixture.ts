/**
 * A GET /api/me answer for component tests (shape of MeResponseSchema in core/api/account.ts).
 * Override any part; `profile: null` is a user whose profile row is missing.
 */
import type { MeResponse } from '#core/api/account.ts';

type Profile = NonNullable<MeResponse['profile']>;

/** Options of {@link meFixture}. */
export interface MeFixtureOptions {
  id?: string;
  name?: string;
  userType?: Profile['user_type'];
  roles?: MeResponse['roles'];
  profile?: Partial<Profile> | null;
  hasReadingSessions?: boolean;
  streak?: number;
}

/** A signed-in user: a student with onboarding done and no assessment, unless told otherwise. */
export function meFixture(options: MeFixtureOptions = {}): MeResponse {
  const id = options.id ?? 'user-1';
  const name = options.name ?? 'Maya';
  const userType = options.userType ?? 'student';
  const profile: Profile | null =
    options.profile === null
      ? null
      : {
          user_id: id,
          user_type: userType,
          display_name: name,
          age: 7,
          grade: '2',
          gender: null,
          pets_name: null,
          avatar_url: null,
          tokens: 0,
          onboarding_completed: true,
          assessment_completed: false,
          lexile_level: null,
          estimated_lexile_range: null,
          last_assessment_wcpm: null,
          last_assessment_accuracy: null,
          reading_level: null,
          time_zone: null,
          avatar_outfit: {},
          ...options.profile,
        };
  return {
    user: { id, email: `${name.toLowerCase()}@example.test`, name, emailVerified: true },
    profile,
    roles: options.roles ?? (userType === 'other' ? [] : [userType]),
    hasReadingSessions: options.hasReadingSessions ?? false,
    streak: options.streak ?? 0,
  };
}

/** A JSON `Response` for a fetch stub. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
