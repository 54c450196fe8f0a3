/**
 * A moving decoration pauses while unseen (usePauseWhenUnseen): off screen or in a hidden tab. jsdom has
 * no IntersectionObserver and no hidden tabs, so both are played by hand.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePauseWhenUnseen } from './use-pause-when-unseen.ts';

function Decoration() {
  const ref = useRef<HTMLDivElement>(null);
  usePauseWhenUnseen(ref);
  return <div ref={ref} data-testid="decoration" />;
}

/** A stand-in IntersectionObserver whose one instance the test tells what is on screen. */
class FakeObserver {
  static last: FakeObserver | null = null;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {}
  report(isIntersecting: boolean) {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as never);
  }
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'hidden');
  FakeObserver.last = null;
});

describe('usePauseWhenUnseen', () => {
  it('marks the element unseen while it is off screen, and seen again when it comes back', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Decoration />);
    const decoration = screen.getByTestId('decoration');
    expect(decoration).not.toHaveAttribute('data-unseen');
    act(() => FakeObserver.last!.report(false));
    expect(decoration).toHaveAttribute('data-unseen');
    act(() => FakeObserver.last!.report(true));
    expect(decoration).not.toHaveAttribute('data-unseen');
  });

  it('marks it unseen while the tab is hidden, even on screen', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Decoration />);
    const decoration = screen.getByTestId('decoration');
    act(() => setHidden(true));
    expect(decoration).toHaveAttribute('data-unseen');
    act(() => setHidden(false));
    expect(decoration).not.toHaveAttribute('data-unseen');
  });

  it('still follows the tab without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Decoration />);
    const decoration = screen.getByTestId('decoration');
    expect(decoration).not.toHaveAttribute('data-unseen');
    act(() => setHidden(true));
    expect(decoration).toHaveAttribute('data-unseen');
  });
});
