/**
 * The caption strip keeps still while one line shows (ADR 0029): what it shows of "who speaks" is the
 * same in every state (the state's words stay for screen readers), and Hold on / Go on, Next, Quiet
 * and Help keep four places, a hidden keeper standing in for a button the state does not offer.
 * Rendered with a given status, no provider or engine, so each test is a few milliseconds.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AudioStatusContext, type AudioStatus } from './audio-context.ts';
import { readStyleSheet } from '../../test/style-sheet.ts';
import { CAPTION_STATUS, CaptionStrip } from './CaptionStrip.tsx';

const LINE = 'Hi! I am Sparky. This is your home page.';
const STATES: AudioStatus['state'][] = ['loading', 'playing', 'paused', 'fallingBack', 'idle'];

function renderStrip(state: AudioStatus['state'], caption: string | null = LINE) {
  const view = render(
    <AudioStatusContext.Provider
      value={{ state, caption, type: caption ? 'guidance' : null, isDucked: false }}
    >
      <CaptionStrip />
    </AudioStatusContext.Provider>,
  );
  const strip = screen.getByRole('region', { name: "Sparky's captions" });
  return { ...view, strip };
}

/** The text a sighted reader sees: without the visually hidden words and the hidden keepers' names. */
function shownText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('.visually-hidden, [aria-hidden="true"]').forEach((node) => node.remove());
  return copy.textContent ?? '';
}

/** The four places of the buttons row: which button (or keeper) stands in each. */
function places(strip: HTMLElement): string[] {
  const controls = strip.querySelector('.caption-strip__controls')!;
  return [...controls.children].map((child) =>
    child.tagName === 'BUTTON' ? `button:${shownText(child).trim()}` : `keeper:${child.textContent?.trim()}`,
  );
}

afterEach(cleanup);

describe('the caption strip keeps still while a line shows', () => {
  it('shows "Sparky:" in every state, and keeps the state in words for screen readers', () => {
    for (const state of STATES) {
      const { strip, unmount } = renderStrip(state);
      const text = strip.querySelector('.caption-strip__text')!;
      expect(shownText(text)).toBe(`Sparky: ${LINE}`);
      expect(text).toHaveTextContent(`${CAPTION_STATUS[state]}: ${LINE}`);
      unmount();
    }
  });

  it('keeps Hold on, Next, Quiet and Help in four places whichever state the line is in', () => {
    const seen = STATES.map((state) => {
      const { strip, unmount } = renderStrip(state);
      const result = places(strip);
      unmount();
      return result;
    });
    expect(seen).toEqual([
      ['button:Hold on', 'button:Next', 'button:Quiet', 'button:Help'],
      ['button:Hold on', 'button:Next', 'button:Quiet', 'button:Help'],
      ['button:Go on', 'button:Next', 'button:Quiet', 'button:Help'],
      ['keeper:Hold onGo on', 'button:Next', 'button:Quiet', 'button:Help'],
      ['keeper:Hold onGo on', 'keeper:Next', 'keeper:Quiet', 'button:Help'],
    ]);
  });

  it('gives each button one name, with its other name kept hidden at its size', () => {
    const { strip, unmount } = renderStrip('playing');
    expect(within(strip).getAllByRole('button')).toHaveLength(4);
    expect(within(strip).getByRole('button', { name: 'Hold on' })).toBeInTheDocument();
    expect(within(strip).queryByRole('button', { name: /Go on/ })).toBeNull();
    unmount();
    const paused = renderStrip('paused');
    expect(within(paused.strip).getByRole('button', { name: 'Go on' })).toBeInTheDocument();
    expect(within(paused.strip).queryByRole('button', { name: /Hold on/ })).toBeNull();
  });

  it('folds to its Help button alone, with no keepers, when no line shows', () => {
    const { strip } = renderStrip('idle', null);
    expect(strip).toHaveAttribute('data-showing', 'false');
    expect(places(strip)).toEqual(['button:Help']);
  });
});

/**
 * Whether a media query list (`(max-width: 479px), (max-height: 479px)`) matches a screen of this
 * size; a feature other than a width or a height (forced colours, motion) counts as not matching.
 */
function mediaMatches(mediaText: string, width: number, height: number): boolean {
  return mediaText.split(',').some((query) =>
    query.split(/\band\b/).every((part) => {
      const feature = /\((min|max)-(width|height):\s*(\d+)px\)/.exec(part.trim());
      if (!feature) return false;
      const size = feature[2] === 'width' ? width : height;
      const limit = Number(feature[3]);
      return feature[1] === 'min' ? size >= limit : size <= limit;
    }),
  );
}

/** The media queries under which the floating strip takes the phone layout (the bottom edge, inset 0). */
function phoneLayoutMedia(): string[] {
  return readStyleSheet('app/audio/audio.css')
    .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule)
    .filter((rule) =>
      [...rule.cssRules].some(
        (inner) =>
          inner instanceof CSSStyleRule &&
          /^\.caption-strip\[data-showing=["']true["']\]$/.test(inner.selectorText) &&
          inner.style.getPropertyValue('inset-block-end').trim() === '0',
      ),
    )
    .map((rule) => rule.media.mediaText);
}

describe('the floating strip takes the bottom edge on a phone, upright or on its side (ADR 0029)', () => {
  const phone = (width: number, height: number) =>
    phoneLayoutMedia().some((media) => mediaMatches(media, width, height));

  it('on a phone held upright (320 x 568, 375 x 667)', () => {
    expect(phone(320, 568)).toBe(true);
    expect(phone(375, 667)).toBe(true);
  });

  it('on a phone held sideways (667 x 375, 568 x 320, 932 x 430)', () => {
    expect(phone(667, 375)).toBe(true);
    expect(phone(568, 320)).toBe(true);
    expect(phone(932, 430)).toBe(true);
  });

  it('not on a tablet or a computer screen (768 x 1024, 1024 x 768, 1280 x 800)', () => {
    expect(phone(768, 1024)).toBe(false);
    expect(phone(1024, 768)).toBe(false);
    expect(phone(1280, 800)).toBe(false);
  });
});
