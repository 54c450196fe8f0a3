/**
 * The toast queue (spec §9 Notifications: one toast visible at a time, 5000 ms by default). A
 * tiny external store so anything (machines' `showToast` actions, mutations, the shell) can show
 * a toast without a React context; {@link Toaster} renders it.
 */
import type { Toast } from '#core/auth/messages.ts';

/** §9: default time a toast stays on screen, in milliseconds. */
export const TOAST_DURATION_MS = 5000;

/** A toast on screen. */
export interface ToastItem extends Toast {
  /** Increasing id; a new toast always gets a new one. */
  readonly id: number;
  /** How long it stays, in milliseconds (timer paused while pointer or focus is on it). */
  readonly duration: number;
  /** Optional extra lines under the description, e.g. the reasons a password is weak (§5). */
  readonly details?: readonly string[];
  /** Not spoken by Sparky (the audio error toast: speech is what failed). */
  readonly silent?: boolean;
}

/** What {@link showToast} accepts. */
export interface ToastRequest extends Toast {
  duration?: number;
  details?: readonly string[];
  silent?: boolean;
}

type Listener = () => void;
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Shows a toast, replacing the one on screen (one at a time, §9).
 *
 * @returns the new toast's id, for {@link dismissToast}
 */
export function showToast(request: ToastRequest): number {
  const id = nextId++;
  current = {
    title: request.title,
    description: request.description,
    variant: request.variant,
    duration: request.duration ?? TOAST_DURATION_MS,
    ...(request.details && request.details.length > 0 && { details: request.details }),
    ...(request.silent && { silent: true }),
    id,
  };
  emit();
  return id;
}

/**
 * Removes the toast with `id` (or whatever is shown, without an id). A stale id does nothing,
 * so an old timer never removes a newer toast.
 */
export function dismissToast(id?: number): void {
  if (current === null || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

/** The toast on screen, or null. */
export function getCurrentToast(): ToastItem | null {
  return current;
}

/** Subscribes to changes (for `useSyncExternalStore`). */
export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
