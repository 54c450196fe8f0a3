import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MeResponse } from '#core/api/account.ts';
import { TOASTS, toast } from '#core/auth/messages.ts';
import { isBuiltPath, protectedPaths, publicPaths } from '../../app/paths.ts';
import { signOut } from '../../lib/api/auth-client.ts';
import { forgetSignedInUser } from '../../lib/api/me.ts';
import { Button } from '../../ui/Button.tsx';
import { DisplaySettings } from '../../ui/DisplaySettings.tsx';
import { Link } from '../../ui/Link.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { streakLabel, tokensLabel } from './streak.ts';
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

/** The first letter of a name, for the avatar when there is no picture. */
function initial(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

/**
 * The signed-in header (spec §2.4): streak chip (§4.6), token count, avatar and name linking to
 * /profile, About Us, display settings and Sign Out (toasts of §7.7 and §8). The token count
 * links to /tokens only once that screen is built; until then it is plain text.
 */
export function ShellHeader({ me, showMenuButton, onOpenMenu, signOutCall = signOut }: ShellHeaderProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signedOut = useRef(false);
  // After Sign Out: forget the user once the signed-in shell is gone (the navigation has committed).
  useEffect(
    () => () => {
      if (signedOut.current) forgetSignedInUser(queryClient);
    },
    [queryClient],
  );
  const name = me.profile?.display_name || me.user.name || me.user.email;
  const tokens = me.profile?.tokens ?? 0;
  // §4.6: consecutive days with a reading session, counted by the server (GET /api/me).
  const streak = me.streak;
  // What the reader bought in the avatar shop shows here (issue #13); else a picture, else the initial.
  const outfit = me.profile?.avatar_outfit ?? {};
  const hasOutfit = Object.keys(outfit).length > 0;

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      const result = await signOutCall();
      if (!result.ok) {
        showToast(toast(TOASTS.signOutFailed, 'destructive'));
        return;
      }
      showToast(toast(TOASTS.signOutSucceeded));
      // Leave the guarded shell first; the user is forgotten when this header unmounts (below).
      // Were the cached user cleared while the shell is still shown, the route guard would send the
      // reader to /login instead of the landing page.
      signedOut.current = true;
      void navigate(publicPaths.landing, { replace: true });
    } catch {
      showToast(toast(TOASTS.signOutFailed, 'destructive'));
    } finally {
      setSigningOut(false);
    }
  };

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
          <span className="shell-header__name">{name}</span>
        </Link>
        <Link href={publicPaths.about} variant="nav">
          About Us
        </Link>
        <DisplaySettings />
        <Button variant="secondary" onPress={() => void onSignOut()} isPending={signingOut}>
          Sign Out
        </Button>
      </div>
    </header>
  );
}
