import { useLocation } from 'react-router-dom';
import { DisplaySettings } from '../ui/DisplaySettings.tsx';
import { Link } from '../ui/Link.tsx';
import { SparkyLogo } from '../ui/SparkyLogo.tsx';
import { landingSectionPath, landingSections, publicPaths } from './paths.ts';

/**
 * The signed-out top bar (spec §2.1): the product name linking home, the Features and How It Works
 * anchors, About, Sign In, and the display settings.
 */
export function TopBar() {
  const { pathname } = useLocation();
  const current = (path: string) => (pathname === path ? ('page' as const) : undefined);
  return (
    <header className="top-bar">
      <div className="container top-bar__inner">
        <Link
          href={publicPaths.landing}
          variant="nav"
          className="top-bar__brand"
          aria-current={current(publicPaths.landing)}
        >
          <SparkyLogo size={40} />
          <span>Sparky Reads</span>
        </Link>
        <nav className="top-bar__nav" aria-label="Main">
          <ul className="top-bar__list">
            <li>
              <Link href={landingSectionPath(landingSections.features)} variant="nav">
                Features
              </Link>
            </li>
            <li>
              <Link href={landingSectionPath(landingSections.howItWorks)} variant="nav">
                How It Works
              </Link>
            </li>
            <li>
              <Link href={publicPaths.about} variant="nav" aria-current={current(publicPaths.about)}>
                About
              </Link>
            </li>
            <li>
              <Link
                href={publicPaths.login}
                variant="secondary"
                className="top-bar__sign-in"
                aria-current={current(publicPaths.login)}
              >
                Sign In
              </Link>
            </li>
          </ul>
        </nav>
        <div className="top-bar__settings">
          <DisplaySettings />
        </div>
      </div>
    </header>
  );
}
