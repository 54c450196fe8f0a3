/**
 * Whether this tab is signing out from the header or the menu (src/features/shell/use-sign-out.ts).
 * While it is, the session keeper (session-keeper.tsx) does not end the session itself when the
 * server already has none: the sign-out flow forgets the user after its navigation to the landing
 * page has committed. Without this, a session read that raced the sign-out sent the child to /login
 * instead of the landing page (seen on a loaded machine in e2e/accounts.spec.ts).
 */
let signingOut = false;

/** Marks the start (true) or end (false) of a sign-out in this tab. */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

/** True while a sign-out started in this tab is under way. */
export function isSigningOut(): boolean {
  return signingOut;
}
