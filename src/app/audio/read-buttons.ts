/**
 * "Read buttons to me" (issue 10, a picture-first interface for pre-readers): every link, button and
 * menu item says its name when it gets focus or the pointer rests on it. The name is the accessible
 * name (W3C accname, computed by `dom-accessibility-api`, which the voice layer of the signed-in frame also uses), so
 * a child hears what a screen reader would say. Names are quiet items (priority 0): they never cut off
 * guidance or a warning, and the same name within 2 s is said once (§4.9).
 * With button sounds on, pressing a button also clicks.
 */
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';

/** Roles whose name is read. */
const SPOKEN_SELECTOR = [
  'a[href]',
  'button',
  '[role="button"]',
  '[role="link"]',
  '[role="menuitem"]',
  '[role="menuitemradio"]',
  '[role="menuitemcheckbox"]',
  '[role="option"]',
  '[role="tab"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="checkbox"]',
  'input[type="checkbox"]',
  'input[type="radio"]',
].join(',');

/** The pointer must rest this long on a control before its name is said (moving across says nothing). */
export const HOVER_DELAY_MS = 400;

/**
 * Listens on `doc` and says controls' names while `isOn()`.
 * @returns the cleanup
 */
export function installReadButtons(
  doc: Document,
  options: { isOn: () => boolean; buttonSounds: () => boolean; speak: (request: SpeakRequest) => void },
): () => void {
  let computeName: ((element: Element) => string) | null = null;
  let hoverTimer: number | undefined;
  const load = async () => {
    if (!computeName) computeName = (await import('dom-accessibility-api')).computeAccessibleName;
    return computeName;
  };
  const sayName = async (target: EventTarget | null) => {
    if (!options.isOn() || !(target instanceof Element)) return;
    const control = target.closest(SPOKEN_SELECTOR);
    if (!control || control.closest('[aria-hidden="true"]')) return;
    const name = (await load())(control).trim();
    if (name) options.speak({ text: name, type: 'button' });
  };
  const onFocus = (event: FocusEvent) => void sayName(event.target);
  const onOver = (event: PointerEvent) => {
    window.clearTimeout(hoverTimer);
    const target = event.target;
    hoverTimer = window.setTimeout(() => void sayName(target), HOVER_DELAY_MS);
  };
  const onOut = () => window.clearTimeout(hoverTimer);
  const onClick = (event: MouseEvent) => {
    if (!options.buttonSounds() || !(event.target instanceof Element)) return;
    if (event.target.closest('button,[role="button"]'))
      options.speak({ text: 'Click.', type: 'sound', sound: 'click' });
  };
  doc.addEventListener('focusin', onFocus);
  doc.addEventListener('pointerover', onOver);
  doc.addEventListener('pointerout', onOut);
  doc.addEventListener('click', onClick, true);
  return () => {
    window.clearTimeout(hoverTimer);
    doc.removeEventListener('focusin', onFocus);
    doc.removeEventListener('pointerover', onOver);
    doc.removeEventListener('pointerout', onOut);
    doc.removeEventListener('click', onClick, true);
  };
}
