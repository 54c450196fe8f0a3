/**
 * The database schema: the single source of truth for tables, and for the row-level-security
 * policies that keep each user's rows to that user (see docs/decisions/0001-server-and-database.md).
 *
 * Entities follow spec §3. Two NOLOGIN roles exist (created in migration 0000):
 * - `app_user`: every request on behalf of a signed-in user runs as this role, in a transaction with
 *   `app.user_id` set (server/db/rls.ts). Its policies match `user_id = app_current_user_id()`.
 * - `app_system`: trusted server work that is not a user's request (sign-up, seeding, jobs, awarding
 *   tokens). Its policies match every row.
 * Tables holding a user's data have ROW LEVEL SECURITY enabled and FORCED (migration 0002), so not even
 * the table owner reads them without a matching policy. Grants live in migration 0002.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgRole,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The role requests of signed-in users run as (created in migration 0000, not by drizzle-kit). */
export const appUser = pgRole('app_user').existing();
/** The role trusted server work runs as (created in migration 0000). */
export const appSystem = pgRole('app_system').existing();

/** SQL for "the row belongs to the user of this transaction". */
const isOwnRow = (column: string) => sql.raw(`${column} = app_current_user_id()`);

/** The two policies every per-user table has: the user's own rows, and every row for server work. */
function userDataPolicies(table: string, column = 'user_id') {
  return [
    pgPolicy(`${table}_own_rows`, {
      as: 'permissive',
      for: 'all',
      to: appUser,
      using: isOwnRow(column),
      withCheck: isOwnRow(column),
    }),
    pgPolicy(`${table}_system`, {
      as: 'permissive',
      for: 'all',
      to: appSystem,
      using: sql`true`,
      withCheck: sql`true`,
    }),
  ];
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Authentication (better-auth's core tables, written here because its CLI does not run on Node 20).
// Only the server (as table owner) touches them; app_user has no grant on them.
// ---------------------------------------------------------------------------------------------

export const users = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verifications = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Product tables (spec §3)
// ---------------------------------------------------------------------------------------------

/** Values of profiles.user_type (spec §3). */
export const USER_TYPES = ['student', 'teacher', 'guardian', 'other'] as const;
/** Values of user_roles.role (spec §3, §6). */
export const ROLES = ['owner', 'admin', 'teacher', 'student', 'guardian'] as const;
/** Values of profiles.grade (spec §3 options). */
export const GRADES = ['Pre-K', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
/** Values of profiles.gender (spec §3 options). */
export const GENDERS = ['girl', 'boy', 'other', 'prefer-not-to-say'] as const;

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * One row per user (spec §3 profiles). `tokens` changes only through award_tokens (earning, server work) and
 * buy_avatar_item (spending, as the buyer; a trigger refuses any raise made as app_user).
 */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    userType: text('user_type').notNull().default('student'),
    displayName: text('display_name').notNull(),
    age: integer('age'),
    grade: text('grade'),
    gender: text('gender'),
    petsName: text('pets_name'),
    avatarUrl: text('avatar_url'),
    tokens: integer('tokens').notNull().default(0),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    assessmentCompleted: boolean('assessment_completed').notNull().default(false),
    /** Lexile measure of the reader (spec §4.7, §9). */
    lexileLevel: integer('lexile_level'),
    /** Text like '500L - 650L' (spec §3: level − 50 to level + 100). */
    estimatedLexileRange: text('estimated_lexile_range'),
    /** Words correct per minute of the last assessment. */
    lastAssessmentWpm: real('last_assessment_wpm'),
    /** Percent, 0–100. */
    lastAssessmentAccuracy: real('last_assessment_accuracy'),
    /**
     * Until when the reader put the Reading Assessment off ("Not now", POST /api/assessment/defer): the route
     * guard does not send them to it before then (check_assessment_eligibility reason `deferred`; ADR 0038).
     */
    assessmentDeferredUntil: timestamp('assessment_deferred_until', { withTimezone: true }),
    readingLevel: text('reading_level'),
    /** IANA time zone of the reader's browser ("Europe/Paris"): whose "today" daily challenges use (§4.4). */
    timeZone: text('time_zone'),
    /** What the avatar wears: slot → id of an owned avatar item (core/rewards/avatar-items.ts). */
    avatarOutfit: jsonb('avatar_outfit').notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check('profiles_user_type_check', inList('user_type', USER_TYPES)),
    check('profiles_grade_check', sql`grade is null or ${inList('grade', GRADES)}`),
    check('profiles_gender_check', sql`gender is null or ${inList('gender', GENDERS)}`),
    check('profiles_age_check', sql`age is null or (age between 2 and 120)`),
    check('profiles_tokens_check', sql`tokens >= 0`),
    check('profiles_display_name_check', sql`length(display_name) between 1 and 80`),
    check('profiles_time_zone_check', sql`time_zone is null or length(time_zone) between 1 and 64`),
    ...userDataPolicies('profiles'),
  ],
).enableRLS();

/** Roles of a user (spec §3 user_roles, §6). Changed only by server work (secure role management). */
export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_roles_user_role_key').on(t.userId, t.role),
    check('user_roles_role_check', inList('role', ROLES)),
    ...userDataPolicies('user_roles'),
  ],
).enableRLS();

/** Daily challenges (spec §3, §4.4), unique per user, day and type (the upsert key of §7.3). */
export const dailyChallenges = pgTable(
  'daily_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeType: text('challenge_type').notNull(),
    challengeData: jsonb('challenge_data').notNull().default({}),
    targetCount: integer('target_count').notNull(),
    currentCount: integer('current_count').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    challengeDate: date('challenge_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('daily_challenges_user_date_type_key').on(t.userId, t.challengeDate, t.challengeType),
    check(
      'daily_challenges_counts_check',
      sql`target_count > 0 and current_count between 0 and target_count`,
    ),
    ...userDataPolicies('daily_challenges'),
  ],
).enableRLS();

/** Earned achievements (spec §3), at most one per type per user (spec §4.5). */
export const achievements = pgTable(
  'achievements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementType: text('achievement_type').notNull(),
    achievementName: text('achievement_name').notNull(),
    description: text('description').notNull(),
    iconName: text('icon_name'),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('achievements_user_type_key').on(t.userId, t.achievementType),
    ...userDataPolicies('achievements'),
  ],
).enableRLS();

/**
 * A user's audio settings (spec §3 "Audio settings", §9 defaults; issue 10): one row per user holding
 * the settings object of core/audio/settings.ts (read through `mergeAudioSettings`, so a row written by
 * an older version gains new fields at their defaults). No row means the defaults.
 */
export const audioSettings = pgTable(
  'audio_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').notNull(),
    updatedAt: updatedAt(),
  },
  () => [...userDataPolicies('audio_settings')],
).enableRLS();

/** Activity log that drives achievements (spec §3 progress_tracking, §4.5). */
export const progressTracking = pgTable(
  'progress_tracking',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    activityData: jsonb('activity_data').notNull().default({}),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('progress_tracking_user_completed_idx').on(t.userId, t.completedAt),
    ...userDataPolicies('progress_tracking'),
  ],
).enableRLS();

/** Stories: the premade library (owner_id null, seeded) and users' own saved stories. */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the premade library; the author's user id for a saved story. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Stable key of a premade story's content file, for idempotent seeding. */
    slug: text('slug').unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Grade band label, e.g. 'K', '1', '2-3'. */
    gradeBand: text('grade_band'),
    themes: text('themes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    decodable: boolean('decodable').notNull().default(false),
    lexile: integer('lexile'),
    wordCount: integer('word_count').notNull().default(0),
    /**
     * When a new release removed this library story's file while a Reading Screening that can still be resumed
     * listed it (server/stories/seed.ts, ADR 0049 amendment): it is no longer offered (library list, screening and
     * tutor picks, new assignments) but can still be opened by id, and is deleted once no such screening lists it.
     * Null for every other story.
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stories_owner_idx').on(t.ownerId),
    check('stories_title_check', sql`length(title) between 1 and 200`),
    check('stories_body_check', sql`length(body) between 1 and 20000`),
    pgPolicy('stories_read_library_or_own', {
      for: 'select',
      to: appUser,
      using: sql`owner_id is null or owner_id = app_current_user_id()`,
    }),
    pgPolicy('stories_write_own', {
      for: 'all',
      to: appUser,
      using: isOwnRow('owner_id'),
      withCheck: isOwnRow('owner_id'),
    }),
    pgPolicy('stories_system', { for: 'all', to: appSystem, using: sql`true`, withCheck: sql`true` }),
  ],
).enableRLS();

/** Scored read-aloud sessions (spec §3 reading_sessions). Scores may be null. */
export const readingSessions = pgTable(
  'reading_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    storyId: uuid('story_id').references(() => stories.id, { onDelete: 'set null' }),
    storyTitle: text('story_title').notNull(),
    /** 0–100. */
    fluencyScore: real('fluency_score'),
    /** Percent, 0–100. */
    accuracyPercentage: real('accuracy_percentage'),
    /** Words correct per minute. */
    wordsPerMinute: real('words_per_minute'),
    tokensAwarded: integer('tokens_awarded').notNull().default(0),
    /** 'practice' or 'assessment'. */
    mode: text('mode').notNull().default('practice'),
    /** Per-word results of the scoring engine (the contract of issue 4). */
    wordResults: jsonb('word_results'),
    /** Seconds from the first word's onset to the last word's end. */
    readingSeconds: real('reading_seconds'),
    /** Path of the kept recording under DATA_DIR, removed by the retention job. */
    audioPath: text('audio_path'),
    audioExpiresAt: timestamp('audio_expires_at', { withTimezone: true }),
    /** Client-chosen key that makes a retried upload save (and pay) once. */
    idempotencyKey: text('idempotency_key'),
    /**
     * The Reading Screening this reading is a passage of (docs/decisions/0049-reading-screening.md), or null; set
     * null when the screening is deleted (the reading stays the reader's).
     */
    screeningId: uuid('screening_id').references(() => screenings.id, { onDelete: 'set null' }),
    /**
     * Whether the reading was made for a Reading Screening (ADR 0049), counted or not (a reading stopped short is saved
     * without `screening_id`), and still after the screening is deleted: such a reading is not a Reading Assessment of
     * its own, and not work a teacher set (ADR 0048).
     */
    forScreening: boolean('for_screening').notNull().default(false),
  },
  (t) => [
    index('reading_sessions_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('reading_sessions_user_idempotency_key').on(t.userId, t.idempotencyKey),
    // A screening's passage is read once (two uploads of one passage at once save one reading), and this index
    // is also the one the foreign key's ON DELETE SET NULL and a screening's readings are looked up by.
    uniqueIndex('reading_sessions_screening_story_key').on(t.screeningId, t.storyId),
    check('reading_sessions_mode_check', sql`mode in ('practice', 'assessment')`),
    check('reading_sessions_screening_mode_check', sql`screening_id is null or mode = 'assessment'`),
    check('reading_sessions_for_screening_check', sql`screening_id is null or for_screening`),
    check(
      'reading_sessions_scores_check',
      sql`(fluency_score is null or fluency_score between 0 and 100) and (accuracy_percentage is null or accuracy_percentage between 0 and 100) and (words_per_minute is null or words_per_minute >= 0)`,
    ),
    ...userDataPolicies('reading_sessions'),
  ],
).enableRLS();

/** Every token award, so that the balance is explainable and an award with a key pays once. */
export const tokenLedger = pgTable(
  'token_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('token_ledger_user_idempotency_key').on(t.userId, t.idempotencyKey),
    // Earned (> 0) or spent (< 0), never nothing; one award or purchase at most 1000.
    check('token_ledger_amount_check', sql`amount <> 0 and amount between -1000 and 1000`),
    ...userDataPolicies('token_ledger'),
    // A user's own request may only record spending (a purchase, through buy_avatar_item); earning is
    // server work (award_tokens as app_system). Restrictive: it narrows the own-rows policy.
    pgPolicy('token_ledger_user_spends_only', {
      as: 'restrictive',
      for: 'insert',
      to: appUser,
      withCheck: sql`amount < 0`,
    }),
  ],
).enableRLS();

/**
 * The avatar shop's items (core/rewards/avatar-items.ts, seeded at start): reference data every user
 * reads. The purchase function takes prices from here, never from a request.
 */
export const avatarItems = pgTable(
  'avatar_items',
  {
    id: text('id').primaryKey(),
    slot: text('slot').notNull(),
    name: text('name').notNull(),
    /** Tokens. */
    price: integer('price').notNull(),
  },
  () => [
    check('avatar_items_slot_check', sql`slot in ('hat', 'glasses', 'colour', 'pet', 'background')`),
    check('avatar_items_price_check', sql`price between 1 and 1000`),
  ],
);

/**
 * Items a reader bought: one row per item (an owned item cannot be bought twice), one per purchase key
 * (a retried purchase spends once). Written only by buy_avatar_item, as the buyer (migration 0008_rewards_security.sql).
 */
export const avatarPurchases = pgTable(
  'avatar_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => avatarItems.id),
    /** Tokens paid. */
    price: integer('price').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('avatar_purchases_user_item_key').on(t.userId, t.itemId),
    uniqueIndex('avatar_purchases_user_idempotency_key').on(t.userId, t.idempotencyKey),
    check('avatar_purchases_price_check', sql`price between 1 and 1000`),
    ...userDataPolicies('avatar_purchases'),
  ],
).enableRLS();

// ---------------------------------------------------------------------------------------------
// Family links (docs/decisions/0041-family-links.md; payloads in core/api/family.ts)
// ---------------------------------------------------------------------------------------------

/** SQL for "the user of this transaction is one side of the link". */
const isEitherSide = sql`guardian_id = app_current_user_id() or child_id = app_current_user_id()`;

/**
 * A grown-up (a guardian account) following a reader: the guardian may read the reader's progress report
 * (GET /api/family/children/:childId/report) until either of them removes the link. Either side reads and
 * deletes its links as itself (app_user); links are made only by server work (app_system), when a guardian
 * redeems the reader's code in the transaction that consumes it (server/routes/family/family.service.ts):
 * app_user has no INSERT or UPDATE grant (migration 0010). Deleting either account deletes the link.
 */
export const guardianLinks = pgTable(
  'guardian_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guardianId: text('guardian_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: text('child_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guardian_links_guardian_child_key').on(t.guardianId, t.childId),
    index('guardian_links_child_idx').on(t.childId),
    check('guardian_links_not_self_check', sql`guardian_id <> child_id`),
    pgPolicy('guardian_links_either_side_reads', { for: 'select', to: appUser, using: isEitherSide }),
    pgPolicy('guardian_links_either_side_deletes', { for: 'delete', to: appUser, using: isEitherSide }),
    pgPolicy('guardian_links_system', { for: 'all', to: appSystem, using: sql`true`, withCheck: sql`true` }),
  ],
).enableRLS();

/**
 * A reader's one-time link code (POST /api/family/code): at most one per reader, a new one replacing the old.
 * Only the SHA-256 of the code is kept (the reader sees the code once); a redeemed code is deleted. The reader
 * manages their own row; a guardian never sees any row (redeeming is server work).
 */
export const linkCodes = pgTable(
  'link_codes',
  {
    childId: text('child_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the code's LINK_CODE_LENGTH digits (core/api/family.ts). */
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  () => [...userDataPolicies('link_codes', 'child_id')],
).enableRLS();

/**
 * A reader's reading goal (docs/decisions/0042-reading-goals.md): how many days a week (1–7) they aim to read
 * aloud, set by a guardian who follows them (ADR 0041). One row per reader. The reader reads their own row and
 * writes none; guardians' writes and reads are server work after the link is found (server/routes/goals/).
 * The goal belongs to the link of the guardian who set it last (migration 0012): `(set_by, child_id)` references
 * that guardian_links row and cascades, so the goal goes when the link goes, whoever ends it (either side, or
 * either account's deletion), and a goal can never be left with no guardian able to change or remove it.
 */
export const readingGoals = pgTable(
  'reading_goals',
  {
    childId: text('child_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    daysPerWeek: smallint('days_per_week').notNull(),
    /** The guardian who set or last changed it (their link to the reader holds the goal). */
    setBy: text('set_by').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // References guardian_links' unique index (guardian_id, child_id): PostgreSQL accepts a non-partial unique
    // index as a foreign key's target (docs, "Foreign Keys").
    foreignKey({
      name: 'reading_goals_link_fk',
      columns: [t.setBy, t.childId],
      foreignColumns: [guardianLinks.guardianId, guardianLinks.childId],
    }).onDelete('cascade'),
    check('reading_goals_days_check', sql`${t.daysPerWeek} between 1 and 7`),
    pgPolicy('reading_goals_own_row_reads', { for: 'select', to: appUser, using: isOwnRow('child_id') }),
    pgPolicy('reading_goals_system', { for: 'all', to: appSystem, using: sql`true`, withCheck: sql`true` }),
  ],
).enableRLS();

// ---------------------------------------------------------------------------------------------
// Classes (docs/decisions/0046-classes.md; payloads in core/api/classes.ts)
// ---------------------------------------------------------------------------------------------

/**
 * SQL for "the row of `table` belongs to one of the transaction user's classes" (policies of class_codes,
 * class_members). The row's class_id is named with its table: unqualified, it would mean classes' own column should
 * classes ever have one, and every policy using it would change meaning without a word.
 */
const isOwnClass = (table: 'class_codes' | 'class_members') =>
  sql.raw(
    `exists (select 1 from classes c where c.id = ${table}.class_id and c.teacher_id = app_current_user_id())`,
  );

/**
 * A teacher's class (ADR 0046): a name and an optional grade. The teacher reads, renames and deletes their own
 * classes as themselves (app_user: SELECT, DELETE, and UPDATE of name and grade only, migration 0013); a class is
 * made by server work after the teacher check and the MAX_CLASSES_PER_TEACHER bound (server/routes/classes/).
 * Readers never see this table as themselves: a reader's class names are read by server work naming the class ids
 * of the reader's own memberships. Its policies name no other table, so the policies of class_codes and
 * class_members may read it without a cycle ("infinite recursion detected in policy"). Deleting the teacher's
 * account deletes their classes; deleting a class deletes its code and its memberships, never a reader's rows.
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teacherId: text('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1–CLASS_NAME_MAX_CHARS (60) characters after ClassNameSchema's cleaning (core/api/classes.ts). */
    name: text('name').notNull(),
    /** Spec §3 grade option, or null for a mixed or unstated grade. */
    grade: text('grade'),
    createdAt: createdAt(),
  },
  (t) => [
    index('classes_teacher_idx').on(t.teacherId, t.createdAt),
    check('classes_name_check', sql`char_length(name) between 1 and 60`),
    check('classes_grade_check', sql`grade is null or ${inList('grade', GRADES)}`),
    pgPolicy('classes_teacher_reads', { for: 'select', to: appUser, using: isOwnRow('teacher_id') }),
    pgPolicy('classes_teacher_updates', {
      for: 'update',
      to: appUser,
      using: isOwnRow('teacher_id'),
      withCheck: isOwnRow('teacher_id'),
    }),
    pgPolicy('classes_teacher_deletes', { for: 'delete', to: appUser, using: isOwnRow('teacher_id') }),
    pgPolicy('classes_system', { for: 'all', to: appSystem, using: sql`true`, withCheck: sql`true` }),
  ],
).enableRLS();

/**
 * A class's live code (ADR 0046): at most one per class, a new one replacing the old; CLASS_CODE_LENGTH digits
 * kept in plain text (the teacher shows it on the board as often as they like), unique across all classes. Made by
 * server work after the class is found as its teacher; the teacher reads and deletes (turns joining off) their
 * classes' codes as themselves. A reader never sees a row: looking a code up is server work.
 */
export const classCodes = pgTable(
  'class_codes',
  {
    classId: uuid('class_id')
      .primaryKey()
      .references(() => classes.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  () => [
    check('class_codes_code_check', sql`code ~ '^[0-9]{6}$'`),
    pgPolicy('class_codes_teacher_reads', { for: 'select', to: appUser, using: isOwnClass('class_codes') }),
    pgPolicy('class_codes_teacher_deletes', { for: 'delete', to: appUser, using: isOwnClass('class_codes') }),
    pgPolicy('class_codes_system', { for: 'all', to: appSystem, using: sql`true`, withCheck: sql`true` }),
  ],
).enableRLS();

/**
 * A reader in a class (ADR 0046): made only by server work, in the transaction that checked the class code and the
 * bounds (MAX_CLASS_SIZE, MAX_CLASSES_PER_READER); app_user has no INSERT or UPDATE grant. The class's teacher reads
 * and deletes (removes a pupil) the memberships of their classes; the reader reads and deletes (leaves) their own.
 * Deleting the class or either account deletes it.
 */
export const classMembers = pgTable(
  'class_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('class_members_class_student_key').on(t.classId, t.studentId),
    index('class_members_student_idx').on(t.studentId),
    pgPolicy('class_members_teacher_reads', {
      for: 'select',
      to: appUser,
      using: isOwnClass('class_members'),
    }),
    pgPolicy('class_members_teacher_deletes', {
      for: 'delete',
      to: appUser,
      using: isOwnClass('class_members'),
    }),
    pgPolicy('class_members_reader_reads', { for: 'select', to: appUser, using: isOwnRow('student_id') }),
    pgPolicy('class_members_reader_deletes', { for: 'delete', to: appUser, using: isOwnRow('student_id') }),
    pgPolicy('class_members_system', { for: 'all', to: appSystem, using: sql`true`, withCheck: sql`true` }),
  ],
).enableRLS();

// ---------------------------------------------------------------------------------------------
// Assignments (docs/decisions/0047-assignments.md; payloads in core/api/assignments.ts)
// ---------------------------------------------------------------------------------------------

/**
 * A reading assignment (ADR 0047): a library story (stories.owner_id null) that one class of a teacher's is asked to
 * read aloud, with an optional note (ASSIGNMENT_NOTE_MAX_CHARS, 200) and due day. The teacher reads and deletes
 * their own as themselves (app_user: SELECT and DELETE, migration 0014); an assignment is made by server work after
 * the checks (the teacher's class, a library story, MAX_ASSIGNMENTS_PER_CLASS under the class's lock:
 * server/routes/assignments/). Readers never see this table as themselves: their list is read by server work naming
 * the class ids of their own memberships. Its policies name no other table. Deleting the class, the teacher's
 * account or the story deletes it; the readers' readings stay.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    teacherId: text('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    /** The note for the readers after AssignmentNoteSchema's cleaning, or null for none. */
    note: text('note'),
    /** The due day (YYYY-MM-DD), or null for none. */
    dueOn: date('due_on'),
    createdAt: createdAt(),
  },
  (t) => [
    index('assignments_class_idx').on(t.classId),
    index('assignments_teacher_created_idx').on(t.teacherId, t.createdAt),
    index('assignments_story_idx').on(t.storyId),
    check('assignments_note_check', sql`note is null or char_length(note) between 1 and 200`),
    pgPolicy('assignments_teacher_reads', { for: 'select', to: appUser, using: isOwnRow('teacher_id') }),
    pgPolicy('assignments_teacher_deletes', { for: 'delete', to: appUser, using: isOwnRow('teacher_id') }),
    pgPolicy('assignments_system', { for: 'all', to: appSystem, using: sql`true`, withCheck: sql`true` }),
  ],
).enableRLS();

// ---------------------------------------------------------------------------------------------
// Reading Screening (docs/decisions/0049-reading-screening.md; payloads in core/api/screening.ts)
// ---------------------------------------------------------------------------------------------

/** Grades that take the Reading Screening (core/screening/rules.ts screeningRefusal: 1–12). */
const SCREENING_GRADES = GRADES.filter((g) => g !== 'Pre-K' && g !== 'K');

/**
 * A reader's Reading Screening (ADR 0049): up to three one-minute readings of library stories (their reading
 * sessions point here with `screening_id`), the grade, norms season and school year it was started in, and once
 * complete the score (core/screening/rules.ts: the medians, DIBELS Next's accuracy) and the band against the
 * Hasbrouck & Tindal 50th percentile `p50` it was read against. The reader's own rows only (forced RLS, migration
 * 0015): the reader starts (INSERT), reads, completes (UPDATE of the score columns only) and deletes their own
 * screenings as themselves; the profile's assessment results that a complete screening sets stay server work.
 * Deleting the account deletes them; deleting one leaves its readings (their `screening_id` set null).
 */
export const screenings = pgTable(
  'screenings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When its last reading was saved, or null while unfinished. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The profile's grade when it was started, '1'–'12'. */
    grade: text('grade').notNull(),
    /** The norms' season it was started in (fall, winter, spring; core/screening/rules.ts screeningSeason). */
    season: text('season').notNull(),
    /** The school year it was started in, by its first year (2026 for 2026–27; schoolYearOf). */
    schoolYear: integer('school_year').notNull(),
    /** The passages (library story ids) in the order they are read: 1–3. */
    storyIds: uuid('story_ids').array().notNull(),
    /** Once complete: median words correct per minute, accuracy (percent, 0–100), median words correct, errors. */
    wpm: real('wpm'),
    accuracy: real('accuracy'),
    wordsCorrect: real('words_correct'),
    errors: real('errors'),
    /** Once complete: `below`, `expected` or `above` (screeningBand), and the 50th percentile it was read against. */
    band: text('band'),
    p50: real('p50'),
  },
  (t) => [
    index('screenings_user_created_idx').on(t.userId, t.createdAt),
    check('screenings_grade_check', inList('grade', SCREENING_GRADES)),
    check('screenings_season_check', inList('season', ['fall', 'winter', 'spring'])),
    check(
      'screenings_story_ids_check',
      sql`cardinality(story_ids) between 1 and 3 and array_ndims(story_ids) = 1 and array_position(story_ids, null) is null`,
    ),
    check('screenings_band_check', sql`band is null or ${inList('band', ['below', 'expected', 'above'])}`),
    // Unfinished: no score at all; complete: the whole score, each figure in its range.
    check(
      'screenings_score_check',
      sql`(completed_at is null and wpm is null and accuracy is null and words_correct is null and errors is null and band is null and p50 is null) or (completed_at is not null and wpm is not null and wpm >= 0 and accuracy is not null and accuracy between 0 and 100 and words_correct is not null and words_correct >= 0 and errors is not null and errors >= 0 and band is not null and p50 is not null and p50 > 0)`,
    ),
    ...userDataPolicies('screenings'),
  ],
).enableRLS();

/** Lexile norms per grade (spec §9): reference data, readable by every user. */
export const lexileNorms = pgTable('lexile_norms', {
  grade: text('grade').primaryKey(),
  minLexile: integer('min_lexile').notNull(),
  maxLexile: integer('max_lexile').notNull(),
  targetLexile: integer('target_lexile').notNull(),
  /** Expected words per minute for the grade (spec §9). */
  expectedWpm: integer('expected_wpm').notNull(),
});

/** Cache of passage Lexile measures (spec §3, §7.3): no user data. */
export const passageLexileScores = pgTable(
  'passage_lexile_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    passageText: text('passage_text').notNull(),
    calculatedLexile: integer('calculated_lexile').notNull(),
    wordCount: integer('word_count').notNull(),
    avgSentenceLength: real('avg_sentence_length').notNull(),
    complexityScore: real('complexity_score').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('passage_lexile_scores_passage_md5_key').on(sql`md5(${t.passageText})`)],
);

/** Mail that could not be sent over SMTP, or any mail when SMTP is not configured. Server only. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * Failed sign-in attempts per account (lowercased e-mail) and per device (server/auth/lockout.ts):
 * `device` is '' for every browser without a device cookie trusted for the account, or the SHA-256 of
 * a trusted browser's device cookie (OWASP "Slow down online guessing attacks with device cookies").
 * Server only. Rows whose window and lock have passed are pruned on every failure.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    email: text('email').notNull(),
    device: text('device').notNull().default(''),
    failures: integer('failures').notNull().default(0),
    firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.device] }),
    index('login_attempts_first_failure_idx').on(t.firstFailureAt),
  ],
);

/**
 * Browsers that have signed in to an account (lowercased e-mail) before: the SHA-256 of their device
 * cookie. Failures from other browsers cannot lock such a browser out. Server only; rows unused for
 * TRUSTED_DEVICE_DAYS are pruned.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    email: text('email').notNull(),
    device: text('device').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.device] }),
    index('trusted_devices_last_sign_in_idx').on(t.lastSignInAt),
  ],
);
