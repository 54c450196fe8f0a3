import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { cx } from '../lib/class-names.ts';
import { Icon } from './Icon.tsx';
import { dismissToast, getCurrentToast, subscribeToToasts, type ToastItem } from './toast-store.ts';
import './toast.css';

/** §9 Notifications: the key that moves focus to the toasts. */
export const TOAST_HOTKEY = 'F8';

/** The region's accessible name; says the hotkey so a screen-reader user learns it. */
export const TOAST_REGION_LABEL = 'Notifications (F8)';

/** A box on screen (viewport pixels). */
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Area of the overlap of two boxes, square pixels. */
function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * Where the toast goes so that it does not cover the focused element (WCAG 2.4.11; issue 17,
 * item 8): at the bottom unless that covers focus, then at the top; if both would, whichever covers
 * less. Pure: boxes in viewport pixels.
 *
 * @param focused the focused element's box, or null when nothing is focused
 * @param toast the toast's box where it is now
 * @param viewportHeight the viewport's height
 * @param margin the gap between the toast and the viewport's edge
 * @param bottomGap the gap between the toast and the viewport's bottom edge when it is at the bottom
 *   (larger than `margin` while Sparky's caption strip floats there: toast.css)
 */
export function toastPlacement(
  focused: Box | null,
  toast: Box,
  viewportHeight: number,
  margin: number,
  bottomGap = margin,
): 'top' | 'bottom' {
  if (!focused) return 'bottom';
  const height = toast.bottom - toast.top;
  // Named fields, not a spread: a DOMRect's fields are getters that `{ ...rect }` does not copy.
  const { left, right } = toast;
  const atBottom = {
    left,
    right,
    top: viewportHeight - bottomGap - height,
    bottom: viewportHeight - bottomGap,
  };
  const atTop = { left, right, top: margin, bottom: margin + height };
  const bottomCovers = overlapArea(focused, atBottom);
  if (bottomCovers === 0) return 'bottom';
  return overlapArea(focused, atTop) < bottomCovers ? 'top' : 'bottom';
}

/** The toast on screen, or null. */
export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(subscribeToToasts, getCurrentToast, () => null);
}

/**
 * The toast region (spec §9 Notifications), rendered once for the whole app.
 *
 * - One toast at a time; it goes after its duration (5 s by default). The timer pauses while the
 *   pointer is over it or focus is inside it (WCAG 2.2.1), and it has a 'Dismiss' button.
 * - Announced: the region holds two live containers that are always in the page, `role=status`
 *   (polite) for ordinary toasts and `role=alert` (assertive) for destructive ones, so inserting a
 *   toast is read out without moving focus.
 * - F8 from anywhere moves focus to the region; after a dismissal from inside, focus goes back to
 *   where it was.
 * - It never covers the focused element (WCAG 2.4.11): at the bottom of the screen, or at the top
 *   when the bottom would cover focus ({@link toastPlacement}).
 */
export function Toaster() {
  const toast = useCurrentToast();
  const regionRef = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const [paused, setPaused] = useState({ hover: false, focus: false });
  const isPaused = paused.hover || paused.focus;
  const [placement, setPlacement] = useState<'top' | 'bottom'>('bottom');

  // Keep the toast clear of the focused element (WCAG 2.4.11): checked when a toast appears and
  // whenever focus moves, the page scrolls or the window is resized while one is shown.
  useEffect(() => {
    if (!toast) return;
    const place = () => {
      const region = regionRef.current;
      const card = region?.querySelector<HTMLElement>('.toast');
      if (!region || !card) return;
      const focused = document.activeElement;
      const isOutside =
        focused instanceof HTMLElement && focused !== document.body && !region.contains(focused);
      const margin = 16; // toast.css --toast-margin (1rem)
      // While the caption strip floats, the toast sits above it (toast.css).
      const stripRoom = parseFloat(
        getComputedStyle(document.documentElement).getPropertyValue('--caption-strip-room'),
      );
      setPlacement(
        toastPlacement(
          // A visually hidden radio or checkbox input is a pixel; what the eye follows is its label.
          isOutside ? (focused.closest('label') ?? focused).getBoundingClientRect() : null,
          card.getBoundingClientRect(),
          window.innerHeight,
          margin,
          Math.max(margin, Number.isFinite(stripRoom) ? stripRoom : 0),
        ),
      );
    };
    place();
    // The strip starting or ending to float changes that room (use-floating-room.ts sets it on <html>).
    const rooms = new MutationObserver(place);
    rooms.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
    document.addEventListener('focusin', place);
    window.addEventListener('scroll', place, { passive: true, capture: true });
    window.addEventListener('resize', place);
    return () => {
      rooms.disconnect();
      document.removeEventListener('focusin', place);
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [toast]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || event.ctrlKey || event.altKey || event.metaKey) return;
      const region = regionRef.current;
      if (!region) return;
      event.preventDefault();
      if (!region.contains(document.activeElement)) {
        returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      }
      const target = region.querySelector<HTMLElement>('.toast') ?? region;
      target.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!toast || isPaused) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast, isPaused]);

  const dismiss = useCallback(() => {
    if (!toast) return;
    const region = regionRef.current;
    const hadFocus = region?.contains(document.activeElement) ?? false;
    dismissToast(toast.id);
    setPaused({ hover: false, focus: false });
    if (hadFocus) {
      const target = returnFocusTo.current;
      returnFocusTo.current = null;
      if (target?.isConnected) target.focus();
      else document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
    }
  }, [toast]);

  const body = toast ? <ToastView toast={toast} onDismiss={dismiss} /> : null;
  return (
    <section
      ref={regionRef}
      aria-label={TOAST_REGION_LABEL}
      tabIndex={-1}
      className={cx('toast-region', toast !== null && 'has-toast', placement === 'top' && 'is-top')}
      data-placement={placement}
      onPointerEnter={() => setPaused((p) => ({ ...p, hover: true }))}
      onPointerLeave={() => setPaused((p) => ({ ...p, hover: false }))}
      onFocus={() => setPaused((p) => ({ ...p, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null))
          setPaused((p) => ({ ...p, focus: false }));
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && toast) {
          event.stopPropagation();
          dismiss();
        }
      }}
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="toast-region__live">
        {toast?.variant === 'default' ? body : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="toast-region__live">
        {toast?.variant === 'destructive' ? body : null}
      </div>
    </section>
  );
}

function ToastView({ toast, onDismiss }: { toast: ToastItem; onDismiss: () => void }) {
  return (
    <div
      className={cx('toast', `toast--${toast.variant}`)}
      tabIndex={-1}
      aria-labelledby={`toast-${toast.id}-title`}
      role="group"
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.variant === 'destructive' ? '!' : '✓'}
      </span>
      <div className="toast__text">
        <p className="toast__title" id={`toast-${toast.id}-title`}>
          {toast.title}
        </p>
        <p className="toast__description">{toast.description}</p>
        {toast.details ? (
          <ul className="toast__details">
            {toast.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <AriaButton
        className={({ isFocusVisible }) => cx('toast__dismiss', isFocusVisible && 'is-focus-visible')}
        onPress={onDismiss}
        aria-label={`Dismiss: ${toast.title}`}
      >
        <Icon name="close" size={20} strokeWidth={3} />
      </AriaButton>
    </div>
  );
}
