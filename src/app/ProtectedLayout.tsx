import { lazy, Suspense } from 'react';
import { RouteGuard } from '../features/shell/RouteGuard.tsx';
import { ShellLayout } from '../features/shell/ShellLayout.tsx';
import { AriaRouterProvider } from './AriaRouterProvider.tsx';
import { AudioSettingsSync } from './audio/AudioSettingsSync.tsx';
import { QueryScope } from './QueryScope.tsx';
// The icons only signed-in pages draw, with the frame so they show at once (src/ui/Icon.tsx, ADR 0012).
import '../ui/icons-more.tsx';

// The keeper draws nothing and its first act is a network read, so the page does not wait for its
// chunk (the statechart library, unless the page brings it too).
const SessionKeeper = lazy(() => import('./session-keeper.tsx').then((m) => ({ default: m.SessionKeeper })));

/**
 * The frame of every protected route (spec §2.2, §2.4): the route guard of §4.2; once it lets the
 * reader in, the session keeper of §4.3, the user's audio settings for Sparky's voice (issue 10) and
 * the signed-in shell. Loaded as its own chunk the first time a protected route matches (router.tsx).
 */
export function ProtectedLayout() {
  return (
    <QueryScope>
      <AriaRouterProvider>
        <RouteGuard>
          <Suspense fallback={null}>
            <SessionKeeper />
          </Suspense>
          <AudioSettingsSync />
          <ShellLayout />
        </RouteGuard>
      </AriaRouterProvider>
    </QueryScope>
  );
}

export { ProtectedScreen } from './protected-screens.tsx';
