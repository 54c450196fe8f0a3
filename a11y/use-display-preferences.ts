import { useCallback, useSyncExternalStore } from 'react';
import {
  DISPLAY_PREFERENCES_STORAGE_KEY,
  applyDisplayPreferences,
  isMotionReduced,
  readDisplayPreferences,
  writeDisplayPreferences,
  type DisplayPreferences,
} from './display-preferences.ts';

/*
 * One store per page for the display choices, shared by every component through
 * useSyncExternalStore (no provider needed). It follows changes made in other tabs through the
 * `storage` event and changes of the system's reduced-motion setting.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let current: DisplayPreferences | undefined;

function snapshot(): DisplayPreferences {
  current ??= readDisplayPreferences();
  return current;
}

function emit(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== DISPLAY_PREFERENCES_STORAGE_KEY) return;
  current = readDisplayPreferences();
  applyDisplayPreferences(current);
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * Changes some display choices: stores them, applies them to <html> at once and re-renders every
 * component that uses {@link useDisplayPreferences}.
 */
export function updateDisplayPreferences(change: Partial<DisplayPreferences>): DisplayPreferences {
  current = { ...snapshot(), ...change };
  writeDisplayPreferences(current);
  applyDisplayPreferences(current);
  emit();
  return current;
}

/**
 * Forgets the cached choices so the next read comes from storage again. For tests, and for the
 * start of the app after public/display-preferences.js has run.
 */
export function reloadDisplayPreferences(): DisplayPreferences {
  current = readDisplayPreferences();
  applyDisplayPreferences(current);
  emit();
  return current;
}

/**
 * The current display choices and a setter.
 *
 * @returns `[preferences, update]`; `update` takes the fields to change.
 */
export function useDisplayPreferences(): readonly [
  DisplayPreferences,
  (change: Partial<DisplayPreferences>) => void,
] {
  const preferences = useSyncExternalStore(subscribe, snapshot, snapshot);
  const update = useCallback((change: Partial<DisplayPreferences>) => {
    updateDisplayPreferences(change);
  }, []);
  return [preferences, update] as const;
}

function subscribeReducedMotionQuery(listener: Listener): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

function systemReducesMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * True when animation should stop: the person chose "Reduce motion", or the system asks for it.
 * CSS already removes animation in both cases (src/ui/tokens.css); use this where JavaScript drives
 * motion or a component shows a different, still version.
 */
export function useReducedMotion(): boolean {
  const [preferences] = useDisplayPreferences();
  const systemReduces = useSyncExternalStore(subscribeReducedMotionQuery, systemReducesMotion, () => false);
  return systemReduces || isMotionReduced(preferences);
}
