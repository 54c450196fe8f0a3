/**
 * GET and PUT /api/audio-settings (issue 10; spec §3, §9): the signed-in user's audio settings. The
 * audio queue reads them through src/app/audio/audio-settings-store.ts, which AudioSettingsSync fills
 * from this query.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudioSettings, AudioSettingsResponse } from '#core/audio/settings.ts';
import { api } from './client.ts';
import { call } from './http.ts';

/** Query key of the user's audio settings. */
export const AUDIO_SETTINGS_QUERY_KEY = ['audio-settings'] as const;

/** GET /api/audio-settings. @throws {ApiError} */
export function fetchAudioSettings(): Promise<AudioSettingsResponse> {
  return call(api['audio-settings'].$get());
}

/** PUT /api/audio-settings. @throws {ApiError} 422 `invalid_input` */
export function saveAudioSettings(settings: AudioSettings): Promise<AudioSettingsResponse> {
  return call(api['audio-settings'].$put({ json: settings }));
}

/** Query options of the user's audio settings. */
export function getAudioSettingsQueryOptions() {
  return queryOptions({ queryKey: AUDIO_SETTINGS_QUERY_KEY, queryFn: fetchAudioSettings });
}

/** The user's audio settings. */
export function useAudioSettingsQuery(enabled = true) {
  return useQuery({ ...getAudioSettingsQueryOptions(), enabled });
}

/** Saves the settings; the cache holds the saved copy at once. */
export function useSaveAudioSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAudioSettings,
    onSuccess: (saved) => queryClient.setQueryData(AUDIO_SETTINGS_QUERY_KEY, saved),
  });
}
