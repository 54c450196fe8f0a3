import { useSearchParams } from 'react-router-dom';
import { aboutSectionPath, aboutSections, publicPaths } from '../../app/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Link } from '../../ui/Link.tsx';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import './login-placeholder.css';

/**
 * /login until the accounts issue replaces this file with the real sign-in, sign-up and reset
 * screen (spec §2.3). It says plainly that accounts are not open yet, rather than showing a form
 * that cannot work.
 */
export function LoginPlaceholder() {
  useDocumentTitle('Sign in');
  const [searchParams] = useSearchParams();
  const wantsSignUp = searchParams.get('mode') === 'signup';
  return (
    <div className="container login-placeholder">
      <div className="login-placeholder__card">
        <SparkyLogo size={72} />
        <h1>Sign in</h1>
        <p className="login-placeholder__lead">
          {wantsSignUp ? 'Thank you for wanting to join! ' : ''}
          Accounts are coming in the next release of Sparky Reads, so you cannot sign in or sign up just yet.
        </p>
        <p>
          You can already try the display settings at the top of the page, and read{' '}
          <Link href={aboutSectionPath(aboutSections.progress)}>what works today</Link>.
        </p>
        <Link href={publicPaths.landing} variant="primary">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
