/**
 * The token ledger's reasons (token_ledger.reason) and their words, for /tokens. A reason is a code,
 * optionally followed by what it was for: `reading_session`, `daily_challenge:read_stories`,
 * `avatar_purchase:party-hat`.
 */
import { CHALLENGE_CATALOGUE, isChallengeType } from '../challenges/daily-challenges.ts';
import { avatarItem } from './avatar-items.ts';

/** The ledger reason of a daily challenge's reward. */
export function challengeRewardReason(challengeType: string): string {
  return `daily_challenge:${challengeType}`;
}

/** The ledger reason of a purchase in the avatar shop. */
export function purchaseReason(itemId: string): string {
  return `avatar_purchase:${itemId}`;
}

/**
 * A ledger reason in words: "Reading practice", "Daily challenge: Story Time", "Bought Party Hat".
 * @param reason - token_ledger.reason
 */
export function ledgerLabel(reason: string): string {
  const [code, detail] = reason.split(':', 2);
  if (code === 'reading_session') return 'Reading practice';
  if (code === 'daily_challenge') {
    return detail && isChallengeType(detail)
      ? `Daily challenge: ${CHALLENGE_CATALOGUE[detail].name}`
      : 'Daily challenge';
  }
  if (code === 'avatar_purchase') {
    const item = detail ? avatarItem(detail) : undefined;
    return item ? `Bought ${item.name}` : 'Avatar shop';
  }
  return 'Tokens';
}
