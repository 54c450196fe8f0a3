/**
 * The avatar shop's catalogue (spec §1 "an avatar shop", §2.2 /avatar-shop): the items a reader can buy
 * with tokens and wear on their avatar. The spec names the shop but not its items or prices; these are
 * ours (docs/decisions/0017-token-economy.md). Prices sit on the scale of what reading earns: a session
 * pays 5–10 tokens and a daily challenge 10–15 (core/rewards/tokens.ts, spec §3), so the cheapest item
 * is one or two readings away and the dearest about a week of daily reading.
 *
 * The drawings live in the browser (src/ui/avatar/); the server seeds this list into `avatar_items`,
 * whose prices the purchase function reads, so a client can never name its own price.
 */

/** The five kinds of item, one of each worn at a time. */
export const AVATAR_SLOTS = ['hat', 'glasses', 'colour', 'pet', 'background'] as const;
/** A kind of avatar item. */
export type AvatarSlot = (typeof AVATAR_SLOTS)[number];

/** Name of each slot, for headings and spoken labels. */
export const AVATAR_SLOT_NAMES: Record<AvatarSlot, { one: string; many: string }> = {
  hat: { one: 'Hat', many: 'Hats' },
  glasses: { one: 'Glasses', many: 'Glasses' },
  colour: { one: 'Colour', many: 'Colours' },
  pet: { one: 'Pet', many: 'Pets' },
  background: { one: 'Background', many: 'Backgrounds' },
};

/** An item of the shop. */
export interface AvatarItem {
  /** Stable id, kebab-case (also the key of its drawing). */
  id: string;
  slot: AvatarSlot;
  name: string;
  /** Price in tokens (1–1000, the ledger's bound). */
  price: number;
}

/** Every item, in shop order (cheapest first within a slot). */
export const AVATAR_ITEMS: readonly AvatarItem[] = [
  { id: 'party-hat', slot: 'hat', name: 'Party Hat', price: 10 },
  { id: 'baseball-cap', slot: 'hat', name: 'Baseball Cap', price: 15 },
  { id: 'wizard-hat', slot: 'hat', name: 'Wizard Hat', price: 30 },
  { id: 'crown', slot: 'hat', name: 'Golden Crown', price: 45 },
  { id: 'space-helmet', slot: 'hat', name: 'Space Helmet', price: 60 },
  { id: 'round-glasses', slot: 'glasses', name: 'Round Glasses', price: 10 },
  { id: 'star-glasses', slot: 'glasses', name: 'Star Glasses', price: 20 },
  { id: 'heart-glasses', slot: 'glasses', name: 'Heart Glasses', price: 20 },
  { id: 'sunglasses', slot: 'glasses', name: 'Cool Sunglasses', price: 25 },
  { id: 'monocle', slot: 'glasses', name: 'Fancy Monocle', price: 35 },
  { id: 'sky-blue', slot: 'colour', name: 'Sky Blue', price: 10 },
  { id: 'leaf-green', slot: 'colour', name: 'Leaf Green', price: 10 },
  { id: 'sunny-yellow', slot: 'colour', name: 'Sunny Yellow', price: 15 },
  { id: 'berry-purple', slot: 'colour', name: 'Berry Purple', price: 15 },
  { id: 'coral-pink', slot: 'colour', name: 'Coral Pink', price: 20 },
  { id: 'puppy', slot: 'pet', name: 'Puppy', price: 25 },
  { id: 'kitten', slot: 'pet', name: 'Kitten', price: 25 },
  { id: 'goldfish', slot: 'pet', name: 'Goldfish', price: 30 },
  { id: 'bunny', slot: 'pet', name: 'Bunny', price: 35 },
  { id: 'baby-dragon', slot: 'pet', name: 'Baby Dragon', price: 60 },
  { id: 'sunny-meadow', slot: 'background', name: 'Sunny Meadow', price: 15 },
  { id: 'ocean-waves', slot: 'background', name: 'Ocean Waves', price: 20 },
  { id: 'starry-night', slot: 'background', name: 'Starry Night', price: 25 },
  { id: 'rainbow', slot: 'background', name: 'Rainbow', price: 30 },
  { id: 'castle', slot: 'background', name: 'Castle', price: 40 },
];

const BY_ID = new Map(AVATAR_ITEMS.map((item) => [item.id, item]));

/** The item with `id`, or undefined. */
export function avatarItem(id: string): AvatarItem | undefined {
  return BY_ID.get(id);
}

/** What a reader wears: at most one item id per slot (stored on the profile as `avatar_outfit`). */
export type AvatarOutfit = Partial<Record<AvatarSlot, string>>;

/**
 * The outfit with every entry that is not an owned item of its slot removed: what may actually be
 * drawn or saved.
 * @param outfit - slot → item id, as stored or asked for
 * @param owned - ids of the items the reader owns
 */
export function wearableOutfit(
  outfit: Record<string, unknown> | null | undefined,
  owned: Iterable<string>,
): AvatarOutfit {
  const have = new Set(owned);
  const result: AvatarOutfit = {};
  for (const slot of AVATAR_SLOTS) {
    const id = outfit?.[slot];
    if (typeof id === 'string' && have.has(id) && avatarItem(id)?.slot === slot) result[slot] = id;
  }
  return result;
}
