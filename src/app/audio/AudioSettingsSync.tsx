import { useEffect } from 'react';
import { useAudioSettingsQuery } from '../../lib/api/audio-settings.ts';
import { useMe } from '../../lib/api/me.ts';
import { setServerAudioSettings } from './audio-settings-store.ts';

/**
 * Inside the signed-in frame: hands the user's saved audio settings (GET /api/audio-settings, a
 * TanStack Query entry) and their age and grade to the audio queue, which lives above the router and
 * also speaks on the public pages; on leaving (sign-out), the browser's own copy applies again. Draws
 * nothing.
 */
export function AudioSettingsSync() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const query = useAudioSettingsQuery(signedIn);
  const settings = query.data?.settings ?? null;
  const grade = me.data?.profile?.grade ?? null;
  const age = me.data?.profile?.age ?? null;
  useEffect(() => {
    if (!signedIn) return;
    setServerAudioSettings(settings, { grade, age });
  }, [signedIn, settings, grade, age]);
  useEffect(() => () => setServerAudioSettings(null, null), []);
  return null;
}
