import { useState } from 'react';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { AVATAR_SHOP_GUIDANCE } from './avatar-shop.guidance.ts';
import { AVATAR_SLOT_NAMES, AVATAR_SLOTS, avatarItem } from '#core/rewards/avatar-items.ts';
import type { ShopItem } from '#core/api/rewards.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useAvatarShop, useBuyItem, useChangeOutfit } from '../../lib/api/rewards.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Avatar, AvatarItemPreview, outfitDescription } from '../../ui/avatar/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { showToast } from '../../ui/toast-store.ts';
import '../../ui/page.css';
import './rewards.css';

/** A new idempotency key: one per purchase (the mutation's retry re-sends it). */
export function newPurchaseKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `buy-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Shows a line as a toast, which the audio queue says and captions (a refusal as a warning). */
function tell(title: string, description: string, variant: 'default' | 'destructive' = 'default') {
  showToast({ title, description, variant });
}

/** Why a purchase was refused, in a child's words. */
function refusalWords(error: unknown, item: ShopItem, balance: number): string {
  if (error instanceof ApiError) {
    if (error.code === 'insufficient_tokens') {
      const need = item.price - balance;
      return `You need ${need} more ${need === 1 ? 'token' : 'tokens'} for the ${item.name}. Read a story to earn some!`;
    }
    if (error.code === 'already_owned') return `You have the ${item.name} already.`;
    if (error.code === 'item_not_found') return 'That item is not in the shop any more.';
    if (error.code === 'network_error') return 'We could not reach Sparky Reads. Please try again.';
  }
  return 'Something went wrong. Please try again.';
}

/**
 * /avatar-shop, 'Avatar Shop' (spec §1, §2.2): items to buy with tokens and wear (core/rewards/avatar-items.ts),
 * grouped by kind, each drawn, named and priced. Buying spends tokens once per press (an idempotency key
 * per purchase) and wears the item at once; owned items can be worn or taken off. What the avatar wears
 * shows in the header and on the profile.
 */
export function AvatarShopPage() {
  useDocumentTitle('Avatar Shop');
  usePageGuidance(AVATAR_SHOP_GUIDANCE);
  const audio = useAudioQueue();
  const shop = useAvatarShop();
  const buy = useBuyItem();
  const outfit = useChangeOutfit();
  // The item whose button was pressed, shown pending until the shop has the change.
  const [pressed, setPressed] = useState<string | null>(null);
  if (shop.isPending) return <LoadingIndicator size="page" />;
  if (shop.isError) {
    return (
      <div className="page">
        <h1>Avatar Shop</h1>
        <p role="alert">We could not open the shop right now. Please try again soon.</p>
      </div>
    );
  }
  const { balance, items } = shop.data;
  const worn = shop.data.outfit;
  const busy = buy.isPending || outfit.isPending;

  // While one change is on its way, other presses are ignored. The buttons are not disabled: a
  // disabled button loses the focus (Chromium moves it to <body>), and a keyboard or switch user who
  // pressed Buy was sent back to the top of the page. The pressed one shows it is pending and keeps
  // the focus as it turns into Take off.
  const onBuy = (item: ShopItem) => {
    if (busy) return;
    setPressed(item.id);
    buy.mutate(
      { itemId: item.id, idempotencyKey: newPurchaseKey() },
      {
        onSettled: () => setPressed(null),
        onSuccess: (bought) =>
          tell(
            `You bought the ${item.name}!`,
            `Your avatar is wearing it now. You have ${bought.balance} tokens left.`,
          ),
        onError: (error) => tell('Not bought', refusalWords(error, item, balance), 'destructive'),
      },
    );
  };
  const onWear = (item: ShopItem, wear: boolean) => {
    if (busy) return;
    setPressed(item.id);
    outfit.mutate(
      { [item.slot]: wear ? item.id : null },
      {
        onSettled: () => setPressed(null),
        onSuccess: () =>
          audio.speak({
            text: wear ? `Now wearing the ${item.name}.` : `Took off the ${item.name}.`,
            type: 'sparky',
          }),
        onError: () => tell('Not changed', 'Something went wrong. Please try again.', 'destructive'),
      },
    );
  };

  const description = outfitDescription(worn);
  return (
    <div className="page shop">
      <h1>Avatar Shop</h1>
      <section className="page__card shop__me" aria-labelledby="shop-me">
        <h2 id="shop-me" className="visually-hidden">
          Your avatar
        </h2>
        <Avatar outfit={worn} size={120} label={`Your avatar${description ? `, ${description}` : ''}`} />
        <p className="tokens__big">
          <Icon name="star" size={32} /> You have {balance} {balance === 1 ? 'token' : 'tokens'}
        </p>
      </section>
      {AVATAR_SLOTS.map((slot) => (
        <section key={slot} className="shop__slot" aria-labelledby={`shop-${slot}`}>
          <h2 id={`shop-${slot}`}>{AVATAR_SLOT_NAMES[slot].many}</h2>
          <ul className="shop__items" aria-labelledby={`shop-${slot}`}>
            {items
              .filter((item) => item.slot === slot)
              .map((item) => (
                <li key={item.id} className={item.worn ? 'shop__item shop__item--worn' : 'shop__item'}>
                  <AvatarItemPreview itemId={item.id} size={96} />
                  <h3 className="shop__name">{item.name}</h3>
                  {item.owned ? (
                    <>
                      <p className="shop__status">
                        <Icon name="check" size={18} /> {item.worn ? 'Wearing it' : 'Yours'}
                      </p>
                      <Button
                        variant="secondary"
                        isPending={pressed === item.id}
                        onPress={() => onWear(item, !item.worn)}
                        aria-label={item.worn ? `Take off ${item.name}` : `Wear ${item.name}`}
                      >
                        <Icon name={item.worn ? 'close' : 'smile'} size={20} />
                        {item.worn ? 'Take off' : 'Wear'}
                      </Button>
                    </>
                  ) : (
                    <>
                      <p className="shop__price">
                        <Icon name="star" size={18} /> {item.price} tokens
                      </p>
                      <Button
                        isPending={pressed === item.id}
                        onPress={() => onBuy(item)}
                        aria-label={`Buy ${item.name} for ${item.price} tokens`}
                      >
                        <Icon name="bag" size={20} />
                        Buy
                      </Button>
                    </>
                  )}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** For tests: an item's shop entry as the server would send it. */
export function shopItem(id: string, owned = false, worn = false): ShopItem {
  const item = avatarItem(id)!;
  return { ...item, owned, worn };
}
