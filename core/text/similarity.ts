/**
 * Word similarity used to tell an attempt at a word ("bark" for "barn") from an unrelated
 * insertion. Orthographic only: core/ has no pronunciation dictionary.
 */

/**
 * Levenshtein edit distance between two strings (insert, delete, substitute each cost 1).
 * @returns a non-negative integer.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const sub = (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      cur.push(Math.min(sub, (prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1));
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}

/**
 * Is `heard` plausibly an attempt at `target` (a misreading or a partial sounding-out)?
 * True when the words differ by one edit (went/want, bark/barn), when they share their first
 * letter and differ in at most 40 % of their letters (horse/house), or when `heard` is a
 * prefix of `target` of at least two letters (sounding out "ba… barn").
 * Both arguments are normalised tokens (core/text/normalize.ts).
 */
export function isAttemptAt(heard: string, target: string): boolean {
  if (heard === target || heard.length === 0 || target.length === 0) return false;
  if (heard.length >= 2 && target.startsWith(heard)) return true;
  const d = editDistance(heard, target);
  const longest = Math.max(heard.length, target.length);
  if (d <= 1 && longest >= 3) return true;
  return heard[0] === target[0] && d / longest <= 0.4;
}
