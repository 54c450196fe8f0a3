/**
 * The token economy on the server (issue #13): the ledger (/tokens), achievements with progress
 * (/rewards, spec §3, §4.5) and the avatar shop (/avatar-shop). Everything runs as the signed-in user
 * (asUser), so row-level security keeps each reader to their own rows; a purchase is one call of the
 * database function buy_avatar_item (migration 0008_rewards_security.sql), which spends only the current user's tokens.
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type {
  AvatarShopResponse,
  OutfitUpdate,
  PurchaseResponse,
  RewardAchievement,
  RewardsResponse,
  TokensResponse,
} from '#core/api/rewards.ts';
import { LEDGER_PAGE } from '#core/api/rewards.ts';
import { ACHIEVEMENT_ORDER, achievementProgress } from '#core/rewards/achievement-progress.ts';
import { ACHIEVEMENTS, isAchievementType, SPEED_READER_MIN_ACCURACY } from '#core/rewards/achievements.ts';
import {
  AVATAR_ITEMS,
  AVATAR_SLOTS,
  avatarItem,
  wearableOutfit,
  type AvatarOutfit,
} from '#core/rewards/avatar-items.ts';
import { ledgerLabel } from '#core/rewards/ledger.ts';
import { readingStreak, STREAK_WINDOW_DAYS } from '#core/reading/streak.ts';
import type { Database } from '../../db/client.ts';
import { asUser, type Tx } from '../../db/rls.ts';
import {
  achievements,
  avatarPurchases,
  profiles,
  progressTracking,
  readingSessions,
  tokenLedger,
} from '../../db/schema.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { ApiFailure } from '../../http/errors.ts';

/** GET /api/tokens: balance, totals and the newest {@link LEDGER_PAGE} ledger rows. */
export async function tokenHistory(db: Database, userId: string): Promise<TokensResponse> {
  return asUser(db, userId, async (tx) => {
    const [profile] = await tx
      .select({ tokens: profiles.tokens })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const [totals] = await tx
      .select({
        earned: sql<string>`coalesce(sum(${tokenLedger.amount}) filter (where ${tokenLedger.amount} > 0), 0)`,
        spent: sql<string>`coalesce(-sum(${tokenLedger.amount}) filter (where ${tokenLedger.amount} < 0), 0)`,
      })
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, userId));
    const rows = await tx
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.userId, userId))
      .orderBy(desc(tokenLedger.createdAt), desc(tokenLedger.id))
      .limit(LEDGER_PAGE);
    return {
      balance: profile?.tokens ?? 0,
      earned: Number(totals?.earned ?? 0),
      spent: Number(totals?.spent ?? 0),
      entries: rows.map((row) => ({
        id: row.id,
        amount: row.amount,
        reason: row.reason,
        label: ledgerLabel(row.reason),
        created_at: row.createdAt.toISOString(),
      })),
    };
  });
}

/** Which activities that earn achievements have a screen in this release. */
export const BUILT_ACTIVITIES = { storyCreation: true, alphabet: true, wordBuilder: true } as const;

/**
 * GET /api/rewards: the seven achievements of spec §3, earned ones first (newest first), then the others
 * in catalogue order, each with its progress (spec §4.5 rules, §9 thresholds).
 */
export async function rewardsFor(db: Database, userId: string, now = new Date()): Promise<RewardsResponse> {
  return asUser(db, userId, async (tx) => {
    const earnedRows = await tx
      .select()
      .from(achievements)
      .where(eq(achievements.userId, userId))
      .orderBy(desc(achievements.earnedAt));
    const since = new Date(now.getTime() - (STREAK_WINDOW_DAYS + 1) * 86_400_000);
    const recent = await tx
      .select({ createdAt: readingSessions.createdAt })
      .from(readingSessions)
      .where(and(eq(readingSessions.userId, userId), gte(readingSessions.createdAt, since)));
    const [facts] = await tx
      .select({
        bestCarefulWcpm: sql<string>`coalesce((select max(${readingSessions.wordsPerMinute}) from ${readingSessions} where ${readingSessions.userId} = ${userId} and ${readingSessions.accuracyPercentage} >= ${SPEED_READER_MIN_ACCURACY}), 0)`,
        tokensEarned: sql<string>`coalesce((select sum(${tokenLedger.amount}) from ${tokenLedger} where ${tokenLedger.userId} = ${userId} and ${tokenLedger.amount} > 0), 0)`,
        // Stories made on Create Story (ADR 0045), not texts brought with Import Text.
        storiesCreated: sql<string>`(select count(*) from ${progressTracking} where ${progressTracking.userId} = ${userId} and ${progressTracking.activityType} = 'story_created')`,
        wordsBuilt: sql<string>`(select count(*) from ${progressTracking} where ${progressTracking.userId} = ${userId} and ${progressTracking.activityType} = 'word_built')`,
        alphabetCompleted: sql<boolean>`exists (select 1 from ${progressTracking} where ${progressTracking.userId} = ${userId} and ${progressTracking.activityType} = 'alphabet_completed')`,
        lettersFound: sql<string>`(select count(distinct ${progressTracking.activityData}->>'letter') from ${progressTracking} where ${progressTracking.userId} = ${userId} and ${progressTracking.activityType} = 'letter_found')`,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const progress = achievementProgress(
      {
        storiesCreated: Number(facts?.storiesCreated ?? 0),
        streak: readingStreak(
          recent.map((r) => r.createdAt),
          now,
        ),
        alphabetCompleted: Boolean(facts?.alphabetCompleted),
        lettersFound: Number(facts?.lettersFound ?? 0),
        wordsBuilt: Number(facts?.wordsBuilt ?? 0),
        bestCarefulWcpm: Number(facts?.bestCarefulWcpm ?? 0),
        tokensEarned: Number(facts?.tokensEarned ?? 0),
      },
      BUILT_ACTIVITIES,
    );
    const earnedAt = new Map(earnedRows.map((r) => [r.achievementType, r.earnedAt.toISOString()]));
    const order = [
      ...earnedRows.map((r) => r.achievementType).filter(isAchievementType),
      ...ACHIEVEMENT_ORDER.filter((t) => !earnedAt.has(t)),
    ] as (keyof typeof ACHIEVEMENTS)[];
    const list: RewardAchievement[] = order.map((type) => {
      const entry = ACHIEVEMENTS[type];
      return {
        achievement_type: type,
        achievement_name: entry.name,
        description: entry.description,
        rarity: entry.rarity,
        icon_name: entry.icon,
        earned_at: earnedAt.get(type) ?? null,
        progress: progress[type],
      };
    });
    return { achievements: list };
  });
}

/** The items a user owns. */
async function ownedItems(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ itemId: avatarPurchases.itemId })
    .from(avatarPurchases)
    .where(eq(avatarPurchases.userId, userId));
  return rows.map((r) => r.itemId);
}

/** GET /api/avatar-shop: every item with its price, whether the reader owns and wears it; the balance. */
export async function avatarShopFor(db: Database, userId: string): Promise<AvatarShopResponse> {
  return asUser(db, userId, async (tx) => {
    const [profile] = await tx
      .select({ tokens: profiles.tokens, avatarOutfit: profiles.avatarOutfit })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const owned = await ownedItems(tx, userId);
    const outfit = wearableOutfit(profile?.avatarOutfit as Record<string, unknown>, owned);
    const worn = new Set(Object.values(outfit));
    const have = new Set(owned);
    return {
      balance: profile?.tokens ?? 0,
      items: AVATAR_ITEMS.map((item) => ({ ...item, owned: have.has(item.id), worn: worn.has(item.id) })),
      outfit,
    };
  });
}

const PURCHASE_REFUSALS = {
  item_not_found: [404, 'There is no such item in the shop.'],
  already_owned: [409, 'You have this already.'],
  insufficient_tokens: [409, 'You need more tokens for this. Read a story to earn some!'],
  idempotency_conflict: [409, 'This purchase key was used for another item.'],
} as const;

/** The refusal code a buy_avatar_item error carries in its message, if any. */
function refusalOf(error: unknown): keyof typeof PURCHASE_REFUSALS | null {
  const e = error as { message?: string; cause?: { message?: string; code?: string }; code?: string };
  const message = e.cause?.message ?? e.message ?? '';
  for (const code of Object.keys(PURCHASE_REFUSALS) as (keyof typeof PURCHASE_REFUSALS)[]) {
    if (message === code || message.endsWith(code)) return code;
  }
  return null;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
}

interface PurchaseRow {
  id: string;
  item_id: string;
  price: number;
  created_at: string;
  balance: number;
  replayed: boolean;
}

/**
 * POST /api/avatar-shop/purchases: the signed-in user buys `itemId` once per `idempotencyKey` and wears
 * it. A repeated key answers the first purchase (`replayed: true`) and spends nothing.
 * @throws ApiFailure 404 `item_not_found`, 409 `already_owned`, 409 `insufficient_tokens` (details:
 *   `{ balance, price }`), 409 `idempotency_conflict`; nothing is changed by a refusal
 */
export async function buyAvatarItem(
  db: Database,
  userId: string,
  request: { itemId: string; idempotencyKey: string },
): Promise<PurchaseResponse> {
  const attempt = () =>
    asUser(db, userId, async (tx) => {
      const [row] = await queryRows<{ result: PurchaseRow }>(
        tx,
        sql`select buy_avatar_item(${request.itemId}, ${request.idempotencyKey}) as result`,
      );
      const [profile] = await tx
        .select({ avatarOutfit: profiles.avatarOutfit })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      const outfit = wearableOutfit(
        profile?.avatarOutfit as Record<string, unknown>,
        await ownedItems(tx, userId),
      );
      return { row: row!.result, outfit };
    });
  try {
    let answer;
    try {
      answer = await attempt();
    } catch (error) {
      // Two requests with the same key at once on PostgreSQL: the loser of the race finds the
      // winner's purchase when asked again, and answers it as a replay.
      if (!isUniqueViolation(error)) throw error;
      answer = await attempt();
    }
    const { row, outfit } = answer;
    return {
      purchase: {
        id: row.id,
        item_id: row.item_id,
        price: row.price,
        created_at: new Date(row.created_at).toISOString(),
      },
      balance: row.balance,
      outfit,
      replayed: row.replayed,
    };
  } catch (error) {
    const code = refusalOf(error);
    if (!code) throw error;
    const [status, message] = PURCHASE_REFUSALS[code];
    if (code === 'insufficient_tokens') {
      const shop = await avatarShopFor(db, userId);
      throw new ApiFailure(status, code, message, {
        balance: shop.balance,
        price: avatarItem(request.itemId)?.price ?? null,
      });
    }
    throw new ApiFailure(status, code, message);
  }
}

/**
 * PUT /api/avatar-shop/outfit: wear owned items (an id per slot) or take them off (null).
 * @throws ApiFailure 409 `item_not_owned` when an id is not an owned item of that slot; nothing changes
 */
export async function updateOutfit(
  db: Database,
  userId: string,
  update: OutfitUpdate,
): Promise<AvatarOutfit> {
  return asUser(db, userId, async (tx) => {
    const [profile] = await tx
      .select({ avatarOutfit: profiles.avatarOutfit })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update');
    const owned = await ownedItems(tx, userId);
    const next: Record<string, string> = {
      ...wearableOutfit(profile?.avatarOutfit as Record<string, unknown>, owned),
    };
    for (const slot of AVATAR_SLOTS) {
      const wanted = update[slot];
      if (wanted === undefined) continue;
      if (wanted === null) {
        delete next[slot];
        continue;
      }
      if (avatarItem(wanted)?.slot !== slot || !owned.includes(wanted)) {
        throw new ApiFailure(409, 'item_not_owned', `You can only wear ${slot} items you have bought.`);
      }
      next[slot] = wanted;
    }
    await tx
      .update(profiles)
      .set({ avatarOutfit: next, updatedAt: new Date() })
      .where(eq(profiles.userId, userId));
    return next as AvatarOutfit;
  });
}
