/**
 * The free phone loop's vote on a one-sound substitution (issue 16, tenth round (b)).
 *
 * A first-pass substitution one sound away from the printed word ("point" heard as "pint", "hold"
 * as "held") is the first pass's word against the printed one, and the second pass (verify.ts)
 * only asks which of the two fits the word's stretch better. The GOP pass (gop.ts) decodes the same
 * stretch with a free loop of the 39 phones, which knows neither word. When the loop hears the
 * printed word's sound where the two words differ, and not the heard word's, the recognisers
 * disagree on the one sound that makes the substitution: the word is scored as read and shown as
 * "check this word", as when GOP finds the printed word fitting as well as the free phones
 * (`fitsAsPrinted`). On the tuning voices (adult and child-like) the loop voted for the printed
 * word on 5 kept substitutions, all of correctly read words, and on none of 37 real one-sound
 * misreadings (docs/scoring.md).
 */

/** Where two pronunciations differ by one phone in the same place (the rest identical). */
export interface PhoneDifference {
  /** The printed word's phone there. */
  printed: string;
  /** The heard word's phone there. */
  heard: string;
}

/**
 * The phone in which two pronunciations differ, when they have the same length and differ in
 * exactly one place; undefined otherwise.
 * @param printed phones of the printed word.
 * @param heard phones of the heard word.
 */
export function onePhoneApart(
  printed: readonly string[],
  heard: readonly string[],
): PhoneDifference | undefined {
  if (printed.length !== heard.length) return undefined;
  let found: PhoneDifference | undefined;
  for (let k = 0; k < printed.length; k++) {
    const p = printed[k] as string;
    const h = heard[k] as string;
    if (p === h) continue;
    if (found) return undefined;
    found = { printed: p, heard: h };
  }
  return found;
}

/** What the phone loop heard where two words one sound apart differ. */
export type PhoneVote = 'printed' | 'heard' | 'neither';

/**
 * The loop's vote: `printed` when the phones it heard over the word hold the printed word's
 * differing phone and not the heard word's, `heard` when they hold the heard word's, `neither`
 * otherwise. Undefined when no pronunciation pair is one phone apart, or when a differing phone
 * also occurs in the rest of either word (the loop's phone could then belong to that place:
 * "kick" / "kit").
 * @param printed the printed word's pronunciations (phones each).
 * @param heard the heard word's pronunciations.
 * @param loop phones the free loop heard over the word's frames, in order (`WordGop.heard`).
 */
export function phoneLoopVote(
  printed: readonly (readonly string[])[],
  heard: readonly (readonly string[])[],
  loop: readonly string[],
): PhoneVote | undefined {
  const printedPhones = new Set<string>();
  const heardPhones = new Set<string>();
  const shared = new Set<string>();
  for (const p of printed)
    for (const h of heard) {
      const d = onePhoneApart(p, h);
      if (!d) continue;
      printedPhones.add(d.printed);
      heardPhones.add(d.heard);
      p.forEach((x, k) => {
        if (x === h[k]) shared.add(x);
      });
    }
  if (printedPhones.size === 0) return undefined;
  for (const x of [...printedPhones, ...heardPhones]) if (shared.has(x)) return undefined;
  const heardLoop = new Set(loop);
  const hasPrinted = [...printedPhones].some((x) => heardLoop.has(x));
  const hasHeard = [...heardPhones].some((x) => heardLoop.has(x));
  if (hasHeard) return 'heard';
  return hasPrinted ? 'printed' : 'neither';
}

/** Phone edit distance (insertions, deletions and replacements cost 1 each). */
export function phoneDistance(a: readonly string[], b: readonly string[]): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length] as number;
}

/**
 * Whether the free phone loop heard another word one sound away from the printed word (docs/scoring.md,
 * fourteenth round, `moonshineAgrees` in pocketsphinx.ts): the phones it heard over the word hold the other
 * word's differing phone and not the printed word's (a strict {@link phoneLoopVote} for the other word), and are
 * within one phone of one of the other word's pronunciations. "walk" heard by the loop as W ER HH is "work"
 * (W ER K); "hall" heard as F OW is no word's: the loop's OW alone does not make it "hole" (HH OW L).
 * @param printed the printed word's pronunciations.
 * @param other the other word's pronunciations.
 * @param loop phones the free loop heard over the word's frames.
 */
export function loopHearsOther(
  printed: readonly (readonly string[])[],
  other: readonly (readonly string[])[],
  loop: readonly string[],
): boolean {
  if (phoneLoopVote(printed, other, loop) !== 'heard') return false;
  const heardLoop = new Set(loop);
  for (const p of printed)
    for (const h of other) {
      const d = onePhoneApart(p, h);
      if (d && heardLoop.has(d.printed)) return false;
    }
  return other.some((h) => phoneDistance(h, loop) <= 1);
}
