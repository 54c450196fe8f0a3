import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { LOGIN_MODE_GUIDANCE } from './login.guidance.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '#core/auth/email.ts';
import { FAILURE_TITLES, SIGN_UP_NOTICE, TOASTS, type Toast } from '#core/auth/messages.ts';
import { isFilled, type LoginField, type SocialProvider } from '#core/auth/sign-up.ts';
import { loginMachine, type LoginMode } from '#machines/login.machine.ts';
import { publicPaths } from '../../app/paths.ts';
import { cx } from '../../lib/class-names.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PROVIDER_LABELS } from '../../lib/api/auth-client.ts';
import { useAuthConfig } from '../../lib/api/auth-config.ts';
import { useMe } from '../../lib/api/me.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { createLoginApi, type LoginApi, type LoginOutcome } from './login-api.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import './login.css';

/*
 * Sign-up step 2's fields: their own chunk (issue #15), fetched when step 1 shows. After that fetch,
 * step 2 renders them at once: a plain React.lazy still suspends on its first render, and React then
 * keeps its fallback up for at least 300 ms, so the form grew under the pointer and a tap meant for
 * Create Account landed on a role (CI, 27 Nov 2026).
 */
const SignUpDetailsFields = lazyWithPreload(() =>
  import('./SignUpDetailsFields.tsx').then((m) => ({ default: m.SignUpDetailsFields })),
);

/** Headings and subtitles of the four modes (spec §2.3). */
export const MODE_TEXT: Record<LoginMode, { title: string; subtitle: string }> = {
  signIn: { title: 'Welcome back', subtitle: 'Sign in to keep reading' },
  signUpStep1: { title: 'Create Account', subtitle: 'Start your reading journey' },
  signUpStep2: { title: 'Tell us about yourself', subtitle: 'Help us personalize your experience' },
  passwordReset: {
    title: 'Reset your password',
    subtitle: "Enter your e-mail and we'll send you a reset link",
  },
};

/**
 * Each required field's own message when it is left empty (issue 17, item 13); the §5 toast
 * ('Missing information') still says that something is missing.
 */
export const FIELD_REQUIRED = {
  displayName: 'Please enter a display name: the name Sparky will call you.',
  email: 'Please enter your email address.',
  password: 'Please choose a password.',
} as const;

/** Shown when a reset link comes back as `/login?error=INVALID_TOKEN`. */
export const INVALID_RESET_LINK_TEXT =
  'That password reset link is invalid or has expired. Enter your e-mail to get a new one.';

/** Props of {@link LoginPage}. */
export interface LoginPageProps {
  /** The server calls; defaults to the real ones. Tests pass fakes. */
  api?: LoginApi;
}

/**
 * /login (spec §2.3, §4.1): sign-in, sign-up in two steps, password reset, social sign-in, and
 * the "choose a new password" form when a reset link brings a `?token=`. The login statechart
 * owns the flow and every toast text (§5, §7.7, §8); this component draws the mode it is in and
 * turns gestures into its events. `?mode=signup` opens on sign-up. A signed-in visitor is sent to
 * /teacher-dashboard (teachers) or /home.
 *
 * Accessibility: labels always visible; a field's error is tied to it (aria-describedby,
 * aria-invalid); on a mode change focus moves to the new heading, which screen readers read out.
 */
export function LoginPage({ api }: LoginPageProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (token) return <NewPasswordForm token={token} api={api} />;
  return (
    <LoginForms
      api={api}
      startMode={searchParams.get('mode') === 'signup' ? 'signUp' : 'signIn'}
      invalidResetLink={searchParams.get('error') === 'INVALID_TOKEN'}
    />
  );
}

/** Which fields get an inline error after a refused submit. */
type Attempt = 'signIn' | 'signUpStep1' | 'signUpStep2' | 'passwordReset' | null;

function LoginForms({
  api: givenApi,
  startMode,
  invalidResetLink,
}: {
  api: LoginApi | undefined;
  startMode: 'signIn' | 'signUp';
  invalidResetLink: boolean;
}) {
  const queryClient = useQueryClient();
  const authConfig = useAuthConfig();
  const navigate = useNavigate();
  const me = useMe();
  const [reasons, setReasons] = useState<readonly string[]>([]);
  const [attempt, setAttempt] = useState<Attempt>(null);
  // Counts refused-or-not submits, so focus moves to the first invalid field once per submit.
  const [submits, setSubmits] = useState(0);
  const formsRef = useRef<HTMLDivElement>(null);

  const [machine] = useState(() => {
    const api = givenApi ?? createLoginApi(queryClient);
    // The last sign-up refusal's reasons, for the toast (the machine's toast carries text only).
    let lastReasons: readonly string[] = [];
    const remember = (result: LoginOutcome): LoginOutcome => {
      const next = !result.ok && result.reasons ? result.reasons : [];
      lastReasons = next;
      setReasons(next);
      return result;
    };
    return loginMachine.provide({
      actors: {
        signIn: fromPromise(({ input }) => api.signIn(input)),
        signUp: fromPromise(async ({ input }) => remember(await api.signUp(input))),
        requestPasswordReset: fromPromise(({ input }) => api.requestPasswordReset(input)),
        signInWithProvider: fromPromise(({ input }) => api.signInWithProvider(input)),
      },
      actions: {
        showToast: (_, toast: Toast) => {
          const details = toast.title === FAILURE_TITLES.signUp ? lastReasons : [];
          showToast({ ...toast, details });
        },
      },
    });
  });
  const [snapshot, send] = useMachine(machine, { input: { mode: startMode } });
  const { context } = snapshot;

  // §4.1: a signed-in visitor (or one who just signed in) is redirected.
  const signedInUser = me.data ?? null;
  useEffect(() => {
    if (signedInUser) send({ type: 'auth.signedIn', userType: signedInUser.profile?.user_type ?? null });
  }, [signedInUser, send]);
  useEffect(() => {
    if (snapshot.status === 'done' && context.redirectTo)
      void navigate(context.redirectTo, { replace: true });
  }, [snapshot.status, context.redirectTo, navigate]);

  // A reset link that came back invalid opens the reset form, once.
  const openedReset = useRef(false);
  useEffect(() => {
    if (invalidResetLink && !openedReset.current) {
      openedReset.current = true;
      send({ type: 'passwordReset.open' });
    }
  }, [invalidResetLink, send]);

  const mode: LoginMode | 'redirecting' = snapshot.matches('socialSignIn')
    ? (context.socialFrom ?? 'signIn')
    : snapshot.matches('redirecting')
      ? 'redirecting'
      : topLevelState(snapshot.value);
  const shownMode: LoginMode = mode === 'redirecting' ? 'signIn' : mode;
  const text = MODE_TEXT[shownMode];
  useDocumentTitle(
    shownMode === 'signIn' ? 'Sign in' : shownMode === 'passwordReset' ? 'Reset password' : 'Sign up',
  );
  // Sparky says what this mode asks for, again at each step (sign-up's two steps, the reset form).
  usePageGuidance(LOGIN_MODE_GUIDANCE[shownMode]);
  // Sign-up step 2's fields are their own chunk: fetch it while step 1 is filled in.
  useEffect(() => {
    if (shownMode === 'signUpStep1') void SignUpDetailsFields.preload().catch(() => undefined);
  }, [shownMode]);

  // Focus the heading on every mode change after the first render (screen readers read it), and
  // keep the address in step (?mode=signup while signing up), so a reload opens the same form.
  const [, setSearchParams] = useSearchParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLHeadingElement>(null);
  const previousMode = useRef(shownMode);
  const signedUpEmail = context.signedUpEmail;
  useEffect(() => {
    if (previousMode.current === shownMode) return;
    previousMode.current = shownMode;
    setAttempt(null);
    // Just signed up: the welcome message (what to do next) takes focus rather than the heading.
    (signedUpEmail && shownMode === 'signIn' ? noticeRef : headingRef).current?.focus();
    const signingUp = shownMode === 'signUpStep1' || shownMode === 'signUpStep2';
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (signingUp) next.set('mode', 'signup');
        else next.delete('mode');
        return next;
      },
      { replace: true },
    );
  }, [shownMode, signedUpEmail, setSearchParams]);

  const isBusy =
    snapshot.matches({ signIn: 'submitting' }) ||
    snapshot.matches({ signUpStep2: 'submitting' }) ||
    snapshot.matches({ passwordReset: 'submitting' }) ||
    snapshot.matches('socialSignIn') ||
    snapshot.matches('redirecting') ||
    snapshot.matches({ signIn: 'succeeded' });

  const form = context.form;
  const field = (name: LoginField) => ({
    value: form[name],
    onChange: (value: string) => send({ type: 'field.change', field: name, value }),
  });
  /** Inline error for a required field left empty after a refused submit. */
  const requiredError = (name: LoginField, on: Attempt, message: string) =>
    attempt === on && !isFilled(form[name]) ? message : null;

  const submit = (event: FormEvent, on: Exclude<Attempt, null>, send_: () => void) => {
    event.preventDefault();
    setAttempt(on);
    setSubmits((n) => n + 1);
    send_();
  };

  // After a refused submit, focus goes to the first field that needs attention (issue 17, item 13),
  // so a keyboard, switch or screen-reader user lands on it and hears its own message.
  useEffect(() => {
    if (submits === 0) return;
    const invalid = formsRef.current?.querySelector<HTMLElement>('form [aria-invalid="true"]');
    const target = invalid?.matches('input, select, textarea, button')
      ? invalid
      : invalid?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])');
    target?.focus();
  }, [submits]);

  let body: ReactNode;
  if (shownMode === 'signIn') {
    const failed = snapshot.matches({ signIn: 'failed' }) && context.error !== null;
    body = (
      <>
        {signedUpEmail ? (
          <SignUpNotice
            email={signedUpEmail}
            headingRef={noticeRef}
            onDismiss={() => {
              send({ type: 'signUpNotice.dismiss' });
              headingRef.current?.focus();
            }}
          />
        ) : null}
        <form
          className="login__form"
          noValidate
          onSubmit={(e) => submit(e, 'signIn', () => send({ type: 'signIn.submit' }))}
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            isRequired
            validationBehavior="aria"
            {...field('email')}
            errorMessage={requiredError('email', 'signIn', FIELD_REQUIRED.email)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            isRequired
            validationBehavior="aria"
            {...field('password')}
            errorMessage={failed ? context.error : null}
          />
          <Button type="submit" icon="arrowRight" isPending={isBusy}>
            Sign In
          </Button>
          <LinkButton onPress={() => send({ type: 'passwordReset.open' })} isDisabled={isBusy}>
            Forgot your password?
          </LinkButton>
        </form>
      </>
    );
  } else if (shownMode === 'passwordReset') {
    const failed = snapshot.matches({ passwordReset: 'failed' }) && context.error !== null;
    body = (
      <form
        className="login__form"
        noValidate
        onSubmit={(e) => submit(e, 'passwordReset', () => send({ type: 'passwordReset.submit' }))}
      >
        {invalidResetLink ? <p className="login__notice">{INVALID_RESET_LINK_TEXT}</p> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          isRequired
          validationBehavior="aria"
          {...field('email')}
          errorMessage={
            requiredError('email', 'passwordReset', TOASTS.emailRequired.description) ??
            (failed ? context.error : null)
          }
        />
        {snapshot.matches({ passwordReset: 'succeeded' }) ? (
          <p className="login__notice">{TOASTS.passwordResetSucceeded.description}</p>
        ) : null}
        <Button type="submit" icon="arrowRight" isPending={isBusy}>
          Send Reset Link
        </Button>
        <LinkButton onPress={() => send({ type: 'passwordReset.cancel' })} isDisabled={isBusy}>
          Back to sign in
        </LinkButton>
      </form>
    );
  } else if (shownMode === 'signUpStep1') {
    body = (
      <form
        className="login__form"
        noValidate
        onSubmit={(e) => submit(e, 'signUpStep1', () => send({ type: 'signUp.continue' }))}
      >
        <TextField
          label="Display name"
          autoComplete="nickname"
          isRequired
          validationBehavior="aria"
          {...field('displayName')}
          errorMessage={requiredError('displayName', 'signUpStep1', FIELD_REQUIRED.displayName)}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          isRequired
          validationBehavior="aria"
          {...field('email')}
          errorMessage={
            requiredError('email', 'signUpStep1', FIELD_REQUIRED.email) ??
            (attempt === 'signUpStep1' && isFilled(form.email) && !isValidEmail(form.email)
              ? INVALID_EMAIL_MESSAGE
              : null)
          }
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          isRequired
          validationBehavior="aria"
          description="At least 8 characters. A few words you will remember work well."
          {...field('password')}
          errorMessage={requiredError('password', 'signUpStep1', FIELD_REQUIRED.password)}
        />
        <Button type="submit" icon="arrowRight">
          Continue
        </Button>
      </form>
    );
  } else {
    const failed = snapshot.matches({ signUpStep2: 'failed' }) && context.error !== null;
    body = (
      <form
        className="login__form"
        noValidate
        onSubmit={(e) => submit(e, 'signUpStep2', () => send({ type: 'signUp.submit' }))}
      >
        <Suspense fallback={<LoadingIndicator message="Loading the form..." />}>
          <SignUpDetailsFields
            field={field}
            roleError={attempt === 'signUpStep2' && !form.role ? TOASTS.roleRequired.description : null}
          />
        </Suspense>
        {failed ? (
          <div className="login__error" id="sign-up-error">
            <p>
              <strong>{FAILURE_TITLES.signUp}:</strong> {context.error}
            </p>
            {reasons.length > 0 ? (
              <>
                <ul>
                  {reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
                <p>Go Back to choose another password.</p>
              </>
            ) : null}
          </div>
        ) : null}
        <div className="login__actions">
          <Button variant="secondary" onPress={() => send({ type: 'signUp.back' })} isDisabled={isBusy}>
            Back
          </Button>
          <Button
            type="submit"
            icon="check"
            isPending={isBusy}
            aria-describedby={failed ? 'sign-up-error' : undefined}
          >
            Create Account
          </Button>
        </div>
      </form>
    );
  }

  const isSignUp = shownMode === 'signUpStep1' || shownMode === 'signUpStep2';
  const socialProviders = authConfig.data?.socialProviders ?? [];
  return (
    <div className="container login">
      <Link href={publicPaths.landing} variant="secondary" className="login__home">
        Back to Home
      </Link>
      <div className="login__card" ref={formsRef}>
        <SparkyLogo size={64} />
        <h1 ref={headingRef} tabIndex={-1} className="login__title">
          {text.title}
        </h1>
        <p className="login__subtitle">{text.subtitle}</p>
        {shownMode === 'signUpStep2' ? <p className="login__step">Step 2 of 2</p> : null}
        {shownMode === 'signUpStep1' ? <p className="login__step">Step 1 of 2</p> : null}
        {body}
        {/* Only the providers this server has set up (README "Configuration"); none, no block. */}
        {socialProviders.length > 0 ? (
          <div className="login__social">
            <p className="login__divider">
              <span>Or continue with</span>
            </p>
            <ul className="login__providers" aria-label="Or continue with">
              {socialProviders.map((provider: SocialProvider) => (
                <li key={provider}>
                  <Button
                    variant="quiet"
                    className="login__provider"
                    isDisabled={isBusy}
                    onPress={() => send({ type: 'social.start', provider })}
                  >
                    {PROVIDER_LABELS[provider]}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="login__toggle">
          <LinkButton onPress={() => send({ type: 'mode.toggle' })} isDisabled={isBusy}>
            {isSignUp ? 'Already have an account? Sign in' : 'Need an account? Sign up'}
          </LinkButton>
        </p>
      </div>
    </div>
  );
}

/**
 * The message after a successful sign-up (§7.7's text; issue 17, item 9): it names the product, says
 * where the confirmation link went and what to do next, and stays until dismissed.
 */
function SignUpNotice({
  email,
  headingRef,
  onDismiss,
}: {
  email: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDismiss: () => void;
}) {
  return (
    <section className="login__welcome" aria-labelledby="sign-up-notice-title">
      <h2 id="sign-up-notice-title" ref={headingRef} tabIndex={-1}>
        {SIGN_UP_NOTICE.title}
      </h2>
      <p>
        Your account is made. {SIGN_UP_NOTICE.description} We sent a link to <strong>{email}</strong>.
      </p>
      <p>{SIGN_UP_NOTICE.nextStep}</p>
      <Button variant="secondary" onPress={onDismiss}>
        Dismiss
      </Button>
    </section>
  );
}

/** The top-level state name of a login snapshot value. */
function topLevelState(value: string | Record<string, unknown>): LoginMode {
  return (typeof value === 'string' ? value : (Object.keys(value)[0] ?? 'signIn')) as LoginMode;
}

/** A button drawn as a text link, for actions that stay on this page. */
function LinkButton({
  children,
  onPress,
  isDisabled,
}: {
  children: ReactNode;
  onPress: () => void;
  isDisabled?: boolean;
}) {
  return (
    <AriaButton
      onPress={onPress}
      isDisabled={isDisabled}
      className={({ isFocusVisible, isHovered }) =>
        cx('login__link', 'text-link', isFocusVisible && 'is-focus-visible', isHovered && 'is-hovered')
      }
    >
      {children}
    </AriaButton>
  );
}
