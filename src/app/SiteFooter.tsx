import { Link } from '../ui/Link.tsx';
import { SparkyLogo } from '../ui/SparkyLogo.tsx';
import {
  aboutSectionPath,
  aboutSections,
  landingSectionPath,
  landingSections,
  publicPaths,
} from './paths.ts';

/**
 * The footer of the signed-out pages (spec §2.1 "footer with placeholder links"). Every link goes
 * somewhere real. Terms and support belong to whoever runs this copy (a school or a family runs
 * Sparky Reads on its own machine), so they are named as plain text, not as links to "#".
 */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <SparkyLogo size={36} />
          <p>
            <strong>Sparky Reads</strong>
            <br />
            Help children learn to read.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Explore</h2>
          <ul className="site-footer__list">
            <li>
              <Link href={landingSectionPath(landingSections.features)}>Features</Link>
            </li>
            <li>
              <Link href={landingSectionPath(landingSections.howItWorks)}>How It Works</Link>
            </li>
            <li>
              <Link href={publicPaths.about}>About Sparky Reads</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Help and policies">
          <h2 className="site-footer__heading">Help and policies</h2>
          <ul className="site-footer__list">
            <li>
              <Link href={aboutSectionPath(aboutSections.accessibility)}>Accessibility</Link>
            </li>
            <li>
              <Link href={aboutSectionPath(aboutSections.privacy)}>Privacy</Link>
            </li>
            <li>Terms of use: set by the school or family that runs this server</li>
            <li>Contact and support: the school or family that runs this server</li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
