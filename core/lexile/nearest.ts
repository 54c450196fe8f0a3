/**
 * Ordering stories by how near their Lexile level is to a reader's: the library's "Closest to your
 * level" when nothing is just right, and Reading Practice's story list, nearest first.
 */

/**
 * The items ordered by the distance of their Lexile level from `lexile`, nearest first; unmeasured
 * ones (`lexile: null`) last; ties keep their order (the library's, easiest first).
 *
 * @param items stories or anything with a Lexile level (Lexile units, or null when not measured)
 * @param lexile the reader's level, in Lexile units
 * @param count at most this many (default: all)
 * @returns a new array; `items` is not changed
 */
export function nearestLexileFirst<T extends { lexile: number | null }>(
  items: readonly T[],
  lexile: number,
  count = items.length,
): T[] {
  const distance = (item: T) => (item.lexile === null ? Infinity : Math.abs(item.lexile - lexile));
  return [...items].sort((a, b) => distance(a) - distance(b)).slice(0, count);
}
