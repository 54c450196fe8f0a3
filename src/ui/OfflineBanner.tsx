import { useEffect, useRef } from 'react';
import { announce } from '#a11y/announcer.ts';
import { useOnlineStatus } from '../lib/use-online-status.ts';
import { Icon } from './Icon.tsx';
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
      <Icon name="offline" strokeWidth={2.2} className="offline-banner__icon" />
      <p className="offline-banner__text">{OFFLINE_MESSAGE}</p>
    </div>
  );
}
