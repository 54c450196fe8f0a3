/**
 * A live-region announcer: one polite and one assertive region, created once on <body> outside the
 * React tree so re-renders never remove them mid-announcement. Used for route changes (the new page's
 * title) and status changes such as going offline.
 *
 * Messages are added as new child nodes rather than replacing text, so the same message twice is read
 * twice; each is removed after {@link MESSAGE_LIFETIME_MS}. A region created in the same tick as its
 * first message is not yet known to some screen readers, so that first message waits
 * {@link FIRST_MESSAGE_DELAY_MS}.
 */

/** How urgent a message is: `polite` waits for the screen reader to finish; `assertive` interrupts. */
export type Politeness = 'polite' | 'assertive';

/** How long a message stays in its region, in milliseconds. */
export const MESSAGE_LIFETIME_MS = 7000;
/** Delay before the first message of a freshly created region, in milliseconds. */
export const FIRST_MESSAGE_DELAY_MS = 100;

const REGION_ID: Record<Politeness, string> = {
  polite: 'sparky-announcer-polite',
  assertive: 'sparky-announcer-assertive',
};

/** Styles that hide the regions visually but keep them in the accessibility tree. */
const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;';

function region(politeness: Politeness): { element: HTMLElement; isNew: boolean } {
  const existing = document.getElementById(REGION_ID[politeness]);
  if (existing) return { element: existing, isNew: false };
  const element = document.createElement('div');
  element.id = REGION_ID[politeness];
  element.setAttribute('role', politeness === 'assertive' ? 'alert' : 'status');
  element.setAttribute('aria-live', politeness);
  element.setAttribute('aria-relevant', 'additions');
  element.setAttribute('style', VISUALLY_HIDDEN);
  element.dataset.announcer = politeness;
  document.body.append(element);
  return { element, isNew: true };
}

/**
 * Creates both live regions now, so the first real message is not lost. Call once at start-up.
 */
export function mountAnnouncer(): void {
  region('polite');
  region('assertive');
}

/**
 * Speaks a message through the screen reader. Blank messages are ignored.
 *
 * @param message the text to read
 * @param politeness `polite` (default) or `assertive` for urgent errors
 */
export function announce(message: string, politeness: Politeness = 'polite'): void {
  const text = message.trim();
  if (!text || typeof document === 'undefined') return;
  const { element, isNew } = region(politeness);
  const add = () => {
    // A held-back first message may come due after the page (or a test's DOM) is gone.
    if (typeof document === 'undefined' || !element.isConnected) return;
    const node = document.createElement('div');
    node.textContent = text;
    element.append(node);
    setTimeout(() => node.remove(), MESSAGE_LIFETIME_MS);
  };
  if (isNew) setTimeout(add, FIRST_MESSAGE_DELAY_MS);
  else add();
}

/** Empties both regions, e.g. when the page is torn down in tests. */
export function clearAnnouncements(): void {
  for (const id of Object.values(REGION_ID)) document.getElementById(id)?.replaceChildren();
}
