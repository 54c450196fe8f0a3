import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where positions are kept: one sessionStorage entry per history entry. */
const keyOf = (locationKey: string) => `sparky:scroll:${locationKey}`;

/**
 * Scrolls like a site of separate pages: a new page (link, redirect) starts at the top, and Back or
 * Forward returns to where the reader was on that page. A `#section` in the address is left to
 * RouteFocus (src/app/RouteFocus.tsx), which moves focus and scroll to the section. Call it once in
 * each frame (the public layout, the signed-in shell).
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      const saved = Number(readStored(keyOf(location.key)));
      if (saved > 0) window.scrollTo(0, saved);
    } else if (!location.hash) {
      window.scrollTo(0, 0);
    }
    return () => writeStored(keyOf(location.key), String(window.scrollY));
    // Runs once per history entry: the key changes on every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}

function readStored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode): no restoring, nothing breaks
  }
}

function writeStored(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage refused or full: the position is simply not restored
  }
}
