import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AboutPage } from '../features/about/AboutPage.tsx';
import { LoginPlaceholder } from '../features/auth/LoginPlaceholder.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { publicPaths } from './paths.ts';
import { PublicLayout } from './PublicLayout.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';

/**
 * The route table. Only built pages are registered: the protected routes of spec §2.2 and the
 * e-mail verification routes arrive with the accounts issue, and until then fall through to the
 * not-found page (docs/decisions/0004-unbuilt-routes.md).
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: publicPaths.landing, element: <LandingPage /> },
      { path: publicPaths.about, element: <AboutPage /> },
      { path: publicPaths.login, element: <LoginPlaceholder /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The browser router for the app (react-router data router). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
