import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '../ui/Toast.tsx';
import { createQueryClient } from './query-client.ts';
import { SessionProvider } from './session-provider.tsx';

/** Props of {@link AppProviders}. */
export interface AppProvidersProps {
  children: ReactNode;
  /** A client to use instead of a new one (tests). */
  queryClient?: QueryClient;
}

/**
 * App-wide providers outside the router: the TanStack Query client (spec §9 defaults, see
 * query-client.ts) and the session keeper of §4.3 (session-provider.tsx). Display preferences
 * need no provider: a11y/use-display-preferences.ts is a store every component subscribes to,
 * and <html> already carries the choices before first paint (public/display-preferences.js).
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
