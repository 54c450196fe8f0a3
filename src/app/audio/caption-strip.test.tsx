/**
 * The caption strip keeps still while one line shows (ADR 0029): what it shows of "who speaks" is the
 * same in every state (the state's words stay for screen readers), and Hold on / Go on, Next, Quiet
 * and Help keep four places, a hidden keeper standing in for a button the state does not offer.
 * Rendered with a given status, no provider or engine, so each test is a few milliseconds.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AudioStatusContext, type AudioStatus } from './audio-context.ts';
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
