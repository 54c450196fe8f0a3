/**
 * Every visible button and link by its accessible name, as spoken commands (issue 11: "per-screen
 * commands drawn from what the screen shows"): saying a button's name presses it, saying a link's
 * name follows it. Read from the page when the microphone opens, so whatever is on screen can be
 * said, on every screen, without each screen listing its buttons.
 *
 * Accessible names come from dom-accessibility-api (the W3C accname algorithm that Testing Library
 * uses); a control counts when it is rendered, not hidden from assistive technology, not disabled and
 * not inert. Controls marked `data-voice-ignore` (the talk button itself) are left out.
 */
import { computeAccessibleName } from 'dom-accessibility-api';
import type { VoiceCommand } from '#core/voice/command.ts';
import { MAX_PHRASE_CHARS, MAX_PHRASE_WORDS, phraseTokens } from '#core/voice/command.ts';
import { pressTarget } from './command-set.ts';

const SELECTOR = 'button, a[href], [role="button"], [role="link"], [role="menuitem"], [role="tab"]';

/** Whether an element can be seen and used right now. */
function isUsable(element: Element): boolean {
  if (element.closest('[aria-hidden="true"], [inert], [hidden], [data-voice-ignore]')) return false;
  if (element.matches(':disabled, [aria-disabled="true"]')) return false;
  const view = element.ownerDocument.defaultView;
  const style = view?.getComputedStyle(element);
  if (style && (style.visibility === 'hidden' || style.display === 'none')) return false;
  // jsdom has no layout: there every rendered element counts; a browser skips zero-size ones
  if (
    typeof (element as HTMLElement).getClientRects === 'function' &&
    view?.navigator.userAgent.includes('jsdom') !== true
  )
    return (element as HTMLElement).getClientRects().length > 0;
  return true;
}

/** A control found on screen. */
export interface VisibleControl {
  name: string;
  element: HTMLElement;
}

/**
 * The visible, named buttons and links under `root`, one per name (the first in page order). A name longer than a
 * command may be (MAX_PHRASE_CHARS characters, MAX_PHRASE_WORDS words as the server counts them, split at spaces)
 * is left out: the server refuses the whole list for one such phrase, and nobody says a sentence to press a link.
 * @param root usually `document.body`
 */
export function visibleControls(root: ParentNode): VisibleControl[] {
  const seen = new Set<string>();
  const out: VisibleControl[] = [];
  for (const element of root.querySelectorAll<HTMLElement>(SELECTOR)) {
    if (!isUsable(element)) continue;
    const name = computeAccessibleName(element).replace(/\s+/g, ' ').trim();
    const key = name.toLowerCase();
    if (
      !name ||
      name.length > MAX_PHRASE_CHARS ||
      name.split(' ').length > MAX_PHRASE_WORDS ||
      seen.has(key) ||
      phraseTokens(name).length === 0
    )
      continue;
    seen.add(key);
    out.push({ name, element });
  }
  return out;
}

/** The controls as commands: `press:<name>` actions. */
export function controlCommands(controls: readonly VisibleControl[]): VoiceCommand[] {
  return controls.map(({ name }) => ({ phrase: name, intent: 'action' as const, target: pressTarget(name) }));
}
