/**
 * Planted miscues for benchmark readings: edit the passage into the words a reader says,
 * keeping the ground truth (each passage word's true status) and where pauses go.
 * Pure and deterministic (seeded), so figures are reproducible.
 */
import { tokenisePassage, type PassageWord } from '#core/text/normalize.ts';
import type { WordStatus } from '#core/fluency/align.ts';
import { INSERTIONS, MISREADINGS } from './passages.ts';

export type MiscueKind =
  'omission' | 'substitution' | 'insertion' | 'repetition' | 'self_correction' | 'hesitation';

/** What is synthesised: text pieces (one flite call each) and pauses (seconds). */
export type Segment = { text: string } | { pause: number };

export interface ReadingPlan {
  segments: Segment[];
  /** True status of each passage word (practice mode: hesitation is not an error). */
  truth: WordStatus[];
  planted: { kind: MiscueKind; index: number; said?: string }[];
}

/** mulberry32: a small seeded PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const key = (w: PassageWord): string => (w.spoken[0] ?? []).join(' ');

/**
 * Plans a reading. With `miscues` false the reading is the passage as printed.
 * Edits sit at least 3 words apart and never on the first two or last two words, so the
 * reading starts and ends with passage words (reading time is then measurable from the audio).
 */
export function planReading(text: string, miscues: boolean, seed: number): ReadingPlan {
  const words = tokenisePassage(text);
  const truth: WordStatus[] = words.map(() => 'correct');
  const planted: ReadingPlan['planted'] = [];
  const n = words.length;
  const edits = new Map<number, MiscueKind>();
  if (miscues) {
    const random = rng(seed);
    const scale = Math.max(1, Math.round(n / 45));
    const wanted: MiscueKind[] = [
      ...Array<MiscueKind>(scale).fill('omission'),
      ...Array<MiscueKind>(scale).fill('substitution'),
      'self_correction',
      'insertion',
      'repetition',
      ...(seed % 3 === 0 ? (['hesitation'] as MiscueKind[]) : []),
    ];
    const free = (i: number): boolean =>
      i >= 2 && i < n - 2 && [...edits.keys()].every((j) => Math.abs(j - i) >= 3);
    for (const kind of wanted) {
      const candidates = words
        .map((w, i) => i)
        .filter((i) => free(i))
        .filter((i) =>
          kind === 'substitution' || kind === 'self_correction'
            ? MISREADINGS[key(words[i] as PassageWord)] !== undefined
            : true,
        )
        // an omitted word that equals a neighbour would be indistinguishable from its neighbour
        .filter(
          (i) =>
            kind !== 'omission' ||
            (key(words[i] as PassageWord) !== key(words[i - 1] as PassageWord) &&
              key(words[i] as PassageWord) !== key(words[i + 1] as PassageWord)),
        );
      if (candidates.length === 0) continue;
      const i = candidates[Math.floor(random() * candidates.length)] as number;
      edits.set(i, kind);
    }
  }

  const segments: Segment[] = [];
  let current: string[] = [];
  const cut = (pause: number): void => {
    if (current.length > 0) segments.push({ text: current.join(' ') });
    current = [];
    if (pause > 0) segments.push({ pause });
  };
  words.forEach((w, i) => {
    const kind = edits.get(i);
    const printed = w.text;
    const misread = MISREADINGS[key(w)];
    switch (kind) {
      case 'omission':
        truth[i] = 'omission';
        planted.push({ kind, index: i });
        break;
      case 'substitution':
        current.push(misread ?? printed);
        truth[i] = 'substitution';
        planted.push({ kind, index: i, said: misread ?? printed });
        break;
      case 'self_correction':
        current.push(misread ?? printed);
        cut(0.5);
        current.push(printed);
        truth[i] = 'self_correction';
        planted.push({ kind, index: i, said: misread ?? printed });
        break;
      case 'insertion': {
        const extra = INSERTIONS[(seed + i) % INSERTIONS.length] ?? 'very';
        current.push(extra, printed);
        planted.push({ kind, index: i, said: extra });
        break;
      }
      case 'repetition': {
        const from = Math.max(0, i - 2);
        current.push(printed);
        cut(0.3);
        current.push(...words.slice(from, i + 1).map((x) => x.text));
        planted.push({ kind, index: i });
        break;
      }
      case 'hesitation':
        cut(3.6);
        current.push(printed);
        planted.push({ kind, index: i });
        break;
      default:
        current.push(printed);
    }
    // sentence ends: a short natural pause between flite calls
    if (/[.!?]["”’']?$/.test(text.slice(w.charStart, w.charEnd + 2).trim()) && i < n - 1) cut(0.25);
  });
  cut(0);
  return { segments, truth, planted };
}
