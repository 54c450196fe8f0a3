/**
 * Audio settings API (mounted at /api; issue 10, spec §3, §9): the signed-in user's settings, saved on
 * the server so they follow the reader to another computer. Signed out, the browser keeps them locally.
 * Payload schema: core/audio/settings.ts.
 */
import { Hono } from 'hono';
import { AudioSettingsSchema } from '#core/audio/settings.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireUser } from '../../http/require-user.ts';
import { validate } from '../../http/validate.ts';
import { readAudioSettings, saveAudioSettings } from './audio-settings.service.ts';

/** Build the audio settings routes. */
export function createAudioSettingsRoutes(deps: { db: Database }) {
  const { db } = deps;
  return (
    new Hono<AppEnv>()
      /** GET /api/audio-settings → `{ settings, saved }` (the §9 defaults and saved false when never saved). */
      .get('/audio-settings', requireUser, async (c) =>
        c.json(await readAudioSettings(db, c.var.user.id), 200),
      )
      /**
       * PUT /api/audio-settings with every field of AudioSettings → `{ settings, saved: true }`.
       * 422 `invalid_input` for a missing, unknown or out-of-range field (e.g. volume 2, a voice of another
       * provider); 413 `body_too_large` over 64 kB.
       */
      .put('/audio-settings', requireUser, validate('json', AudioSettingsSchema), async (c) =>
        c.json(await saveAudioSettings(db, c.var.user.id, c.req.valid('json')), 200),
      )
  );
}
