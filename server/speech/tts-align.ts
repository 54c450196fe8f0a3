/**
 * Word timings for read-to-me from flite's own segment times. flite prints every phone it synthesised
 * with its end time (`-psdur`), but not which word a phone belongs to. We ask flite separately for the
 * phones of each written token (the same lexicon, letter-to-sound rules and number expansion), then
 * align the two phone strings with an edit distance: in running speech flite changes a few phones
 * ("the" before a vowel, reduced vowels), and the alignment absorbs those without losing its place.
 * See docs/decisions/0006-story-library-and-read-to-me.md.
 */

/** One synthesised phone, times in seconds from the start of the audio. */
export interface TimedPhone {
  phone: string;
  start: number;
  end: number;
}

/** A token's timing, seconds from the start of the audio. */
export interface TokenTiming {
  start: number;
  end: number;
}

/** flite's silence phone. */
export const PAUSE = 'pau';

/**
 * Parse flite's `-psdur` output ("pau:0.184 dh:0.236 …", end times in seconds) into timed phones,
 * each starting where the previous one ended.
 */
export function parseSegmentDurations(output: string): TimedPhone[] {
  const phones: TimedPhone[] = [];
  let previousEnd = 0;
  for (const item of output.trim().split(/\s+/)) {
    const colon = item.lastIndexOf(':');
    if (colon < 1) continue;
    const end = Number(item.slice(colon + 1));
    if (!Number.isFinite(end)) continue;
    phones.push({ phone: item.slice(0, colon), start: previousEnd, end });
    previousEnd = end;
  }
  return phones;
}

/**
 * Parse flite's `-ps` output of several utterances ("pau dh ax pau k ae t pau") into the phones of each
 * utterance, split at the pauses: flite starts and ends every utterance with one.
 *
 * @returns one list of phones per pause-delimited group, in order (a group never is empty)
 */
export function parseUtterancePhones(output: string): string[][] {
  return output
    .trim()
    .split(new RegExp(`(?:^|\\s+)${PAUSE}(?=\\s|$)`))
    .map((group) => group.trim())
    .filter(Boolean)
    .map((group) => group.split(/\s+/));
}

/** Parse flite's `-ps` output ("pau dh ax pau") into phones, pauses dropped. */
export function parsePhones(output: string): string[] {
  return output
    .trim()
    .split(/\s+/)
    .filter((p) => p && p !== PAUSE);
}

/**
 * The time span of each token in synthesised speech.
 *
 * @param spoken the phones of the whole text as synthesised (pauses are ignored)
 * @param tokenPhones for each token, its phones when spoken alone (may be empty)
 * @returns one timing per token; a token that got no phone starts and ends where the previous ended
 */
export function alignTokens(spoken: readonly TimedPhone[], tokenPhones: readonly string[][]): TokenTiming[] {
  const actual = spoken.filter((p) => p.phone !== PAUSE);
  const expected: { phone: string; token: number }[] = [];
  tokenPhones.forEach((phones, token) => phones.forEach((phone) => expected.push({ phone, token })));

  const n = expected.length;
  const m = actual.length;
  const width = m + 1;
  // Edit distance table: cost[i][j] aligns the first i expected phones with the first j spoken ones.
  const cost = new Int32Array((n + 1) * width);
  for (let i = 0; i <= n; i++) cost[i * width] = i;
  for (let j = 0; j <= m; j++) cost[j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = expected[i - 1]!.phone === actual[j - 1]!.phone ? 0 : 1;
      cost[i * width + j] = Math.min(
        cost[(i - 1) * width + (j - 1)]! + same,
        cost[(i - 1) * width + j]! + 1,
        cost[i * width + (j - 1)]! + 1,
      );
    }
  }

  // Walk back: each spoken phone gets the token of the expected phone it pairs with. A spoken phone
  // flite added (no pair) then goes to the token before it, or to the first token when it leads.
  const owner = new Array<number>(m).fill(-1);
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    const here = cost[i * width + j]!;
    const same = expected[i - 1]!.phone === actual[j - 1]!.phone ? 0 : 1;
    if (here === cost[(i - 1) * width + (j - 1)]! + same) {
      owner[j - 1] = expected[i - 1]!.token;
      i--;
      j--;
    } else if (here === cost[(i - 1) * width + j]! + 1) {
      i--;
    } else {
      j--;
    }
  }
  let previous = 0;
  for (let k = 0; k < m; k++) {
    if (owner[k]! < 0) owner[k] = previous;
    else previous = owner[k]!;
  }

  const timings: (TokenTiming | null)[] = tokenPhones.map(() => null);
  actual.forEach((phone, k) => {
    const token = owner[k]!;
    if (token < 0 || token >= timings.length) return;
    const timing = timings[token];
    if (timing) {
      timing.start = Math.min(timing.start, phone.start);
      timing.end = Math.max(timing.end, phone.end);
    } else {
      timings[token] = { start: phone.start, end: phone.end };
    }
  });
  let previousEnd = 0;
  return timings.map((timing) => {
    const filled = timing ?? { start: previousEnd, end: previousEnd };
    const result = { start: round3(Math.max(filled.start, 0)), end: round3(filled.end) };
    previousEnd = result.end;
    return result;
  });
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
