import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOASTS, toast } from '#core/auth/messages.ts';
import { TOAST_REGION_LABEL, Toaster, toastPlacement } from './Toast.tsx';
import { TOAST_DURATION_MS, dismissToast, showToast } from './toast-store.ts';

const region = () => screen.getByRole('region', { name: TOAST_REGION_LABEL });
const politeLive = () => within(region()).getByRole('status');
const assertiveLive = () => within(region()).getByRole('alert');

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <>
      <button type="button">Somewhere else</button>
      <Toaster />
    </>,
  );
});
afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('Toaster (spec §7.7, §8, §9 Notifications)', () => {
  it('announces an ordinary toast politely, with its title and description', () => {
    act(() => void showToast(toast(TOASTS.signInSucceeded)));
    expect(politeLive()).toHaveAttribute('aria-live', 'polite');
    expect(politeLive()).toHaveTextContent('Welcome back!');
    expect(politeLive()).toHaveTextContent("You're signed in successfully.");
    expect(assertiveLive()).toBeEmptyDOMElement();
  });

  it('announces a destructive toast assertively', () => {
    act(() => void showToast(toast(TOASTS.signOutFailed, 'destructive')));
    expect(assertiveLive()).toHaveAttribute('aria-live', 'assertive');
    expect(assertiveLive()).toHaveTextContent('Error signing out');
    expect(assertiveLive()).toHaveTextContent('Please try again');
    expect(politeLive()).toBeEmptyDOMElement();
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    act(() => void showToast(toast(TOASTS.signInSucceeded)));
    act(() => void showToast(toast(TOASTS.signOutSucceeded)));
    expect(within(region()).getAllByRole('group')).toHaveLength(1);
    expect(region()).toHaveTextContent('Signed out successfully');
    expect(region()).not.toHaveTextContent('Welcome back!');
  });

  it('goes after 5 s by default, and an old timer does not remove a newer toast', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    act(() => void showToast(toast(TOASTS.signInSucceeded)));
    act(() => vi.advanceTimersByTime(3000));
    act(() => void showToast(toast(TOASTS.signOutSucceeded)));
    act(() => vi.advanceTimersByTime(2500)); // 5.5 s after the first, 2.5 s after the second
    expect(region()).toHaveTextContent('Signed out successfully');
    act(() => vi.advanceTimersByTime(2499));
    expect(region()).toHaveTextContent('Signed out successfully');
    act(() => vi.advanceTimersByTime(1));
    expect(within(region()).queryByRole('group')).not.toBeInTheDocument();
  });

  it('keeps a custom duration', () => {
    act(() => void showToast({ ...toast(TOASTS.signInSucceeded), duration: 10_000 }));
    act(() => vi.advanceTimersByTime(9_999));
    expect(region()).toHaveTextContent('Welcome back!');
    act(() => vi.advanceTimersByTime(1));
    expect(region()).not.toHaveTextContent('Welcome back!');
  });

  it("has a 'Dismiss' button that removes it", () => {
    act(() => void showToast(toast(TOASTS.signInSucceeded)));
    fireEvent.click(within(region()).getByRole('button', { name: 'Dismiss: Welcome back!' }));
    expect(within(region()).queryByRole('group')).not.toBeInTheDocument();
  });

  it('pauses while the pointer is over it (WCAG 2.2.1)', () => {
    act(() => void showToast(toast(TOASTS.signInSucceeded)));
    fireEvent.pointerEnter(region());
    act(() => vi.advanceTimersByTime(20_000));
    expect(region()).toHaveTextContent('Welcome back!');
    fireEvent.pointerLeave(region());
    act(() => vi.advanceTimersByTime(5000));
    expect(region()).not.toHaveTextContent('Welcome back!');
  });

  it('F8 moves focus to the toast; Escape dismisses it and focus goes back', () => {
    const before = screen.getByRole('button', { name: 'Somewhere else' });
    before.focus();
    act(() => void showToast(toast(TOASTS.signInSucceeded)));
    fireEvent.keyDown(window, { key: 'F8' });
    expect(region().contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(within(region()).queryByRole('group')).not.toBeInTheDocument();
    expect(before).toHaveFocus();
  });

  it('shows the reasons of a refused password as a list', () => {
    act(() => void showToast({ ...toast(TOASTS.signInSucceeded), details: ['Too short', 'Too common'] }));
    expect(
      within(region())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Too short', 'Too common']);
  });

  it('never covers the focused element: it moves to the top when the bottom would (WCAG 2.4.11, issue 17)', () => {
    // jsdom lays nothing out: a 375 × 812 phone, the focused button at the bottom, the toast 120 px tall.
    vi.stubGlobal('innerHeight', 812);
    const boxes = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const box = (top: number, bottom: number) => ({ top, bottom, left: 16, right: 359 }) as DOMRect;
      if (this.classList.contains('toast')) return box(676, 796);
      if (this.tagName === 'BUTTON') return box(700, 744);
      return box(0, 0);
    });
    const button = screen.getByRole('button', { name: 'Somewhere else' });
    button.focus();
    act(() => void showToast(toast(TOASTS.signInSucceeded)));
    expect(region()).toHaveAttribute('data-placement', 'top');
    // Focus moves up the page: the toast goes back to the bottom.
    boxes.mockImplementation(function (this: HTMLElement) {
      const box = (top: number, bottom: number) => ({ top, bottom, left: 16, right: 359 }) as DOMRect;
      if (this.classList.contains('toast')) return box(16, 136);
      if (this.tagName === 'BUTTON') return box(40, 84);
      return box(0, 0);
    });
    act(() => void button.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    expect(region()).toHaveAttribute('data-placement', 'bottom');
    boxes.mockRestore();
    vi.unstubAllGlobals();
  });

  it('places itself by overlap alone (pure rule)', () => {
    const toastBox = { top: 676, bottom: 796, left: 16, right: 359 };
    expect(toastPlacement(null, toastBox, 812, 16)).toBe('bottom');
    expect(toastPlacement({ top: 100, bottom: 150, left: 0, right: 375 }, toastBox, 812, 16)).toBe('bottom');
    expect(toastPlacement({ top: 700, bottom: 744, left: 0, right: 375 }, toastBox, 812, 16)).toBe('top');
    // A field beside the toast (1280 px, toast at the right) is not covered.
    expect(
      toastPlacement(
        { top: 700, bottom: 744, left: 100, right: 500 },
        { ...toastBox, left: 840, right: 1264 },
        812,
        16,
      ),
    ).toBe('bottom');
    // Covered either way: whichever covers less.
    expect(toastPlacement({ top: 0, bottom: 812, left: 0, right: 375 }, toastBox, 812, 16)).toBe('bottom');
    // Above a caption strip 216 px tall: a field just above the strip is covered there, so the top.
    const aboveStrip = { top: 500, bottom: 552, left: 42, right: 333 };
    expect(toastPlacement(aboveStrip, toastBox, 812, 16)).toBe('bottom');
    expect(toastPlacement(aboveStrip, toastBox, 812, 16, 240)).toBe('top');
    // The boxes a browser gives (DOMRect: fields are getters, which a spread would lose).
    const rect = (box: typeof toastBox) =>
      new DOMRect(box.left, box.top, box.right - box.left, box.bottom - box.top);
    expect(toastPlacement(rect(aboveStrip), rect(toastBox), 812, 16, 240)).toBe('top');
    expect(
      toastPlacement(rect({ top: 700, bottom: 744, left: 0, right: 375 }), rect(toastBox), 812, 16),
    ).toBe('top');
  });
});
