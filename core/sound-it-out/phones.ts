/**
 * The speech sounds (phones) the Sound It Out game plays one at a time (docs/decisions/0043-sound-it-out.md):
 * flite's US English phone set (the CMU set, in small letters, without stress), which `flite -p "pau k pau"`
 * synthesises. The server's phone endpoint (GET /api/speech/phone/:phone) answers only these names: a closed
 * list, never free text passed to flite.
 */

/** Every phone flite's US English voices know, except the pause `pau` (CMU phone set; flite's cmu_us_*). */
export const PHONES = [
  'aa',
  'ae',
  'ah',
  'ao',
  'aw',
  'ax',
  'ay',
  'b',
  'ch',
  'd',
  'dh',
  'eh',
  'er',
  'ey',
  'f',
  'g',
  'hh',
  'ih',
  'iy',
  'jh',
  'k',
  'l',
  'm',
  'n',
  'ng',
  'ow',
  'oy',
  'p',
  'r',
  's',
  'sh',
  't',
  'th',
  'uh',
  'uw',
  'v',
  'w',
  'y',
  'z',
  'zh',
] as const;

/** A phone of {@link PHONES}. */
export type Phone = (typeof PHONES)[number];

const phoneSet: ReadonlySet<string> = new Set(PHONES);

/** Whether a value is exactly a phone of {@link PHONES} (small letters, nothing around it). */
export function isPhone(value: unknown): value is Phone {
  return typeof value === 'string' && phoneSet.has(value);
}
