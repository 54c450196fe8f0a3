/**
 * The words of the Daily Challenges card (spec §2.5) and what Sparky says about it (spec §8 spoken
 * messages), in one place for the card, its statechart and the tests.
 */
import type { DailyChallenge } from '../api/rewards.ts';
import { challengeTask } from './daily-challenges.ts';

/** Spec §2.5 card texts. */
export const CHALLENGE_CARD_TEXT = {
  title: 'Daily Challenges',
  loading: 'Loading challenges...',
  none: 'No challenges available today.',
  noneHint: 'Check back tomorrow for new challenges!',
  allDone: 'All Challenges Complete!',
  allDoneHint: 'Amazing work! Come back tomorrow for new challenges.',
  failed: 'Unable to load your daily challenges right now.',
  retry: 'Try again',
} as const;

/** Spec §8 spoken messages about challenges. */
export const CHALLENGE_SPOKEN = {
  failed: 'Unable to load your daily challenges right now. Please check the rewards section later.',
  none: 'No daily challenges available today. Check back tomorrow for new challenges!',
} as const;

/** Spec §4.9: the load announcement comes 1.5 s after load, the daily challenges 3 s after that (ms). */
export const CHALLENGES_ANNOUNCE_DELAY_MS = 1500 + 3000;

/** "1 of 2 done": the completed/total badge (spec §2.5). */
export function completedBadge(challenges: readonly Pick<DailyChallenge, 'completed'>[]): string {
  return `${challenges.filter((c) => c.completed).length} of ${challenges.length} done`;
}

/** '+10 tokens', the badge of a completed challenge (spec §2.5). */
export function tokensBadge(tokens: number): string {
  return `+${tokens} tokens`;
}

/** What Sparky says about today's challenges once the card has loaded (spec §4.9). */
export function challengesSummary(challenges: readonly DailyChallenge[]): string {
  if (challenges.length === 0) return CHALLENGE_SPOKEN.none;
  const open = challenges.filter((c) => !c.completed);
  if (open.length === 0) return `${CHALLENGE_CARD_TEXT.allDone} ${CHALLENGE_CARD_TEXT.allDoneHint}`;
  const list = open
    .map((c) => `${c.challenge_data.name}: ${challengeTask(c.challenge_type, c.target_count).toLowerCase()}`)
    .join('. ');
  return `You have ${open.length} daily ${open.length === 1 ? 'challenge' : 'challenges'} to do. ${list}.`;
}

/** What Sparky says when a challenge is finished (and its tokens paid). */
export function challengeDoneLine(name: string, tokens: number): string {
  return `Challenge complete: ${name}! You earned ${tokens} tokens.`;
}
