import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProviders } from '../app/providers.tsx';
// The audio queue imports its engine lazily after first paint (AudioQueueProvider). Loaded here
// first, that import resolves from the module cache at once; otherwise a short test file could end
// while the import was still loading and Vitest reported "Cannot load … after the environment was
// torn down" (seen in CI from NotFoundPage.test.tsx on a busy machine).
import '../app/audio/audio-engine.ts';

/**
 * The app's providers with a test's own query client (QueryScope keeps it), so each test starts
 * with an empty cache and its own retry settings.
 */
export function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppProviders>{children}</AppProviders>
    </QueryClientProvider>
  );
}
