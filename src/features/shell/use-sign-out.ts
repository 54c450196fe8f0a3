import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TOASTS, toast } from '#core/auth/messages.ts';
import { publicPaths } from '../../app/paths.ts';
import { setSigningOut as markSigningOut } from '../../app/sign-out-state.ts';
import { signOut } from '../../lib/api/auth-client.ts';
import { forgetSignedInUser } from '../../lib/api/me.ts';
import { showToast } from '../../ui/toast-store.ts';

/**
 * Signing out from the header (wide screens) or the menu (phones): the toasts of spec §7.7 and §8,
 * then the landing page; the cached user is forgotten once the component that signed out is gone
 * (the navigation has committed), so the route guard never sends the reader to /login instead.
 *
 * @param signOutCall better-auth's sign-out (tests pass a fake)
 * @returns `signOut` to call on press, and whether it is under way
 */
export function useSignOut(signOutCall: typeof signOut = signOut): {
  signOut: () => Promise<void>;
  signingOut: boolean;
} {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signedOut = useRef(false);
  useEffect(
    () => () => {
      if (signedOut.current) {
        forgetSignedInUser(queryClient);
        markSigningOut(false);
      }
    },
    [queryClient],
  );
  const run = async () => {
    setSigningOut(true);
    markSigningOut(true);
    try {
      const result = await signOutCall();
      if (!result.ok) {
        markSigningOut(false);
        showToast(toast(TOASTS.signOutFailed, 'destructive'));
        return;
      }
      showToast(toast(TOASTS.signOutSucceeded));
      signedOut.current = true;
      void navigate(publicPaths.landing, { replace: true });
    } catch {
      markSigningOut(false);
      showToast(toast(TOASTS.signOutFailed, 'destructive'));
    } finally {
      setSigningOut(false);
    }
  };
  return { signOut: run, signingOut };
}
