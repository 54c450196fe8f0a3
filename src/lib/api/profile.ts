/**
 * PATCH /api/profile (profile fields a user edits) and POST /api/onboarding (what onboarding
 * collects; sets onboarding_completed). Both answer `{ profile }` and refresh the current user.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
