import { Suspense, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LOADING_MESSAGE } from '#core/auth/loading-message.ts';
import { useScrollRestoration } from '../lib/use-scroll-restoration.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { LoadingIndicator } from '../ui/LoadingIndicator.tsx';
import { OfflineBanner } from '../ui/OfflineBanner.tsx';
import { AriaRouterProvider } from './AriaRouterProvider.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { TopBar } from './TopBar.tsx';
import './public-layout.css';

/** The id of the main landmark, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * The frame of every signed-out page (spec §2.4 "Signed-out pages get a simple top bar"): a skip
 * link (the first thing Tab reaches), the top bar, the offline banner, the page in <main> inside an
 * error boundary that clears when the path changes (with the loading indicator while a page's chunk
 * loads on first visit), and the footer.
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  useScrollRestoration();

  // Move focus into main without adding "#main" to the history (which would also fire RouteFocus).
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = mainRef.current;
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };

  return (
    <AriaRouterProvider>
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <TopBar />
      <OfflineBanner />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className="public-main">
        <ErrorBoundary resetKeys={[pathname]}>
          <Suspense fallback={<LoadingIndicator message={LOADING_MESSAGE} size="page" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </AriaRouterProvider>
  );
}
