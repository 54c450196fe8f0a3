import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { readStyleSheet } from '../../test/style-sheet.ts';
import { TOAST_REGION_LABEL, Toaster } from '../../ui/Toast.tsx';
import { dismissToast } from '../../ui/toast-store.ts';
import { ShellHeader, type ShellHeaderProps } from './ShellHeader.tsx';

function me(streak: number, tokens: number): MeResponse {
  return meFixture({ id: 'u1', profile: { tokens }, hasReadingSessions: streak > 0, streak });
}

function renderHeader(account: MeResponse) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ShellHeader me={account} showMenuButton={false} onOpenMenu={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ShellHeader streak and tokens (spec §2.4, §4.6)', () => {
  it('shows the server’s streak in days, and the token count', () => {
    renderHeader(me(3, 25));
    expect(screen.getByText(/Reading streak:/).closest('li')).toHaveTextContent('3 days');
    expect(screen.getByText(/25 tokens/)).toBeInTheDocument();
  });
  it('says streak at 0 and day at 1', () => {
    renderHeader(me(0, 0));
    expect(screen.getByText(/Reading streak:/).closest('li')).toHaveTextContent('0 streak');
  });
  it('says day at 1', () => {
    renderHeader(me(1, 0));
    expect(screen.getByText(/Reading streak:/).closest('li')).toHaveTextContent('1 day');
  });
});

describe('ShellHeader Sign Out (spec §7.7, §8)', () => {
  function renderWithToaster(signOutCall: ShellHeaderProps['signOutCall']) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, me(0, 0));
    const router = createMemoryRouter(
      [
        {
          path: '/home',
          element: (
            <ShellHeader
              me={me(0, 0)}
              showMenuButton={false}
              onOpenMenu={() => {}}
              signOutCall={signOutCall}
            />
          ),
        },
        { path: '/', element: <h1>Landing</h1> },
      ],
      { initialEntries: ['/home'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    );
    return { router, queryClient };
  }
  const region = () => screen.getByRole('region', { name: TOAST_REGION_LABEL });
  afterEach(() => act(() => dismissToast()));

  it('on success: the toast, the user forgotten, and the landing page', async () => {
    const user = userEvent.setup();
    const { router, queryClient } = renderWithToaster(async () => ({ ok: true }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const status = within(region()).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Signed out successfully'));
    expect(status).toHaveTextContent('Come back soon! 👋');
    // Forgotten once the header (the signed-in shell) is gone, so the guard cannot send the reader to /login.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
  });

  it.each([
    ['refused', async () => ({ ok: false as const, message: 'Nope' })],
    [
      'thrown',
      async () => {
        throw new Error('network');
      },
    ],
  ])('when sign-out is %s: the destructive toast, and the user stays', async (_, call) => {
    const user = userEvent.setup();
    const { router, queryClient } = renderWithToaster(call);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    const alert = within(region()).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Error signing out'));
    expect(alert).toHaveTextContent('Please try again');
    expect(queryClient.getQueryData(ME_QUERY_KEY)).not.toBeNull();
    expect(router.state.location.pathname).toBe('/home');
  });
});

describe('ShellHeader name and initial', () => {
  function avatarOf(name: string): HTMLElement {
    renderHeader(meFixture({ id: 'u1', name, profile: { display_name: name } }));
    return screen.getByRole('link', { name: new RegExp(name.replace(/\p{Cf}/gu, '').slice(-3)) });
  }

  it('shows a name starting with an emoji with the whole emoji as its initial, not half of it', () => {
    const link = avatarOf('🦊 Fox');
    expect(link.querySelector('.avatar')?.textContent).toBe('🦊');
  });

  it('skips an invisible format character for the initial, and keeps the name’s direction to itself', () => {
    const link = avatarOf('\u202Eevil Zoe');
    expect(link.querySelector('.avatar')?.textContent).toBe('E');
    expect(link.querySelector('bdi')).toHaveTextContent('evil Zoe');
  });
});

describe('ShellHeader at 768 px (two rows, nothing hidden)', () => {
  it('lets its controls flow after the chips where the header is narrow, from 768 px (shell.css)', () => {
    // jsdom lays nothing out: the rule itself is read (the rows were checked in Chromium: three at
    // 768 px with Standard text before, two after).
    const desktop = readStyleSheet('features/shell/shell.css').filter(
      (rule): rule is CSSMediaRule =>
        rule instanceof CSSMediaRule && /min-width:\s*768px/.test(rule.conditionText),
    );
    const narrow = desktop
      .flatMap((media) => [...media.cssRules])
      .filter((rule) => rule.cssText.startsWith('@container') && /shell-header/.test(rule.cssText));
    expect(narrow).toHaveLength(1);
    expect(narrow[0]!.cssText).toMatch(/max-width:\s*33\.5rem/);
    const end = [...(narrow[0] as CSSGroupingRule).cssRules].find(
      (rule): rule is CSSStyleRule =>
        rule instanceof CSSStyleRule && rule.selectorText === '.shell-header__end',
    );
    expect(end?.style.getPropertyValue('display')).toBe('contents');
  });

  it('keeps every control, in reading order, and the group that loses its box has no role to lose', () => {
    renderHeader(me(1, 10));
    const header = screen.getByRole('banner');
    const controls = [...header.querySelectorAll('a[href], button')].map((control) =>
      control.textContent?.trim(),
    );
    expect(controls).toEqual([
      '10 tokens',
      'MMaya',
      'About Us',
      expect.stringContaining('Display'),
      'Sign Out',
    ]);
    const end = header.querySelector('.shell-header__end');
    expect(end?.tagName).toBe('DIV');
    expect(end).not.toHaveAttribute('role');
  });
});
