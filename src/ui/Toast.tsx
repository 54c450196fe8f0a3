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
 */
export function Toaster() {
  const toast = useCurrentToast();
  const regionRef = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const [paused, setPaused] = useState({ hover: false, focus: false });
  const isPaused = paused.hover || paused.focus;

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
      else document.querySelector<HTMLElement>('main')?.focus();
    }
  }, [toast]);

  const body = toast ? <ToastView toast={toast} onDismiss={dismiss} /> : null;
  return (
    <section
      ref={regionRef}
      aria-label={TOAST_REGION_LABEL}
      tabIndex={-1}
      className={cx('toast-region', toast !== null && 'has-toast')}
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
