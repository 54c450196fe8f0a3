import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { announce } from '#a11y/announcer.ts';

/**
 * After each client-side navigation: says the new page's title through the polite live region and
 * moves focus to the page's main heading, so a screen-reader or keyboard user starts at the top of
 * the new content instead of on a link that no longer exists. A `#section` in the URL sends focus
 * to that section's heading instead. The first page load is left alone: the browser already reads
 * the document title and starts at the top.
 */
export function RouteFocus() {
  const location = useLocation();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const isFirstRender = previousPathname.current === null;
    const pathnameChanged = !isFirstRender && previousPathname.current !== location.pathname;
    previousPathname.current = location.pathname;
    if (isFirstRender && !location.hash) return;

    // Wait a frame so the new page has rendered, set its title and laid out.
    const frame = requestAnimationFrame(() => {
      if (pathnameChanged) announce(document.title, 'polite');
      const target = location.hash ? sectionHeading(decodeURIComponent(location.hash.slice(1))) : null;
      focusWithoutRing(target ?? (pathnameChanged ? mainHeading() : null));
    });
    return () => cancelAnimationFrame(frame);
  }, [location.pathname, location.hash, location.key]);

  return null;
}

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
}

function sectionHeading(id: string): HTMLElement | null {
  const section = id ? document.getElementById(id) : null;
  if (!section) return null;
  if (/^H[1-6]$/.test(section.tagName)) return section;
  return section.querySelector<HTMLElement>('h1, h2, h3') ?? section;
}

function focusWithoutRing(element: HTMLElement | null): void {
  if (!element) return;
  if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.setAttribute('tabindex', '-1');
  // <main> (a page whose heading is not drawn yet) is taller than the window: focusing it would scroll
  // its top away under the bottom scroll padding (global.css). The new page starts at the top.
  element.focus({ preventScroll: element.matches('main') });
}
