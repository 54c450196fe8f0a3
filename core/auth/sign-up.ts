/**
 * The login page's form and the payloads it sends (§2.3, §5, §7.1).
 */
import { isUserType, type UserType } from './redirect.ts';

/**
 * Every field of the login page, as typed (strings, possibly empty). One shape for all four
 * modes (§2.3); `age` stays text until it is sent.
 */
export interface LoginForm {
  /** E-mail address (sign-in, sign-up step 1, reset). */
  email: string;
  /** Password (sign-in, sign-up step 1). Never trimmed. */
  password: string;
  /** Display name (sign-up step 1). */
  displayName: string;
  /** Chosen role, one of {@link UserType}, or '' before a choice (sign-up step 2). */
  role: string;
  /** Age in years as typed (placeholder 8); optional (§5). */
  age: string;
  /** Grade (Pre-K, K, 1 to 12) as chosen; optional (§3, §5). */
  grade: string;
  /** Gender as typed; optional (§5). */
  gender: string;
  /** Pet's name, used to personalise stories; optional (§2.3, §5). */
  petsName: string;
}

/** Names of the login form's fields. */
export type LoginField = keyof LoginForm;

/** All login form field names, in on-screen order. */
export const LOGIN_FIELDS = [
  'displayName',
  'email',
  'password',
  'role',
  'age',
  'grade',
  'gender',
  'petsName',
] as const satisfies readonly LoginField[];

/** A form with every field empty: the state after toggling modes or a successful sign-up (§2.3, §4.1). */
export const EMPTY_LOGIN_FORM: Readonly<LoginForm> = Object.freeze({
  email: '',
  password: '',
  displayName: '',
  role: '',
  age: '',
  grade: '',
  gender: '',
  petsName: '',
});

/**
 * Whether a required text field counts as filled: anything other than empty or whitespace
 * (§5 "required"). Whitespace-only is treated as empty so "   " cannot pass step 1.
 *
 * @param value the field as typed
 */
export function isFilled(value: string): boolean {
  return value.trim() !== '';
}

/** §5 sign-up step 1: display name, e-mail and password all filled. */
export function isStepOneComplete(form: LoginForm): boolean {
  return isFilled(form.displayName) && isFilled(form.email) && isFilled(form.password);
}

/** §5 sign-up step 2: a role (student, teacher, guardian or other) is chosen. */
export function hasChosenRole(form: LoginForm): boolean {
  return isUserType(form.role);
}

/** §5 sign-in: e-mail and password both filled (else the provider's 'You must provide…' error). */
export function hasCredentials(form: LoginForm): boolean {
  return isFilled(form.email) && isFilled(form.password);
}

/** Input of the sign-in call (§7.1 "Sign in with e-mail and password"). */
export interface SignInPayload {
  /** Trimmed e-mail. */
  email: string;
  /** Password as typed. */
  password: string;
}

/**
 * Sign-up metadata (§3 "Sign-up metadata", §7.1 data object), snake_case as the server
 * stores it. Optional keys are absent, never empty strings (§5).
 */
export interface SignUpMetadata {
  display_name: string;
  user_type: UserType;
  /** Whole years. */
  age?: number;
  grade?: string;
  gender?: string;
  pets_name?: string;
}

/** Input of the sign-up call (§7.1). The e-mail confirmation redirect (/auth/confirm) is the app's concern. */
export interface SignUpPayload extends SignInPayload {
  /** Profile metadata. */
  data: SignUpMetadata;
}

/** §2.3, §7.1: the social sign-in providers, in button order. */
export const SOCIAL_PROVIDERS = ['google', 'apple', 'github', 'twitter'] as const;

/** One of {@link SOCIAL_PROVIDERS}. */
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Input of the password-reset call (§7.1 "POST recover"). */
export interface PasswordResetPayload {
  /** Trimmed e-mail. */
  email: string;
}

/**
 * Parses the age field: a whole, non-negative number of years, or undefined when empty or
 * not a number (§5 "Age (numeric) … optional; empty optional values are sent as absent").
 *
 * @param value the age field as typed
 */
export function parseAge(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The sign-in payload from the form (§7.1). */
export function toSignInPayload(form: LoginForm): SignInPayload {
  return { email: form.email.trim(), password: form.password };
}

/** The password-reset payload from the form (§7.1). */
export function toPasswordResetPayload(form: LoginForm): PasswordResetPayload {
  return { email: form.email.trim() };
}

/**
 * The sign-up payload from the form (§7.1): metadata in snake_case, optional values left out
 * when empty (§5), user_type defaulting to student when the role is not a known one (§3).
 */
export function toSignUpPayload(form: LoginForm): SignUpPayload {
  const data: SignUpMetadata = {
    display_name: form.displayName.trim(),
    user_type: isUserType(form.role) ? form.role : 'student',
  };
  const age = parseAge(form.age);
  if (age !== undefined) data.age = age;
  const grade = optional(form.grade);
  if (grade !== undefined) data.grade = grade;
  const gender = optional(form.gender);
  if (gender !== undefined) data.gender = gender;
  const petsName = optional(form.petsName);
  if (petsName !== undefined) data.pets_name = petsName;
  return { ...toSignInPayload(form), data };
}
