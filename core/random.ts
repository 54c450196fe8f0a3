/**
 * Random choices shared by the games (core/alphabet/game.ts, core/word-builder/game.ts), with the source
 * injected so that tests are repeatable.
 */

/** A uniform random number in [0, 1), like Math.random. */
export type RandomSource = () => number;

/**
 * One item of a non-empty list, each equally likely.
 * @throws TypeError when `items` is empty
 */
export function pick<T>(items: readonly T[], random: RandomSource): T {
  if (items.length === 0) throw new TypeError('pick: no items to pick from');
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}

/** A copy of `items` in a random order (Fisher–Yates; every order equally likely). */
export function shuffle<T>(items: readonly T[], random: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
