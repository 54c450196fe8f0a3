import { avatarItem, type AvatarOutfit } from '#core/rewards/avatar-items.ts';
import { BACKGROUNDS, FACE_COLOURS, GLASSES, HATS, PETS } from './avatar-parts.tsx';
import './avatar.css';

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** What it wears (slot → item id); unknown ids are left out. */
  outfit: AvatarOutfit;
  /** Drawn size in CSS pixels (square). */
  size?: number;
  /**
   * Its accessible name; without one the drawing is decorative (`aria-hidden`), for places where the
   * name is written beside it.
   */
  label?: string;
  className?: string;
}

/** "wearing Party Hat and Round Glasses", or "" when nothing is worn. */
export function outfitDescription(outfit: AvatarOutfit): string {
  const names = Object.values(outfit)
    .map((id) => (id ? avatarItem(id)?.name : undefined))
    .filter((n): n is string => Boolean(n));
  if (names.length === 0) return '';
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `wearing ${list}`;
}

/**
 * A reader's avatar: our own SVG drawing, a smiling face in the worn colour with the worn background,
 * hat, glasses and pet (core/rewards/avatar-items.ts). Shown in the header, on the profile and in the shop.
 */
export function Avatar({ outfit, size = 64, label, className }: AvatarProps) {
  const colour = FACE_COLOURS[outfit.colour ?? 'default'] ?? FACE_COLOURS.default!;
  const part = <T,>(table: Record<string, T>, id: string | undefined) => (id ? table[id] : undefined);
  return (
    <svg
      className={className ? `avatar-drawing ${className}` : 'avatar-drawing'}
      viewBox="0 0 100 100"
      width={size}
      height={size}
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {part(BACKGROUNDS, outfit.background) ?? BACKGROUNDS.default}
      <circle cx="50" cy="56" r="26" fill={colour.fill} stroke={colour.stroke} strokeWidth="2.5" />
      <circle cx="41" cy="52" r="3" fill="#2b2b2b" />
      <circle cx="59" cy="52" r="3" fill="#2b2b2b" />
      <path d="M40 64q10 9 20 0" fill="none" stroke="#2b2b2b" strokeWidth="2.8" strokeLinecap="round" />
      <circle cx="34" cy="62" r="3.5" fill="#ff8fab" fillOpacity="0.5" />
      <circle cx="66" cy="62" r="3.5" fill="#ff8fab" fillOpacity="0.5" />
      {part(GLASSES, outfit.glasses)}
      {part(HATS, outfit.hat)}
      {part(PETS, outfit.pet)}
    </svg>
  );
}

/** One item drawn alone on the plain background with a face, for the shop's cards. */
export function AvatarItemPreview({ itemId, size = 96 }: { itemId: string; size?: number }) {
  const item = avatarItem(itemId);
  if (!item) return null;
  return <Avatar outfit={{ [item.slot]: item.id }} size={size} />;
}
