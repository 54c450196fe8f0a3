/**
 * The Roles screen (/role-test, ADR 0054) against a fetch stub: a reader sees their own roles in plain words and
 * nothing of other people; an admin finds people and may change only teacher, student and guardian; an owner every
 * role; each button says the person; a change that fails says the spec's words (§8); one's own change reads the
 * signed-in user again (§4.10).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse, Person } from '#core/api/account.ts';
import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { TestProviders } from '../../test/providers.tsx';
import { RolesPage } from './RolesPage.tsx';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

let people: Person[];
let sent: Sent[];
/** The answer to the next POST /api/roles: null applies the change. */
let nextChange: { status: number; body: unknown } | null;
let me: MeResponse;

function fakeServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  sent.push({ method, url: url.pathname + url.search, body });
  if (url.pathname === '/api/me') return Promise.resolve(jsonResponse(me));
  if (url.pathname === '/api/roles/people') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = people.filter((p) => p.name.toLowerCase().includes(q) || p.email.includes(q));
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const page = found.slice(start, start + 2);
    const next = start + 2 < found.length ? String(start + 2) : null;
    return Promise.resolve(jsonResponse({ people: page, nextCursor: next }));
  }
  if (url.pathname === '/api/roles' && method === 'POST') {
    if (nextChange) {
      const answer = nextChange;
      nextChange = null;
      return Promise.resolve(jsonResponse(answer.body, answer.status));
    }
    const { action, userId, role } = body as {
      action: string;
      userId: string;
      role: Person['roles'][number];
    };
    people = people.map((p) =>
      p.id !== userId
        ? p
        : {
            ...p,
            roles: action === 'assign' ? [...new Set([...p.roles, role])] : p.roles.filter((r) => r !== role),
          },
    );
    return Promise.resolve(jsonResponse({ success: true }));
  }
  return Promise.resolve(jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404));
}

function renderPage(who: MeResponse) {
  me = who;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(ME_QUERY_KEY, who);
  render(
    <MemoryRouter>
      <TestProviders queryClient={queryClient}>
        <RolesPage />
      </TestProviders>
    </MemoryRouter>,
  );
  return { queryClient };
}

const ana: Person = { id: 'u-ana', name: 'Ana Lopez', email: 'ana@school.example', roles: ['student'] };

async function find(user: ReturnType<typeof userEvent.setup>, text: string) {
  const field = screen.getByRole('searchbox', { name: 'Name or e-mail' });
  await user.clear(field);
  await user.type(field, text);
  await user.click(screen.getByRole('button', { name: 'Find people' }));
}

beforeEach(() => {
  people = [
    ana,
    { id: 'u-ben', name: 'Ben Okafor', email: 'ben@school.example', roles: ['teacher', 'guardian'] },
  ];
  sent = [];
  nextChange = null;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('RolesPage', () => {
  it('shows a student their own role in plain words, and nothing about other people', async () => {
    renderPage(meFixture({ name: 'Maya', roles: ['student'] }));
    expect(screen.getByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'Your roles' });
    expect(within(mine).getByRole('listitem')).toHaveTextContent(
      'Student: You can read stories, play word games and earn tokens.',
    );
    expect(within(mine).getByRole('listitem').querySelector('svg')).not.toBeNull();
    expect(screen.queryByRole('region', { name: 'People and roles' })).toBeNull();
    const page = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(within(page).queryByRole('searchbox')).toBeNull();
    expect(within(page).queryByRole('button')).toBeNull();
    // Nobody is looked up for a student.
    await act(() => Promise.resolve());
    expect(sent.filter((s) => s.url.startsWith('/api/roles'))).toEqual([]);
  });

  it('tells someone without a role who to ask, and Sparky says what the page is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const spoken: SpeakRequest[] = [];
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    me = meFixture({ userType: 'other', roles: [] });
    queryClient.setQueryData(ME_QUERY_KEY, me);
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, speak: (r) => void spoken.push(r) }}>
            <RolesPage />
          </AudioQueueContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(
      within(screen.getByRole('region', { name: 'Your roles' })).getByText(
        'You have no role yet. Ask the person who runs Sparky Reads if you need one.',
      ),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(spoken.map((r) => r.text)).toEqual([
      'This page shows your roles. A role says what you can do here.',
      'You have no role yet. Ask the person who runs Sparky Reads if you need one.',
    ]);
  });

  it('lets an admin find people and change only teacher, student and guardian', async () => {
    const user = userEvent.setup();
    renderPage(meFixture({ id: 'u-admin', name: 'Ada', userType: 'teacher', roles: ['teacher', 'admin'] }));
    const mine = screen.getByRole('region', { name: 'Your roles' });
    expect(
      within(mine)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Admin: You help run Sparky Reads. You can make people teachers, students or guardians.',
      "Teacher: You can make classes and see your pupils' reading.",
    ]);
    const section = screen.getByRole('region', { name: 'People and roles' });
    await find(user, 'ana');
    const card = await within(section).findByRole('listitem', { name: 'Ana Lopez' });
    expect(within(card).getByText('ana@school.example')).toBeInTheDocument();
    expect(within(card).getByText('Student')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Make Ana Lopez a teacher', 'Remove student from Ana Lopez', 'Make Ana Lopez a guardian']);
    expect(within(card).queryByRole('button', { name: /owner|admin/ })).toBeNull();
    for (const button of within(card).getAllByRole('button'))
      expect(button.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('1 person found for “ana”.')).toBeInTheDocument();
    expect(sent.find((s) => s.url.startsWith('/api/roles/people'))?.url).toBe('/api/roles/people?q=ana');

    // By keyboard: the button keeps the focus while it turns into its opposite.
    const make = within(card).getByRole('button', { name: 'Make Ana Lopez a teacher' });
    make.focus();
    await user.keyboard('{Enter}');
    const remove = await within(card).findByRole('button', { name: 'Remove teacher from Ana Lopez' });
    expect(remove).toHaveFocus();
    expect(within(card).getByText('Teacher')).toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/roles', body: { action: 'assign', userId: 'u-ana', role: 'teacher' } },
    ]);
    expect(
      (await screen.findByText('Ana Lopez is now a teacher.')).closest('[role="status"]'),
    ).not.toBeNull();
    // Someone else's change does not read the signed-in user again.
    expect(sent.filter((s) => s.url === '/api/me')).toEqual([]);
  });

  it('says the spec message when a change fails, and the last owner plainly', async () => {
    const user = userEvent.setup();
    renderPage(meFixture({ id: 'u-owner', name: 'Olu', userType: 'other', roles: ['owner'] }));
    await find(user, 'ben');
    const card = await screen.findByRole('listitem', { name: 'Ben Okafor' });
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Make Ben Okafor an owner',
      'Make Ben Okafor an admin',
      'Remove teacher from Ben Okafor',
      'Make Ben Okafor a student',
      'Remove guardian from Ben Okafor',
    ]);
    // Refused by the server (here: this owner's role was taken meanwhile): the spec's title, and why.
    nextChange = {
      status: 403,
      body: {
        error: {
          code: 'forbidden',
          message: 'Failed to assign role: you are not allowed to change this role.',
        },
      },
    };
    await user.click(within(card).getByRole('button', { name: 'Make Ben Okafor an admin' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) =>
            /Failed to assign role.*You are not allowed to change the admin role\./.test(a.textContent ?? ''),
          ),
      ).toBe(true),
    );
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1);
    // Nothing changed on the card.
    expect(within(card).getByRole('button', { name: 'Make Ben Okafor an admin' })).toBeInTheDocument();

    nextChange = {
      status: 409,
      body: {
        error: { code: 'last_owner', message: 'Failed to remove role: the last owner cannot be removed.' },
      },
    };
    people = people.map((p) => (p.id === 'u-ben' ? { ...p, roles: ['owner', ...p.roles] } : p));
    await find(user, 'ben o');
    const owner = await screen.findByRole('button', { name: 'Remove owner from Ben Okafor' });
    await user.click(owner);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) =>
            /Failed to remove role.*Ben Okafor is the last owner\. Make someone else an owner first/.test(
              a.textContent ?? '',
            ),
          ),
      ).toBe(true),
    );

    nextChange = {
      status: 429,
      body: {
        error: {
          code: 'rate_limited',
          message: 'That is a lot of role changes at once. Please wait 37 seconds and try again.',
          details: { retryAfterSeconds: 37 },
        },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Make Ben Okafor a student' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) =>
            /Failed to assign role.*Please wait 37 seconds and try again\./.test(a.textContent ?? ''),
          ),
      ).toBe(true),
    );
  });

  it('keeps the keyboard focus on the page when one’s own change takes away the button that had it', async () => {
    const user = userEvent.setup();
    people = [{ id: 'u-owner', name: 'Olu Ade', email: 'olu@school.example', roles: ['owner', 'admin'] }];
    renderPage(meFixture({ id: 'u-owner', name: 'Olu', userType: 'teacher', roles: ['owner', 'admin'] }));
    await find(user, 'olu');
    const card = await screen.findByRole('listitem', { name: 'Olu Ade (you)' });
    me = { ...me, roles: ['admin'] };
    await user.click(within(card).getByRole('button', { name: 'Remove owner from Olu Ade' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop being an owner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove my owner role' }));
    // An admin cannot change the owner role: its button goes, and the focus goes to the person's name.
    await waitFor(() => expect(within(card).queryByRole('button', { name: /owner/ })).toBeNull());
    await waitFor(() => expect(within(card).getByRole('heading', { name: 'Olu Ade (you)' })).toHaveFocus());
  });

  it('moves the focus to “Your roles” when one’s own change takes away the whole people section', async () => {
    const user = userEvent.setup();
    people = [{ id: 'u-owner', name: 'Olu Ade', email: 'olu@school.example', roles: ['owner'] }];
    renderPage(meFixture({ id: 'u-owner', name: 'Olu', userType: 'other', roles: ['owner'] }));
    await find(user, 'olu');
    const card = await screen.findByRole('listitem', { name: 'Olu Ade (you)' });
    // Make the owner the only role lost: another owner exists on this server, so the change is allowed.
    me = { ...me, roles: [] };
    await user.click(within(card).getByRole('button', { name: 'Remove owner from Olu Ade' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop being an owner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove my owner role' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'People and roles' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Your roles' })).toHaveFocus());
  });

  it('asks before an owner removes their own owner role, and reads the signed-in user again after', async () => {
    const user = userEvent.setup();
    people = [{ id: 'u-owner', name: 'Olu Ade', email: 'olu@school.example', roles: ['owner', 'teacher'] }];
    renderPage(meFixture({ id: 'u-owner', name: 'Olu', userType: 'teacher', roles: ['owner', 'teacher'] }));
    await find(user, 'olu');
    const card = await screen.findByRole('listitem', { name: 'Olu Ade (you)' });
    await user.click(within(card).getByRole('button', { name: 'Remove owner from Olu Ade' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop being an owner?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);

    // A role of one's own that is not owner changes at once, and the signed-in user is read again (§4.10).
    me = { ...me, roles: ['owner'] };
    await user.click(within(card).getByRole('button', { name: 'Remove teacher from Olu Ade' }));
    await within(card).findByRole('button', { name: 'Make Olu Ade a teacher' });
    await waitFor(() => expect(sent.filter((s) => s.url === '/api/me')).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Your roles' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent?.split(':')[0]),
      ).toEqual(['Owner']),
    );
  });

  it('says when to search again after too many searches (429), without asking again by itself', async () => {
    const user = userEvent.setup();
    renderPage(meFixture({ id: 'u-admin', userType: 'other', roles: ['admin'] }));
    const fetchMock = vi.mocked(fetch);
    fetchMock.mockImplementation((input, init) =>
      new URL(String(input), 'http://localhost').pathname === '/api/roles/people'
        ? (sent.push({ method: 'GET', url: String(input), body: undefined }),
          Promise.resolve(
            jsonResponse(
              {
                error: {
                  code: 'rate_limited',
                  message: 'That is a lot of searches at once. Please wait 42 seconds and try again.',
                  details: { retryAfterSeconds: 42 },
                },
              },
              429,
            ),
          ))
        : fakeServer(input, init),
    );
    await find(user, 'ana');
    const section = screen.getByRole('region', { name: 'People and roles' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'That is a lot of searches at once. Please wait 42 seconds and try again.',
    );
    expect(sent.filter((s) => s.url.includes('/api/roles/people'))).toHaveLength(1);
  });

  it('asks for 2 letters before searching, and shows more people a page at a time', async () => {
    const user = userEvent.setup();
    people = ['Cara', 'Cato', 'Cleo', 'Cruz', 'Cy'].map((name, i) => ({
      id: `u-${i}`,
      name: `${name} Smith`,
      email: `${name.toLowerCase()}@school.example`,
      roles: [],
    }));
    renderPage(meFixture({ id: 'u-admin', userType: 'other', roles: ['admin'] }));
    await find(user, ' c ');
    const field = screen.getByRole('searchbox', { name: 'Name or e-mail' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Type at least 2 letters of a name or e-mail\./);
    expect(sent.filter((s) => s.url.startsWith('/api/roles'))).toEqual([]);

    await find(user, 'smith');
    const list = await screen.findByRole('list', { name: 'People found' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Cara Smith', 'Cato Smith']);
    expect(screen.getByText('2 or more people found for “smith”.')).toBeInTheDocument();
    // By keyboard: the focus goes to the first person each page adds, and is not lost when the button goes.
    screen.getByRole('button', { name: 'Show more people' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(list).getByRole('heading', { name: 'Cleo Smith' })).toHaveFocus());
    expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Show more people' }));
    await waitFor(() => expect(within(list).getByRole('heading', { name: 'Cy Smith' })).toHaveFocus());
    expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Show more people' })).toBeNull();
    expect(screen.getByText('5 people found for “smith”.')).toBeInTheDocument();
    // Each card has no role yet, said in words.
    expect(within(list).getAllByText('No roles yet.')).toHaveLength(5);
  });
});
