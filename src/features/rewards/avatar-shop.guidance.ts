import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';

/** What Sparky says on /avatar-shop (AvatarShopPage.tsx; §4.8 page guidance), written for a 5-year-old. */
export const AVATAR_SHOP_GUIDANCE: PageGuidance = [
  'Welcome to the shop! You can dress up your picture here.',
  'Press Buy to get a thing with your tokens. Then press Wear to put it on.',
];
