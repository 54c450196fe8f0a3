import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import { TestProviders } from '../../test/providers.tsx';
import { AriaRouterProvider } from '../../app/AriaRouterProvider.tsx';
import { builtProtectedPaths, protectedPaths as p } from '../../app/paths.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { jsonResponse, meFixture } from '../../test/me-fixture.ts';
import { ALL_GROUPS, menuKindFor, menuStillBeingBuilt } from '../../app/nav-items.ts';
import {
  MobileSidebar,
  RESIZE_LABEL,
  SIDEBAR_NAV_LABEL,
  SIDEBAR_WIDTH_PROPERTY,
  Sidebar,
  WIDTH_PRESETS_LABEL,
} from './Sidebar.tsx';
import { MOBILE_QUERY, ShellLayout } from './ShellLayout.tsx';
import { SIDEBAR_WIDTH_KEY } from './sidebar-width.ts';

/** Makes `matchMedia` answer the mobile query (below 768 px) with `isMobile`. */
function setViewport(isMobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === MOBILE_QUERY ? isMobile : false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/** The real shell at /home with `me` signed in (cached, and answered by the fetch stub too). */
function renderShell(me: MeResponse, path: string = p.home) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/me')) return jsonResponse(me);
      return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(ME_QUERY_KEY, me);
  const router = createMemoryRouter(
    [
      {
        element: (
          <AriaRouterProvider>
            <ShellLayout />
          </AriaRouterProvider>
        ),
        children: [...builtProtectedPaths].map((path) => ({ path, element: <h1>Page {path}</h1> })),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router };
}

function sidebarLinks(): { name: string; href: string | null }[] {
  const nav = screen.getByRole('navigation', { name: SIDEBAR_NAV_LABEL });
  return within(nav)
    .getAllByRole('link')
    .map((link) => ({ name: link.textContent ?? '', href: link.getAttribute('href') }));
}

// jsdom has no PointerEvent; without one fireEvent.pointer* drops clientX.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
}

beforeEach(() => {
  window.localStorage.clear();
  setViewport(false);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sidebar links by role (spec §2.4)', () => {
  it('a student sees Navigation, Learn and Rewards-type groups with only built screens linked', () => {
    renderShell(meFixture({ userType: 'student' }));
    const links = sidebarLinks();
    expect(links).toEqual([
      { name: 'Home Dashboard', href: p.home },
      { name: 'My Classroom', href: p.studentClassroom },
      { name: 'AI Tutor', href: p.aiTutor },
      { name: 'Profile', href: p.profile },
      { name: 'My Voice', href: p.myVoice },
      { name: 'Create Story', href: p.create },
      { name: 'Saved Stories', href: p.stories },
      { name: 'Premade Stories', href: p.premadeStories },
      { name: 'Import Text', href: p.import },
      { name: 'Learning Hub', href: p.learn },
      { name: 'Reading Practice', href: p.fluency },
      { name: 'Reading Screening', href: p.screening },
      { name: 'Reading Assessment', href: p.assessment },
      { name: 'Avatar Shop', href: p.avatarShop },
      { name: 'Tokens', href: p.tokens },
      { name: 'Rewards', href: p.rewards },
    ]);
    for (const link of links) expect(builtProtectedPaths.has(link.href ?? '')).toBe(true);
    const nav = screen.getByRole('navigation', { name: SIDEBAR_NAV_LABEL });
    expect(within(nav).getByRole('list', { name: 'Navigation' })).toBeInTheDocument();
    expect(within(nav).queryByRole('list', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('list', { name: 'Classroom' })).not.toBeInTheDocument();
    // §6: students get no Assess group.
    expect(within(nav).queryByRole('list', { name: 'Assess' })).not.toBeInTheDocument();
  });

  it('groups are named lists, not region landmarks, and hold no heading above the page’s h1 (issue 17)', () => {
    renderShell(meFixture({ userType: 'student' }));
    const nav = screen.getByRole('navigation', { name: SIDEBAR_NAV_LABEL });
    expect(within(nav).queryAllByRole('region')).toEqual([]);
    expect(within(nav).queryAllByRole('heading')).toEqual([]);
    const lists = within(nav).getAllByRole('list');
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list).toHaveAccessibleName();
  });

  it('marks the current page', () => {
    renderShell(meFixture(), p.stories);
    const nav = screen.getByRole('navigation', { name: SIDEBAR_NAV_LABEL });
    expect(within(nav).getByRole('link', { name: 'Saved Stories' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('following a link navigates through the router', async () => {
    const user = userEvent.setup();
    const { router } = renderShell(meFixture());
    await user.click(screen.getByRole('link', { name: 'Premade Stories' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(p.premadeStories));
    expect(await screen.findByRole('heading', { name: `Page ${p.premadeStories}` })).toBeInTheDocument();
  });

  it('a teacher gets the Dashboard menu with the working reading screens, no student links', () => {
    renderShell(meFixture({ userType: 'teacher' }));
    const nav = screen.getByRole('navigation', { name: SIDEBAR_NAV_LABEL });
    expect(within(nav).getByRole('list', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).queryByRole('list', { name: 'Navigation' })).not.toBeInTheDocument();
    // Of the teacher's menu: the dashboard, every classroom screen of §2.4 in its order (ADR 0046–0051), the
    // profile, and the Learn group's library and practice work in this release.
    expect(sidebarLinks()).toEqual([
      { name: 'Teacher Dashboard', href: p.teacherDashboard },
      { name: 'Profile', href: p.profile },
      { name: 'My Voice', href: p.myVoice },
      { name: 'Class Management', href: p.classManagement },
      { name: 'Student Progress', href: p.studentProgressList },
      { name: 'Class Analytics', href: p.classAnalytics },
      { name: 'Create Assignment', href: p.createAssignment },
      { name: 'Grade Assignments', href: p.gradeAssignments },
      { name: 'Class Calendar', href: p.classCalendar },
      { name: 'Student Reports', href: p.studentReports },
      { name: 'Premade Stories', href: p.premadeStories },
      { name: 'Reading Practice', href: p.fluency },
      { name: 'Learning Hub', href: p.learn },
      { name: 'Rewards', href: p.rewards },
    ]);
    expect(within(nav).queryByRole('link', { name: 'My Classroom' })).not.toBeInTheDocument();
    // Reading Screening is a reader's own (the server refuses a teacher, ADR 0049): no Assess group yet.
    expect(within(nav).queryByRole('link', { name: 'Reading Screening' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('list', { name: 'Assess' })).not.toBeInTheDocument();
    // Nothing of the teacher's menu is being built any more.
    expect(within(nav).queryByText(/being built/)).not.toBeInTheDocument();
  });

  it('says more is being built only while a screen of the menu is not built (every role’s is, 29 Nov 2026)', () => {
    for (const userType of ['student', 'guardian', 'other', 'teacher'] as const) {
      const me = meFixture({ userType });
      expect(menuStillBeingBuilt(me), userType).toBe(false);
      // The same menu with its first screen not built yet says so.
      const first = ALL_GROUPS[menuKindFor(me)][0]!.items[0]!.path;
      expect(
        menuStillBeingBuilt(me, (path) => path !== first),
        `${userType} without ${first}`,
      ).toBe(true);
      renderShell(me);
      const nav = screen.getByRole('navigation', { name: SIDEBAR_NAV_LABEL });
      expect(within(nav).queryByText(/being built/), userType).not.toBeInTheDocument();
      cleanup();
    }
  });

  it("a guardian gets Home, Profile, the reading screens to share with their child, and the child's Progress Reports", () => {
    renderShell(meFixture({ userType: 'guardian' }));
    expect(sidebarLinks()).toEqual([
      { name: 'Home Dashboard', href: p.home },
      { name: 'Profile', href: p.profile },
      { name: 'My Voice', href: p.myVoice },
      { name: 'Premade Stories', href: p.premadeStories },
      { name: 'Reading Practice', href: p.fluency },
      { name: 'Learning Hub', href: p.learn },
      { name: 'Progress Reports', href: p.reports },
      { name: 'Reading Goals', href: p.goals },
      { name: 'Rewards', href: p.rewards },
    ]);
  });

  it('a reader of type other takes the screening and the assessment from the Assess group', () => {
    renderShell(meFixture({ userType: 'other' }));
    const nav = screen.getByRole('navigation', { name: SIDEBAR_NAV_LABEL });
    const assess = within(nav).getByRole('list', { name: 'Assess' });
    expect(
      within(assess)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Reading Screening', 'Reading Assessment']);
  });

  it('the teacher role wins over a student user_type, and such a teacher reaches My Classroom (ADR 0046)', async () => {
    const user = userEvent.setup();
    const { router } = renderShell(meFixture({ userType: 'student', roles: ['student', 'teacher'] }));
    const nav = screen.getByRole('navigation', { name: SIDEBAR_NAV_LABEL });
    expect(within(nav).queryByRole('list', { name: 'Navigation' })).not.toBeInTheDocument();
    // The teacher's menu, with My Classroom (the classes they are in as a reader) after Teacher Dashboard.
    const dashboard = within(nav).getByRole('list', { name: 'Dashboard' });
    expect(
      within(dashboard)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Teacher Dashboard', 'My Classroom', 'Profile', 'My Voice']);
    // Every classroom screen of a teacher, as for any teacher.
    expect(
      within(within(nav).getByRole('list', { name: 'Classroom' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      p.classManagement,
      p.studentProgressList,
      p.classAnalytics,
      p.createAssignment,
      p.gradeAssignments,
      p.classCalendar,
      p.studentReports,
    ]);
    // A reader's profile may take a screening (the server asks the profile type), so it is not left out.
    expect(
      within(within(nav).getByRole('list', { name: 'Assess' })).getByRole('link', {
        name: 'Reading Screening',
      }),
    ).toHaveAttribute('href', p.screening);
    // None of the student's own menu besides.
    expect(within(nav).queryByRole('link', { name: 'Home Dashboard' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'My Classroom' }));
    expect(router.state.location.pathname).toBe(p.studentClassroom);
    expect(await screen.findByRole('heading', { name: `Page ${p.studentClassroom}` })).toBeInTheDocument();
  });

  it('a plain teacher and a plain student keep §2.4’s lists: My Classroom only for the student', () => {
    renderShell(meFixture({ userType: 'teacher', roles: ['teacher'] }));
    expect(sidebarLinks().map((l) => l.href)).not.toContain(p.studentClassroom);
    cleanup();
    renderShell(meFixture({ userType: 'student', roles: ['student'] }));
    const hrefs = sidebarLinks().map((l) => l.href);
    expect(hrefs).toContain(p.studentClassroom);
    expect(hrefs).not.toContain(p.teacherDashboard);
  });

  it('every link the spec lists for a role is in that role’s menu (§2.4)', () => {
    const menuPaths = (kind: keyof typeof ALL_GROUPS) =>
      new Set(ALL_GROUPS[kind].flatMap((group) => group.items.map((item) => item.path)));
    const spec = {
      student: [
        p.home,
        p.studentClassroom,
        p.aiTutor,
        p.create,
        p.stories,
        p.premadeStories,
        p.import,
        p.learn,
        p.fluency,
        p.screening,
        p.assessment,
        p.avatarShop,
        p.tokens,
        p.rewards,
      ],
      teacher: [
        p.teacherDashboard,
        p.classManagement,
        p.studentProgressList,
        p.classAnalytics,
        p.createAssignment,
        p.gradeAssignments,
        p.classCalendar,
        p.studentReports,
      ],
      guardian: [p.home, p.reports, p.goals],
    } as const;
    for (const [kind, paths] of Object.entries(spec) as [keyof typeof spec, readonly string[]][]) {
      const menu = menuPaths(kind);
      for (const path of paths) expect(menu.has(path), `${kind} ${path}`).toBe(true);
    }
    // §2.4 groups: students main/Learn/Rewards; teachers Dashboard/Classroom/Learn/Assess/Rewards.
    expect(ALL_GROUPS.student.map((g) => g.title)).toEqual(['Navigation', 'Learn', 'Rewards']);
    expect(ALL_GROUPS.teacher.map((g) => g.title)).toEqual([
      'Dashboard',
      'Classroom',
      'Learn',
      'Assess',
      'Rewards',
    ]);
    expect(ALL_GROUPS.guardian.map((g) => g.title)).toEqual(['Navigation', 'Learn', 'Assess', 'Rewards']);
    expect(ALL_GROUPS.other.map((g) => g.title)).toEqual(['Navigation', 'Learn', 'Assess', 'Rewards']);
  });
});

describe('sidebar width (spec §4.10, §5)', () => {
  const separator = () => screen.getByRole('separator', { name: RESIZE_LABEL });
  const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar navigation' });

  it('is 288 px by default', () => {
    renderShell(meFixture());
    expect(separator()).toHaveAttribute('aria-valuenow', '288');
    expect(separator()).toHaveAttribute('aria-valuemin', '200');
    expect(separator()).toHaveAttribute('aria-valuemax', '480');
    expect(sidebar()).toHaveStyle({ width: '288px' });
  });

  it('arrow keys on the separator resize it, clamped to 200–480, and the width is saved', async () => {
    const user = userEvent.setup();
    renderShell(meFixture());
    await user.tab(); // skip link
    separator().focus();
    expect(separator()).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(separator()).toHaveAttribute('aria-valuenow', '304');
    expect(sidebar()).toHaveStyle({ width: '304px' });
    expect(window.localStorage.getItem(SIDEBAR_WIDTH_KEY)).toBe('304');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(separator()).toHaveAttribute('aria-valuenow', '272');
    await user.keyboard('{End}');
    expect(separator()).toHaveAttribute('aria-valuenow', '480');
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(separator()).toHaveAttribute('aria-valuenow', '480');
    expect(window.localStorage.getItem(SIDEBAR_WIDTH_KEY)).toBe('480');
    await user.keyboard('{Home}');
    expect(separator()).toHaveAttribute('aria-valuenow', '200');
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(separator()).toHaveAttribute('aria-valuenow', '200');
    expect(window.localStorage.getItem(SIDEBAR_WIDTH_KEY)).toBe('200');
  });

  it('one press on a preset width resizes it, without dragging (WCAG 2.5.7, issue 17)', async () => {
    const user = userEvent.setup();
    renderShell(meFixture());
    const presets = screen.getByRole('group', { name: WIDTH_PRESETS_LABEL });
    expect(within(presets).getByRole('button', { name: 'Standard' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(presets).getByRole('button', { name: 'Wide' }));
    expect(sidebar()).toHaveStyle({ width: '384px' });
    expect(separator()).toHaveAttribute('aria-valuenow', '384');
    expect(window.localStorage.getItem(SIDEBAR_WIDTH_KEY)).toBe('384');
    expect(within(presets).getByRole('button', { name: 'Wide' })).toHaveAttribute('aria-pressed', 'true');
    // Tab and Enter alone reach and press them too.
    within(presets).getByRole('button', { name: 'Wide' }).focus();
    await user.tab({ shift: true });
    expect(within(presets).getByRole('button', { name: 'Standard' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(sidebar()).toHaveStyle({ width: '200px' });
  });

  it('dragging the separator resizes it within bounds', () => {
    renderShell(meFixture());
    fireEvent.pointerDown(separator(), { pointerId: 1, clientX: 288 });
    fireEvent.pointerMove(separator(), { pointerId: 1, clientX: 338 });
    expect(separator()).toHaveAttribute('aria-valuenow', '338');
    fireEvent.pointerMove(separator(), { pointerId: 1, clientX: 2000 });
    expect(separator()).toHaveAttribute('aria-valuenow', '480');
    fireEvent.pointerMove(separator(), { pointerId: 1, clientX: -500 });
    expect(separator()).toHaveAttribute('aria-valuenow', '200');
    fireEvent.pointerUp(separator(), { pointerId: 1, clientX: -500 });
    // After release, moving the pointer no longer resizes.
    fireEvent.pointerMove(separator(), { pointerId: 1, clientX: 400 });
    expect(separator()).toHaveAttribute('aria-valuenow', '200');
    expect(window.localStorage.getItem(SIDEBAR_WIDTH_KEY)).toBe('200');
  });

  it.each([
    ['350', 350],
    ['200', 200],
    ['480', 480],
    ['9999', 288],
    ['199', 288],
    ['481', 288],
    ['abc', 288],
    ['', 288],
    ['-300', 288],
  ])('a stored width of %j is restored as %i', (stored, expected) => {
    window.localStorage.setItem(SIDEBAR_WIDTH_KEY, stored);
    renderShell(meFixture());
    expect(separator()).toHaveAttribute('aria-valuenow', String(expected));
    expect(sidebar()).toHaveStyle({ width: `${expected}px` });
  });

  it('publishes its width on the root element for the caption strip, and clears it when gone (issue 11)', async () => {
    const user = userEvent.setup();
    const root = () => document.documentElement.style.getPropertyValue(SIDEBAR_WIDTH_PROPERTY);
    const { unmount } = render(<Sidebar me={undefined} width={288} onWidthChange={() => {}} />);
    expect(root()).toBe('');
    unmount();
    renderShell(meFixture());
    expect(root()).toBe('288px');
    separator().focus();
    await user.keyboard('{ArrowRight}');
    expect(root()).toBe('304px');
    cleanup();
    expect(root()).toBe('');
  });

  it('a width changed in one visit is there in the next', async () => {
    const user = userEvent.setup();
    renderShell(meFixture());
    separator().focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(separator()).toHaveAttribute('aria-valuenow', '320');
    // A later visit (remount) restores it.
    document.body.innerHTML = '';
    renderShell(meFixture());
    expect(separator()).toHaveAttribute('aria-valuenow', '320');
  });
});

describe('below 768 px: the sidebar overlay (spec §2.4, §9)', () => {
  beforeEach(() => setViewport(true));

  it('has no desktop sidebar; the menu button opens the overlay with the links', async () => {
    const user = userEvent.setup();
    renderShell(meFixture());
    expect(screen.queryByRole('separator', { name: RESIZE_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: SIDEBAR_NAV_LABEL })).not.toBeInTheDocument();
    // nothing for the caption strip to make room for
    expect(document.documentElement.style.getPropertyValue(SIDEBAR_WIDTH_PROPERTY)).toBe('');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('navigation', { name: SIDEBAR_NAV_LABEL })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Premade Stories' })).toHaveAttribute(
      'href',
      p.premadeStories,
    );
  });

  it('About Us and Sign Out live in the menu, keeping the phone header small (issue 17, item 15)', async () => {
    const user = userEvent.setup();
    renderShell(meFixture());
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'About Us' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Sign Out' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(within(dialog).getByRole('button', { name: 'Sign Out' })).toBeEnabled();
  });

  it('Escape closes it and focus returns to the menu button', async () => {
    const user = userEvent.setup();
    renderShell(meFixture());
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    await screen.findByRole('dialog', { name: 'Menu' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it('a press on the backdrop closes it', async () => {
    const user = userEvent.setup();
    renderShell(meFixture());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    // The backdrop has no role: it is the overlay element around the dialog's modal.
    const backdrop = dialog.parentElement?.parentElement;
    expect(backdrop).toBeTruthy();
    expect(backdrop?.contains(dialog)).toBe(true);
    await user.click(backdrop!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it("'Close menu' and following a link close it", async () => {
    const user = userEvent.setup();
    const { router } = renderShell(meFixture());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Saved Stories' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(p.stories));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps focus inside while open (Tab and Shift+Tab wrap)', async () => {
    const user = userEvent.setup();
    renderShell(meFixture());
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const stops = within(dialog).getAllByRole('link').length + 1; // links + 'Close menu'
    for (let i = 0; i < stops * 2 + 1; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < stops + 1; i += 1) {
      await user.tab({ shift: true });
      expect(dialog.contains(document.activeElement), `Shift+Tab ${i + 1}`).toBe(true);
    }
    // The page behind is hidden from assistive technology while the overlay is open.
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    await act(async () => {});
  });
});

describe('without a user (spec §2.4)', () => {
  it('the sidebar and the overlay render nothing', () => {
    const { container } = render(
      <>
        <Sidebar me={null} width={288} onWidthChange={() => {}} />
        <MobileSidebar me={undefined} isOpen onOpenChange={() => {}} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
