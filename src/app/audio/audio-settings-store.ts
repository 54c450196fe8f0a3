/**
 * Where the browser reads the audio settings (§3, §9): the signed-in user's, from the server
 * (GET /api/audio-settings, pushed here by AudioSettingsSync inside the signed-in frame), else the
 * copy kept in this browser (localStorage, §3 "kept in the browser"). A tiny external store, so the
 * audio queue (outside React) and components read the same value.
 */
import {
  DEFAULT_AUDIO_SETTINGS,
  isReadButtonsOn,
  mergeAudioSettings,
  type AudioSettings,
} from '#core/audio/settings.ts';

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

function readLocal(): AudioSettings {
  try {
    const raw = globalThis.localStorage?.getItem(AUDIO_SETTINGS_STORAGE_KEY);
    return raw ? mergeAudioSettings(JSON.parse(raw)) : DEFAULT_AUDIO_SETTINGS;
  } catch {
    return DEFAULT_AUDIO_SETTINGS;
  }
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
