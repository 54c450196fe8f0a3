import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LOADING_MESSAGE } from '#core/auth/loading-message.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { LoadingIndicator } from '../ui/LoadingIndicator.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { protectedPaths, protectedPatterns, publicPaths } from './paths.ts';
import { PublicLayout } from './PublicLayout.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import { RouteFocus } from './RouteFocus.tsx';
import { lazyPage } from './lazy-page.ts';

/*
 * Code splitting (docs/decisions/0012-route-splitting.md): the landing page and the public frame
 * are in the first load; every other page, and the signed-in frame (route guard, session keeper,
 * shell, the query client), is a chunk loaded the first time its route is shown. Heavy parts ride
 * with the only pages that use them: the login statechart with /login, the recorder with /fluency,
 * the reader with /read-story, and the chart library only when a chart is drawn. `npm run
 * bench:bundle` prints the sizes; e2e/bundle-budget.spec.ts holds them to their budgets.
 *
 * Routes are declared with <Routes> and React.lazy rather than a data router: the app uses no
 * loaders or actions, and the data router would add 17 kB (gzipped) to every first load.
 * BrowserRouter renders navigations in a transition, so the old page stays until the next one's
 * chunk has loaded, and RouteFocus then finds the new page's heading.
 */

const AboutPage = lazyPage(
  () => import('../features/about/AboutPage.tsx'),
  (m) => m.AboutPage,
);
const ConfirmEmailPage = lazyPage(
  () => import('../features/auth/ConfirmEmailPage.tsx'),
  (m) => m.ConfirmEmailPage,
);
const NotFoundPage = lazyPage(
  () => import('../features/not-found/NotFoundPage.tsx'),
  (m) => m.NotFoundPage,
);
/** The login page reads server data (who is signed in), so it brings the app's query client. */
const LoginPage = lazy(async () => {
  const [{ LoginPage: Page }, { QueryScope }] = await Promise.all([
    import('../features/auth/LoginPage.tsx'),
    import('./QueryScope.tsx'),
  ]);
  return {
    default: () => (
      <QueryScope>
        <Page />
      </QueryScope>
    ),
  };
});
/** The owner set-up page (issue #14 item 8) reads and writes server data: it brings the query client. */
const OwnerSetupPage = lazy(async () => {
  const [{ OwnerSetupPage: Page }, { QueryScope }] = await Promise.all([
    import('../features/auth/OwnerSetupPage.tsx'),
    import('./QueryScope.tsx'),
  ]);
  return {
    default: () => (
      <QueryScope>
        <Page />
      </QueryScope>
    ),
  };
});
const ProtectedLayout = lazyPage(
  () => import('./ProtectedLayout.tsx'),
  (m) => m.ProtectedLayout,
);
/**
 * The protected pages (spec §2.2), one lazy component that picks the page by its route pattern: the
 * table of pages and their chunks lives in the signed-in frame's chunk (protected-screens.tsx), so the
 * landing page's first load does not carry it (ADR 0012).
 */
const ProtectedScreen = lazyPage(
  () => import('./ProtectedLayout.tsx'),
  (m) => m.ProtectedScreen,
);

/** Every protected route of spec §2.2, in the spec's order. */
const protectedRoutePaths: readonly string[] = [
  ...Object.values(protectedPaths),
  ...Object.values(protectedPatterns),
];

/** What shows while the first page's chunk loads (spec §2.4 loading indicator). */
const pageLoading = (
  <main id="main" tabIndex={-1}>
    <LoadingIndicator message={LOADING_MESSAGE} size="page" />
  </main>
);

/**
 * The route table: the public pages of spec §2.1 in the public frame (any other path shows the
 * not-found page), and every protected route of §2.2 in the signed-in frame behind the route guard
 * (§4.2). Screens not built yet show their title and a short "being built" note
 * (docs/decisions/0004-unbuilt-routes.md) and are left out of the menus and shortcuts
 * (`isBuiltPath` in paths.ts). An error outside a page (in a frame) shows the error screen.
 */
export function AppRoutes() {
  return (
    <ErrorBoundary fallback={({ error, reset }) => <RouteErrorScreen error={error} onRetry={reset} />}>
      {/* One for both frames, so signing in or out (a change of frame) moves focus too. */}
      <RouteFocus />
      <Suspense fallback={pageLoading}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path={publicPaths.landing} element={<LandingPage />} />
            <Route path={publicPaths.about} element={<AboutPage />} />
            <Route path={publicPaths.login} element={<LoginPage />} />
            <Route path={publicPaths.authConfirm} element={<ConfirmEmailPage />} />
            <Route path={publicPaths.verify} element={<ConfirmEmailPage />} />
            <Route path={publicPaths.ownerSetup} element={<OwnerSetupPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          {/* Signed-in pages (spec §2.2, §2.4): route guard (§4.2), session keeper (§4.3), the shell. */}
          <Route element={<ProtectedLayout />}>
            {protectedRoutePaths.map((path) => {
              return <Route key={path} path={path} element={<ProtectedScreen path={path} />} />;
            })}
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
