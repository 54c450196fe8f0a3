import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/me-fixture.ts';
import { TestProviders } from '../../test/providers.tsx';
import { OWNER_SETUP_TEXT, OwnerSetupPage } from './OwnerSetupPage.tsx';

const TOKEN = 'A'.repeat(43);

/** The set-up page at /setup?token=…, the API answering the link check with `valid` and posts from `posts`. */
function renderSetup(valid: boolean, posts: [unknown, number][] = []) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'POST' ? jsonResponse(...(posts.shift() ?? [{}, 500])) : jsonResponse({ valid }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[`/setup?token=${TOKEN}`]}>
      <TestProviders queryClient={queryClient}>
        <Routes>
          <Route path="/setup" element={<OwnerSetupPage />} />
          <Route path="/home" element={<h1>Home page</h1>} />
        </Routes>
      </TestProviders>
    </MemoryRouter>,
  );
  const postBodies = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
  return { postBodies };
}

describe('OwnerSetupPage (issue #14 item 8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('makes the owner account by keyboard and goes home signed in', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    const { postBodies } = renderSetup(true, [[{ ok: true }, 201]]);
    expect(
      await screen.findByRole('heading', { name: OWNER_SETUP_TEXT.title }, { timeout: 15_000 }),
    ).toBeVisible();
    await user.click(screen.getByRole('textbox', { name: /Your name/ }));
    await user.keyboard('Ms Rivera');
    await user.tab();
    await user.keyboard('rivera@example.test');
    await user.tab();
    await user.keyboard('purple-otter-reads-42');
    await user.click(screen.getByRole('radio', { name: 'A parent or guardian' }));
    await user.click(screen.getByRole('button', { name: OWNER_SETUP_TEXT.submit }));
    expect(await screen.findByRole('heading', { name: 'Home page' }, { timeout: 15_000 })).toBeVisible();
    expect(postBodies()).toEqual([
      {
        token: TOKEN,
        email: 'rivera@example.test',
        password: 'purple-otter-reads-42',
        data: { display_name: 'Ms Rivera', user_type: 'guardian' },
      },
    ]);
  });

  it(
    'puts a refusal beside its field, with the reasons of a weak password',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      renderSetup(true, [
        [
          {
            error: {
              code: 'weak_password',
              message: 'Please choose a stronger password.',
              details: { reasons: ['Use at least 8 characters.'] },
            },
          },
          422,
        ],
      ]);
      await screen.findByRole('heading', { name: OWNER_SETUP_TEXT.title }, { timeout: 15_000 });
      // Nothing is sent while a field is empty.
      await user.click(screen.getByRole('button', { name: OWNER_SETUP_TEXT.submit }));
      expect(screen.getByRole('textbox', { name: /Your name/ })).toHaveAccessibleDescription(
        /Please enter your name/,
      );
      await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Ms Rivera');
      await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'rivera@example.test');
      await user.type(screen.getByLabelText(/^Password/), 'short');
      await user.click(screen.getByRole('button', { name: OWNER_SETUP_TEXT.submit }));
      expect(await screen.findByRole('list', { name: 'Why this password was refused' })).toHaveTextContent(
        'Use at least 8 characters.',
      );
      expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
        /Please choose a stronger password/,
      );
    },
  );

  it('says when the link does not work, with a way to sign in', { timeout: 30_000 }, async () => {
    renderSetup(false);
    expect(
      await screen.findByRole('heading', { name: OWNER_SETUP_TEXT.invalidTitle }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: OWNER_SETUP_TEXT.submit })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
