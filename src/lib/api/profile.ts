/**
 * PATCH /api/profile (profile fields a user edits) and POST /api/onboarding (what onboarding
 * collects; sets onboarding_completed). Both answer `{ profile }` and refresh the current user.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OnboardingRequest, Profile, ProfileUpdate } from '#core/api/account.ts';
import { api } from './client.ts';
import { call } from './http.ts';
import type { MeResponse } from '#core/api/account.ts';
import { ME_QUERY_KEY } from './me.ts';

/** PATCH /api/profile. @throws {ApiError} (422 `invalid_input` with the server's message) */
export async function updateProfile(update: ProfileUpdate): Promise<Profile> {
  const { profile } = await call(api.profile.$patch({ json: update }));
  return profile;
}

/** POST /api/onboarding. @throws {ApiError} */
export async function completeOnboarding(request: OnboardingRequest): Promise<Profile> {
  const { profile } = await call(api.onboarding.$post({ json: request }));
  return profile;
}

/** Mutation for {@link updateProfile}; refreshes the current user on success. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // Put the saved row in the cache at once, so the route guard sees it before the refetch lands.
    onSuccess: (profile: Profile) => {
      queryClient.setQueryData<MeResponse | null>(ME_QUERY_KEY, (old) => (old ? { ...old, profile } : old));
      return queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** Mutation for {@link completeOnboarding}; refreshes the current user on success. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    // Put the saved row in the cache at once, so the route guard sees it before the refetch lands.
    onSuccess: (profile: Profile) => {
      queryClient.setQueryData<MeResponse | null>(ME_QUERY_KEY, (old) => (old ? { ...old, profile } : old));
      return queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** The browser's IANA time zone ("Europe/Paris"), or null when it does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Keeps the profile's time zone that of this browser (PATCH /api/profile `time_zone`), so that daily
 * challenges follow the reader's own day (spec §4.4). Sent only when it differs; a refusal (an unknown
 * zone) is left alone: the server then uses UTC.
 */
export function useTimeZoneSync(me: MeResponse | null, zone: string | null = browserTimeZone()) {
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  const stored = me?.profile ? me.profile.time_zone : undefined;
  const { mutate, isPending, isError } = update;
  useEffect(() => {
    if (stored === undefined || !zone || stored === zone || isPending || isError) return;
    // Today may be another day in this zone: ask for today's challenges again.
    mutate(
      { time_zone: zone },
      { onSuccess: () => queryClient.invalidateQueries({ queryKey: ['daily-challenges'] }) },
    );
  }, [stored, zone, mutate, isPending, isError, queryClient]);
}
