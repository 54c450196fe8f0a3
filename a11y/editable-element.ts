/*
 * Whether focus is in something that takes typing, for the keyboard shortcuts of the signed-in app
 * (keyboard-shortcuts.ts) and Sparky's voice shortcuts (src/app/audio/AudioQueueProvider.tsx), which
 * stay out of the way while a person types.
 *
 * A module of its own because the voice shortcuts are in every page's first load, and a module the
 * first load imports from is bundled whole (docs/decisions/0012-route-splitting.md, 29 Nov 2026).
 */

/** Whether an element takes typing (input, textarea, select, contenteditable). */
export function isEditableElement(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(
      type,
    );
  }
  return (element as HTMLElement).isContentEditable === true;
}
