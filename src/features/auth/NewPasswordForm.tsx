import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { NEW_PASSWORD_GUIDANCE } from './login.guidance.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureToast, TOASTS, toast } from '#core/auth/messages.ts';
import { isFilled } from '#core/auth/sign-up.ts';
import { publicPaths } from '../../app/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { createLoginApi, type LoginApi } from './login-api.ts';
import './login.css';

/** The heading of the form a reset link opens. */
export const NEW_PASSWORD_TITLE = 'Choose a new password';

/** Toast after the password was changed (not a spec text: the spec does not show this step). */
export const PASSWORD_CHANGED_TOAST = {
  title: 'Password changed',
  description: 'Sign in with your new password.',
} as const;

/** Props of {@link NewPasswordForm}. */
export interface NewPasswordFormProps {
  /** The token from the e-mailed link (`/login?token=…`). */
  token: string;
  api?: LoginApi | undefined;
}

/**
 * The "choose a new password" form that a password-reset link opens (`/login?token=…`). On
 * success it shows a toast and returns to the sign-in form; a refusal shows the 'Password reset
 * failed' toast with the server's message and, for a weak password, its reasons (§5, §8).
 */
export function NewPasswordForm({ token, api: givenApi }: NewPasswordFormProps) {
  useDocumentTitle(NEW_PASSWORD_TITLE);
  usePageGuidance(NEW_PASSWORD_GUIDANCE);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [api] = useState(() => givenApi ?? createLoginApi(queryClient));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasons, setReasons] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busyRef.current) return;
    if (!isFilled(password)) {
      setError('Please enter a new password.');
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const result = await api.resetPassword({ newPassword: password, token });
      if (result.ok) {
        showToast(toast(PASSWORD_CHANGED_TOAST));
        void navigate(publicPaths.login, { replace: true });
        return;
      }
      setError(result.message);
      setReasons(result.reasons ?? []);
      showToast({ ...failureToast('passwordReset', result.message), details: result.reasons ?? [] });
    } catch {
      setError(TOASTS.unexpectedError.description);
      showToast(toast(TOASTS.unexpectedError, 'destructive'));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="container login">
      <Link href={publicPaths.landing} variant="secondary" className="login__home">
        Back to Home
      </Link>
      <div className="login__card">
        <SparkyLogo size={64} />
        <h1 className="login__title" tabIndex={-1}>
          {NEW_PASSWORD_TITLE}
        </h1>
        <p className="login__subtitle">Pick a password you have not used here before.</p>
        <form className="login__form" noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            isRequired
            validationBehavior="aria"
            description="At least 8 characters."
            value={password}
            onChange={setPassword}
            errorMessage={error}
          />
          {reasons.length > 0 ? (
            <ul className="login__error" aria-label="Why this password was refused">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
          <Button type="submit" isPending={busy}>
            Save new password
          </Button>
          <Link href={publicPaths.login}>Back to sign in</Link>
        </form>
      </div>
    </div>
  );
}
