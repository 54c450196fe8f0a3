/**
 * What a game's find earns after it is kept (a letter found, ADR 0037; a word built, ADR 0039), run as server
 * work in its own transaction, like a saved reading's rewards.
 */
import { eq } from 'drizzle-orm';
import type { GameRewards } from '#core/api/reading-sessions.ts';
import { achievementsEarned, type ActivityFacts } from '#core/rewards/achievements.ts';
import type { Database } from '../../db/client.ts';
import { asSystem } from '../../db/rls.ts';
import { profiles } from '../../db/schema.ts';
import { tokensEarnedBy } from '../reading-sessions/reading-sessions.service.ts';
import { awardAchievements } from './award-achievements.ts';
import { payCompletedChallenges } from './daily-challenges.service.ts';

/**
 * Pays the reader's completed challenges not yet paid (once each, ADR 0016), then awards what `facts` earn
 * (spec §4.5) together with Token Collector if the payment reaches it, each at most once. Safe to run after
 * every find, counted or not: a payment or award lost between the find's transaction and this one (a crash)
 * is made by the next find.
 * @param facts - the activity, without `tokens` (read here, after the payment)
 */
export async function payAndAwardAfterFind(
  db: Database,
  userId: string,
  facts: Omit<ActivityFacts, 'tokens'>,
): Promise<GameRewards> {
  return asSystem(
    db,
    async (tx) => {
      const completedChallenges = await payCompletedChallenges(tx, userId);
      const earnedTypes = achievementsEarned({ ...facts, tokens: await tokensEarnedBy(tx, userId) });
      const newAchievements = await awardAchievements(tx, userId, earnedTypes);
      const [row] = await tx
        .select({ tokens: profiles.tokens })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return { completedChallenges, newAchievements, balance: row?.tokens ?? 0 };
    },
    userId,
  );
}
