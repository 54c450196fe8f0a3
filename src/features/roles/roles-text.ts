/**
 * The Roles screen's words (docs/decisions/0054-roles-screen.md): each role's name and what it lets a person do, in
 * short plain sentences Sparky can say; the names of the buttons that give and take a role, which say the person
 * ("Make Ana Lopez a teacher", "Remove teacher from Ana Lopez") so that a screen reader, a voice command and a
 * switch user all know whose role changes; and what a change that failed says (spec §8 'Failed to assign role',
 * 'Failed to remove role').
 */
import type { IconName } from '../../ui/Icon.tsx';
import type { Role } from '#core/auth/roles.ts';
import type { RoleChangeRequest } from '#core/api/account.ts';
import { plural } from '#core/text/plural.ts';
import { ApiError } from '../../lib/api/http.ts';

/** A role as the page shows it: its name, its picture, and what it lets you do ("you can …"). */
export interface RoleWords {
  name: string;
  icon: IconName;
  /** One or two short sentences to the person who has the role. */
  yours: string;
}

/** Every role in plain words. */
export const ROLE_WORDS: Record<Role, RoleWords> = {
  owner: {
    name: 'Owner',
    icon: 'shield',
    yours: 'You run Sparky Reads here. You can give anyone any role.',
  },
  admin: {
    name: 'Admin',
    icon: 'lock',
    yours: 'You help run Sparky Reads. You can make people teachers, students or guardians.',
  },
  teacher: {
    name: 'Teacher',
    icon: 'school',
    yours: "You can make classes and see your pupils' reading.",
  },
  student: {
    name: 'Student',
    icon: 'book',
    yours: 'You can read stories, play word games and earn tokens.',
  },
  guardian: {
    name: 'Guardian',
    icon: 'heart',
    yours: "You can follow your child's reading and set reading goals.",
  },
};

/** The role's name in a sentence: "teacher". */
export const roleWord = (role: Role): string => role;

/** The role with its article: "a teacher", "an owner", "an admin". */
export function withArticle(role: Role): string {
  const word = roleWord(role);
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/** Words joined as a sentence lists them: "teacher", "teacher and guardian", "owner, teacher and guardian". */
export function saidList(words: readonly string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/** Roles as a sentence says them: "a teacher", "a teacher and a guardian", "an owner, a teacher and a guardian". */
export function saidRoles(roles: readonly Role[]): string {
  return saidList(roles.map(withArticle));
}

/** The button that gives `role` to `name`: "Make Ana Lopez a teacher". */
export function assignLabel(name: string, role: Role): string {
  return `Make ${name} ${withArticle(role)}`;
}

/** The button that takes `role` from `name`: "Remove teacher from Ana Lopez". */
export function removeLabel(name: string, role: Role): string {
  return `Remove ${roleWord(role)} from ${name}`;
}

/** What a change that worked did, said in a toast: "Ana Lopez is now a teacher." */
export function changedLine(name: string, request: Pick<RoleChangeRequest, 'action' | 'role'>): string {
  return request.action === 'assign'
    ? `${name} is now ${withArticle(request.role)}.`
    : `${name} is no longer ${withArticle(request.role)}.`;
}

/**
 * What a search found, said in the live region: "Nobody found for “ana”.", "1 person found for “ana”.", "20 or more
 * people found for “sm”." (when another page waits).
 */
export function foundLine(query: string, count: number, more: boolean): string {
  if (count === 0) return `Nobody found for “${query}”.`;
  const people = more ? `${count} or more people` : plural(count, 'person', 'people');
  return `${people} found for “${query}”.`;
}

/** The spec's titles of a failed change (§8 Roles). */
export const ROLE_FAILURE_TITLES = {
  assign: 'Failed to assign role',
  remove: 'Failed to remove role',
} as const;

/**
 * The toast of a change that failed: the spec's title (§8), and why in plain words. The last owner (409
 * `last_owner`) is said plainly with what to do, too many changes at once (429 `rate_limited`) with the server's
 * own "please wait"; otherwise "try again".
 * @param name the person whose role it was
 */
export function failureToast(
  name: string,
  request: Pick<RoleChangeRequest, 'action' | 'role'>,
  error: unknown,
): { title: string; description: string } {
  const title = ROLE_FAILURE_TITLES[request.action];
  if (error instanceof ApiError) {
    if (error.code === 'last_owner')
      return {
        title,
        description: `${name} is the last owner. Make someone else an owner first, so someone can still run Sparky Reads.`,
      };
    if (error.code === 'forbidden')
      return { title, description: `You are not allowed to change the ${roleWord(request.role)} role.` };
    if (error.code === 'user_not_found')
      return { title, description: `${name} has no account here any more.` };
    // the server's own words: "… Please wait 40 seconds and try again."
    if (error.code === 'rate_limited') return { title, description: error.message };
  }
  return { title, description: 'Something went wrong. Please try again.' };
}
