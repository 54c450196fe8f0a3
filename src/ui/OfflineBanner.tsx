import { useEffect, useRef } from 'react';
import { announce } from '#a11y/announcer.ts';
import { useOnlineStatus } from '../lib/use-online-status.ts';
import './offline-banner.css';

/** Spec §2.4, word for word. */
export const OFFLINE_MESSAGE = "You're offline. Some features may not work properly.";
/** Said when the connection comes back, so a screen-reader user knows the banner went away. */
export const BACK_ONLINE_MESSAGE = "You're back online.";

/**
 * The offline banner (spec §2.4, §4.10): shown while the browser is offline, following the
 * `online`/`offline` events. Changes are announced politely through the shared live region
 * (a11y/announcer.ts) rather than a live region of its own, so nothing is read twice.
 */
export function OfflineBanner() {
  const isOnline = useOnlineStatus();
  const wasOnline = useRef(isOnline);

  useEffect(() => {
    if (wasOnline.current === isOnline) return;
    wasOnline.current = isOnline;
    announce(isOnline ? BACK_ONLINE_MESSAGE : OFFLINE_MESSAGE, 'polite');
  }, [isOnline]);

  if (isOnline) return null;
  return (
    <div className="offline-banner">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="offline-banner__icon">
        <path
          d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M3 3l18 18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
        <circle cx="12" cy="19" r="1.6" fill="currentColor" />
      </svg>
      <p className="offline-banner__text">{OFFLINE_MESSAGE}</p>
    </div>
  );
}
