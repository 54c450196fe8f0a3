import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, following changes. Without `matchMedia` (old jsdom) it is false.
 *
 * @param query e.g. '(max-width: 767px)'
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}
