import { describe, expect, it } from 'vitest';
import {
  decideRoute,
  isAssessmentCandidate,
  type EligibilityStatus,
  type GuardAuth,
  type GuardProfileState,
  type RouteDecision,
  type RouteGuardInputs,
} from './route-guard.ts';

const auths: GuardAuth[] = [
  { status: 'loading' },
  { status: 'signedOut' },
  { status: 'signedIn', userId: 'u' },
];
const profiles: GuardProfileState[] = [
  { status: 'loading' },
  { status: 'loaded', profile: null },
  ...[false, true].flatMap((o) =>
    [false, true].map(
      (a) => ({ status: 'loaded', profile: { onboardingCompleted: o, assessmentCompleted: a } }) as const,
    ),
  ),
];
const eligibilities: EligibilityStatus[] = ['pending', 'checking', 'eligible', 'notEligible', 'unknown'];
const paths = ['/home', '/onboarding', '/assessment', '/profile'];

function* allInputs(): Generator<RouteGuardInputs> {
  for (const auth of auths)
    for (const profile of profiles)
      for (const hasReadingSessions of [false, true])
        for (const eligibility of eligibilities)
          for (const path of paths) yield { auth, profile, hasReadingSessions, eligibility, path };
}

/** §4.2 written out a second way, as an oracle: the first rule that applies. */
function oracle(i: RouteGuardInputs): RouteDecision {
  const user = i.auth.status === 'signedIn';
  const row = i.profile.status === 'loaded' ? i.profile.profile : null;
  const rules: [boolean, RouteDecision][] = [
    [i.auth.status === 'loading', { kind: 'loading', reason: 'auth' }],
    [user && i.profile.status === 'loading', { kind: 'loading', reason: 'profile' }],
    [i.eligibility === 'checking', { kind: 'loading', reason: 'eligibility' }],
    [!user, { kind: 'redirect', to: '/login' }],
    [!!row && !row.onboardingCompleted && i.path !== '/onboarding', { kind: 'redirect', to: '/onboarding' }],
  ];
  const step4 =
    !!row &&
    row.onboardingCompleted &&
    !row.assessmentCompleted &&
    !i.hasReadingSessions &&
    i.path !== '/assessment';
  rules.push([step4 && i.eligibility === 'pending', { kind: 'loading', reason: 'eligibility' }]);
  rules.push([step4 && i.eligibility === 'eligible', { kind: 'redirect', to: '/assessment' }]);
  return rules.find(([applies]) => applies)?.[1] ?? { kind: 'show' };
}

describe('decideRoute (§4.2)', () => {
  it('agrees with the §4.2 oracle on every combination', () => {
    let n = 0;
    for (const inputs of allInputs()) {
      expect(decideRoute(inputs), JSON.stringify(inputs)).toEqual(oracle(inputs));
      n++;
    }
    expect(n).toBe(3 * 6 * 2 * 5 * 4);
  });

  it('redirects a signed-out visitor to /login', () => {
    expect(
      decideRoute({
        path: '/home',
        auth: { status: 'signedOut' },
        profile: { status: 'loading' },
        hasReadingSessions: false,
        eligibility: 'pending',
      }),
    ).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('never redirects to /assessment when eligibility is unknown (§8) or not eligible', () => {
    for (const eligibility of ['unknown', 'notEligible'] as const) {
      expect(
        decideRoute({
          path: '/home',
          auth: { status: 'signedIn', userId: 'u' },
          profile: { status: 'loaded', profile: { onboardingCompleted: true, assessmentCompleted: false } },
          hasReadingSessions: false,
          eligibility,
        }),
      ).toEqual({ kind: 'show' });
    }
  });

  it('shows /onboarding itself to a user who has not finished it', () => {
    expect(
      decideRoute({
        path: '/onboarding',
        auth: { status: 'signedIn', userId: 'u' },
        profile: { status: 'loaded', profile: { onboardingCompleted: false, assessmentCompleted: false } },
        hasReadingSessions: false,
        eligibility: 'pending',
      }),
    ).toEqual({ kind: 'show' });
  });

  it('asks for eligibility only when step 4 could apply', () => {
    const base = {
      path: '/home',
      auth: { status: 'signedIn', userId: 'u' } as const,
      profile: {
        status: 'loaded',
        profile: { onboardingCompleted: true, assessmentCompleted: false },
      } as const,
      hasReadingSessions: false,
    };
    expect(isAssessmentCandidate(base)).toBe(true);
    expect(isAssessmentCandidate({ ...base, hasReadingSessions: true })).toBe(false);
    expect(isAssessmentCandidate({ ...base, path: '/assessment' })).toBe(false);
  });
});
