/**
 * Generated paths through the login statechart, for tier-2 tests here and tier-3 UI tests
 * (Testing Library, Playwright) that drive the same paths through the real page.
 *
 * How a UI test uses this:
 * ```ts
 * const model = createLoginTestModel();            // or createLoginTestModel({ mode: 'signUp' })
 * for (const path of model.getShortestPaths()) {
 *   it(path.description, async () => {
 *     render(<LoginPage />);                          // with a fake auth client whose calls wait for the test
 *     await path.test({ events: { … gestures … }, states: { … what a person sees … } });
 *   });
 * }
 * ```
 * - `events`: one executor per event type; see {@link LOGIN_EVENT_GESTURES} for what each
 *   means on screen. `xstate.init` is the first step of every path: do nothing.
 *   `xstate.done.actor.<id>` / `xstate.error.actor.<id>` mean "the fake backend answers"
 *   (`step.event.output` is the {@link AuthOutcome} to resolve with; `error` → reject).
 * - `states`: keys are dotted state paths (`'signIn.idle'`, `'signUpStep2.failed'`,
 *   `'redirecting'`) matched with `snapshot.matches`; see {@link LOGIN_STATE_KEYS}.
 */
import type { ActorLogic, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { hasChosenRole, isFilled } from '#core/auth/sign-up.ts';
import { loginMachine, type AuthOutcome, type LoginEvent, type LoginInput } from './login.machine.ts';
import { restingLeafPaths } from './graph-coverage.ts';

/** A login snapshot. */
export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** Events of the model: page events plus the answers of the four invoked calls. */
export type LoginTestEvent =
  | LoginEvent
  | { type: 'xstate.done.actor.signIn'; output: AuthOutcome }
  | { type: 'xstate.error.actor.signIn'; error: unknown }
  | { type: 'xstate.done.actor.signUp'; output: AuthOutcome }
  | { type: 'xstate.error.actor.signUp'; error: unknown }
  | { type: 'xstate.done.actor.requestPasswordReset'; output: AuthOutcome }
  | { type: 'xstate.error.actor.requestPasswordReset'; error: unknown }
  | { type: 'xstate.done.actor.signInWithProvider'; output: AuthOutcome }
  | { type: 'xstate.error.actor.signInWithProvider'; error: unknown };

/** Sample values the paths type into the form. */
export const LOGIN_SAMPLE = {
  displayName: 'Mia',
  email: 'mia@example.com',
  password: 'purple-otter-42',
  role: 'student',
  providerMessage: 'Invalid login credentials',
} as const;

/**
 * The sample events the paths are generated from: a value for each required field, each
 * button, and every kind of answer from each call (accepted, refused with a message,
 * thrown).
 */
export const LOGIN_TEST_EVENTS: readonly LoginTestEvent[] = [
  { type: 'field.change', field: 'displayName', value: LOGIN_SAMPLE.displayName },
  { type: 'field.change', field: 'email', value: LOGIN_SAMPLE.email },
  { type: 'field.change', field: 'password', value: LOGIN_SAMPLE.password },
  { type: 'field.change', field: 'role', value: LOGIN_SAMPLE.role },
  { type: 'mode.toggle' },
  { type: 'passwordReset.open' },
  { type: 'passwordReset.cancel' },
  { type: 'passwordReset.submit' },
  { type: 'signIn.submit' },
  { type: 'signUp.continue' },
  { type: 'signUp.back' },
  { type: 'signUp.submit' },
  { type: 'social.start', provider: 'google' },
  { type: 'auth.signedIn', userType: 'teacher' },
  { type: 'auth.signedIn', userType: 'student' },
  { type: 'signUpNotice.dismiss' },
  { type: 'xstate.done.actor.signIn', output: { ok: true, userType: 'teacher' } },
  { type: 'xstate.done.actor.signIn', output: { ok: true } },
  { type: 'xstate.done.actor.signIn', output: { ok: false, message: LOGIN_SAMPLE.providerMessage } },
  { type: 'xstate.error.actor.signIn', error: { message: 'network down' } },
  { type: 'xstate.done.actor.signUp', output: { ok: true } },
  { type: 'xstate.done.actor.signUp', output: { ok: false, message: 'User already registered' } },
  { type: 'xstate.error.actor.signUp', error: { message: 'network down' } },
  { type: 'xstate.done.actor.requestPasswordReset', output: { ok: true } },
  { type: 'xstate.done.actor.requestPasswordReset', output: { ok: false, message: 'Rate limit exceeded' } },
  { type: 'xstate.error.actor.requestPasswordReset', error: { message: 'network down' } },
  { type: 'xstate.done.actor.signInWithProvider', output: { ok: true } },
  {
    type: 'xstate.done.actor.signInWithProvider',
    output: { ok: false, message: 'google sign-in is not set up on this server' },
  },
  { type: 'xstate.error.actor.signInWithProvider', error: { message: 'network down' } },
];

/**
 * What each event means on the page (for tier-3 drivers). Buttons and links by their
 * accessible names from §2.3.
 */
export const LOGIN_EVENT_GESTURES: Record<LoginTestEvent['type'], string> = {
  'field.change': 'type event.value into the field labelled for event.field (role: choose the option)',
  'mode.toggle': "press the link 'Need an account? Sign up' or 'Already have an account? Sign in'",
  'passwordReset.open': "press 'Forgot your password?'",
  'passwordReset.cancel': "press 'Back to sign in'",
  'passwordReset.submit': "press 'Send Reset Link'",
  'signIn.submit': "press 'Sign In'",
  'signUp.continue': "press 'Continue'",
  'signUp.back': "press 'Back'",
  'signUp.submit': "press 'Create Account'",
  'social.start': 'press the button of event.provider (Google, Apple, GitHub, Twitter)',
  'auth.signedIn': 'the auth backend reports a signed-in user of event.userType',
  'signUpNotice.dismiss': "press 'Dismiss' on the welcome message after sign-up",
  'xstate.done.actor.signIn': 'the fake sign-in call resolves with event.output',
  'xstate.error.actor.signIn': 'the fake sign-in call throws',
  'xstate.done.actor.signUp': 'the fake sign-up call resolves with event.output',
  'xstate.error.actor.signUp': 'the fake sign-up call throws',
  'xstate.done.actor.requestPasswordReset': 'the fake reset call resolves with event.output',
  'xstate.error.actor.requestPasswordReset': 'the fake reset call throws',
  'xstate.done.actor.signInWithProvider': 'the fake social call resolves with event.output',
  'xstate.error.actor.signInWithProvider': 'the fake social call throws',
};

/** Every resting state, as dotted keys for `path.test({ states })`. */
export const LOGIN_STATE_KEYS: readonly string[] = restingLeafPaths(loginMachine);

/**
 * Serialises a snapshot by what a person can tell apart: state, which fields are filled,
 * whether an error is shown, and the redirect. Keeps the graph small (field values are
 * samples, not cases).
 *
 * @param snapshot a login snapshot
 */
export function serializeLoginSnapshot(snapshot: LoginSnapshot): string {
  const { form, error, userType, redirectTo, socialFrom, signedUpEmail } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    welcome: signedUpEmail !== null,
    filled: (['displayName', 'email', 'password'] as const).filter((f) => isFilled(form[f])),
    role: hasChosenRole(form),
    error: error !== null,
    userType,
    redirectTo,
    socialFrom,
  });
}

/**
 * A test model of the login page: `getShortestPaths()` for one path per distinct state (the
 * tier-3 suite), `getSimplePaths()` only with a `toState` filter (the graph is large).
 *
 * @param input the page's start mode (`{ mode: 'signUp' }` for `/login?mode=signup`)
 */
export function createLoginTestModel(
  input: LoginInput = {},
): TestModel<LoginSnapshot, LoginTestEvent, LoginInput> {
  return new TestModel<LoginSnapshot, LoginTestEvent, LoginInput>(
    loginMachine as unknown as ActorLogic<LoginSnapshot, LoginTestEvent, LoginInput>,
    {
      events: LOGIN_TEST_EVENTS,
      input,
      serializeState: (snapshot) => serializeLoginSnapshot(snapshot),
      stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key as never),
    },
  );
}
