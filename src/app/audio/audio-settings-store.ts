/**
 * Where the browser reads the audio settings (§3, §9): the signed-in user's, from the server
 * (GET /api/audio-settings, pushed here by AudioSettingsSync inside the signed-in frame), else the
 * copy kept in this browser (localStorage, §3 "kept in the browser"). A tiny external store, so the
 * audio queue (outside React) and components read the same value.
 */
import type { AudioSettings } from '#core/audio/settings.ts';
import { DEFAULT_AUDIO_SETTINGS, isReadButtonsOn } from '#core/audio/settings-defaults.ts';

/** localStorage key of the signed-out copy. */
export const AUDIO_SETTINGS_STORAGE_KEY = 'sparky-audio-settings';

/** The reader whose age and grade decide "Read buttons to me" by default. */
export interface AudioReader {
  grade: string | null;
  age: number | null;
}

interface State {
  local: AudioSettings;
  /** The signed-in user's settings, or null when signed out / not loaded. */
  server: AudioSettings | null;
  reader: AudioReader | null;
}

function readStored(): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(AUDIO_SETTINGS_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * The stored copy, checked field by field for its kind only (a boolean where a boolean belongs):
 * enough for the first paint, which must not load zod. The full check (ranges, known voices) runs as
 * the audio engine loads, before anything plays ({@link validateLocalAudioSettings}).
 */
function readLocal(): AudioSettings {
  const stored = readStored();
  const out: Record<string, unknown> = { ...DEFAULT_AUDIO_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const [key, fallback] of Object.entries(DEFAULT_AUDIO_SETTINGS)) {
      const value = (stored as Record<string, unknown>)[key];
      const sameKind = typeof value === typeof fallback || (key === 'readButtons' && value !== undefined);
      if (sameKind && (key !== 'readButtons' || value === null || typeof value === 'boolean'))
        out[key] = value;
    }
  }
  return out as AudioSettings;
}

let state: State = { local: readLocal(), server: null, reader: null };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** The settings in force now. */
export function getAudioSettings(): AudioSettings {
  return state.server ?? state.local;
}

/** Whether "Read buttons to me" is on now (the setting, or the reader's age and grade). */
export function getReadButtonsOn(): boolean {
  return isReadButtonsOn(getAudioSettings(), state.reader);
}

/**
 * Checks the stored copy fully (core/audio/settings.ts `mergeAudioSettings`: each invalid field back
 * at its default). Called by the audio engine as it loads, so the schema stays out of the first paint.
 */
export function validateLocalAudioSettings(merge: (stored: unknown) => AudioSettings): void {
  const stored = readStored();
  if (stored === null) return;
  state = { ...state, local: merge(stored) };
  emit();
}

/** Saves the signed-out copy in this browser. */
export function setLocalAudioSettings(settings: AudioSettings): void {
  state = { ...state, local: settings };
  try {
    globalThis.localStorage?.setItem(AUDIO_SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or full storage: the settings last for this visit.
  }
  emit();
}

/** The signed-in user's settings from the server, or null after signing out. */
export function setServerAudioSettings(settings: AudioSettings | null, reader: AudioReader | null): void {
  state = { ...state, server: settings, reader };
  emit();
}

/** Subscribes to changes (for `useSyncExternalStore`). */
export function subscribeToAudioSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to the stored copy (tests). */
export function resetAudioSettingsStore(): void {
  state = { local: readLocal(), server: null, reader: null };
  emit();
}
