/**
 * The header's streak wording (spec §4.6): the number and 'streak' when the count is 0, else
 * 'day' or 'days'.
 *
 * @param count consecutive reading days (0 until reading sessions exist)
 */
export function streakLabel(count: number): string {
  if (count === 0) return '0 streak';
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}

/** The token count as text: '1 token', '12 tokens'. */
export function tokensLabel(count: number): string {
  return `${count} ${count === 1 ? 'token' : 'tokens'}`;
}
