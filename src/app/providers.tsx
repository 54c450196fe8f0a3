import type { ReactNode } from 'react';
import { Toaster } from '../ui/Toast.tsx';
import { AudioQueueProvider } from './audio/AudioQueueProvider.tsx';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  children: ReactNode;
}

/**
 * App-wide providers outside the router: Sparky's one audio queue (audio/AudioQueueProvider.tsx,
 * issue 10: speech, captions, the voice shortcuts; its engine loads after first paint) and the toasts. The TanStack Query client is provided by the
 * route modules that read server data (QueryScope.tsx), and the session keeper of §4.3 runs only
 * inside the signed-in frame (ProtectedLayout.tsx), so the public pages load neither. Display
 * preferences need no provider: a11y/use-display-preferences.ts is a store every component
 * subscribes to, and <html> already carries the choices before first paint
 * (public/display-preferences.js).
 */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <AudioQueueProvider>
      {children}
      <Toaster />
    </AudioQueueProvider>
  );
}
