import { expect, type Locator } from '@playwright/test';

/**
 * Asserts that `target` (usually the element Tab just reached) is on screen and not hidden under the
 * app's floating layers, the caption strip, Sparky's widget and a toast (WCAG 2.2 SC 2.4.11 "Focus Not
 * Obscured"), once the page has stopped scrolling (the app scrolls smoothly). The top element at the
 * centre of the target's box (its label's box for a visually hidden radio or checkbox input) must exist
 * and must not belong to one of those layers, unless the target is part of that layer itself.
 */
export async function expectNotObscured(target: Locator): Promise<void> {
  const verdict = await target.evaluate(async (element) => {
    // Settled: the scroll position unchanged between two readings 100 ms apart (at most 3 s).
    for (let i = 0, still = 0, last = NaN; still < 1 && i < 30; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
    const box = (element.closest('label') ?? element).getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit)
      return `off screen (${Math.round(box.top)}–${Math.round(box.bottom)} px, window ${innerHeight} px)`;
    const layer = hit.closest('.caption-strip, .sparky, .toast-region');
    return layer && !layer.contains(element) ? `under ${layer.className}` : 'visible';
  });
  expect(verdict, `${target.toString()} after Tab`).toBe('visible');
}
