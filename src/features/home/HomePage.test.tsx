import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '#core/api/account.ts';
import type { Goals } from '#core/api/goals.ts';
import type { ReaderAssignment } from '#core/api/assignments.ts';
import { MY_ASSIGNMENTS_QUERY_KEY } from '../../lib/api/classroom.ts';
import { AudioQueueContext, SILENT_AUDIO_QUEUE } from '../../app/audio/audio-context.ts';
import { GOALS_QUERY_KEY } from '../../lib/api/goals.ts';
import { ME_QUERY_KEY } from '../../lib/api/me.ts';
import { DAILY_CHALLENGES_QUERY_KEY } from '../../lib/api/rewards.ts';
import { meFixture } from '../../test/me-fixture.ts';
import { HOME_GUIDANCE } from './home.guidance.ts';
import { HomePage } from './HomePage.tsx';

function account(userType: 'student' | 'guardian'): MeResponse {
  return meFixture({ name: 'Ana', userType, profile: { pets_name: 'Rex' } });
}

function renderHome(
  me: MeResponse,
  goals: Goals = { mine: null, children: [] },
  assignments: ReaderAssignment[] = [],
) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(ME_QUERY_KEY, me);
  client.setQueryData(DAILY_CHALLENGES_QUERY_KEY, { date: '2027-03-01', timeZone: 'UTC', challenges: [] });
  client.setQueryData(GOALS_QUERY_KEY, goals);
  client.setQueryData(MY_ASSIGNMENTS_QUERY_KEY, { assignments });
  const setGuidance = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AudioQueueContext.Provider value={{ ...SILENT_AUDIO_QUEUE, setGuidance }}>
          <HomePage />
        </AudioQueueContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { setGuidance };
}

describe('HomePage', () => {
  it('offers a reader the working reading screens of their menu, and lists what is coming', () => {
    renderHome(account('student'));
    expect(screen.getByRole('heading', { level: 1, name: 'Home Dashboard' })).toBeInTheDocument();
    // The name in its own <bdi>, so a right-to-left name never turns the greeting around.
    expect(screen.getByText('Ana', { selector: 'bdi' }).closest('p')).toHaveTextContent(/^Hi, Ana!$/);
    expect(screen.getByRole('link', { name: 'Read a story aloud and see how you did' })).toHaveAttribute(
      'href',
      '/fluency',
    );
    expect(screen.getByRole('link', { name: /Pick a story from the library/ })).toHaveAttribute(
      'href',
      '/premade-stories',
    );
    // Practice first, then the library and the games; making and bringing in stories after them.
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links.slice(0, 4)).toEqual(['/fluency', '/assessment', '/premade-stories', '/learn']);
    expect(
      screen.getByRole('link', { name: 'Read to Sparky for one minute, so Sparky knows your level' }),
    ).toHaveAttribute('href', '/assessment');
    expect(screen.getByRole('link', { name: 'Play letter, word and sound games' })).toHaveAttribute(
      'href',
      '/learn',
    );
    expect(links.slice(4, 7)).toEqual(['/create', '/stories', '/import']);
    // After the menu's screens, the reader's own path (not in the menu, ADR 0052).
    expect(screen.getByRole('link', { name: 'See your learning path and your next step' })).toHaveAttribute(
      'href',
      '/my-learning-path',
    );
    expect(screen.getByText(/2nd grade, pet: Rex/)).toBeInTheDocument();
    // Nothing of a reader's menu is being built any more (Sound It Out came last, ADR 0043).
    expect(screen.queryByRole('region', { name: 'Being built' })).not.toBeInTheDocument();
    expect(screen.queryByText('A sound game, to sound out words')).not.toBeInTheDocument();
    // Something that works is not listed as being built.
    expect(screen.queryByText(/Reading stories aloud/)).not.toBeInTheDocument();
  });

  it('gives every link of What you can do now the picture of its screen, for a child who cannot read yet', () => {
    renderHome(account('student'));
    const card = screen.getByRole('region', { name: 'What you can do now' });
    const links = within(card).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) {
      const picture = link.querySelector('svg');
      expect(picture, link.textContent ?? '').not.toBeNull();
      // Decorative: the link is named by its words alone.
      expect(picture).toHaveAttribute('aria-hidden', 'true');
    }
    expect(screen.getByRole('link', { name: 'Read a story aloud and see how you did' })).toBeInTheDocument();
  });

  it('offers a guardian what is in the guardian menu, with what is coming for guardians', () => {
    renderHome(account('guardian'));
    // The guardian's Learn group has the library and practice, to read with their child.
    expect(screen.getByRole('link', { name: /Read a story aloud/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Look at and change your profile' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: "Follow your child's reading: stories, scores, letters, words and badges",
      }),
    ).toHaveAttribute('href', '/reports');
    expect(
      screen.getByRole('link', {
        name: 'Set a reading goal with your child: how many days a week to read aloud',
      }),
    ).toHaveAttribute('href', '/goals');
    // The learning path is a reader's own.
    expect(screen.queryByRole('link', { name: /learning path/ })).not.toBeInTheDocument();
    // Nothing of the guardian menu is being built any more: no such section.
    expect(screen.queryByRole('heading', { name: 'Being built' })).not.toBeInTheDocument();
  });

  it('shows a reader their reading goal, and Sparky says how the week is going', async () => {
    const { setGuidance } = renderHome(account('student'), {
      mine: {
        daysPerWeek: 4,
        daysReadThisWeek: 1,
        setBy: 'Mum',
        weekStart: '2027-03-01',
        updatedAt: '2027-03-01T08:00:00Z',
      },
      children: [],
    });
    expect(screen.getByRole('region', { name: 'Your reading goal' })).toBeInTheDocument();
    await waitFor(() =>
      expect(setGuidance).toHaveBeenLastCalledWith([
        HOME_GUIDANCE[0],
        'This week: 1 of 4 days. 3 to go! To read a story out loud to me, press Reading Practice.',
      ]),
    );
  });

  it('says the usual lines without a goal', async () => {
    const { setGuidance } = renderHome(account('student'));
    expect(screen.queryByRole('region', { name: 'Your reading goal' })).not.toBeInTheDocument();
    await waitFor(() => expect(setGuidance).toHaveBeenLastCalledWith([...HOME_GUIDANCE]));
  });

  it('shows and says the stories a teacher asked for, each once, with the button that opens Reading Practice (ADR 0047)', async () => {
    const asked = (id: string, storyId: string, title: string, done = false): ReaderAssignment => ({
      id,
      classId: '00000000-0000-4000-8000-0000000000c1',
      className: 'Room 4',
      teacherName: 'Ms Rivera',
      storyId,
      storyTitle: title,
      note: null,
      dueOn: null,
      assignedAt: '2027-03-01T09:00:00.000Z',
      done,
    });
    const moon = '00000000-0000-4000-8000-00000000000a';
    const { setGuidance } = renderHome(account('student'), undefined, [
      asked('00000000-0000-4000-8000-000000000001', moon, 'The Moon Says Goodnight'),
      // The same story set by another class: shown once.
      asked('00000000-0000-4000-8000-000000000002', moon, 'The Moon Says Goodnight'),
      asked(
        '00000000-0000-4000-8000-000000000003',
        '00000000-0000-4000-8000-00000000000b',
        'Pig in the Mud',
        true,
      ),
    ]);
    const card = screen.getByRole('region', { name: 'From your teacher' });
    expect(card).toHaveTextContent('Ms Rivera asked you to read The Moon Says Goodnight.');
    // What the teacher sees and hears, calmly (ADR 0048): a pre-reader lands here, not on My Classroom.
    expect(within(card).getByText('Your teacher can see and hear how you read these stories.')).toBeVisible();
    const links = within(card).getAllByRole('link', { name: /^Read .* aloud$/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Read The Moon Says Goodnight aloud');
    expect(links[0]).toHaveAttribute('href', `/fluency?storyId=${moon}`);
    expect(within(card).getByRole('link', { name: 'My Classroom' })).toHaveAttribute(
      'href',
      '/student-classroom',
    );
    expect(within(card).queryByText(/Pig in the Mud/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(setGuidance).toHaveBeenLastCalledWith([
        HOME_GUIDANCE[0],
        'Ms Rivera asked you to read The Moon Says Goodnight. Press Read The Moon Says Goodnight aloud. Your teacher can see and hear how you read these stories.',
      ]),
    );
  });

  it('shows no teacher card to a guardian, nor to a reader who has read every story asked for', () => {
    renderHome(account('guardian'), undefined, []);
    expect(screen.queryByRole('region', { name: 'From your teacher' })).not.toBeInTheDocument();
    cleanup();
    renderHome(account('student'), undefined, [
      {
        id: '00000000-0000-4000-8000-000000000003',
        classId: '00000000-0000-4000-8000-0000000000c1',
        className: 'Room 4',
        teacherName: 'Ms Rivera',
        storyId: '00000000-0000-4000-8000-00000000000b',
        storyTitle: 'Pig in the Mud',
        note: null,
        dueOn: null,
        assignedAt: '2027-03-01T09:00:00.000Z',
        done: true,
      },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Home Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'From your teacher' })).not.toBeInTheDocument();
  });
});
