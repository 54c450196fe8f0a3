/**
 * Account services: the profile and roles made at sign-up, the signed-in user's own data, onboarding and
 * assessment eligibility (spec §3, §4.2, §6, §7.4). Secure role management (§7.5) is roles.service.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { readingStreak, STREAK_WINDOW_DAYS } from '#core/reading/streak.ts';
import type { EligibilityResponse, OnboardingRequest, Profile, ProfileUpdate } from '#core/api/account.ts';
import type { Database } from '../../db/client.ts';
import { asSystem, asUser } from '../../db/rls.ts';
import { profiles, readingSessions, userRoles, users, type ROLES } from '../../db/schema.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { SignUpRequest } from '#core/api/account.ts';

type Role = (typeof ROLES)[number];
type ProfileRow = typeof profiles.$inferSelect;

/** A profile row in the API's snake_case shape (spec §3). */
export function toProfile(row: ProfileRow): Profile {
  return {
    user_id: row.userId,
    user_type: row.userType as Profile['user_type'],
    display_name: row.displayName,
    age: row.age,
    grade: row.grade,
    gender: row.gender,
    pets_name: row.petsName,
    avatar_url: row.avatarUrl,
    tokens: row.tokens,
    onboarding_completed: row.onboardingCompleted,
    assessment_completed: row.assessmentCompleted,
    lexile_level: row.lexileLevel,
    estimated_lexile_range: row.estimatedLexileRange,
    last_assessment_wcpm: row.lastAssessmentWpm,
    last_assessment_accuracy: row.lastAssessmentAccuracy,
    reading_level: row.readingLevel,
    time_zone: row.timeZone,
    avatar_outfit: (row.avatarOutfit ?? {}) as Profile['avatar_outfit'],
  };
}

/**
 * After sign-up: the profile from the sign-up metadata, a user_roles row for the chosen role (spec §3;
 * 'other' has no role of its own), and the owner role for an address in ADMIN_EMAILS or the account made
 * with the set-up link (`owner`; server/auth/owner-setup.ts). A sign-up never makes an owner otherwise:
 * "the first account becomes the owner" let simultaneous sign-ups make several owners, and whoever
 * reached a new server first its owner (issue #14 item 8). Idempotent: a second call changes nothing.
 */
export async function createAccountRecords(
  db: Database,
  input: {
    userId: string;
    email: string;
    data: SignUpRequest['data'];
    adminEmails: string[];
    /** Whether this account is the owner made with the set-up link. */
    owner?: boolean;
  },
): Promise<void> {
  const { userId, email, data, adminEmails, owner = false } = input;
  await asSystem(db, async (tx) => {
    const inserted = await tx
      .insert(profiles)
      .values({
        userId,
        userType: data.user_type,
        displayName: data.display_name,
        age: data.age ?? null,
        grade: data.grade ?? null,
        gender: data.gender ?? null,
        petsName: data.pets_name ?? null,
      })
      .onConflictDoNothing()
      .returning({ userId: profiles.userId });
    if (inserted.length === 0) return;
    const roles: Role[] = [];
    if (data.user_type !== 'other') roles.push(data.user_type);
    if (owner || adminEmails.includes(email.toLowerCase())) roles.push('owner');
    for (const role of roles) {
      await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    }
  });
}

/** The user id of an e-mail address, if an account exists. */
export async function findUserIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row?.id;
}

/**
 * The signed-in user's profile, roles, whether they have any reading session (for §4.2) and their
 * streak (§4.6), in one query (this answers GET /api/me, the app's most frequent call).
 */
export async function getOwnAccount(db: Database, userId: string) {
  const now = new Date();
  const since = new Date(now.getTime() - (STREAK_WINDOW_DAYS + 1) * 86_400_000);
  return asUser(db, userId, async (tx) => {
    const [row] = await tx
      .select({
        profile: profiles,
        roles: sql<
          Role[]
        >`coalesce((select json_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${userId}), '[]'::json)`,
        hasReadingSessions: sql<boolean>`exists (select 1 from ${readingSessions} where ${readingSessions.userId} = ${userId})`,
        recent: sql<
          string[]
        >`coalesce((select json_agg(${readingSessions.createdAt}) from ${readingSessions} where ${readingSessions.userId} = ${userId} and ${readingSessions.createdAt} >= ${since.toISOString()}), '[]'::json)`,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    // Every account made through POST /api/signup has a profile; one made otherwise (e.g. social sign-in)
    // may not, and then has no reading sessions either.
    if (!row) {
      const roles = await tx
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(eq(userRoles.userId, userId));
      return { profile: null, roles: roles.map((r) => r.role as Role), hasReadingSessions: false, streak: 0 };
    }
    return {
      profile: toProfile(row.profile),
      roles: row.roles,
      hasReadingSessions: Boolean(row.hasReadingSessions),
      streak: readingStreak(
        row.recent.map((at) => new Date(at)),
        now,
      ),
    };
  });
}

/** Change the user's own profile fields. Returns null when the user has no profile. */
export async function updateOwnProfile(
  db: Database,
  userId: string,
  patch: ProfileUpdate,
): Promise<Profile | null> {
  return asUser(db, userId, async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({
        ...(patch.display_name !== undefined && { displayName: patch.display_name }),
        ...(patch.age !== undefined && { age: patch.age }),
        ...(patch.grade !== undefined && { grade: patch.grade }),
        ...(patch.gender !== undefined && { gender: patch.gender }),
        ...(patch.pets_name !== undefined && { petsName: patch.pets_name || null }),
        ...(patch.avatar_url !== undefined && { avatarUrl: patch.avatar_url || null }),
        ...(patch.time_zone !== undefined && { timeZone: patch.time_zone }),
        updatedAt: new Date(),
      })
      .where(eq(profiles.userId, userId))
      .returning();
    return row ? toProfile(row) : null;
  });
}

/** Save what onboarding collected and mark it completed. Returns null when the user has no profile. */
export async function completeOnboarding(
  db: Database,
  userId: string,
  input: OnboardingRequest,
): Promise<Profile | null> {
  return asUser(db, userId, async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({
        ...(input.display_name !== undefined && { displayName: input.display_name }),
        ...(input.age !== undefined && { age: input.age }),
        ...(input.grade !== undefined && { grade: input.grade }),
        ...(input.pets_name !== undefined && { petsName: input.pets_name || null }),
        onboardingCompleted: true,
        updatedAt: new Date(),
      })
      .where(eq(profiles.userId, userId))
      .returning();
    return row ? toProfile(row) : null;
  });
}

/**
 * Whether the Reading Assessment exists. It does (docs/decisions/0038-reading-assessment.md), so the route guard
 * (spec §4.2 step 4) follows the database's answer. While it did not, nobody was eligible: the guard would have
 * sent every new reader to a screen that was not built (docs/decisions/0008-assessment-eligibility-until-built.md).
 * `checkEligibility` still takes it as a parameter, for tests of the switched-off answer.
 */
export const ASSESSMENT_AVAILABLE = true;

/**
 * check_assessment_eligibility (spec §7.4; its reasons: core/api/assessment.ts
 * ASSESSMENT_ELIGIBILITY_REASONS) for the signed-in user, run as that user. `{ eligible: false, reason:
 * 'assessment_not_available' }` instead of `eligible` when `assessmentAvailable` is false.
 * @throws Error when the database answers nothing
 */
export async function checkEligibility(
  db: Database,
  userId: string,
  assessmentAvailable = ASSESSMENT_AVAILABLE,
): Promise<EligibilityResponse> {
  const rows = await asUser(db, userId, (tx) =>
    queryRows<{ result: EligibilityResponse }>(
      tx,
      sql`select check_assessment_eligibility(${userId}) as result`,
    ),
  );
  const result = rows[0]?.result;
  if (!result) throw new Error('Failed to check assessment eligibility');
  if (result.eligible && !assessmentAvailable) return { eligible: false, reason: 'assessment_not_available' };
  return { eligible: Boolean(result.eligible), reason: String(result.reason) };
}
