/**
 * Helpers that let a scanning-switch user with two inputs — Tab (next) and Enter (select) — work
 * every control (issue 17, items 4–6). react-aria follows the ARIA patterns, which expect arrow
 * keys for a radio group and a list box and Space for a switch; these helpers add Tab and Enter on
 * top, without taking the arrow keys or Space away.
 */
import { useLayoutEffect, type RefObject } from 'react';

/**
 * Enter on a native checkbox or radio input presses it (as Space does) and never submits the
 * surrounding form (browsers submit a form on Enter in most inputs).
 *
 * @param input the control's `<input>`, from react-aria's `inputRef`
 */
export function useEnterPresses(input: RefObject<HTMLInputElement | null>): void {
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      // A radio already chosen stays chosen; a checkbox or switch flips, as with Space.
      if (element.type === 'radio' && element.checked) return;
      element.click();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

/**
 * Keeps a radio input in the Tab order on its own. Browsers let Tab stop on only one radio of a
 * group (the checked one, or the first), and react-aria gives the others `tabindex=-1`; a switch
 * user then cannot reach the other options. Each radio gets its own name (so the browser does not
 * group them; react-aria holds the choice, not the form) and `tabindex=0`. Runs after every render
 * of the radio, because react-aria sets the tab index again when the choice changes.
 *
 * @param input the radio's `<input>`
 * @param key a name suffix unique within the group (the radio's value)
 */
export function useOwnTabStop(input: RefObject<HTMLInputElement | null>, key: string): void {
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    if (element.tabIndex !== 0 && !element.disabled) element.setAttribute('tabindex', '0');
    const name = element.getAttribute('name') ?? '';
    const base = name.replace(/::.*$/, '');
    if (base && name !== `${base}::${key}`) element.setAttribute('name', `${base}::${key}`);
  });
}
