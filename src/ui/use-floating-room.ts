import { useLayoutEffect, type RefObject } from 'react';

/**
 * The CSS custom properties on `<html>` that hold the room a layer floating at the bottom of the screen
 * takes: the caption strip (src/app/audio/CaptionStrip.tsx) and Sparky's widget
 * (src/features/sparky/SparkyWidget.tsx). (A toast moves to the top instead when it would cover the
 * focused element: Toast.tsx.)
 * global.css keeps the larger of them as the page's bottom scroll padding, so what Tab reaches scrolls
 * above the layers instead of under them (WCAG 2.2 SC 2.4.11 "Focus Not Obscured").
 */
export type FloatingRoom = '--caption-strip-room' | '--sparky-room';

/**
 * While `active`, keeps `name` on `<html>` equal to the distance, in CSS pixels, from the top of `ref`'s
 * element to the bottom of the window, plus an 8 px gap (its height and its offset from the bottom),
 * measured again whenever the element's size changes (ResizeObserver, where the browser has it).
 * Removes the property when `active` turns false or the component unmounts.
 */
export function useFloatingRoom(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  name: FloatingRoom,
): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const root = document.documentElement;
    const measure = () => {
      const room = Math.max(0, window.innerHeight - element.getBoundingClientRect().top) + 8;
      root.style.setProperty(name, `${Math.ceil(room)}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(name);
    };
  }, [ref, active, name]);
}
