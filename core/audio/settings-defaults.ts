/**
 * The audio settings' defaults and the "Read buttons to me" rule (docs/requirements.md §3, §9 audio
 * defaults), without zod: the browser reads them on the first paint of every page (the audio queue's
 * settings store), and the landing page's first load must stay within its budget
 * (docs/decisions/0012-route-splitting.md). The schema that validates settings is in settings.ts,
 * which re-exports these; core/audio/settings.test.ts checks the defaults against it.
 */
import type { AudioSettings } from './settings.ts';

/**
 * §9 defaults (and ours for the fields §9 does not name): enabled, voice alloy (OpenAI's; flite's
 * `slt` and ElevenLabs' Rachel are core/api/speech.ts DEFAULT_VOICE), speed 1, volume 0.8,
 * navigation audio and achievement sounds on; button sounds, background music and auto-read off;
 * "Read buttons to me" decided by age and grade; captions on; the tutor's help after 3 s (issue 12)
 * and announced to screen readers.
 */
export const DEFAULT_AUDIO_SETTINGS: AudioSettings = {
  enabled: true,
  provider: 'flite',
  fliteVoice: 'slt',
  voice: 'alloy',
  elevenlabsVoice: '21m00Tcm4TlvDq8ikWAM',
  speed: 1,
  volume: 0.8,
  navigationAudio: true,
  buttonSounds: false,
  backgroundMusic: false,
  achievementSounds: true,
  autoRead: false,
  readButtons: null,
  captions: true,
  helpAfterSeconds: 3,
  tutorAnnouncements: true,
};

/** Oldest age at which "Read buttons to me" is on by default. */
export const READ_BUTTONS_MAX_AGE = 6;

/**
 * Whether "Read buttons to me" is on: the reader's own choice, else on for pre-readers (issue 10:
 * kindergarten, grade 1, Pre-K, or age 6 and under).
 *
 * @param settings the audio settings
 * @param reader the profile's grade (`Pre-K`, `K`, `1`…`12`) and age, when known
 */
export function isReadButtonsOn(
  settings: Pick<AudioSettings, 'readButtons'>,
  reader: { grade?: string | null; age?: number | null } | null,
): boolean {
  if (settings.readButtons !== null) return settings.readButtons;
  if (!reader) return false;
  if (reader.grade === 'Pre-K' || reader.grade === 'K' || reader.grade === '1') return true;
  return reader.age != null && reader.age <= READ_BUTTONS_MAX_AGE;
}
