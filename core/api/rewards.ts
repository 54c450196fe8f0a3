/**
 * Payloads of the motivation loop (issue #13): daily challenges (spec §3, §4.4, §2.5), the token ledger
 * (/tokens), achievements with progress (/rewards, spec §3, §4.5) and the avatar shop (/avatar-shop).
 * Shared by server (server/routes/rewards) and browser. Rows of spec §3 keep their snake_case names.
 */
import { z } from 'zod';
import { AVATAR_SLOTS } from '../rewards/avatar-items.ts';

/** A daily challenge row (spec §3), with the reward it pays. */
export const DailyChallengeSchema = z.object({
  id: z.string(),
  challenge_type: z.string(),
  /** The definition: name, icon, reward_tokens, unit (spec §3 "challenge_data holds the definition"). */
  challenge_data: z.object({
    name: z.string(),
    icon: z.string(),
    reward_tokens: z.number().int(),
    unit: z.string(),
  }),
  target_count: z.number().int(),
  current_count: z.number().int(),
  completed: z.boolean(),
  /** YYYY-MM-DD in the reader's time zone. */
  challenge_date: z.string(),
});
export type DailyChallenge = z.infer<typeof DailyChallengeSchema>;

/** GET /api/daily-challenges: today's challenges, made on first ask (spec §4.4). */
export const DailyChallengesResponseSchema = z.object({
  /** The reader's today, YYYY-MM-DD. */
  date: z.string(),
  /** The IANA zone "today" was taken in (the profile's, else UTC). */
  timeZone: z.string(),
  challenges: z.array(DailyChallengeSchema),
});
export type DailyChallengesResponse = z.infer<typeof DailyChallengesResponseSchema>;

/** A challenge a reading session completed, with the tokens it paid. */
export const CompletedChallengeSchema = z.object({
  id: z.string(),
  challenge_type: z.string(),
  name: z.string(),
  reward_tokens: z.number().int(),
});
export type CompletedChallenge = z.infer<typeof CompletedChallengeSchema>;

/** Why tokens moved (token_ledger.reason). */
export const LEDGER_REASONS = ['reading_session', 'daily_challenge', 'avatar_purchase'] as const;

/** One row of the token ledger. `amount` > 0 earned, < 0 spent. */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  /** What it was for, in words ("Reading practice", "Daily challenge: Story Time", "Bought Party Hat"). */
  label: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** GET /api/tokens: the balance and the newest ledger rows. */
export const TokensResponseSchema = z.object({
  balance: z.number().int(),
  /** Every token ever earned (positive rows). */
  earned: z.number().int(),
  /** Every token ever spent (as a positive number). */
  spent: z.number().int(),
  /** Newest first, at most {@link LEDGER_PAGE}. */
  entries: z.array(LedgerEntrySchema),
});
export type TokensResponse = z.infer<typeof TokensResponseSchema>;

/** How many ledger rows GET /api/tokens returns (spec §9 uses 100 for the progress list). */
export const LEDGER_PAGE = 100;

/** Progress towards an achievement not yet earned. */
export const AchievementProgressSchema = z.object({
  current: z.number(),
  target: z.number(),
  /** What is counted: 'stories', 'days', 'letters', 'words', 'wcpm', 'tokens'. */
  unit: z.string(),
  /** False when the screen that earns it is not built yet (the card says so instead of a bar). */
  available: z.boolean(),
});

/** One achievement of the catalogue (spec §3) for /rewards: earned, or how far along. */
export const RewardAchievementSchema = z.object({
  achievement_type: z.string(),
  achievement_name: z.string(),
  description: z.string(),
  rarity: z.enum(['common', 'rare', 'epic']),
  icon_name: z.string(),
  /** ISO time it was earned, or null. */
  earned_at: z.string().nullable(),
  progress: AchievementProgressSchema,
});
export type RewardAchievement = z.infer<typeof RewardAchievementSchema>;

/** GET /api/rewards: all seven achievements (spec §3), earned first (newest first), then the rest. */
export const RewardsResponseSchema = z.object({ achievements: z.array(RewardAchievementSchema) });
export type RewardsResponse = z.infer<typeof RewardsResponseSchema>;

const slotSchema = z.enum(AVATAR_SLOTS);

/** What a reader wears: slot → item id (spec: "the item shows on the reader's avatar"). */
export const AvatarOutfitSchema = z.partialRecord(slotSchema, z.string());

/** An item in the shop, as one reader sees it. */
export const ShopItemSchema = z.object({
  id: z.string(),
  slot: slotSchema,
  name: z.string(),
  price: z.number().int(),
  owned: z.boolean(),
  worn: z.boolean(),
});
export type ShopItem = z.infer<typeof ShopItemSchema>;

/** GET /api/avatar-shop. */
export const AvatarShopResponseSchema = z.object({
  balance: z.number().int(),
  items: z.array(ShopItemSchema),
  outfit: AvatarOutfitSchema,
});
export type AvatarShopResponse = z.infer<typeof AvatarShopResponseSchema>;

/**
 * POST /api/avatar-shop/purchases body. The buyer is always the signed-in user: the body names no user,
 * and any other field (a `userId`) is refused as `invalid_input`. The key is chosen by the client once
 * per purchase; sending it again answers the first purchase and spends nothing.
 */
export const PurchaseRequestSchema = z.strictObject({
  itemId: z.string().min(1).max(64),
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only.'),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequestSchema>;

/** A purchase (avatar_purchases row). */
export const PurchaseSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  price: z.number().int(),
  created_at: z.string(),
});

/** POST /api/avatar-shop/purchases answer: 201 new, 200 replayed. The bought item is worn at once. */
export const PurchaseResponseSchema = z.object({
  purchase: PurchaseSchema,
  balance: z.number().int(),
  outfit: AvatarOutfitSchema,
  replayed: z.boolean(),
});
export type PurchaseResponse = z.infer<typeof PurchaseResponseSchema>;

/** PUT /api/avatar-shop/outfit body: slot → an owned item's id, or null to take it off. */
export const OutfitUpdateSchema = z
  .strictObject({
    hat: z.string().max(64).nullable(),
    glasses: z.string().max(64).nullable(),
    colour: z.string().max(64).nullable(),
    pet: z.string().max(64).nullable(),
    background: z.string().max(64).nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one slot to change.');
export type OutfitUpdate = z.infer<typeof OutfitUpdateSchema>;
