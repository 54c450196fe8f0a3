/**
 * Idempotent seed data: the Lexile norms of spec §9 and the avatar shop's items (issue #13). Runs at every start; re-running changes nothing
 * unless the constants changed. Premade stories are seeded by server/stories (fluency practice issue).
 */
import { sql } from 'drizzle-orm';
import { GRADE_LEXILE_NORMS } from '#core/lexile/grade-norms.ts';
import { AVATAR_ITEMS } from '#core/rewards/avatar-items.ts';
import type { Database } from './client.ts';
import { asSystem } from './rls.ts';
import { avatarItems, lexileNorms } from './schema.ts';

/** Insert or refresh the reference rows. */
export async function seedDatabase(db: Database): Promise<void> {
  await asSystem(db, async (tx) => {
    await tx
      .insert(lexileNorms)
      .values(
        GRADE_LEXILE_NORMS.map((n) => ({
          grade: n.grade,
          minLexile: n.min,
          maxLexile: n.max,
          targetLexile: n.target,
          expectedWpm: n.expectedWpm,
        })),
      )
      .onConflictDoUpdate({
        target: lexileNorms.grade,
        set: {
          minLexile: sql`excluded.min_lexile`,
          maxLexile: sql`excluded.max_lexile`,
          targetLexile: sql`excluded.target_lexile`,
          expectedWpm: sql`excluded.expected_wpm`,
        },
      });
    // Items are added or repriced, never removed: a bought item stays bought.
    await tx
      .insert(avatarItems)
      .values(
        AVATAR_ITEMS.map((item) => ({ id: item.id, slot: item.slot, name: item.name, price: item.price })),
      )
      .onConflictDoUpdate({
        target: avatarItems.id,
        set: { slot: sql`excluded.slot`, name: sql`excluded.name`, price: sql`excluded.price` },
      });
  });
}
