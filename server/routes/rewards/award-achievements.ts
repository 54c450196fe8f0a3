/**
 * Awarding achievements (spec §4.5: each type at most once per user; the unique key on user and type
 * makes a second award a no-op, even from two requests at once). Shared by every activity that earns
 * them: a saved reading, a letter found, a word built.
 */
import type { Achievement } from '#core/api/reading-sessions.ts';
import { ACHIEVEMENTS, type AchievementType } from '#core/rewards/achievements.ts';
import type { Tx } from '../../db/rls.ts';
import { achievements } from '../../db/schema.ts';

/** An achievement row in the API's shape (core/api/reading-sessions.ts). */
export function toAchievement(row: typeof achievements.$inferSelect): Achievement {
  return {
    id: row.id,
    achievement_type: row.achievementType,
    achievement_name: row.achievementName,
    description: row.description,
    icon_name: row.iconName,
    earned_at: row.earnedAt.toISOString(),
  };
}

/**
 * Inserts each of `types` for the user unless already earned, in the caller's transaction (server
 * work: `asSystem`).
 * @returns the achievements earned now (those already earned are left out)
 */
export async function awardAchievements(
  tx: Tx,
  userId: string,
  types: readonly AchievementType[],
): Promise<Achievement[]> {
  const created: Achievement[] = [];
  for (const type of types) {
    const entry = ACHIEVEMENTS[type];
    const [inserted] = await tx
      .insert(achievements)
      .values({
        userId,
        achievementType: type,
        achievementName: entry.name,
        description: entry.description,
        iconName: entry.icon,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) created.push(toAchievement(inserted));
  }
  return created;
}
