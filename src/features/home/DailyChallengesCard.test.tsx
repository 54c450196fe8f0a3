/**
 * The Daily Challenges card, tier 3: every generated path of machines/daily-challenges.machine.ts is
 * replayed through the real card (the fake loader answers when the path says so; the clock is faked),
 * and each state is checked as a person sees it, by role and name.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DailyChallenge } from '#core/api/rewards.ts';
import { CHALLENGES_ANNOUNCE_DELAY_MS } from '#core/challenges/challenge-messages.ts';
import type { SpeakParams } from '#machines/daily-challenges.machine.ts';
import {
  ANNOUNCE_EVENT,
  SAMPLE_CHALLENGES,
  createDailyChallengesTestModel,
  sampleChallenge,
  type DailyChallengesSnapshot,
} from '#machines/daily-challenges.test-model.ts';
import { DAILY_CHALLENGES_QUERY_KEY } from '../../lib/api/rewards.ts';
import { DailyChallengesCard } from './DailyChallengesCard.tsx';

interface Pending {
  resolve: (value: DailyChallenge[]) => void;
  reject: (error: unknown) => void;
}

function renderCard() {
  const pending: Pending[] = [];
  const spoken: SpeakParams[] = [];
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DailyChallengesCard
          loadChallenges={() => new Promise((resolve, reject) => pending.push({ resolve, reject }))}
          speak={(p) => spoken.push(p)}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { pending, spoken, client };
}

const flush = () => act(async () => vi.advanceTimersByTimeAsync(0));

/** What a person sees in each state. */
function expectState(snapshot: DailyChallengesSnapshot) {
  const card = screen.getByRole('region', { name: 'Daily Challenges' });
  const { challenges } = snapshot.context;
  if (snapshot.matches('loading')) {
    expect(within(card).getByRole('status')).toHaveTextContent('Loading challenges...');
  } else {
    expect(within(card).queryByText('Loading challenges...')).not.toBeInTheDocument();
  }
  if (snapshot.matches('failed')) {
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Unable to load your daily challenges right now.',
    );
    expect(within(card).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    return;
  }
  if (snapshot.matches({ ready: 'none' })) {
    expect(within(card).getByText('No challenges available today.')).toBeInTheDocument();
    expect(within(card).getByText('Check back tomorrow for new challenges!')).toBeInTheDocument();
  }
  if (snapshot.matches({ ready: 'allComplete' })) {
    expect(within(card).getByText('All Challenges Complete!')).toBeInTheDocument();
    expect(
      within(card).getByText('Amazing work! Come back tomorrow for new challenges.'),
    ).toBeInTheDocument();
  } else {
    expect(within(card).queryByText('All Challenges Complete!')).not.toBeInTheDocument();
  }
  if ((snapshot.matches('ready') || snapshot.matches('refreshing')) && challenges.length > 0) {
    const done = challenges.filter((c) => c.completed).length;
    expect(within(card).getByText(`${done} of ${challenges.length} done`)).toBeInTheDocument();
    const items = within(within(card).getByRole('list', { name: "Today's challenges" })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(challenges.length);
    for (const c of challenges) {
      const bar = within(card).getByRole('progressbar', { name: `${c.challenge_data.name} progress` });
      const percent = Math.floor((c.current_count * 100) / c.target_count);
      expect(bar).toHaveAttribute('aria-valuenow', String(percent));
      expect(bar).toHaveAttribute('aria-valuetext', expect.stringContaining(`${percent}%`));
      if (c.completed)
        expect(
          within(card).getByText(new RegExp(`\\+${c.challenge_data.reward_tokens} tokens`)),
        ).toBeInTheDocument();
    }
  }
}

describe('DailyChallengesCard: the generated paths through the real card', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  const paths = createDailyChallengesTestModel().getShortestPaths();
  for (const path of paths) {
    it(path.description, async () => {
      const { pending, client } = renderCard();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await path.test({
        events: {
          'xstate.done.actor.loadChallenges': async ({ event }) => {
            pending.shift()!.resolve((event as unknown as { output: DailyChallenge[] }).output);
            await flush();
          },
          'xstate.error.actor.loadChallenges': async () => {
            pending.shift()!.reject(new Error('offline'));
            await flush();
          },
          'challenges.retry': async () => {
            await user.click(screen.getByRole('button', { name: 'Try again' }));
            await flush();
          },
          'challenges.refresh': async () => {
            // The app refreshes the card when fresh challenges arrive in the query cache.
            await act(async () => {
              client.setQueryData(DAILY_CHALLENGES_QUERY_KEY, {
                date: '2027-03-01',
                timeZone: 'UTC',
                challenges: [],
              });
            });
            await flush();
          },
          [ANNOUNCE_EVENT]: async () => {
            await act(async () => vi.advanceTimersByTimeAsync(CHALLENGES_ANNOUNCE_DELAY_MS));
          },
        },
        states: Object.fromEntries(
          ['loading', 'failed', 'ready.none', 'ready.inProgress', 'ready.allComplete', 'refreshing'].map(
            (key) => [key, (snapshot: DailyChallengesSnapshot) => expectState(snapshot)],
          ),
        ),
      });
    });
  }

  it('links Letter Learning to the letter game (spec §2.5: alphabet_letters → /alphabet)', async () => {
    const { pending } = renderCard();
    pending
      .shift()!
      .resolve([
        sampleChallenge('alphabet_letters', { current: 1, target: 3 }),
        sampleChallenge('read_stories', { current: 0, target: 1 }),
      ]);
    await flush();
    expect(screen.getByRole('link', { name: /Letter Learning/ })).toHaveAttribute('href', '/alphabet');
  });

  it('links each challenge by its type and says the summary after 4.5 s', async () => {
    const { pending, spoken } = renderCard();
    pending.shift()!.resolve(SAMPLE_CHALLENGES.oneDone);
    await flush();
    expect(screen.getByRole('link', { name: /Story Time/ })).toHaveAttribute('href', '/premade-stories');
    expect(screen.getByRole('link', { name: /Reading Marathon/ })).toHaveAttribute('href', '/fluency');
    await act(async () => vi.advanceTimersByTimeAsync(CHALLENGES_ANNOUNCE_DELAY_MS));
    expect(spoken).toEqual([
      { text: 'You have 1 daily challenge to do. Reading Marathon: read aloud for 12 minutes.', priority: 1 },
    ]);
  });
});
