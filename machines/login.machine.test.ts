import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor, type SnapshotFrom } from 'xstate';
import { FAILURE_TITLES, TOASTS, ERRORS, type Toast } from '#core/auth/messages.ts';
import type { PasswordResetPayload, SignInPayload, SignUpPayload } from '#core/auth/sign-up.ts';
import { loginMachine, type AuthOutcome, type LoginEvent, type LoginInput } from './login.machine.ts';
import {
  LOGIN_SAMPLE,
  LOGIN_STATE_KEYS,
  LOGIN_TEST_EVENTS,
  createLoginTestModel,
  serializeLoginSnapshot,
} from './login.test-model.ts';
import { analyseMachine, statesThatCannotReach } from './graph-coverage.ts';

type Snap = SnapshotFrom<typeof loginMachine>;

/** Applies events with the pure `transition`, collecting the `showToast` params. */
function run(events: LoginEvent[], input: LoginInput = {}): { snapshot: Snap; toasts: Toast[] } {
  const toasts: Toast[] = [];
  const collect = (actions: { type: string; params?: unknown }[]) => {
    for (const a of actions) if (a.type === 'showToast') toasts.push(a.params as Toast);
  };
  let [snapshot, actions] = initialTransition(loginMachine, input);
  collect(actions as never);
  for (const event of events) {
    [snapshot, actions] = transition(loginMachine, snapshot, event);
    collect(actions as never);
  }
  return { snapshot, toasts };
}

const fill = (
  field: 'displayName' | 'email' | 'password' | 'role' | 'age' | 'grade' | 'gender' | 'petsName',
  value: string,
): LoginEvent => ({
  type: 'field.change',
  field,
  value,
});
const stepOne: LoginEvent[] = [
  fill('displayName', 'Mia'),
  fill('email', 'mia@example.com'),
  fill('password', 'purple-otter-42'),
];

describe('loginMachine: modes (§4.1, §2.3)', () => {
  it('opens on sign-in by default and on sign-up step 1 with mode=signup', () => {
    expect(run([]).snapshot.matches({ signIn: 'idle' })).toBe(true);
    expect(run([], { mode: 'signUp' }).snapshot.matches('signUpStep1')).toBe(true);
  });

  it('toggling clears every field and goes to step 1 / sign-in', () => {
    const { snapshot } = run([fill('email', 'a@b.c'), fill('password', 'x'), { type: 'mode.toggle' }]);
    expect(snapshot.value).toBe('signUpStep1');
    expect(Object.values(snapshot.context.form).every((v) => v === '')).toBe(true);
    const back = run([
      { type: 'mode.toggle' },
      ...stepOne,
      { type: 'signUp.continue' },
      fill('role', 'student'),
      { type: 'mode.toggle' },
    ]);
    expect(back.snapshot.matches({ signIn: 'idle' })).toBe(true);
    expect(Object.values(back.snapshot.context.form).every((v) => v === '')).toBe(true);
  });

  it('toggling from password reset goes to sign-up step 1, cleared', () => {
    const { snapshot } = run([
      fill('email', 'a@b.c'),
      { type: 'passwordReset.open' },
      { type: 'mode.toggle' },
    ]);
    expect(snapshot.value).toBe('signUpStep1');
    expect(snapshot.context.form.email).toBe('');
  });

  it("'Forgot your password?' and 'Back to sign in' keep the e-mail", () => {
    const opened = run([fill('email', 'a@b.c'), { type: 'passwordReset.open' }]);
    expect(opened.snapshot.matches({ passwordReset: 'idle' })).toBe(true);
    const back = run([
      fill('email', 'a@b.c'),
      { type: 'passwordReset.open' },
      { type: 'passwordReset.cancel' },
    ]);
    expect(back.snapshot.matches({ signIn: 'idle' })).toBe(true);
    expect(back.snapshot.context.form.email).toBe('a@b.c');
  });
});

describe('loginMachine: validation (§5)', () => {
  it.each([
    ['display name', [fill('email', 'a@b.c'), fill('password', 'pw')]],
    ['e-mail', [fill('displayName', 'Mia'), fill('password', 'pw')]],
    ['password', [fill('displayName', 'Mia'), fill('email', 'a@b.c')]],
    ['whitespace name', [fill('displayName', '   '), fill('email', 'a@b.c'), fill('password', 'pw')]],
  ])('step 1 without %s stays and shows Missing information', (_, events) => {
    const { snapshot, toasts } = run([
      { type: 'mode.toggle' },
      ...(events as LoginEvent[]),
      { type: 'signUp.continue' },
    ]);
    expect(snapshot.value).toBe('signUpStep1');
    expect(toasts).toEqual([{ ...TOASTS.missingInformation, variant: 'destructive' }]);
  });

  it.each(['mia', 'mia@example', 'mia@example.c', 'mia @example.com'])(
    'step 1 with the malformed address %j stays, with no Missing information toast',
    (email) => {
      const { snapshot, toasts } = run([
        { type: 'mode.toggle' },
        ...stepOne,
        fill('email', email),
        { type: 'signUp.continue' },
      ]);
      expect(snapshot.value).toBe('signUpStep1');
      expect(toasts).toEqual([]);
    },
  );

  it('step 1 complete moves to step 2; Back returns to step 1 keeping fields', () => {
    const { snapshot } = run([{ type: 'mode.toggle' }, ...stepOne, { type: 'signUp.continue' }]);
    expect(snapshot.matches({ signUpStep2: 'idle' })).toBe(true);
    const back = run([
      { type: 'mode.toggle' },
      ...stepOne,
      { type: 'signUp.continue' },
      { type: 'signUp.back' },
    ]);
    expect(back.snapshot.value).toBe('signUpStep1');
    expect(back.snapshot.context.form.displayName).toBe('Mia');
  });

  it('step 2 without a role stays and asks for it', () => {
    const { snapshot, toasts } = run([
      { type: 'mode.toggle' },
      ...stepOne,
      { type: 'signUp.continue' },
      { type: 'signUp.submit' },
    ]);
    expect(snapshot.matches({ signUpStep2: 'idle' })).toBe(true);
    expect(toasts).toEqual([
      {
        title: 'Please select your role',
        description: "Let us know if you're a student, teacher, parent/guardian, or other.",
        variant: 'destructive',
      },
    ]);
  });

  it('step 2 with an unknown role value is still "no role"', () => {
    const { snapshot } = run([
      { type: 'mode.toggle' },
      ...stepOne,
      { type: 'signUp.continue' },
      fill('role', 'admin'),
      { type: 'signUp.submit' },
    ]);
    expect(snapshot.matches({ signUpStep2: 'idle' })).toBe(true);
  });

  it('reset without e-mail asks for it', () => {
    const { snapshot, toasts } = run([{ type: 'passwordReset.open' }, { type: 'passwordReset.submit' }]);
    expect(snapshot.matches({ passwordReset: 'idle' })).toBe(true);
    expect(toasts).toEqual([
      { title: 'Email required', description: 'Please enter your email address.', variant: 'destructive' },
    ]);
  });

  it('sign-in without credentials fails with the §5 provider message, without calling the provider', () => {
    const { snapshot, toasts } = run([fill('email', 'a@b.c'), { type: 'signIn.submit' }]);
    expect(snapshot.matches({ signIn: 'failed' })).toBe(true);
    expect(toasts).toEqual([
      { title: 'Sign in failed', description: ERRORS.credentialsRequired, variant: 'destructive' },
    ]);
  });
});

describe('loginMachine: calls and answers (§7.1, §7.7, §8)', () => {
  it('sign-in refused: destructive toast with the provider message; editing and retry allowed', () => {
    const { snapshot, toasts } = run([
      fill('email', 'a@b.c'),
      fill('password', 'pw'),
      { type: 'signIn.submit' },
      {
        type: 'xstate.done.actor.signIn',
        output: { ok: false, message: 'Invalid login credentials' },
      } as never,
    ]);
    expect(snapshot.matches({ signIn: 'failed' })).toBe(true);
    expect(snapshot.context.error).toBe('Invalid login credentials');
    expect(toasts).toEqual([
      { title: 'Sign in failed', description: 'Invalid login credentials', variant: 'destructive' },
    ]);
    const [retry] = transition(loginMachine, snapshot, { type: 'signIn.submit' });
    expect(retry.matches({ signIn: 'submitting' })).toBe(true);
  });

  it('an unexpected exception shows Error / Something went wrong', () => {
    const { toasts } = run([
      fill('email', 'a@b.c'),
      fill('password', 'pw'),
      { type: 'signIn.submit' },
      { type: 'xstate.error.actor.signIn', error: new Error('boom') } as never,
    ]);
    expect(toasts).toEqual([
      { title: 'Error', description: 'Something went wrong. Please try again.', variant: 'destructive' },
    ]);
  });

  it('buttons are ignored while submitting', () => {
    const { snapshot } = run([
      fill('email', 'a@b.c'),
      fill('password', 'pw'),
      { type: 'signIn.submit' },
      { type: 'mode.toggle' },
      { type: 'passwordReset.open' },
    ]);
    expect(snapshot.matches({ signIn: 'submitting' })).toBe(true);
    expect(snapshot.context.form.email).toBe('a@b.c');
  });

  it.each([
    ['teacher', '/teacher-dashboard'],
    ['student', '/home'],
    ['guardian', '/home'],
    ['other', '/home'],
  ] as const)('sign-in success as %s: Welcome back!, then redirect to %s', (userType, path) => {
    const { snapshot, toasts } = run([
      fill('email', 'a@b.c'),
      fill('password', 'pw'),
      { type: 'signIn.submit' },
      { type: 'xstate.done.actor.signIn', output: { ok: true, userType } } as never,
    ]);
    expect(snapshot.value).toBe('redirecting');
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.redirectTo).toBe(path);
    expect(snapshot.output).toEqual({ redirectTo: path });
    expect(toasts).toEqual([
      { title: 'Welcome back!', description: "You're signed in successfully.", variant: 'default' },
    ]);
  });

  it('sign-in success without a user type waits in succeeded for auth.signedIn', () => {
    const { snapshot } = run([
      fill('email', 'a@b.c'),
      fill('password', 'pw'),
      { type: 'signIn.submit' },
      { type: 'xstate.done.actor.signIn', output: { ok: true } } as never,
    ]);
    expect(snapshot.matches({ signIn: 'succeeded' })).toBe(true);
    const [next] = transition(loginMachine, snapshot, { type: 'auth.signedIn', userType: 'teacher' });
    expect(next.context.redirectTo).toBe('/teacher-dashboard');
  });

  it('a signed-in user arriving on any mode is redirected (§4.1)', () => {
    for (const pre of [[], [{ type: 'mode.toggle' }], [{ type: 'passwordReset.open' }]] as LoginEvent[][]) {
      expect(run([...pre, { type: 'auth.signedIn', userType: null }]).snapshot.context.redirectTo).toBe(
        '/home',
      );
    }
  });

  it('sign-up success: toast, back to sign-in with every field cleared', () => {
    const { snapshot, toasts } = run([
      { type: 'mode.toggle' },
      ...stepOne,
      { type: 'signUp.continue' },
      fill('role', 'teacher'),
      fill('petsName', 'Rex'),
      { type: 'signUp.submit' },
      { type: 'xstate.done.actor.signUp', output: { ok: true } } as never,
    ]);
    expect(snapshot.matches({ signIn: 'idle' })).toBe(true);
    expect(Object.values(snapshot.context.form).every((v) => v === '')).toBe(true);
    // No 5-second toast: the sign-in form keeps a welcome message for this address (issue 17).
    expect(toasts).toEqual([]);
    expect(snapshot.context.signedUpEmail).toBe('mia@example.com');
    const dismissed = run([
      { type: 'mode.toggle' },
      ...stepOne,
      { type: 'signUp.continue' },
      fill('role', 'teacher'),
      { type: 'signUp.submit' },
      { type: 'xstate.done.actor.signUp', output: { ok: true } } as never,
      { type: 'signUpNotice.dismiss' },
    ]);
    expect(dismissed.snapshot.context.signedUpEmail).toBeNull();
  });

  it('sign-up refused: Sign up failed with the provider message, stays on step 2', () => {
    const { snapshot, toasts } = run([
      { type: 'mode.toggle' },
      ...stepOne,
      { type: 'signUp.continue' },
      fill('role', 'student'),
      { type: 'signUp.submit' },
      { type: 'xstate.done.actor.signUp', output: { ok: false, message: 'Password is too weak' } } as never,
    ]);
    expect(snapshot.matches({ signUpStep2: 'failed' })).toBe(true);
    expect(toasts).toEqual([
      { title: FAILURE_TITLES.signUp, description: 'Password is too weak', variant: 'destructive' },
    ]);
  });

  it('reset success: Check your email; refused: Password reset failed', () => {
    const base: LoginEvent[] = [
      { type: 'passwordReset.open' },
      fill('email', 'a@b.c'),
      { type: 'passwordReset.submit' },
    ];
    const ok = run([
      ...base,
      { type: 'xstate.done.actor.requestPasswordReset', output: { ok: true } } as never,
    ]);
    expect(ok.snapshot.matches({ passwordReset: 'succeeded' })).toBe(true);
    expect(ok.toasts).toEqual([
      { title: 'Check your email', description: "We've sent you a password reset link.", variant: 'default' },
    ]);
    const no = run([
      ...base,
      {
        type: 'xstate.done.actor.requestPasswordReset',
        output: { ok: false, message: 'Too many requests' },
      } as never,
    ]);
    expect(no.snapshot.matches({ passwordReset: 'failed' })).toBe(true);
    expect(no.toasts).toEqual([
      { title: 'Password reset failed', description: 'Too many requests', variant: 'destructive' },
    ]);
  });

  it('social sign-in refused returns to the mode it started from with Social login failed', () => {
    const { snapshot, toasts } = run([
      { type: 'mode.toggle' },
      { type: 'social.start', provider: 'github' },
      {
        type: 'xstate.done.actor.signInWithProvider',
        output: { ok: false, message: 'github is not set up on this server' },
      } as never,
    ]);
    expect(snapshot.value).toBe('signUpStep1');
    expect(snapshot.context.provider).toBeNull();
    expect(toasts).toEqual([
      {
        title: 'Social login failed',
        description: 'github is not set up on this server',
        variant: 'destructive',
      },
    ]);
  });
});

describe('loginMachine with provided actors (createActor)', () => {
  it('sends the §7.1 payloads, optional values absent (§5)', async () => {
    vi.useFakeTimers();
    try {
      const signUp = vi.fn(async (_: SignUpPayload): Promise<AuthOutcome> => ({ ok: true }));
      const signIn = vi.fn(async (_: SignInPayload): Promise<AuthOutcome> => ({
        ok: true,
        userType: 'student',
      }));
      const showToast = vi.fn();
      const actor = createActor(
        loginMachine.provide({
          actors: {
            signUp: fromPromise(({ input }) => signUp(input)),
            signIn: fromPromise(({ input }) => signIn(input)),
          },
          actions: { showToast: (_, params) => showToast(params) },
        }),
        { input: { mode: 'signUp' } },
      ).start();
      for (const e of [
        fill('displayName', ' Mia '),
        fill('email', ' mia@example.com '),
        fill('password', ' pw '),
      ])
        actor.send(e);
      actor.send({ type: 'signUp.continue' });
      actor.send(fill('role', 'guardian'));
      actor.send(fill('age', '8'));
      actor.send(fill('gender', '  '));
      actor.send({ type: 'signUp.submit' });
      await vi.runAllTimersAsync();
      await waitFor(actor, (s) => s.matches({ signIn: 'idle' }));
      expect(signUp).toHaveBeenCalledWith({
        email: 'mia@example.com',
        password: ' pw ',
        data: { display_name: 'Mia', user_type: 'guardian', age: 8 },
      });
      expect(actor.getSnapshot().context.signedUpEmail).toBe('mia@example.com');

      actor.send(fill('email', 'mia@example.com'));
      actor.send(fill('password', 'pw'));
      actor.send({ type: 'signIn.submit' });
      await vi.runAllTimersAsync();
      const done = await waitFor(actor, (s) => s.status === 'done');
      expect(signIn).toHaveBeenCalledWith({ email: 'mia@example.com', password: 'pw' });
      expect(done.output).toEqual({ redirectTo: '/home' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an actor that throws gives the unexpected-error toast', async () => {
    const showToast = vi.fn();
    const actor = createActor(
      loginMachine.provide({
        actors: {
          requestPasswordReset: fromPromise<AuthOutcome, PasswordResetPayload>(async () => {
            throw new Error('socket hang up');
          }),
        },
        actions: { showToast: (_, params) => showToast(params) },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'passwordReset.open' });
    actor.send(fill('email', 'a@b.c'));
    actor.send({ type: 'passwordReset.submit' });
    await waitFor(actor, (s) => s.matches({ passwordReset: 'failed' }));
    expect(showToast).toHaveBeenCalledWith({ ...TOASTS.unexpectedError, variant: 'destructive' });
  });

  it('the unprovided default actors reject, which surfaces as the unexpected-error path', async () => {
    const actor = createActor(loginMachine, { input: {} }).start();
    actor.send(fill('email', 'a@b.c'));
    actor.send(fill('password', 'pw'));
    actor.send({ type: 'signIn.submit' });
    const s = await waitFor(actor, (x) => x.matches({ signIn: 'failed' }));
    expect(s.context.error).toBe(TOASTS.unexpectedError.description);
  });
});

describe('loginMachine: graph coverage (tier 2)', () => {
  for (const input of [{}, { mode: 'signUp' }] as LoginInput[]) {
    it(`reaches every resting state with no dead ends (input ${JSON.stringify(input)})`, () => {
      const report = analyseMachine(loginMachine, {
        events: LOGIN_TEST_EVENTS,
        input,
        serializeState: serializeLoginSnapshot,
      });
      expect(report.unreached).toEqual([]);
      expect(report.deadEnds).toEqual([]);
      // Every state can still end in a redirect once the user is signed in.
      expect(statesThatCannotReach(report, (s) => s.status === 'done')).toEqual([]);
      // And every non-final state can get back to an editable sign-in form.
      const stuck = statesThatCannotReach(
        report,
        (s) => s.matches({ signIn: 'idle' }) || s.status === 'done',
      );
      expect(stuck).toEqual([]);
    });
  }

  it("the exported test model's shortest paths visit every resting state", () => {
    const paths = createLoginTestModel().getShortestPaths();
    for (const key of LOGIN_STATE_KEYS) {
      expect(
        paths.some((p) => p.steps.some((step) => step.state.matches(key as never))),
        key,
      ).toBe(true);
    }
    expect(paths.every((p) => (p.steps[0]?.event.type as string) === 'xstate.init')).toBe(true);
    // A path replayed on the pure machine ends where the model says.
    for (const path of paths) {
      let [s] = initialTransition(loginMachine, {});
      for (const step of path.steps.slice(1)) [s] = transition(loginMachine, s, step.event as never);
      expect(serializeLoginSnapshot(s)).toBe(serializeLoginSnapshot(path.state));
    }
  });

  it('path.test runs the state and event callbacks (the tier-3 contract)', async () => {
    const model = createLoginTestModel();
    const [path] = model.getShortestPaths({ toState: (s) => s.matches('redirecting') });
    expect(path).toBeDefined();
    const seen: string[] = [];
    await path!.test({
      events: Object.fromEntries(LOGIN_TEST_EVENTS.map((e) => [e.type, () => void seen.push(e.type)])),
      states: { redirecting: (s) => void seen.push(`state:${s.context.redirectTo}`) },
    });
    expect(seen.at(-1)).toMatch(/^state:\/(home|teacher-dashboard)$/);
  });
});

it('sample values are the ones the paths type', () => {
  expect(LOGIN_SAMPLE.email).toContain('@');
});
