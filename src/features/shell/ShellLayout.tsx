import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { installShortcuts, navigationShortcuts } from '#a11y/keyboard-shortcuts.ts';
import { LOADING_MESSAGE } from '#core/auth/messages.ts';
import { isBuiltPath, protectedPaths } from '../../app/paths.ts';
import { useMe } from '../../lib/api/me.ts';
import { useTimeZoneSync } from '../../lib/api/profile.ts';
import { useScrollRestoration } from '../../lib/use-scroll-restoration.ts';
import { TalkToSparky } from '../../app/voice/TalkToSparky.tsx';
import { VoiceProvider } from '../../app/voice/VoiceProvider.tsx';
import { SparkyDock } from '../../app/SparkyDock.tsx';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { OfflineBanner } from '../../ui/OfflineBanner.tsx';
import { ShellHeader } from './ShellHeader.tsx';
import { MobileSidebar, Sidebar, useSidebarWidth } from './Sidebar.tsx';
import { MOBILE_BREAKPOINT } from './sidebar-width.ts';
import { useMediaQuery } from './use-media-query.ts';
import './shell.css';

/** The media query of the mobile layout (§9: below 768 px). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/**
 * The signed-in frame (spec §2.4): skip link, resizable sidebar (an overlay below 768 px),
 * header, offline banner, and the page in <main> inside an error boundary that clears on
 * navigation, with the loading indicator while a page loads. Installs the navigation shortcuts
 * (§2.6) and the voice command layer with its talk button (issue 11). Sits inside the route guard, so there is always a user; the sidebar still draws
 * nothing until the user and roles are loaded.
 */
export function ShellLayout() {
  const me = useMe();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [width, setWidth] = useSidebarWidth();
  const [menuOpen, setMenuOpen] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  useScrollRestoration();

  useTimeZoneSync(me.data ?? null);

  useEffect(() => {
    const shortcuts = navigationShortcuts(protectedPaths, isBuiltPath);
    return installShortcuts(window, shortcuts, (path) => void navigate(path));
  }, [navigate]);

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView();
  };

  const user = me.data ?? null;
  return (
    <VoiceProvider>
      <div className="shell">
        <a className="shell__skip" href="#main" onClick={skipToMain}>
          Skip to main content
        </a>
        {isMobile ? (
          <MobileSidebar me={user} isOpen={menuOpen} onOpenChange={setMenuOpen} />
        ) : (
          <Sidebar me={user} width={width} onWidthChange={setWidth} />
        )}
        <div className="shell__body">
          {user ? (
            <ShellHeader me={user} showMenuButton={isMobile} onOpenMenu={() => setMenuOpen(true)} />
          ) : null}
          <OfflineBanner />
          <TalkToSparky />
          <main id="main" ref={mainRef} tabIndex={-1} className="shell__main">
            <ErrorBoundary resetKeys={[pathname]}>
              <Suspense fallback={<LoadingIndicator message={LOADING_MESSAGE} size="page" />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </main>
        </div>
      </div>
      <SparkyDock />
    </VoiceProvider>
  );
}
