import { useSearchParams } from 'react-router-dom';
import { publicPaths } from '../../app/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Link } from '../../ui/Link.tsx';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import './login.css';

/** Texts of the confirmation screen. */
export const CONFIRM_TEXT = {
  verifiedTitle: 'Your e-mail is verified',
  verifiedBody: 'Thank you! Your account is ready. Sign in to start reading.',
  failedTitle: 'We could not verify your e-mail',
  expired:
    'This verification link is invalid or has expired. Sign in and we will tell you how to get a new one.',
  other: 'Something went wrong with this verification link.',
} as const;

/** A readable line for better-auth's verification error codes. */
function describeVerificationError(code: string): string {
  if (/token|expired|invalid/i.test(code)) return CONFIRM_TEXT.expired;
  return `${CONFIRM_TEXT.other} (${code})`;
}

/**
 * /auth/confirm and /verify (spec §2.1): where the e-mail verification link lands. Says the
 * e-mail is verified, or why it is not (`?error=…`), with a link to sign in.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  useDocumentTitle(error ? 'E-mail not verified' : 'E-mail verified');
  return (
    <div className="container login">
      <div className="login__card">
        <SparkyLogo size={64} />
        <h1 className="login__title" tabIndex={-1}>
          {error ? CONFIRM_TEXT.failedTitle : CONFIRM_TEXT.verifiedTitle}
        </h1>
        <p className="login__subtitle">
          {error ? describeVerificationError(error) : CONFIRM_TEXT.verifiedBody}
        </p>
        <p className="confirm__links">
          <Link href={publicPaths.login} variant="primary">
            Sign in
          </Link>
          <Link href={publicPaths.landing} variant="secondary">
            Back to Home
          </Link>
        </p>
      </div>
    </div>
  );
}
