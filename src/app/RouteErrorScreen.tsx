import { ErrorScreen } from '../ui/ErrorScreen.tsx';

/**
 * The error screen for an error outside a page (in a frame: the top bar, the shell, the route
 * guard), shown by the root error boundary in router.tsx (spec §2.4, §8). 'Try Again' renders the
 * routes again.
 */
export function RouteErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <main id="main" tabIndex={-1}>
      <ErrorScreen error={error} onRetry={onRetry} />
    </main>
  );
}
