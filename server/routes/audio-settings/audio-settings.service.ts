/**
 * Audio settings per user (issue 10; spec §3, §9): read and replace the user's one row, as the user
 * (row-level security: `audio_settings_own_rows`).
 */
import { eq, sql } from 'drizzle-orm';
import { mergeAudioSettings, type AudioSettings, type AudioSettingsResponse } from '#core/audio/settings.ts';
import type { Database } from '../../db/client.ts';
import { asUser } from '../../db/rls.ts';
import { audioSettings } from '../../db/schema.ts';

/** The user's settings (defaults when never saved). */
export async function readAudioSettings(db: Database, userId: string): Promise<AudioSettingsResponse> {
  return asUser(db, userId, async (tx) => {
    const [row] = await tx
      .select({ settings: audioSettings.settings })
      .from(audioSettings)
      .where(eq(audioSettings.userId, userId));
    return { settings: mergeAudioSettings(row?.settings), saved: row !== undefined };
  });
}

/** Replaces the user's settings (validated by the route) and returns them. */
export async function saveAudioSettings(
  db: Database,
  userId: string,
  settings: AudioSettings,
): Promise<AudioSettingsResponse> {
  return asUser(db, userId, async (tx) => {
    await tx
      .insert(audioSettings)
      .values({ userId, settings })
      .onConflictDoUpdate({ target: audioSettings.userId, set: { settings, updatedAt: sql`now()` } });
    return { settings, saved: true };
  });
}
