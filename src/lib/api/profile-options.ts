/**
 * Labels for the account API's enumerations (core/api/account.ts), as the forms show them
 * (spec §3 "Options": grades Pre-K, K (Kindergarten), 1st to 12th; gender girl, boy, other,
 * prefer-not-to-say; role student, teacher, guardian shown as Parent/Guardian, other).
 */
import { GENDER_VALUES, GRADE_VALUES, USER_TYPE_VALUES } from '#core/api/account.ts';

/** A value and what a person sees. */
export interface Option {
  id: string;
  label: string;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Grade options, Pre-K to 12th. */
export const GRADE_OPTIONS: readonly Option[] = GRADE_VALUES.map((id) => ({
  id,
  label: id === 'Pre-K' ? 'Pre-K' : id === 'K' ? 'K (Kindergarten)' : `${ordinal(Number(id))} grade`,
}));

const GENDER_LABELS: Record<(typeof GENDER_VALUES)[number], string> = {
  girl: 'Girl',
  boy: 'Boy',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};

/** Gender options. */
export const GENDER_OPTIONS: readonly Option[] = GENDER_VALUES.map((id) => ({
  id,
  label: GENDER_LABELS[id],
}));

const ROLE_LABELS: Record<(typeof USER_TYPE_VALUES)[number], string> = {
  student: 'Student',
  teacher: 'Teacher',
  guardian: 'Parent/Guardian',
  other: 'Other',
};

/** Roles chosen at sign-up (spec §6). */
export const ROLE_OPTIONS: readonly Option[] = USER_TYPE_VALUES.map((id) => ({ id, label: ROLE_LABELS[id] }));

/** The label of a grade value, or the value itself when unknown. */
export function gradeLabel(grade: string | null | undefined): string | null {
  if (!grade) return null;
  return GRADE_OPTIONS.find((o) => o.id === grade)?.label ?? grade;
}

/** The label of a user type (e.g. 'Parent/Guardian'). */
export function userTypeLabel(userType: string): string {
  return ROLE_LABELS[userType as keyof typeof ROLE_LABELS] ?? userType;
}
