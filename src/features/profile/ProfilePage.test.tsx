import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { TestProviders } from '../../test/providers.tsx';
import { linksIn } from './MailOutbox.tsx';
import { ProfilePage } from './ProfilePage.tsx';

type Answer = [unknown, number];

/** The profile page with the API answering DELETE requests from `answers` in turn. */
function renderProfile(answers: Answer[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'DELETE'
      ? jsonResponse(...(answers.shift() ?? [{}, 500]))
      : jsonResponse({ sessions: [] }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Ana' }));
  render(
    <MemoryRouter>
      <TestProviders queryClient={queryClient}>
        <ProfilePage />
      </TestProviders>
    </MemoryRouter>,
  );
  const deletes = (path: string) =>
    fetchMock.mock.calls.filter(([input, init]) => init?.method === 'DELETE' && String(input).endsWith(path));
  return { queryClient, deletes };
}

describe('Profile: deleting one’s recordings and account (issue #14 item 11)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('deletes every recording after asking, and announces how many went', async () => {
    const user = userEvent.setup();
    const { deletes } = renderProfile([[{ deleted: 2 }, 200]]);
    await user.click(screen.getByRole('button', { name: 'Delete all my recordings' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete all your recordings?' });
    expect(dialog).toHaveAccessibleDescription(/Your scores, tokens and badges stay/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my recordings' }));
    expect(
      (await screen.findByText(/2 recordings of your voice deleted/)).closest('[role="status"]'),
    ).not.toBeNull();
    expect(deletes('/api/recordings')).toHaveLength(1);
  });

  it('asks for the password, keeps the dialog open on a wrong one, and forgets the user once deleted', async () => {
    const user = userEvent.setup();
    const { queryClient, deletes } = renderProfile([
      [{ error: { code: 'wrong_password', message: 'That is not the password of this account.' } }, 403],
      [{ deleted: true }, 200],
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    const password = within(dialog).getByLabelText(/Your password/);
    await user.type(password, 'wrong-password');
    // Enter in the field confirms, as a form does.
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('That is not your password. Please try again.')).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(queryClient.getQueryData(ME_QUERY_KEY)).not.toBeNull();

    await user.clear(password);
    await user.type(password, 'purple-otter-reads-42');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    // In the polite live region: screen readers say it.
    expect((await screen.findByText('Account deleted')).closest('[role="status"]')).not.toBeNull();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
    const sent = deletes('/api/account').map(([, init]) => JSON.parse(String(init!.body)));
    expect(sent).toEqual([{ password: 'wrong-password' }, { password: 'purple-otter-reads-42' }]);
  });

  it('tells the last owner why the account stays', async () => {
    const user = userEvent.setup();
    renderProfile([[{ error: { code: 'last_owner', message: 'You are the only owner.' } }, 409]]);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(/Your password/), 'purple-otter-reads-42{Enter}');
    // Assertive: the failure toast is an alert (the toast region also keeps an assertive live line).
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((alert) => /Account not deleted.*only owner/.test(alert.textContent ?? '')),
      ).toBe(true),
    );
  });
});

describe('Profile: the mail outbox (issue #14 item 9)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderAs(roles: MeResponse['roles']) {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/outbox')
        ? jsonResponse({
            transport: 'outbox',
            keepDays: 7,
            messages: [
              {
                id: 'm1',
                to: 'kim@example.test',
                subject: 'Confirm your e-mail for Sparky Reads',
                text: 'Confirm my e-mail: http://localhost:3000/api/auth/verify-email?token=abc',
                createdAt: '2026-11-23T10:00:00.000Z',
              },
            ],
          })
        : jsonResponse({ sessions: [] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Ana', userType: 'teacher', roles }));
    render(
      <MemoryRouter>
        <TestProviders queryClient={queryClient}>
          <ProfilePage />
        </TestProviders>
      </MemoryRouter>,
    );
    return fetchMock;
  }

  it('shows an owner the waiting e-mails with their links', { timeout: 30_000 }, async () => {
    renderAs(['owner', 'teacher']);
    const list = await screen.findByRole(
      'list',
      { name: 'Waiting e-mails, newest first' },
      { timeout: 15_000 },
    );
    const message = within(list).getByRole('article', { name: 'Confirm your e-mail for Sparky Reads' });
    expect(message).toHaveTextContent('To kim@example.test');
    expect(message).toHaveTextContent('verify-email?token=abc');
  });

  it('gives each link a field and a Copy button; without a clipboard the link is selected instead', async () => {
    const user = userEvent.setup(); // installs a clipboard stand-in on navigator
    renderAs(['owner', 'teacher']);
    const link = 'http://localhost:3000/api/auth/verify-email?token=abc';
    const field = await screen.findByRole(
      'textbox',
      { name: 'Link for kim@example.test' },
      { timeout: 15_000 },
    );
    expect(field).toHaveValue(link);
    expect(field).toHaveAttribute('readonly');
    const copy = screen.getByRole('button', { name: 'Copy the link' });
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByText('Copied. Paste it into a message to them.')).toBeVisible();

    // Plain http on a school network: no navigator.clipboard.
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      await user.click(copy);
      expect(await screen.findByText(/The link is selected: press Ctrl\+C/)).toBeVisible();
      expect(field).toHaveFocus();
      const input = field as HTMLInputElement;
      expect([input.selectionStart, input.selectionEnd]).toEqual([0, link.length]);
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      else Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('finds every web address in a message, and nothing else', () => {
    expect(linksIn('Confirm: https://a.test/x?t=1&u=2\nor http://b.test/y. Thanks')).toEqual([
      'https://a.test/x?t=1&u=2',
      'http://b.test/y.',
    ]);
    expect(linksIn('No link here, just ftp://c.test and www.d.test')).toEqual([]);
  });

  it('is not shown, nor asked for, to anyone else', async () => {
    const fetchMock = renderAs(['teacher']);
    expect(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Mail outbox' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/outbox'))).toBe(false);
  });
});

describe('Profile: the link to the Roles screen (ADR 0054)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function renderAs(roles: MeResponse['roles']) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ sessions: [] })),
    );
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(ME_QUERY_KEY, meFixture({ name: 'Ana', roles }));
    render(
      <MemoryRouter>
        <TestProviders queryClient={queryClient}>
          <ProfilePage />
        </TestProviders>
      </MemoryRouter>,
    );
  }

  it('leads everyone to their roles, with a picture', () => {
    renderAs(['student']);
    const link = screen.getByRole('link', { name: 'Your roles' });
    expect(link).toHaveAttribute('href', '/role-test');
    expect(link.querySelector('svg')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'People and roles' })).toBeNull();
  });

  it('names what owners and admins do there', () => {
    for (const roles of [['owner'], ['admin', 'teacher']] as MeResponse['roles'][]) {
      renderAs(roles);
      expect(screen.getByRole('link', { name: 'People and roles' })).toHaveAttribute('href', '/role-test');
      expect(screen.queryByRole('link', { name: 'Your roles' })).toBeNull();
      cleanup();
    }
  });
});
