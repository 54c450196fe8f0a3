/**
 * Who may give or take which role (spec §6, §7.5 secure-role-management; docs/decisions/0054-roles-screen.md). One
 * pure rule that the server's `changeRole` and `listPeople` (server/routes/account/roles.service.ts) and the Roles
 * screen (src/features/roles/) all call, so the buttons a person is shown and what the server allows cannot drift.
 */
import { ROLE_VALUES } from '../api/account.ts';

/** A role of user_roles (spec §3): owner, admin, teacher, student, guardian. */
export type Role = (typeof ROLE_VALUES)[number];

/** The roles an admin may give and take: not owner or admin, which only an owner changes. */
export const ADMIN_CHANGEABLE_ROLES: readonly Role[] = ['teacher', 'student', 'guardian'];

/**
 * The roles someone holding `actorRoles` may assign to or remove from anyone (themselves included): an owner every
 * role, an admin teacher, student and guardian, anyone else none. In {@link ROLE_VALUES} order.
 * @param actorRoles the acting user's own roles (user_roles of the signed-in user)
 */
export function changeableRoles(actorRoles: readonly string[]): readonly Role[] {
  if (actorRoles.includes('owner')) return ROLE_VALUES;
  if (actorRoles.includes('admin')) return ADMIN_CHANGEABLE_ROLES;
  return [];
}

/**
 * Whether someone holding `actorRoles` may assign or remove `role` (see {@link changeableRoles}). The last owner
 * rule (at least one owner stays) is the server's, since only the database knows how many owners there are.
 */
export function canChangeRole(actorRoles: readonly string[], role: string): boolean {
  return changeableRoles(actorRoles).some((r) => r === role);
}

/**
 * Whether someone holding `actorRoles` manages roles at all, and so may look people up by name or e-mail (GET
 * /api/roles/people): owners and admins.
 */
export function managesRoles(actorRoles: readonly string[]): boolean {
  return changeableRoles(actorRoles).length > 0;
}

/** Roles in the spec's order (owner, admin, teacher, student, guardian), unknown values left out. */
export function sortRoles(roles: readonly string[]): Role[] {
  return ROLE_VALUES.filter((r) => roles.includes(r));
}
