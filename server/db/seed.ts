/**
 * Idempotent seed data: the Lexile norms of spec §9. Runs at every start; re-running changes nothing
 * unless the constants changed. Premade stories are seeded by server/stories (fluency practice issue).
 */
import { sql } from 'drizzle-orm';
import { GRADE_LEXILE_NORMS } from '#core/lexile/grade-norms.ts';
import type { Database } from './client.ts';
import { asSystem } from './rls.ts';
import { lexileNorms } from './schema.ts';

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
  });
}
