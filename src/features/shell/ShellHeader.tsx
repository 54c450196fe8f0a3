import type { MeResponse } from '#core/api/account.ts';
import { isBuiltPath, protectedPaths, publicPaths } from '../../app/paths.ts';
import { signOut } from '../../lib/api/auth-client.ts';
import { Button } from '../../ui/Button.tsx';
import { DisplaySettings } from '../../ui/DisplaySettings.tsx';
import { Link } from '../../ui/Link.tsx';
import { streakLabel, tokensLabel } from './streak.ts';
import { useSignOut } from './use-sign-out.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Avatar, outfitDescription } from '../../ui/avatar/Avatar.tsx';

/** Props of {@link ShellHeader}. */
export interface ShellHeaderProps {
  me: MeResponse;
  /** Shown below 768 px: the button that opens the sidebar overlay. */
  showMenuButton: boolean;
  onOpenMenu: () => void;
  /** Sign out; defaults to better-auth's. Tests pass a fake. */
  signOutCall?: typeof signOut;
}

/**
 * The first letter of a name, for the avatar when there is no picture: its first character, whole
 * (an emoji is two UTF-16 units, and half of one drew a broken box), skipping invisible format
 * characters.
 */
function initial(name: string): string {
  const first = [...name.replace(/\p{Cf}/gu, '').trim()][0];
  return (first ?? '?').toUpperCase();
}

/**
 * The signed-in header (spec §2.4): streak chip (§4.6), token count, avatar and name linking to
 * /profile, About Us, display settings and Sign Out (toasts of §7.7 and §8). The token count
 * links to /tokens only once that screen is built; until then it is plain text. On a phone (with the
 * menu button) About Us and Sign Out move into the menu, so the header keeps to a small part of the
 * screen even at Extra-large text (issue 17, item 15).
 */
export function ShellHeader({ me, showMenuButton, onOpenMenu, signOutCall = signOut }: ShellHeaderProps) {
  const { signOut: onSignOut, signingOut } = useSignOut(signOutCall);
  const name = me.profile?.display_name || me.user.name || me.user.email;
  const tokens = me.profile?.tokens ?? 0;
  // §4.6: consecutive days with a reading session, counted by the server (GET /api/me).
  const streak = me.streak;
  // What the reader bought in the avatar shop shows here (issue #13); else a picture, else the initial.
  const outfit = me.profile?.avatar_outfit ?? {};
  const hasOutfit = Object.keys(outfit).length > 0;

  return (
    <header className="shell-header">
      {showMenuButton ? (
        <Button variant="quiet" onPress={onOpenMenu} className="shell-header__menu" aria-label="Open menu">
          <Icon name="menu" strokeWidth={2.5} />
          <span className="shell-header__menu-label">Menu</span>
        </Button>
      ) : null}
      <ul className="shell-header__stats" aria-label="Your progress">
        <li className="chip chip--streak">
          <Icon name="flame" size={18} /> <span className="visually-hidden">Reading streak: </span>
          {streakLabel(streak)}
        </li>
        <li className="chip chip--tokens">
          <Icon name="star" size={18} />{' '}
          {isBuiltPath(protectedPaths.tokens) ? (
            <Link href={protectedPaths.tokens}>{tokensLabel(tokens)}</Link>
          ) : (
            <span>{tokensLabel(tokens)}</span>
          )}
        </li>
      </ul>
      <div className="shell-header__end">
        <Link href={protectedPaths.profile} variant="nav" className="shell-header__profile">
          {hasOutfit ? (
            // Named, so the link says what the avatar wears: "Avatar wearing Party Hat, Mia".
            <span className="avatar">
              <Avatar outfit={outfit} size={40} label={`Avatar ${outfitDescription(outfit)},`} />
            </span>
          ) : (
            <span className="avatar" aria-hidden="true">
              {me.profile?.avatar_url ? <img src={me.profile.avatar_url} alt="" /> : initial(name)}
            </span>
          )}
          {/* <bdi>: a name's own writing direction never turns the words around it. */}
          <bdi className="shell-header__name">{name}</bdi>
        </Link>
        {showMenuButton ? null : (
          <Link href={publicPaths.about} variant="nav">
            About Us
          </Link>
        )}
        <DisplaySettings />
        {showMenuButton ? null : (
          <Button variant="secondary" onPress={() => void onSignOut()} isPending={signingOut}>
            Sign Out
          </Button>
        )}
      </div>
    </header>
  );
}
