/**
 * The login page's flow (§2.3, §4.1, §5, §7.1, §7.7, §8): sign-in, sign-up in two steps,
 * password reset, social sign-in, and the redirect of a signed-in user.
 *
 * The machine owns the form and the flow; the app owns the effects. It supplies, with
 * `loginMachine.provide({ actors, actions })`:
 * - actors `signIn`, `signUp`, `requestPasswordReset`, `signInWithProvider` (promise actors
 *   resolving to an {@link AuthOutcome}; a provider refusal is `{ ok: false, message }`,
 *   a rejection means an unexpected exception);
 * - action `showToast` (params: {@link Toast}).
 */
import { and, assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { ERRORS, TOASTS, failureToast, toast, type AuthOperation, type Toast } from '#core/auth/messages.ts';
import { isValidEmail } from '#core/auth/email.ts';
import { isUserType, redirectPathFor, type PostLoginPath, type UserType } from '#core/auth/redirect.ts';
import {
  EMPTY_LOGIN_FORM,
  hasChosenRole,
  hasCredentials,
  isFilled,
  isStepOneComplete,
  toPasswordResetPayload,
  toSignInPayload,
  toSignUpPayload,
  type LoginField,
  type LoginForm,
  type PasswordResetPayload,
  type SignInPayload,
  type SignUpPayload,
  type SocialProvider,
} from '#core/auth/sign-up.ts';

/**
 * What an auth actor resolves to. `ok: false` carries the provider's message, shown in the
 * destructive toast (§8). `userType` on a successful sign-in lets the machine redirect at
 * once (§4.1); without it the machine waits for `auth.signedIn`.
 */
export type AuthOutcome =
  | { readonly ok: true; readonly userType?: UserType | null }
  | { readonly ok: false; readonly message: string };

/** The page's modes as the `?mode=` query gives them (§2.1: `mode=signup` opens sign-up). */
export type LoginStartMode = 'signIn' | 'signUp';

/** Machine input. */
export interface LoginInput {
  /** Start on sign-up step 1 (`/login?mode=signup`) or sign-in (default). */
  readonly mode?: LoginStartMode;
}

/** Serialisable context. */
export interface LoginContext {
  /** Every field of the page (§2.3). */
  form: LoginForm;
  /** The last failure's toast description, for an inline echo; null after success or a mode change. */
  error: string | null;
  /** user_type of the signed-in user, once known. */
  userType: UserType | null;
  /** Where to go once signed in (§4.1); set on entering `redirecting`. */
  redirectTo: PostLoginPath | null;
  /** The social provider being tried, if any. */
  provider: SocialProvider | null;
  /** The mode a social sign-in was started from; a failure returns there. */
  socialFrom: LoginMode | null;
  /** The mode the page opened on (from the input). */
  startMode: LoginStartMode;
  /**
   * The address an account was just made for; the sign-in form shows the welcome message
   * (core/auth/messages.ts SIGN_UP_NOTICE) until it is dismissed or the mode changes.
   */
  signedUpEmail: string | null;
}

/** The four form modes of §4.1, as top-level state names. */
export type LoginMode = 'signIn' | 'signUpStep1' | 'signUpStep2' | 'passwordReset';

/** Events the page sends. */
export type LoginEvent =
  /** A field was edited. */
  | { type: 'field.change'; field: LoginField; value: string }
  /** The 'Need an account? Sign up' / 'Already have an account? Sign in' link: clears every field. */
  | { type: 'mode.toggle' }
  /** 'Forgot your password?' */
  | { type: 'passwordReset.open' }
  /** 'Back to sign in' on the reset form. */
  | { type: 'passwordReset.cancel' }
  /** 'Send Reset Link' */
  | { type: 'passwordReset.submit' }
  /** 'Sign In' */
  | { type: 'signIn.submit' }
  /** 'Continue' on sign-up step 1. */
  | { type: 'signUp.continue' }
  /** 'Back' on sign-up step 2. */
  | { type: 'signUp.back' }
  /** 'Create Account' on sign-up step 2. */
  | { type: 'signUp.submit' }
  /** One of the four social buttons. */
  | { type: 'social.start'; provider: SocialProvider }
  /** The auth context reports a signed-in user (page opened while signed in, or after sign-in). */
  | { type: 'auth.signedIn'; userType: string | null }
  /** 'Dismiss' on the welcome message after sign-up. */
  | { type: 'signUpNotice.dismiss' };

/** Machine output, once `redirecting` is reached. */
export interface LoginOutput {
  /** /teacher-dashboard for teachers, else /home (§4.1). */
  readonly redirectTo: PostLoginPath;
}

/** A promise actor taking `TInput` and resolving to an {@link AuthOutcome}. */
type PromiseActor<TInput> = PromiseActorLogic<AuthOutcome, TInput>;

/** Placeholder implementation: the app must `.provide()` the real call. */
function notProvided(name: string) {
  return fromPromise<AuthOutcome, unknown>(async () => {
    throw new Error(`loginMachine: actor '${name}' was not provided`);
  });
}

/** The destructive toast for a provider refusal (§8), or the generic one if the outcome was odd. */
function outcomeToast(operation: AuthOperation, output: AuthOutcome): Toast {
  return output.ok ? toast(TOASTS.unexpectedError, 'destructive') : failureToast(operation, output.message);
}

/** §8: any unexpected exception on the login page. */
const UNEXPECTED_TOAST: Toast = toast(TOASTS.unexpectedError, 'destructive');

/** While signing in, the form's buttons do nothing (forbidden transitions shadow the parent's). */
const BLOCK_SIGN_IN_BUTTONS = {
  'signIn.submit': {},
  'mode.toggle': {},
  'passwordReset.open': {},
  'social.start': {},
} as const;

/**
 * The login statechart (id `login`).
 *
 * States (as `snapshot.matches` takes them):
 * - `signIn` › `idle | submitting | failed | succeeded`
 * - `signUpStep1`
 * - `signUpStep2` › `idle | submitting | failed`
 * - `passwordReset` › `idle | submitting | failed | succeeded`
 * - `socialSignIn` › `submitting | awaitingProvider`
 * - `redirecting` (final; output {@link LoginOutput}, `context.redirectTo`)
 *
 * Rules: step 1 → step 2 only with display name, e-mail and password (§5 'Missing
 * information') and an address the server accepts (core/auth/email.ts; no toast: the field
 * says it); step 2 needs a role (§5 'Please select your role'); reset needs an e-mail
 * (§5 'Email required'); sign-in without e-mail or password fails as the provider would
 * (§5). Toggling clears every field (§2.3); sign-up success returns to sign-in with every field
 * cleared (§4.1) and keeps the address for the welcome message that stays until dismissed (§7.7's
 * text; issue 17 item 9). `auth.signedIn` from any state redirects
 * (§4.1). Fields can be edited in every state; buttons (submit, toggle, back, social) are
 * ignored while a call is in flight. A failed social sign-in returns to the mode it was
 * started from.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
  },
  actors: {
    signIn: notProvided('signIn') as PromiseActor<SignInPayload>,
    signUp: notProvided('signUp') as PromiseActor<SignUpPayload>,
    requestPasswordReset: notProvided('requestPasswordReset') as PromiseActor<PasswordResetPayload>,
    signInWithProvider: notProvided('signInWithProvider') as PromiseActor<{ provider: SocialProvider }>,
  },
  actions: {
    /** Show one toast (§7.7, §8). The app supplies the toaster. */
    showToast: (_, _toast: Toast) => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return { form: { ...context.form, [event.field]: event.value } };
    }),
    clearForm: assign({ form: () => ({ ...EMPTY_LOGIN_FORM }), error: null }),
    rememberSignUp: assign({ signedUpEmail: ({ context }) => context.form.email.trim() }),
    forgetSignUp: assign({ signedUpEmail: null }),
    clearError: assign({ error: null }),
    setError: assign({ error: (_, params: { message: string }) => params.message }),
    setRedirect: assign(({ context }) => ({ redirectTo: redirectPathFor(context.userType) })),
    setUserType: assign({
      userType: (_, params: { userType: string | null | undefined }) =>
        isUserType(params.userType) ? params.userType : null,
    }),
    startSocial: assign({
      provider: (_, params: { provider: SocialProvider; from: LoginMode }) => params.provider,
      socialFrom: (_, params: { provider: SocialProvider; from: LoginMode }) => params.from,
      error: null,
    }),
    endSocial: assign({ provider: null, socialFrom: null }),
    setUnexpectedError: assign({ error: TOASTS.unexpectedError.description }),
  },
  guards: {
    isStepOneComplete: ({ context }) => isStepOneComplete(context.form),
    hasValidEmail: ({ context }) => isValidEmail(context.form.email),
    hasChosenRole: ({ context }) => hasChosenRole(context.form),
    hasEmail: ({ context }) => isFilled(context.form.email),
    hasCredentials: ({ context }) => hasCredentials(context.form),
    isSignUpRequested: ({ context }) => context.startMode === 'signUp',
    isOk: (_, params: { output: AuthOutcome }) => params.output.ok,
    hasUserType: ({ context }) => context.userType !== null,
    isSocialFrom: ({ context }, params: { mode: LoginMode }) => context.socialFrom === params.mode,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    form: { ...EMPTY_LOGIN_FORM },
    error: null,
    userType: null,
    redirectTo: null,
    provider: null,
    socialFrom: null,
    startMode: input?.mode ?? 'signIn',
    signedUpEmail: null,
  }),
  initial: 'choosingMode',
  output: ({ context }) => ({ redirectTo: context.redirectTo ?? redirectPathFor(context.userType) }),
  on: {
    'field.change': { actions: 'setField' },
    'signUpNotice.dismiss': { actions: 'forgetSignUp' },
    'auth.signedIn': {
      target: '.redirecting',
      actions: { type: 'setUserType', params: ({ event }) => ({ userType: event.userType }) },
    },
  },
  states: {
    /** Transient: picks the first mode from the input (§2.1 `?mode=signup`). */
    choosingMode: {
      always: [{ guard: 'isSignUpRequested', target: 'signUpStep1' }, { target: 'signIn' }],
    },
    signIn: {
      initial: 'idle',
      // Buttons of the sign-in form; `submitting` and `succeeded` block them.
      on: {
        'signIn.submit': [
          { guard: 'hasCredentials', target: '.submitting', actions: 'clearError' },
          {
            target: '.failed',
            actions: [
              { type: 'setError', params: { message: ERRORS.credentialsRequired } },
              { type: 'showToast', params: failureToast('signIn', ERRORS.credentialsRequired) },
            ],
          },
        ],
        'mode.toggle': { target: 'signUpStep1', actions: 'clearForm' },
        'passwordReset.open': { target: 'passwordReset', actions: 'clearError' },
        'social.start': {
          target: 'socialSignIn',
          actions: {
            type: 'startSocial',
            params: ({ event }) => ({ provider: event.provider, from: 'signIn' }),
          },
        },
      },
      states: {
        idle: {},
        submitting: {
          on: { ...BLOCK_SIGN_IN_BUTTONS },
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => toSignInPayload(context.form),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
                target: 'succeeded',
                actions: [
                  {
                    type: 'setUserType',
                    params: ({ event }) => ({ userType: event.output.ok ? event.output.userType : null }),
                  },
                  { type: 'showToast', params: toast(TOASTS.signInSucceeded) },
                ],
              },
              {
                target: 'failed',
                actions: [
                  {
                    type: 'setError',
                    params: ({ event }) => ({ message: outcomeToast('signIn', event.output).description }),
                  },
                  { type: 'showToast', params: ({ event }) => outcomeToast('signIn', event.output) },
                ],
              },
            ],
            onError: {
              target: 'failed',
              actions: ['setUnexpectedError', { type: 'showToast', params: UNEXPECTED_TOAST }],
            },
          },
        },
        /** Like idle, with `context.error` set. */
        failed: {},
        /** Signed in; redirects at once when the call gave the user type, else waits for `auth.signedIn`. */
        succeeded: {
          on: { ...BLOCK_SIGN_IN_BUTTONS },
          always: { guard: 'hasUserType', target: '#login.redirecting' },
        },
      },
    },
    signUpStep1: {
      // Signing up again: the welcome message of the last sign-up goes.
      entry: 'forgetSignUp',
      on: {
        'signUp.continue': [
          {
            guard: and(['isStepOneComplete', 'hasValidEmail']),
            target: 'signUpStep2',
            actions: 'clearError',
          },
          // Every field filled but the address malformed: step 1 stays, and its e-mail field says
          // why (the server's message, core/auth/email.ts), instead of a refusal after step 2.
          { guard: 'isStepOneComplete' },
          { actions: { type: 'showToast', params: toast(TOASTS.missingInformation, 'destructive') } },
        ],
        'mode.toggle': { target: 'signIn', actions: 'clearForm' },
        'social.start': {
          target: 'socialSignIn',
          actions: {
            type: 'startSocial',
            params: ({ event }) => ({ provider: event.provider, from: 'signUpStep1' }),
          },
        },
      },
    },
    signUpStep2: {
      initial: 'idle',
      on: {
        'signUp.submit': [
          { guard: 'hasChosenRole', target: '.submitting', actions: 'clearError' },
          { actions: { type: 'showToast', params: toast(TOASTS.roleRequired, 'destructive') } },
        ],
        'signUp.back': { target: 'signUpStep1', actions: 'clearError' },
        'mode.toggle': { target: 'signIn', actions: 'clearForm' },
        'social.start': {
          target: 'socialSignIn',
          actions: {
            type: 'startSocial',
            params: ({ event }) => ({ provider: event.provider, from: 'signUpStep2' }),
          },
        },
      },
      states: {
        idle: {},
        submitting: {
          on: { 'signUp.submit': {}, 'signUp.back': {}, 'mode.toggle': {}, 'social.start': {} },
          invoke: {
            id: 'signUp',
            src: 'signUp',
            input: ({ context }) => toSignUpPayload(context.form),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
                // §4.1: back to sign-in, every field cleared.
                target: '#login.signIn',
                actions: ['rememberSignUp', 'clearForm'],
              },
              {
                target: 'failed',
                actions: [
                  {
                    type: 'setError',
                    params: ({ event }) => ({ message: outcomeToast('signUp', event.output).description }),
                  },
                  { type: 'showToast', params: ({ event }) => outcomeToast('signUp', event.output) },
                ],
              },
            ],
            onError: {
              target: 'failed',
              actions: ['setUnexpectedError', { type: 'showToast', params: UNEXPECTED_TOAST }],
            },
          },
        },
        failed: {},
      },
    },
    passwordReset: {
      initial: 'idle',
      on: {
        'passwordReset.submit': [
          { guard: 'hasEmail', target: '.submitting', actions: 'clearError' },
          { actions: { type: 'showToast', params: toast(TOASTS.emailRequired, 'destructive') } },
        ],
        'passwordReset.cancel': { target: 'signIn', actions: 'clearError' },
        'mode.toggle': { target: 'signUpStep1', actions: 'clearForm' },
        'social.start': {
          target: 'socialSignIn',
          actions: {
            type: 'startSocial',
            params: ({ event }) => ({ provider: event.provider, from: 'passwordReset' }),
          },
        },
      },
      states: {
        idle: {},
        submitting: {
          on: {
            'passwordReset.submit': {},
            'passwordReset.cancel': {},
            'mode.toggle': {},
            'social.start': {},
          },
          invoke: {
            id: 'requestPasswordReset',
            src: 'requestPasswordReset',
            input: ({ context }) => toPasswordResetPayload(context.form),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
                target: 'succeeded',
                actions: { type: 'showToast', params: toast(TOASTS.passwordResetSucceeded) },
              },
              {
                target: 'failed',
                actions: [
                  {
                    type: 'setError',
                    params: ({ event }) => ({
                      message: outcomeToast('passwordReset', event.output).description,
                    }),
                  },
                  { type: 'showToast', params: ({ event }) => outcomeToast('passwordReset', event.output) },
                ],
              },
            ],
            onError: {
              target: 'failed',
              actions: ['setUnexpectedError', { type: 'showToast', params: UNEXPECTED_TOAST }],
            },
          },
        },
        failed: {},
        /** The link was sent; the form stays so it can be sent again or left. */
        succeeded: {},
      },
    },
    socialSignIn: {
      initial: 'submitting',
      states: {
        submitting: {
          invoke: {
            id: 'signInWithProvider',
            src: 'signInWithProvider',
            input: ({ context }) => ({ provider: context.provider ?? 'google' }),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
                target: 'awaitingProvider',
              },
              {
                target: 'returning',
                actions: [
                  {
                    type: 'setError',
                    params: ({ event }) => ({
                      message: outcomeToast('socialLogin', event.output).description,
                    }),
                  },
                  { type: 'showToast', params: ({ event }) => outcomeToast('socialLogin', event.output) },
                ],
              },
            ],
            onError: {
              target: 'returning',
              actions: ['setUnexpectedError', { type: 'showToast', params: UNEXPECTED_TOAST }],
            },
          },
        },
        /** The browser is on its way to the provider; `auth.signedIn` ends this on return (§2.1 OAuth lands on /). */
        awaitingProvider: {},
        /** Transient: back to the mode the social button was pressed in. */
        returning: {
          always: [
            {
              guard: { type: 'isSocialFrom', params: { mode: 'signUpStep1' } },
              target: '#login.signUpStep1',
              actions: 'endSocial',
            },
            {
              guard: { type: 'isSocialFrom', params: { mode: 'signUpStep2' } },
              target: '#login.signUpStep2.failed',
              actions: 'endSocial',
            },
            {
              guard: { type: 'isSocialFrom', params: { mode: 'passwordReset' } },
              target: '#login.passwordReset.failed',
              actions: 'endSocial',
            },
            { target: '#login.signIn.failed', actions: 'endSocial' },
          ],
        },
      },
    },
    redirecting: {
      type: 'final',
      entry: 'setRedirect',
    },
  },
});
