import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AboutPage } from '../features/about/AboutPage.tsx';
import { ConfirmEmailPage } from '../features/auth/ConfirmEmailPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { FluencyPage } from '../features/fluency/FluencyPage.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { OnboardingPage } from '../features/onboarding/OnboardingPage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { MyStoriesPage } from '../features/stories/MyStoriesPage.tsx';
import { ReadStoryPage } from '../features/stories/ReadStoryPage.tsx';
import { StoryLibraryPage } from '../features/stories/StoryLibraryPage.tsx';
import { BeingBuiltPage } from '../features/protected/BeingBuiltPage.tsx';
import { SCREEN_TITLES } from '../features/protected/screen-titles.ts';
import { RouteGuard } from '../features/shell/RouteGuard.tsx';
import { ShellLayout } from '../features/shell/ShellLayout.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { AriaRouterProvider } from './AriaRouterProvider.tsx';
import { protectedPaths, protectedPatterns, publicPaths } from './paths.ts';
import { PublicLayout } from './PublicLayout.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import { RouteFocus } from './RouteFocus.tsx';

/** Protected screens that work (accounts issue); every other protected path gets a "being built" page. */
const builtScreens: Record<string, RouteObject['element']> = {
  [protectedPaths.home]: <HomePage />,
  [protectedPaths.profile]: <ProfilePage />,
  [protectedPaths.onboarding]: <OnboardingPage />,
  [protectedPaths.fluency]: <FluencyPage />,
  [protectedPaths.premadeStories]: <StoryLibraryPage />,
  [protectedPatterns.readStory]: <ReadStoryPage />,
  [protectedPaths.stories]: <MyStoriesPage />,
};

/** Every protected route of spec §2.2, behind the guard and inside the signed-in shell. */
const protectedRoutes: RouteObject[] = [
  ...Object.values(protectedPaths),
  ...Object.values(protectedPatterns),
].map((path) => ({
  path,
  element: builtScreens[path] ?? <BeingBuiltPage title={SCREEN_TITLES[path] ?? path} />,
}));

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
      { path: publicPaths.login, element: <LoginPage /> },
      { path: publicPaths.authConfirm, element: <ConfirmEmailPage /> },
      { path: publicPaths.verify, element: <ConfirmEmailPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // Signed-in pages (spec §2.2, §2.4): route guard (§4.2), then the shell.
    element: (
      <AriaRouterProvider>
        <RouteGuard>
          <ShellLayout />
        </RouteGuard>
        <RouteFocus />
      </AriaRouterProvider>
    ),
    errorElement: <RouteErrorScreen />,
    children: protectedRoutes,
  },
];

/** The browser router for the app (react-router data router). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
