import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves the keyboard focus to `target` when a change of `key` removed the element that had it: a button that
 * disappears while focused leaves the focus on the page's body, where a keyboard, switch or screen-reader user is
 * lost (WCAG 2.4.3). Nothing happens on the first render, when `key` is unchanged, or when the focus is still on
 * an element (someone else placed it). `target` should be focusable (`tabIndex={-1}` on a heading).
 * @param key what changes when the focused element may be removed (e.g. how many buttons a list has)
 */
export function useFocusWhenLost(target: RefObject<HTMLElement | null>, key: unknown): void {
  const last = useRef(key);
  useEffect(() => {
    if (Object.is(last.current, key)) return;
    last.current = key;
    const active = document.activeElement;
    if (active === null || active === document.body) target.current?.focus();
  }, [key, target]);
}
