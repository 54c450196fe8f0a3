/**
 * The motivation loop's endpoints (core/api/rewards.ts): today's daily challenges, the token ledger,
 * achievements with progress, the avatar shop and its purchases. One query key each; a saved reading
 * and a purchase invalidate what they change ({@link invalidateAfterReading}, {@link useBuyItem}).
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '#core/api/account.ts';
import type { OutfitUpdate, PurchaseRequest } from '#core/api/rewards.ts';
import { api } from './client.ts';
import { GOALS_QUERY_KEY } from './goals.ts';
import { call } from './http.ts';
import { ME_QUERY_KEY } from './me.ts';
import { TUTOR_PLAN_QUERY_KEY } from './tutor.ts';

/** Query keys. */
export const DAILY_CHALLENGES_QUERY_KEY = ['daily-challenges'] as const;
export const TOKENS_QUERY_KEY = ['tokens'] as const;
export const REWARDS_QUERY_KEY = ['rewards'] as const;
export const AVATAR_SHOP_QUERY_KEY = ['avatar-shop'] as const;

/** GET /api/daily-challenges. @throws {ApiError} */
export function fetchDailyChallenges() {
  return call(api['daily-challenges'].$get());
}
/** Query options of today's challenges (spec §9: stale after 5 minutes, 1 retry). */
export function getDailyChallengesQueryOptions() {
  return queryOptions({ queryKey: DAILY_CHALLENGES_QUERY_KEY, queryFn: fetchDailyChallenges, retry: 1 });
}
/** Today's challenges. */
export function useDailyChallenges() {
  return useQuery(getDailyChallengesQueryOptions());
}

/** GET /api/tokens. @throws {ApiError} */
export function fetchTokens() {
  return call(api.tokens.$get());
}
/** The token balance and ledger. */
export function useTokens() {
  return useQuery(queryOptions({ queryKey: TOKENS_QUERY_KEY, queryFn: fetchTokens }));
}

/** GET /api/rewards. @throws {ApiError} */
export function fetchRewards() {
  return call(api.rewards.$get());
}
/** The seven achievements with progress. */
export function useRewards() {
  return useQuery(queryOptions({ queryKey: REWARDS_QUERY_KEY, queryFn: fetchRewards }));
}

/** GET /api/avatar-shop. @throws {ApiError} */
export function fetchAvatarShop() {
  return call(api['avatar-shop'].$get());
}
/** The shop as this reader sees it. */
export function useAvatarShop() {
  return useQuery(queryOptions({ queryKey: AVATAR_SHOP_QUERY_KEY, queryFn: fetchAvatarShop }));
}

/** Refresh what a purchase or outfit change touches: the shop, the ledger and the user (avatar, balance). */
function refreshAfterShop(queryClient: QueryClient) {
  return Promise.all(
    [AVATAR_SHOP_QUERY_KEY, TOKENS_QUERY_KEY, ME_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** POST /api/avatar-shop/purchases. @throws {ApiError} `insufficient_tokens`, `already_owned`, … */
export function buyItem(request: PurchaseRequest) {
  return call(api['avatar-shop'].purchases.$post({ json: request }));
}

/**
 * Buying an item. The caller makes the idempotency key once per purchase (so the mutation's one retry,
 * spec §9, re-sends the same key and never spends twice). The new balance and outfit go into the cached
 * user at once, so the header's avatar and count change with the answer.
 */
export function useBuyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyItem,
    onSuccess: (bought) => {
      queryClient.setQueryData<MeResponse | null>(ME_QUERY_KEY, (old) =>
        old?.profile
          ? { ...old, profile: { ...old.profile, tokens: bought.balance, avatar_outfit: bought.outfit } }
          : old,
      );
      return refreshAfterShop(queryClient);
    },
  });
}

/** PUT /api/avatar-shop/outfit. @throws {ApiError} `item_not_owned` */
export function changeOutfit(update: OutfitUpdate) {
  return call(api['avatar-shop'].outfit.$put({ json: update }));
}
/** Wearing or taking off owned items. */
export function useChangeOutfit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOutfit,
    onSuccess: ({ outfit }) => {
      queryClient.setQueryData<MeResponse | null>(ME_QUERY_KEY, (old) =>
        old?.profile ? { ...old, profile: { ...old.profile, avatar_outfit: outfit } } : old,
      );
      return refreshAfterShop(queryClient);
    },
  });
}

/** After a saved reading: challenges, ledger, achievements and this week's reading-goal days may have changed. */
export function invalidateAfterReading(queryClient: QueryClient) {
  return Promise.all(
    [
      DAILY_CHALLENGES_QUERY_KEY,
      TOKENS_QUERY_KEY,
      REWARDS_QUERY_KEY,
      TUTOR_PLAN_QUERY_KEY,
      GOALS_QUERY_KEY,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * After a game's find that the server counted (a letter found, a word built): the answer's balance goes into
 * the header at once, and today's challenges, the ledger and the achievements are refreshed. A find that did
 * not count changed none of them.
 */
export function refreshAfterGameFind(
  queryClient: QueryClient,
  answer: { counted: boolean; balance: number },
) {
  if (!answer.counted) return undefined;
  queryClient.setQueryData<MeResponse | null>(ME_QUERY_KEY, (old) =>
    old?.profile ? { ...old, profile: { ...old.profile, tokens: answer.balance } } : old,
  );
  return Promise.all(
    [DAILY_CHALLENGES_QUERY_KEY, TOKENS_QUERY_KEY, REWARDS_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
