/**
 * The login page: what the statechart's paths (login-page-paths.tsx, run by LoginPage.paths-*.test.tsx)
 * do not cover, and the paths that start on /login?mode=signup.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INVALID_EMAIL_MESSAGE } from '#core/auth/email.ts';
import { FAILURE_TITLES } from '#core/auth/messages.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { TOAST_REGION_LABEL } from '../../ui/Toast.tsx';
import { FIELD_REQUIRED } from './LoginPage.tsx';
import { LOGIN_GUIDANCE, SIGN_UP_DETAILS_GUIDANCE, SIGN_UP_GUIDANCE } from './login.guidance.ts';
import {
  describeLoginPaths,
  installLoginPageFakes,
  MODE_HEADINGS,
  pendingCalls,
  renderLogin,
  setText,
} from './login-page-paths.tsx';

installLoginPageFakes();

describeLoginPaths('/login?mode=signup');

describe('LoginPage: what the paths do not cover', () => {
  it('offers only the social providers the server has set up, and no block when there are none', async () => {
    const view = renderLogin({}, ['github']);
    expect(await screen.findByRole('button', { name: 'GitHub' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Google' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Or continue with' })).toBeInTheDocument();
    view.unmount();
    renderLogin({}, []);
    await screen.findByRole('heading', { level: 1, name: MODE_HEADINGS.signIn.title });
    expect(screen.queryByText('Or continue with')).toBeNull();
    for (const name of ['Google', 'Apple', 'GitHub', 'Twitter'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('an empty sign-up step: focus goes to the first empty field, and each field says what it needs (issue 17)', async () => {
    const user = userEvent.setup();
    renderLogin({ mode: 'signUp' });
    const displayName = await screen.findByLabelText('Display name', { selector: 'input' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(displayName).toHaveFocus());
    expect(displayName).toHaveAccessibleDescription(expect.stringContaining(FIELD_REQUIRED.displayName));
    expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveAccessibleDescription(
      expect.stringContaining(FIELD_REQUIRED.email),
    );
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      expect.stringContaining(FIELD_REQUIRED.password),
    );
    // Name filled, the rest empty: focus goes to Email next time.
    await setText(user, 'displayName', 'Mia');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText('Email', { selector: 'input' })).toHaveFocus());
    expect(screen.getByLabelText('Display name', { selector: 'input' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it("refuses a malformed address on step 1: focus stays on Email, which says the server's message", async () => {
    const user = userEvent.setup();
    renderLogin({ mode: 'signUp' });
    await screen.findByLabelText('Display name', { selector: 'input' });
    await setText(user, 'displayName', 'Mia');
    await setText(user, 'email', 'mia@example');
    await setText(user, 'password', 'purple-otter-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const email = screen.getByLabelText('Email', { selector: 'input' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(expect.stringContaining(INVALID_EMAIL_MESSAGE));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    // Mended, it goes on to step 2.
    await setText(user, 'email', 'mia@example.com');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
    expect(pendingCalls().signUp).toHaveLength(0);
  });

  it('step 2: Tab and Enter choose any role without submitting; no role sends focus to the options', async () => {
    const user = userEvent.setup();
    renderLogin({ mode: 'signUp' });
    await setText(user, 'displayName', 'Mia');
    await setText(user, 'email', 'mia@example.com');
    await setText(user, 'password', 'purple-otter-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
    // Step 2's fields are their own chunk (issue #15): wait for them before submitting.
    await screen.findByRole('radiogroup', { name: /I am a/ });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Student' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Teacher' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('radio', { name: 'Teacher' })).toBeChecked();
    expect(pendingCalls().signUp).toHaveLength(0);
  });

  it('step 2 shows its fields with its heading once step 1 has fetched them: the form does not grow under the pointer', async () => {
    // A fresh copy of the page's modules: in this worker an earlier test may already have rendered step 2,
    // and a React.lazy that has rendered once never suspends again.
    vi.resetModules();
    const fresh = await import('./login-page-paths.tsx');
    const user = userEvent.setup();
    fresh.renderLogin({ mode: 'signUp' });
    await fresh.setText(user, 'displayName', 'Mia');
    await fresh.setText(user, 'email', 'mia@example.com');
    await fresh.setText(user, 'password', 'purple-otter-42');
    // Step 1 has fetched step 2's chunk (the same module the page imports).
    await import('./SignUpDetailsFields.tsx');
    await act(async () => {});
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the form...')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: /I am a/ })).toBeInTheDocument();
  });

  it("a failed sign-up's toast lists the reasons a password was refused (§5)", async () => {
    const user = userEvent.setup();
    renderLogin({ mode: 'signUp' });
    await setText(user, 'displayName', 'Mia');
    await setText(user, 'email', 'mia@example.com');
    await setText(user, 'password', 'password1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Student' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await act(async () =>
      pendingCalls()
        .signUp.shift()!
        .resolve({
          ok: false,
          message: 'Password is too weak.',
          reasons: ['This is a very common password.'],
        }),
    );
    const alert = within(screen.getByRole('region', { name: TOAST_REGION_LABEL })).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(FAILURE_TITLES.signUp));
    expect(alert).toHaveTextContent('Password is too weak.');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('This is a very common password.');
  });

  it('the address follows the form: ?mode=signup while signing up, gone after sign-up', async () => {
    const user = userEvent.setup();
    const { router } = renderLogin({});
    const mode = () => new URLSearchParams(router.state.location.search).get('mode');
    expect(mode()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Need an account? Sign up' }));
    await waitFor(() => expect(mode()).toBe('signup'));
    await setText(user, 'displayName', 'Mia');
    await setText(user, 'email', 'mia@example.com');
    await setText(user, 'password', 'green-heron-sings-77');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(mode()).toBe('signup');
    await user.click(await screen.findByRole('radio', { name: 'Student' }));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await act(async () => pendingCalls().signUp.shift()!.resolve({ ok: true }));
    await screen.findByRole('heading', { level: 1, name: MODE_HEADINGS.signIn.title });
    await waitFor(() => expect(mode()).toBeNull());
  });

  it('a visitor who is already signed in is sent on at once (§4.1)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(meFixture({ userType: 'teacher' }))),
    );
    const { router } = renderLogin({});
    await waitFor(() => expect(router.state.location.pathname).toBe('/teacher-dashboard'));
  });
});

describe("LoginPage: Sparky's words for each mode", () => {
  it('greets sign-up as sign-up, and says what each step asks for', async () => {
    const user = userEvent.setup();
    renderLogin({ mode: 'signUp' });
    expect(await screen.findByText(SIGN_UP_GUIDANCE[0], {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(LOGIN_GUIDANCE[0])).toBeNull();
    await setText(user, 'displayName', 'Mia');
    await setText(user, 'email', 'mia@example.com');
    await setText(user, 'password', 'purple-otter-42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(SIGN_UP_DETAILS_GUIDANCE[0], {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
