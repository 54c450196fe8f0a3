/**
 * Reduced motion (WCAG 2.3.3), asked by the system or by the person's own Display setting, means no
 * transition and no animation at all (global.css): a tiny duration, as the 0.01 ms of every property it
 * once was, still drew one frame of the old layout whenever anything changed (the caption strip's
 * first line with the folded strip's margins, ADR 0029). Read from the style sheet: jsdom matches no
 * media query and runs no transition.
 */
import { describe, expect, it } from 'vitest';
import { readStyleSheet } from '../test/style-sheet.ts';

/** The rules of global.css that apply when motion is reduced, each with how it is asked for. */
function reducedMotionRules(): { when: string; rule: CSSStyleRule }[] {
  return readStyleSheet('ui/global.css').flatMap((rule) => {
    if (rule instanceof CSSMediaRule && rule.media.mediaText.includes('prefers-reduced-motion: reduce')) {
      return [...rule.cssRules]
        .filter((inner): inner is CSSStyleRule => inner instanceof CSSStyleRule)
        .map((inner) => ({ when: 'the system asks', rule: inner }));
    }
    if (rule instanceof CSSStyleRule && rule.selectorText.includes("[data-motion='reduced']")) {
      return [{ when: 'the Display setting asks', rule }];
    }
    return [];
  });
}

/** The selectors of a rule, one per entry, spaces folded. */
function selectors(rule: CSSStyleRule): string[] {
  return rule.selectorText.split(',').map((part) => part.trim().replace(/\s+/g, ' '));
}

describe('reduced motion turns off every transition and animation', () => {
  it('when the system asks and when the Display setting asks, for every element and pseudo-element', () => {
    const rules = reducedMotionRules();
    expect(rules.map(({ when, rule }) => [when, selectors(rule)])).toEqual([
      ['the system asks', ['*', '*::before', '*::after']],
      [
        'the Display setting asks',
        [
          ":root[data-motion='reduced'] *",
          ":root[data-motion='reduced'] *::before",
          ":root[data-motion='reduced'] *::after",
        ],
      ],
    ]);
    for (const { rule } of rules) {
      for (const property of ['transition', 'animation']) {
        expect(rule.style.getPropertyValue(property), property).toBe('none');
        expect(rule.style.getPropertyPriority(property), property).toBe('important');
      }
    }
  });

  it('sets no duration, however small, that would draw a frame of the old layout', () => {
    for (const { rule } of reducedMotionRules()) {
      expect(rule.style.getPropertyValue('transition-duration')).toBe('');
      expect(rule.style.getPropertyValue('animation-duration')).toBe('');
    }
  });
});
