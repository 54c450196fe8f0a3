import { describe, expect, it } from 'vitest';
import { ROLE_VALUES } from '../api/account.ts';
import { canChangeRole, changeableRoles, managesRoles, sortRoles } from './roles.ts';

describe('which roles an actor may change (spec §6, ADR 0054)', () => {
  it('an owner changes every role, an admin only teacher, student and guardian', () => {
    expect(changeableRoles(['owner'])).toEqual(['owner', 'admin', 'teacher', 'student', 'guardian']);
    expect(changeableRoles(['teacher', 'owner'])).toEqual(ROLE_VALUES);
    expect(changeableRoles(['admin'])).toEqual(['teacher', 'student', 'guardian']);
    expect(changeableRoles(['admin', 'teacher'])).toEqual(['teacher', 'student', 'guardian']);
    // An owner who is also an admin keeps every role.
    expect(changeableRoles(['admin', 'owner'])).toEqual(ROLE_VALUES);
  });

  it('teachers, students, guardians and people without a role change none', () => {
    for (const roles of [['teacher'], ['student'], ['guardian'], ['teacher', 'guardian'], []]) {
      expect(changeableRoles(roles), roles.join()).toEqual([]);
      expect(managesRoles(roles), roles.join()).toBe(false);
      for (const role of ROLE_VALUES) expect(canChangeRole(roles, role)).toBe(false);
    }
  });

  it('agrees role by role with the server rule', () => {
    for (const role of ROLE_VALUES) {
      expect(canChangeRole(['owner'], role)).toBe(true);
      expect(canChangeRole(['admin'], role)).toBe(role !== 'owner' && role !== 'admin');
    }
    expect(canChangeRole(['owner'], 'superuser')).toBe(false);
    expect(managesRoles(['owner'])).toBe(true);
    expect(managesRoles(['admin'])).toBe(true);
  });

  it('is not fooled by a role name that only looks like one', () => {
    expect(changeableRoles(['Owner', 'ADMIN', ' owner'])).toEqual([]);
  });

  it('sorts roles in the spec order and drops unknown ones', () => {
    expect(sortRoles(['guardian', 'x', 'owner', 'teacher'])).toEqual(['owner', 'teacher', 'guardian']);
  });
});
