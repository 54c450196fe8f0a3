/**
 * Payloads of the account API (server/routes/account), shared by server and browser.
 * Rows use the snake_case names of spec §3, as the hosted backend returned them.
 */
import { z } from 'zod';
import { isTimeZone } from '../challenges/daily-challenges.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from '../auth/email.ts';

/** Spec §3 options. */
export const USER_TYPE_VALUES = ['student', 'teacher', 'guardian', 'other'] as const;
export const ROLE_VALUES = ['owner', 'admin', 'teacher', 'student', 'guardian'] as const;
export const GRADE_VALUES = [
  'Pre-K',
  'K',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
] as const;
export const GENDER_VALUES = ['girl', 'boy', 'other', 'prefer-not-to-say'] as const;

/** Password length bounds (NIST SP 800-63B: at least 8; an upper bound stops hashing abuse). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * NUL and the other C0/C1 control characters (tab, line feed and carriage return aside): PostgreSQL
 * refuses NUL in text, and none of them belongs in a name. Also the explicit bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): a name with an unclosed
 * right-to-left override turned the text after it around wherever it was shown ("Hi, !ëoZ") and
 * could make one child's name look like another's. Right-to-left names need none of them.
 */
export const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const NO_CONTROL_CHARACTERS = 'Use letters, numbers, spaces and punctuation only.';

/** Text without control characters, trimmed, of at most `max` characters. */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), NO_CONTROL_CHARACTERS);

const displayName = plainText(80).refine((v) => v.length > 0, 'Please enter a display name.');
const optionalText = (max: number) =>
  plainText(max)
    .refine((v) => v.length > 0, 'Use at least 1 character.')
    .optional();

/**
 * Whether an avatar address is safe to put in an `<img src>`: an https URL, or a path on this site
 * ("/avatars/fox.svg"). Not `javascript:`, `data:`, `http:` or a scheme-relative `//host` (issue #14).
 */
export function isSafeAvatarUrl(value: string): boolean {
  if (value === '') return true;
  if (CONTROL_CHARACTERS.test(value) || /\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const avatarUrl = z
  .string()
  .trim()
  .max(500)
  .refine(isSafeAvatarUrl, 'The picture address must start with https:// or be a path on this site.');

/** Sign-up metadata (spec §3): optional values absent rather than empty (spec §5). */
export const SignUpMetadataSchema = z.object({
  display_name: displayName,
  user_type: z.enum(USER_TYPE_VALUES).default('student'),
  age: z.number().int().min(2).max(120).optional(),
  grade: z.enum(GRADE_VALUES).optional(),
  gender: z.enum(GENDER_VALUES).optional(),
  pets_name: optionalText(60),
});

/** Spec §5: sign-up and sign-in need an e-mail (or phone) and a password. */
export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

/**
 * POST /api/signup body (spec §7.1 sign up: e-mail, password and a data object). A missing or empty
 * e-mail or password is refused with {@link MISSING_CREDENTIALS} (code `missing_credentials`).
 */
export const SignUpRequestSchema = z.object({
  email: z
    .string({ error: MISSING_CREDENTIALS })
    .min(1, MISSING_CREDENTIALS)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: INVALID_EMAIL_MESSAGE }).max(EMAIL_MAX_LENGTH)),
  password: z.string({ error: MISSING_CREDENTIALS }).min(1, MISSING_CREDENTIALS).max(PASSWORD_MAX_LENGTH),
  data: SignUpMetadataSchema,
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

/** The owner set-up link's token (43 base64url characters; anything longer is refused unread). */
export const OwnerSetupTokenSchema = z.string().min(1).max(64);

/** GET /api/setup/owner query. */
export const OwnerSetupQuerySchema = z.object({ token: OwnerSetupTokenSchema });

/** GET /api/setup/owner answer: whether the link still works. */
export interface OwnerSetupStatus {
  valid: boolean;
}

/**
 * POST /api/setup/owner body (issue #14 item 8): the set-up link's token, then the owner's account as at
 * sign-up. The owner is an adult: a teacher, a guardian or other.
 */
export const OwnerSetupRequestSchema = z.strictObject({
  token: OwnerSetupTokenSchema,
  email: SignUpRequestSchema.shape.email,
  password: SignUpRequestSchema.shape.password,
  data: z.strictObject({
    display_name: SignUpMetadataSchema.shape.display_name,
    user_type: z.enum(['teacher', 'guardian', 'other']).default('teacher'),
  }),
});
export type OwnerSetupRequest = z.infer<typeof OwnerSetupRequestSchema>;

/** One message of the mail outbox (GET /api/outbox). */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  /** The plain-text body, links included. */
  text: string;
  /** ISO 8601. */
  createdAt: string;
}

/**
 * GET /api/outbox answer (owners and admins only): where mail goes (`smtp`: sent, the outbox stays
 * empty), how many days messages are kept, and the messages, newest first.
 */
export interface OutboxResponse {
  transport: 'smtp' | 'outbox';
  keepDays: number;
  messages: OutboxMessage[];
}

/** A profile row (spec §3 profiles). */
export const ProfileSchema = z.object({
  user_id: z.string(),
  user_type: z.enum(USER_TYPE_VALUES),
  display_name: z.string(),
  age: z.number().nullable(),
  grade: z.string().nullable(),
  gender: z.string().nullable(),
  pets_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  tokens: z.number(),
  onboarding_completed: z.boolean(),
  assessment_completed: z.boolean(),
  lexile_level: z.number().nullable(),
  estimated_lexile_range: z.string().nullable(),
  /** WCPM of the last assessment (stored in profiles.last_assessment_wpm, spec §3). */
  last_assessment_wcpm: z.number().nullable(),
  last_assessment_accuracy: z.number().nullable(),
  reading_level: z.string().nullable(),
  /** IANA time zone of the reader's browser (whose "today" daily challenges use, spec §4.4). */
  time_zone: z.string().nullable(),
  /** What the avatar wears: slot → owned item id (core/rewards/avatar-items.ts). */
  avatar_outfit: z.partialRecord(z.enum(['hat', 'glasses', 'colour', 'pet', 'background']), z.string()),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** An IANA time zone this runtime knows, e.g. "Europe/Paris" (what the browser reports). */
export const TimeZoneSchema = z.string().trim().max(64).refine(isTimeZone, 'Unknown time zone.');

/** GET /api/me: the signed-in user, their profile, roles, and whether they have reading sessions (§4.2). */
export const MeResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() }),
  profile: ProfileSchema.nullable(),
  roles: z.array(z.enum(ROLE_VALUES)),
  hasReadingSessions: z.boolean(),
  /** Consecutive reading days (spec §4.6), for the header's streak chip. */
  streak: z.number().int().min(0),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/** PATCH /api/profile body: the profile fields a user edits (not tokens, type, or assessment results). */
export const ProfileUpdateSchema = z
  .object({
    display_name: displayName,
    age: z.number().int().min(2).max(120).nullable(),
    grade: z.enum(GRADE_VALUES).nullable(),
    gender: z.enum(GENDER_VALUES).nullable(),
    pets_name: plainText(60).nullable(),
    avatar_url: avatarUrl.nullable(),
    time_zone: TimeZoneSchema,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** POST /api/onboarding body: what onboarding collects; it then sets onboarding_completed. */
export const OnboardingRequestSchema = z.object({
  display_name: displayName.optional(),
  age: z.number().int().min(2).max(120).nullable().optional(),
  grade: z.enum(GRADE_VALUES).nullable().optional(),
  pets_name: plainText(60).nullable().optional(),
});
export type OnboardingRequest = z.infer<typeof OnboardingRequestSchema>;

/** GET /api/assessment-eligibility (spec §7.4 check_assessment_eligibility). */
export const EligibilityResponseSchema = z.object({
  eligible: z.boolean(),
  reason: z.string(),
});
export type EligibilityResponse = z.infer<typeof EligibilityResponseSchema>;

/** POST /api/roles body (spec §7.5 secure-role-management). */
export const RoleChangeRequestSchema = z.object({
  action: z.enum(['assign', 'remove']),
  userId: z.string().min(1),
  role: z.enum(ROLE_VALUES),
});
export type RoleChangeRequest = z.infer<typeof RoleChangeRequestSchema>;

/** POST /api/roles answer when the change was made; refusals use the API's error shape. */
export const RoleChangeResponseSchema = z.object({ success: z.literal(true) });

/** Bounds of a people search (GET /api/roles/people; ADR 0054): characters of `q` after trimming. */
export const PEOPLE_QUERY_MIN_LENGTH = 2;
export const PEOPLE_QUERY_MAX_LENGTH = 100;
/** People in one page of a search. */
export const PEOPLE_PAGE_SIZE = 20;
/** Longest cursor the server hands out (a base64url of a name of at most 80 characters and an id). */
export const PEOPLE_CURSOR_MAX_LENGTH = 600;

/**
 * GET /api/roles/people query (ADR 0054): `q`, the text to find in a name or an e-mail (2–100 characters once
 * trimmed, no control characters; `%` and `_` are plain characters), and `cursor`, the `nextCursor` of the page
 * before. Nothing else.
 */
export const PeopleQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(PEOPLE_QUERY_MIN_LENGTH, `Type at least ${PEOPLE_QUERY_MIN_LENGTH} letters of a name or e-mail.`)
    .max(PEOPLE_QUERY_MAX_LENGTH, `Use at most ${PEOPLE_QUERY_MAX_LENGTH} characters.`)
    .refine((v) => !CONTROL_CHARACTERS.test(v), NO_CONTROL_CHARACTERS),
  cursor: z
    .string()
    .max(PEOPLE_CURSOR_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a cursor of this list.')
    .optional(),
});
export type PeopleQuery = z.infer<typeof PeopleQuerySchema>;

/** One person found: only what choosing and changing a role needs (ADR 0054). */
export const PersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** In the spec's order: owner, admin, teacher, student, guardian. */
  roles: z.array(z.enum(ROLE_VALUES)),
});
export type Person = z.infer<typeof PersonSchema>;

/** GET /api/roles/people answer: up to {@link PEOPLE_PAGE_SIZE} people by name, and the next page's cursor. */
export const PeoplePageSchema = z.object({
  people: z.array(PersonSchema),
  nextCursor: z.string().nullable(),
});
export type PeoplePage = z.infer<typeof PeoplePageSchema>;

/** GET /api/auth-config: which social providers are configured on this server. */
export const AuthConfigResponseSchema = z.object({
  socialProviders: z.array(z.enum(['google', 'apple', 'github', 'twitter'])),
});
export type AuthConfigResponse = z.infer<typeof AuthConfigResponseSchema>;

/**
 * DELETE /api/account body (issue #14 item 11): the account's password, asked again because deleting
 * cannot be undone (ASVS 4.0 3.7.1, re-authentication before a sensitive change). An account that signs
 * in only through a social provider has no password and sends `{}`.
 */
export const DeleteAccountRequestSchema = z
  .object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional() })
  .strict();
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/** DELETE /api/account answer: everything of the account is gone and its sessions ended. */
export const DeleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
