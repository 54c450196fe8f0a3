import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { CONFIRM_EMAIL_GUIDANCE } from './confirm-email.guidance.ts';
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
  expired: 'This verification link is invalid or has expired. Sign in and we will send you a new one.',
  pendingTitle: 'Confirm your e-mail',
  pendingBody:
    'Open the link in the e-mail we sent you to confirm your address, then sign in to start reading.',
  other: 'Something went wrong with this verification link.',
} as const;

/** A readable line for better-auth's verification error codes. */
function describeVerificationError(code: string): string {
  if (/token|expired|invalid/i.test(code)) return CONFIRM_TEXT.expired;
  return `${CONFIRM_TEXT.other} (${code})`;
}

/**
 * /auth/confirm and /verify (spec §2.1): where the e-mail verification link lands. The server
 * sends the link back here with `?verified=1` on success (server/auth/auth.ts) or `?error=…`;
 * opened without either, the page says how to confirm rather than claiming success.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  const verified = !error && searchParams.get('verified') === '1';
  const title = error
    ? CONFIRM_TEXT.failedTitle
    : verified
      ? CONFIRM_TEXT.verifiedTitle
      : CONFIRM_TEXT.pendingTitle;
  const body = error
    ? describeVerificationError(error)
    : verified
      ? CONFIRM_TEXT.verifiedBody
      : CONFIRM_TEXT.pendingBody;
  useDocumentTitle(error ? 'E-mail not verified' : verified ? 'E-mail verified' : 'Confirm your e-mail');
  usePageGuidance(CONFIRM_EMAIL_GUIDANCE);
  return (
    <div className="container login">
      <div className="login__card">
        <SparkyLogo size={64} />
        <h1 className="login__title" tabIndex={-1}>
          {title}
        </h1>
        <p className="login__subtitle">{body}</p>
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
