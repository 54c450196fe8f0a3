/**
 * A count with its noun in the right number, for texts a child hears and reads: `plural(1, 'word', 'words')` is
 * "1 word", `plural(3, 'word', 'words')` is "3 words" (English: only exactly 1 takes the singular, 0 the plural).
 * @param count - the number shown as it is (a whole number in every caller)
 * @param one - the noun for exactly one
 * @param many - the noun for any other count
 */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
