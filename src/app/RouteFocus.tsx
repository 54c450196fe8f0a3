import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { announce } from '#a11y/announcer.ts';

/** How long a new page's heading is waited for (a route guard still loading the user, a slow chunk). */
export const HEADING_WAIT_MS = 10_000;

/**
 * After each client-side navigation: says the new page's title through the polite live region and
 * moves focus to the page's main heading, so a screen-reader or keyboard user starts at the top of
 * the new content instead of on a link that no longer exists. A `#section` in the URL sends focus
 * to that section's heading instead. The first page load is left alone: the browser already reads
 * the document title and starts at the top.
 *
 * Mounted once, above both frames (router.tsx): a navigation from a signed-out page to a signed-in
 * one (signing in) or back (signing out) changes the frame too, and a copy of this inside each frame
 * took that for a first page load and left focus on <body>. When the new page's heading is not drawn
 * yet (the route guard is still loading the user), focus waits on <main> and moves to the heading
 * when it comes, unless the reader has put it somewhere else meanwhile.
 */
export function RouteFocus() {
  const location = useLocation();
  const previousPathname = useRef<string | null>(null);

  useEffect(() => {
    const isFirstRender = previousPathname.current === null;
    const pathnameChanged = !isFirstRender && previousPathname.current !== location.pathname;
    previousPathname.current = location.pathname;
    if (isFirstRender && !location.hash) return;

    let observer: MutationObserver | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = () => {
      observer?.disconnect();
      clearTimeout(timer);
    };
    // Wait a frame so the new page has rendered, set its title and laid out.
    const frame = requestAnimationFrame(() => {
      const target = location.hash ? sectionHeading(decodeURIComponent(location.hash.slice(1))) : null;
      if (target || !pathnameChanged) {
        if (pathnameChanged) announce(document.title, 'polite');
        focusWithoutRing(target);
        return;
      }
      const heading = mainHeading();
      if (heading) {
        announce(document.title, 'polite');
        focusWithoutRing(heading);
        return;
      }
      focusWithoutRing(document.querySelector<HTMLElement>('main'));
      const arrived = () => {
        const late = mainHeading();
        if (!late) return;
        stopWaiting();
        announce(document.title, 'polite');
        if (focusIsFree()) focusWithoutRing(late);
      };
      observer = new MutationObserver(arrived);
      observer.observe(document.body, { childList: true, subtree: true });
      timer = setTimeout(() => {
        stopWaiting();
        announce(document.title, 'polite');
      }, HEADING_WAIT_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      stopWaiting();
    };
  }, [location.pathname, location.hash, location.key]);

  return null;
}

function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}

/** Whether focus is nowhere the reader chose: on <body>, on a <main> or on an element since removed. */
function focusIsFree(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.matches('main') || !active.isConnected;
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
