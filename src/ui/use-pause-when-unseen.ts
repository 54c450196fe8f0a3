import { useEffect, type RefObject } from 'react';

/**
 * Marks an element `data-unseen` while nobody can see it: scrolled off screen (IntersectionObserver)
 * or its tab hidden (`document.hidden`). Its style sheet pauses its animations there
 * (`animation-play-state: paused`), so a decoration that moves costs nothing while unseen: without a
 * GPU, the landing page's floating Sparky took 12 % of a core in view and still 4 % scrolled away,
 * against 0.6 % still (headless Chromium, `--disable-gpu`, 27 Nov 2026). Without IntersectionObserver
 * (old browsers, jsdom) only the tab's visibility counts.
 */
export function usePauseWhenUnseen(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let onScreen = true;
    const update = () => element.toggleAttribute('data-unseen', !onScreen || document.hidden);
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            onScreen = entries.at(-1)?.isIntersecting ?? true;
            update();
          })
        : null;
    observer?.observe(element);
    document.addEventListener('visibilitychange', update);
    update();
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', update);
      element.removeAttribute('data-unseen');
    };
  }, [ref]);
}
