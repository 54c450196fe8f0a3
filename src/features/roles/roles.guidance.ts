import type { PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { managesRoles, type Role } from '#core/auth/roles.ts';
import { ROLE_WORDS, saidRoles } from './roles-text.ts';

/**
 * What Sparky says on the Roles screen (/role-test; RolesPage.tsx; §4.8 page guidance; ADR 0054). To someone with
 * one role, what it lets them do; with several, their names; with none, who to ask. To an owner or admin, how to
 * give or take a role. Null while the user is not known.
 * @param roles the signed-in user's roles, in the spec's order
 */
export function rolesGuidance(roles: readonly Role[] | null): PageGuidance | null {
  if (!roles) return null;
  if (managesRoles(roles))
    return [
      `This page shows your roles. You are ${saidRoles(roles)}.`,
      'To give someone a role, type their name or e-mail, and press Find people. Then press a button by their name.',
    ];
  if (roles.length === 0)
    return [
      'This page shows your roles. A role says what you can do here.',
      'You have no role yet. Ask the person who runs Sparky Reads if you need one.',
    ];
  if (roles.length === 1) {
    const [role] = roles as [Role];
    return [`This page shows your role. You are ${saidRoles(roles)}.`, ROLE_WORDS[role].yours];
  }
  return [`This page shows your roles. You are ${saidRoles(roles)}.`, 'Each role says what you can do here.'];
}
