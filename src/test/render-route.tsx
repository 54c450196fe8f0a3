import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from '../app/router.tsx';
import { TestProviders } from './providers.tsx';

/**
 * Renders the real route table at `path` in a memory router, with the app's providers and a
 * query client that never retries (tests should fail fast).
 */
export function renderRoute(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TestProviders queryClient={queryClient}>
        <AppRoutes />
      </TestProviders>
    </MemoryRouter>,
  );
}
