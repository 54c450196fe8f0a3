/**
 * Family links on the server (docs/decisions/0041-family-links.md; payloads in core/api/family.ts): a reader makes
 * a one-time code, a guardian redeems it, and from then on the guardian reads the reader's progress report until
 * either of them removes the link.
 *
 * Who sees what is decided by row-level security (server/db/schema.ts `guardianLinks`, `linkCodes`; migration
 * 0010): as themselves (app_user) both sides read and delete their links, a reader manages their own code, and
 * nobody makes a link. The two steps that cross from one user to another are server work (`systemStep`, as
 * app_system) inside the signed-in user's transaction, each naming the other user's id itself, and each only after
 * a check made as the user:
 * - redeeming: the code's row is the reader's, which the guardian cannot see; the step consumes the code, checks
 *   MAX_LINKS and makes the link, all in the transaction that checked the guardian's account type;
 * - the report (and the other side's name): the link is first read as the guardian, under RLS, and only then are
 *   the reader's rows read, by the reader's id. The policies of profiles, reading_sessions, progress_tracking and
 *   achievements stay "own rows only": a policy that let a guardian read a child's rows would hold for every query
 *   made as that guardian, not only for this report (whose columns it picks), and would put a join on
 *   guardian_links into every request of every user.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import {
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  LINK_CODE_TTL_HOURS,
  MAX_LINKS,
  type ChildReport,
  type Family,
  type LinkCodeResponse,
  type LinkedPerson,
} from '#core/api/family.ts';
import type { Database } from '../../db/client.ts';
import { asUser, systemStep, type Tx } from '../../db/rls.ts';
import { guardianLinks, linkCodes, profiles, users } from '../../db/schema.ts';
import { ApiFailure } from '../../http/errors.ts';
import { readerPathIn } from './reader-path.ts';
import { readerReportIn } from './reader-report.ts';

/** profiles.user_type values of a reader, who may make a code (spec §3; core/api/family.ts) and has a goal. */
export const READER_TYPES: readonly string[] = ['student', 'other'];
/** profiles.user_type of a grown-up who may redeem one. */
const GUARDIAN_TYPE = 'guardian';
/** New codes tried when one's hash is already another reader's (25^6 codes: a second try is already rare). */
const CODE_ATTEMPTS = 5;

/** A source of link codes: LINK_CODE_LENGTH characters of LINK_CODE_ALPHABET. */
export type LinkCodeSource = () => string;

/** A new link code from the operating system's random source (node:crypto `randomInt`, uniform over the alphabet). */
export function randomLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

/**
 * What is kept of a code: the hex SHA-256 of its canonical form (digits only: LinkCodeSchema's output). It keeps
 * the code out of sight of whoever reads the table, not out of reach of a copy of it (the 10^9 codes can all be
 * hashed in minutes; such a copy holds the children's data anyway): the 24 hours and the try limits are what
 * protect a live code (docs/security.md).
 */
export function hashLinkCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The account type of the transaction's user (their own profile row, read under RLS), locked when `lock`. */
async function ownUserType(tx: Tx, userId: string, lock: boolean): Promise<string | undefined> {
  const query = tx.select({ userType: profiles.userType }).from(profiles).where(eq(profiles.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  return row?.userType;
}

/**
 * Display names of `ids` (profiles.display_name, else the account's name), read as server work: the caller has
 * checked that each id is on a link of the signed-in user (also Reading Goals' setter, for the reader).
 */
export async function displayNamesIn(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.name, displayName: profiles.displayName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.displayName ?? r.name]));
}

/** A link as the other side's {@link LinkedPerson}. */
function personOf(
  link: { id: string; createdAt: Date },
  userId: string,
  names: Map<string, string>,
): LinkedPerson {
  return {
    linkId: link.id,
    userId,
    displayName: names.get(userId) ?? '',
    linkedAt: link.createdAt.toISOString(),
  };
}

/**
 * POST /api/family/code: a new one-time code for the signed-in reader, working for LINK_CODE_TTL_HOURS from `now`.
 * Any earlier code of the reader stops working (one row per reader). Only the code's hash is kept; the code is in
 * this answer alone. The account type is checked as the reader; the row is written as server work naming the
 * reader (`systemStep`): a user may read and remove their own code row but not write one (migration 0010).
 * @param randomCode - the code source (tests force a collision); by default {@link randomLinkCode}
 * @throws ApiFailure 403 `not_a_reader` unless the user's profile type is student or other (no profile included)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function makeLinkCode(
  db: Database,
  userId: string,
  now: Date,
  randomCode: LinkCodeSource = randomLinkCode,
): Promise<LinkCodeResponse> {
  const expiresAt = new Date(now.getTime() + LINK_CODE_TTL_HOURS * 3_600_000);
  return asUser(db, userId, async (tx) => {
    // Not locked: the loop below copes with two requests of the reader at once, and the profile lock would be
    // taken before the code's row here but after it in redeemLinkCode (a deadlock with a guardian redeeming).
    const userType = await ownUserType(tx, userId, false);
    if (userType === undefined || !READER_TYPES.includes(userType)) {
      throw new ApiFailure(403, 'not_a_reader', 'Only a reader’s account can make a code for a grown-up.');
    }
    return systemStep(tx, async (system) => {
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
        const code = randomCode();
        // Delete, then insert unless any unique key is taken: the reader's row (another request of theirs at the
        // same moment, deleted again on the next try) or the hash (another reader's code: a new code is drawn).
        await system.delete(linkCodes).where(eq(linkCodes.childId, userId));
        const [row] = await system
          .insert(linkCodes)
          .values({ childId: userId, codeHash: hashLinkCode(code), expiresAt, createdAt: now })
          .onConflictDoNothing()
          .returning({ expiresAt: linkCodes.expiresAt });
        if (row) return { code, expiresAt: row.expiresAt.toISOString() };
      }
      throw new Error(`No free link code after ${CODE_ATTEMPTS} tries`);
    });
  });
}

/**
 * POST /api/family/links: the signed-in guardian redeems a reader's code (the canonical form LinkCodeSchema gives).
 *
 * One transaction: as the guardian, their account type is checked and their profile row locked (so links of one
 * guardian are made one at a time, and MAX_LINKS holds); then, as server work, the unexpired code with this hash is
 * deleted (single use: of two guardians redeeming it at once, the second finds no row), the reader's profile row is
 * locked, and the link is made unless it exists or either side has MAX_LINKS. Any refusal rolls the whole
 * transaction back, so a refused code still works for its reader.
 * @returns the reader now followed, and whether the link is new (false: it existed, and the code is used up)
 * @throws ApiFailure 403 `not_a_guardian` unless the user's profile type is guardian; 404 `link_code_invalid` for
 *   an unknown, used or expired code (one answer for all); 409 `too_many_links` when either side has MAX_LINKS
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function redeemLinkCode(
  db: Database,
  guardianId: string,
  code: string,
  now: Date,
): Promise<{ created: boolean; child: LinkedPerson }> {
  const codeHash = hashLinkCode(code);
  return asUser(db, guardianId, async (tx) => {
    if ((await ownUserType(tx, guardianId, true)) !== GUARDIAN_TYPE) {
      throw new ApiFailure(
        403,
        'not_a_guardian',
        'Only a grown-up’s guardian account can enter a reader’s code.',
      );
    }
    return systemStep(tx, async (tx) => {
      const [used] = await tx
        .delete(linkCodes)
        .where(and(eq(linkCodes.codeHash, codeHash), gt(linkCodes.expiresAt, now)))
        .returning({ childId: linkCodes.childId });
      // A guardian's own code cannot exist (only readers make codes); refused like any other, should it ever.
      if (!used || used.childId === guardianId) {
        throw new ApiFailure(
          404,
          'link_code_invalid',
          'This code does not work. Check it, or ask for a new one: a code works once, for a day.',
        );
      }
      const childId = used.childId;
      await tx
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(eq(profiles.userId, childId))
        .for('update');
      const names = await displayNamesIn(tx, [childId]);
      const [existing] = await tx
        .select({ id: guardianLinks.id, createdAt: guardianLinks.createdAt })
        .from(guardianLinks)
        .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.childId, childId)));
      if (existing) return { created: false, child: personOf(existing, childId, names) };
      const linksWhere = (where: SQL | undefined) =>
        tx.select({ n: count() }).from(guardianLinks).where(where);
      const [followed] = await linksWhere(eq(guardianLinks.guardianId, guardianId));
      const [followers] = await linksWhere(eq(guardianLinks.childId, childId));
      if ((followed?.n ?? 0) >= MAX_LINKS || (followers?.n ?? 0) >= MAX_LINKS) {
        throw new ApiFailure(
          409,
          'too_many_links',
          `A grown-up can follow at most ${MAX_LINKS} readers, and a reader can have at most ${MAX_LINKS} grown-ups.`,
          { maxLinks: MAX_LINKS },
        );
      }
      const [link] = await tx
        .insert(guardianLinks)
        .values({ guardianId, childId, createdAt: now })
        .returning({ id: guardianLinks.id, createdAt: guardianLinks.createdAt });
      return { created: true, child: personOf(link!, childId, names) };
    });
  });
}

/**
 * GET /api/family: the readers the signed-in user follows and the grown-ups who follow them, each oldest first, and
 * when their current code stops working (null when there is none, or it has expired at `now`). The links are read
 * as the user (RLS: links they are a side of); the other sides' names as server work, by those ids only.
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function familyOf(db: Database, userId: string, now: Date): Promise<Family> {
  return asUser(db, userId, async (tx) => {
    const links = await tx
      .select()
      .from(guardianLinks)
      .where(or(eq(guardianLinks.guardianId, userId), eq(guardianLinks.childId, userId)))
      .orderBy(asc(guardianLinks.createdAt), asc(guardianLinks.id));
    const others = links.map((l) => (l.guardianId === userId ? l.childId : l.guardianId));
    const names = await systemStep(tx, (tx) => displayNamesIn(tx, [...new Set(others)]));
    const [code] = await tx
      .select({ expiresAt: linkCodes.expiresAt })
      .from(linkCodes)
      .where(and(eq(linkCodes.childId, userId), gt(linkCodes.expiresAt, now)));
    return {
      children: links.filter((l) => l.guardianId === userId).map((l) => personOf(l, l.childId, names)),
      guardians: links.filter((l) => l.childId === userId).map((l) => personOf(l, l.guardianId, names)),
      codeExpiresAt: code ? code.expiresAt.toISOString() : null,
    };
  });
}

/**
 * DELETE /api/family/links/:linkId: either side removes a link, as themselves (RLS: the delete reaches only links
 * the user is a side of). A reading goal the link's guardian set goes with it, by the database's own cascade
 * (reading_goals' foreign key to the link, migration 0012; ADR 0042).
 * @returns false when the user has no such link (unknown, or other people's)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function removeLink(db: Database, userId: string, linkId: string): Promise<boolean> {
  const deleted = await asUser(db, userId, (tx) =>
    tx.delete(guardianLinks).where(eq(guardianLinks.id, linkId)).returning({ id: guardianLinks.id }),
  );
  return deleted.length > 0;
}

/**
 * The family link rule of every report a guardian reads of a followed reader (docs/decisions/0041-family-links.md;
 * GET /api/family/children/:childId/report and /enhanced-report, ADR 0053): in one transaction as the guardian, the
 * link is read first under row-level security (a guardian_links row with this guardian and this child, which only
 * the two sides can see); only when it is there does `fn` run, as a `systemStep`, and every query of `fn` must name
 * `childId` itself. No policy is widened.
 * @param fn - the reader's rows, read in the system step by `childId`
 * @returns what `fn` gives, or null when the user follows no reader with this id (unknown id, another guardian's
 *   reader, a link removed, oneself), and then `fn` is not run
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function withFollowedReader<T>(
  db: Database,
  guardianId: string,
  childId: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T | null> {
  return asUser(db, guardianId, async (tx) => {
    const [link] = await tx
      .select({ id: guardianLinks.id })
      .from(guardianLinks)
      .where(and(eq(guardianLinks.guardianId, guardianId), eq(guardianLinks.childId, childId)));
    if (!link) return null;
    return systemStep(tx, fn);
  });
}

/**
 * GET /api/family/children/:childId/report: a followed reader's progress, read-only.
 *
 * Design (docs/decisions/0041-family-links.md): the link is checked first, as the guardian under row-level
 * security ({@link withFollowedReader}); only then, in the same transaction, a `systemStep` reads the child's
 * profile, reading sessions, letters, words and achievements, every query naming `childId` itself
 * (`readerReportIn`, reader-report.ts, which a teacher's report of a pupil shares: ADR 0046). The RLS policies of
 * profiles, reading_sessions, progress_tracking and achievements are not widened to guardians: they stay "own rows
 * only", so no other query made as a guardian can reach a child's rows, and the report reads only the columns it
 * shows. The reading statistics are GET /api/reading-stats's own (`readingStatsIn`), for the child. In the same
 * system step the child's learning path is worked out (`readerPathIn`, ADR 0052: the rule of My Learning Path);
 * only its result is sent, not the figures it needs beyond the report's (age, words sounded out, goal, check).
 * @param now - the current time (the reading streak counts days up to it)
 * @returns null when the user follows no reader with this id (unknown id, another guardian's reader, oneself)
 * @throws Error('User not authenticated') for an empty user id (spec §5)
 */
export async function childReport(
  db: Database,
  guardianId: string,
  childId: string,
  now: Date,
): Promise<ChildReport | null> {
  return withFollowedReader(db, guardianId, childId, async (tx) => {
    const report = await readerReportIn(tx, childId, now);
    return { ...report, learningPath: await readerPathIn(tx, childId, report) };
  });
}
