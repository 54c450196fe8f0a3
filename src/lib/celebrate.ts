import type { SpeakRequest } from '#machines/audio-queue.machine.ts';
import type { Achievement } from '#core/api/reading-sessions.ts';
import type { CompletedChallenge } from '#core/api/rewards.ts';
import { challengeDoneLine } from '#core/challenges/challenge-messages.ts';
import { showToast } from '../ui/toast-store.ts';

/** What an activity earned: a saved reading, a letter found (core/api). */
export interface Earned {
  newAchievements: readonly Achievement[];
  completedChallenges: readonly CompletedChallenge[];
}

/**
 * Shows 'Achievement Unlocked!' (spec §4.5) for the achievements an activity earned (a reading, a letter found), one toast at a time
 * (§9), which the audio queue says with its fanfare; then says, waiting their turn behind it (priority 0,
 * so nothing already waiting is replaced), the daily challenges it completed (spec §4.4) and the further
 * achievements.
 * @param speak the audio queue's speak
 */
export function celebrate(response: Earned, speak: (request: SpeakRequest) => void): void {
  const [first, ...more] = response.newAchievements;
  if (first) {
    showToast({
      title: 'Achievement Unlocked!',
      description: `${first.achievement_name}: ${first.description}`,
      variant: 'default',
      ...(more.length > 0 ? { details: more.map((a) => `${a.achievement_name}: ${a.description}`) } : {}),
    });
  }
  for (const done of response.completedChallenges)
    speak({ text: challengeDoneLine(done.name, done.reward_tokens), type: 'toast', priority: 0 });
  for (const achievement of more) {
    speak({
      text: `Achievement Unlocked! ${achievement.achievement_name}: ${achievement.description}`,
      type: 'achievement',
      priority: 0,
    });
  }
}
