import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

function isOnline(): boolean {
  return navigator.onLine;
}

/**
 * Whether the browser believes it is online, following the `online`/`offline` events (spec §4.10).
 * `navigator.onLine` can say online on a network without internet; it is never wrong the other way.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
