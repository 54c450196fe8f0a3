import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountAnnouncer } from '#a11y/announcer.ts';
import { ME_QUERY_KEY } from '../lib/api/me.ts';
import { renderRoute } from '../test/render-route.tsx';
import { TestProviders } from '../test/providers.tsx';
import { signUpPath } from './paths.ts';
import { AppRoutes } from './router.tsx';

describe('public routes', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    Element.prototype.scrollIntoView ??= () => {};
    mountAnnouncer();
  });
  afterEach(() => vi.restoreAllMocks());

  it('the landing page has every section of spec §2.1 as a named region', async () => {
    renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Help children learn to read' }),
    ).toBeInTheDocument();
    for (const name of [
      'Why Sparky Reads exists',
      'Features',
      'How It Works',
      'For families, classrooms and young readers',
      'Ready to read with Sparky?',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    const features = screen.getByRole('region', { name: 'Features' });
    expect(within(features).getAllByRole('listitem')).toHaveLength(12);
    const steps = within(screen.getByRole('region', { name: 'How It Works' })).getAllByRole('heading', {
      level: 3,
    });
    expect(steps.map((step) => step.textContent)).toEqual([
      'Step 1: Sign Up',
      'Step 2: Take Screening',
      'Step 3: Practice Daily',
      'Step 4: Track Progress',
    ]);
  });

  it('every sign-up button leads to /login?mode=signup', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1 });
    for (const name of [
      'Start as Parent',
      'Start as Teacher',
      'Start Reading',
      'Start Free Today',
      'Sign Up',
    ]) {
      const links = screen.getAllByRole('link', { name });
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toHaveAttribute('href', signUpPath);
    }
    expect(signUpPath).toBe('/login?mode=signup');
  });

  it('after navigating, focus moves to the new main heading and the title is announced', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    await screen.findByRole('heading', { level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'About' }));
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'About Sparky Reads' },
      { timeout: 8000 },
    );
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('About · Sparky Reads');
    await waitFor(() =>
      expect(document.querySelector('[data-announcer="polite"]')).toHaveTextContent('About · Sparky Reads'),
    );
  });

  it('moving between the signed-out and signed-in frames moves focus to the new heading too', async () => {
    // Signed out: /home's guard (in the signed-in frame) sends the reader on to /login. Both moves
    // change the frame; focus used to stay on <body>, where a screen reader says nothing of the page.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(ME_QUERY_KEY, null);
    let navigate: NavigateFunction | undefined;
    function Navigator() {
      navigate = useNavigate();
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/about']}>
        <TestProviders queryClient={queryClient}>
          <Navigator />
          <AppRoutes />
        </TestProviders>
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { level: 1, name: 'About Sparky Reads' });
    act(() => void navigate?.('/home'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, { timeout: 8000 });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() =>
      expect(document.querySelector('[data-announcer="polite"]')).toHaveTextContent(document.title),
    );
  });

  it('a skip link comes first and moves focus to main', async () => {
    const user = userEvent.setup();
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1 });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
