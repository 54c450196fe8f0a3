/**
 * The tutor after reading (issue 12): the plan built from the signed-in reader's own readings. Every
 * query runs as that user (asUser), so row-level security keeps other readers' readings out as well
 * as the filters here.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { buildTutorPlan, TUTOR_READINGS, type TutorPlan, type TutorReading } from '#core/tutor/tutor-plan.ts';
import type { Database } from '../../db/client.ts';
import { asUser } from '../../db/rls.ts';
import { profiles, readingSessions, stories } from '../../db/schema.ts';
import { readerBand } from '../stories/stories.service.ts';

/** Per-word results as saved (the scorer's `words`), or null when the row has none usable. */
function wordsOf(saved: unknown): TutorReading['words'] {
  if (!saved || typeof saved !== 'object') return null;
  const words = (saved as { words?: unknown }).words ?? saved;
  if (!Array.isArray(words)) return null;
  return words.filter(
    (w): w is { text: string; status: string } =>
      !!w && typeof w === 'object' && typeof w.text === 'string' && typeof w.status === 'string',
  );
}

/**
 * The reader's tutor plan: from their latest {@link TUTOR_READINGS} readings (practice and
 * assessment, newest first), the library, and their reader band's Lexile (the profile's level, else
 * their grade's target; stories.service.ts `readerBand`).
 */
export async function tutorPlanFor(db: Database, userId: string): Promise<TutorPlan> {
  return asUser(db, userId, async (tx) => {
    const rows = await tx
      .select({
        storyId: readingSessions.storyId,
        storyTitle: readingSessions.storyTitle,
        accuracy: readingSessions.accuracyPercentage,
        wcpm: readingSessions.wordsPerMinute,
        wordResults: readingSessions.wordResults,
      })
      .from(readingSessions)
      .where(eq(readingSessions.userId, userId))
      .orderBy(desc(readingSessions.createdAt))
      .limit(TUTOR_READINGS);
    const [profile] = await tx
      .select({ lexileLevel: profiles.lexileLevel, grade: profiles.grade })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const library = await tx
      .select({ id: stories.id, title: stories.title, lexile: stories.lexile })
      .from(stories)
      // Retired stories (server/stories/seed.ts) are not offered.
      .where(and(isNull(stories.ownerId), isNull(stories.retiredAt)));
    const readings: TutorReading[] = rows.map((r) => ({
      storyId: r.storyId,
      storyTitle: r.storyTitle,
      accuracy: r.accuracy,
      wcpm: r.wcpm,
      words: wordsOf(r.wordResults),
    }));
    return buildTutorPlan(readings, library, readerBand(profile).lexile);
  });
}
