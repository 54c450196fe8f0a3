/**
 * The one error shape of the API and the one list of its error codes, shared by server and browser.
 * Every non-2xx answer of a route under /api (better-auth's own routes aside) is
 * `{ error: { code, message, details? } }`: `code` is one of {@link API_ERROR_CODES}, `message` is fit
 * to show a person, `details` is extra machine-readable data (e.g. `{ reasons }` of a weak password).
 * The browser switches on `code`, never on the message.
 */
import { z } from 'zod';

/** Codes of the speech pipeline (server/speech/errors.ts), each with its HTTP status. */
export const SPEECH_ERROR_STATUS = {
  audio_missing: 400,
  audio_empty: 400,
  audio_too_large: 413,
  audio_not_wav: 415,
  audio_unsupported_format: 415,
  audio_corrupt: 422,
  audio_too_long: 422,
  audio_too_short: 422,
  audio_silent: 422,
  audio_noise: 422,
  passage_empty: 400,
  passage_too_long: 422,
  commands_empty: 400,
  recogniser_unavailable: 503,
  recogniser_timeout: 503,
  recogniser_failed: 502,
} as const;

/** A code of the speech pipeline. */
export type SpeechErrorCode = keyof typeof SPEECH_ERROR_STATUS;

/** Every code a route of ours answers with. */
export const API_ERROR_CODES = [
  // Any route
  'invalid_json', // 400: the body is not JSON
  'invalid_input', // 422: the body, form or query does not match the route's schema (details: issues)
  'body_too_large', // 413
  'unauthenticated', // 401: no session ('Auth session missing!', spec §8)
  'forbidden', // 403: a cross-site write, or a role the user may not change
  'not_found', // 404: no such API route, or a record the user may not see (a link, a followed reader)
  'rate_limited', // 429, with Retry-After
  'internal_error', // 500
  'upgrade_required', // 426: a WebSocket route (GET /api/follow) asked for without the upgrade
  // Accounts
  'missing_credentials', // 422: sign-up without e-mail or password (spec §5)
  'weak_password', // 422, details: { reasons: string[] }
  'sign_up_failed', // 422
  'account_locked', // 429: too many failed sign-ins (server/auth/lockout.ts)
  'no_profile', // 404
  'user_not_found', // 404: role change for an unknown user
  'last_owner', // 409: the last owner cannot be removed (nor delete their account while others remain)
  'wrong_password', // 403: deleting an account needs its password, and this one is not it
  'eligibility_failed', // 500
  'setup_link_invalid', // 403: the owner set-up link is unknown, used or expired (server/auth/owner-setup.ts)
  'owner_exists', // 409: the server has an owner; set-up links no longer work
  'email_taken', // 409: an account with this e-mail exists (owner set-up)
  // Stories and read-to-me
  'story_not_found', // 404: unknown, malformed, or another user's story
  'text_missing', // 422
  'text_too_long', // 413, details: { maxChars }
  'speech_unavailable', // 503: every speech provider failed, flite included
  'voice_unknown', // 422: a voice outside core/api/speech.ts VOICES, details: { voices }
  'audio_not_found', // 404: read-to-me audio evicted, or a recording no longer kept
  // Reading sessions and scoring
  'session_not_found', // 404
  'no_speech', // 422: none of the story's words were heard
  'engine_unavailable', // 400: OpenAI transcription asked for but not enabled
  'scoring_busy', // 503, with Retry-After: the scoring queue is full (server/jobs/scoring-queue.ts)
  'not_queued', // 404: no reading of this user with this key waits or is being scored
  // Spoken commands (issue 11)
  'voice_busy', // 503, with Retry-After: the command queue is full (server/routes/voice)
  // The tutor after reading (issue 12)
  'tutor_chat_unavailable', // 503: no OPENAI_API_KEY: the tutor is the offline, scripted one
  'tutor_chat_failed', // 502: OpenAI did not answer (or answered nothing)
  // Tokens and the avatar shop (issue #13)
  'item_not_found', // 404: no such avatar item
  'already_owned', // 409: the reader owns this item already
  'insufficient_tokens', // 409: the balance is below the price (details: { balance, price })
  'idempotency_conflict', // 409: the purchase key was used for another item
  'item_not_owned', // 409: wearing an item the reader has not bought, or one of another kind
  // The Reading Assessment (docs/decisions/0038-reading-assessment.md)
  'assessment_completed', // 409: "Not now" on an assessment the reader has already done
  // Family links (docs/decisions/0041-family-links.md)
  'link_code_invalid', // 404: the code is unknown, used, expired, or the reader's own
  'not_a_guardian', // 403: only a guardian account can enter a reader's code
  'not_a_reader', // 403: only a reader (student or other) can make a code
  'too_many_links', // 409: MAX_LINKS reached on either side (core/api/family.ts)
  // Import Text (docs/decisions/0044-import-text.md)
  'too_many_stories', // 409: MAX_OWN_STORIES saved already (core/api/stories.ts)
  // Classes (docs/decisions/0046-classes.md)
  'not_a_teacher', // 403: only a teacher account (profile type or role) can make and see classes
  'class_code_invalid', // 404: the class code is unknown, expired or turned off
  'too_many_classes', // 409: MAX_CLASSES_PER_TEACHER made, or MAX_CLASSES_PER_READER joined (core/api/classes.ts)
  'class_full', // 409: the class has MAX_CLASS_SIZE readers
  // Assignments (docs/decisions/0047-assignments.md)
  'too_many_assignments', // 409: MAX_ASSIGNMENTS_PER_CLASS set in the class (core/api/assignments.ts)
  'reading_not_found', // 404: a reading record the teacher may not open (core/api/assignments.ts, ADR 0048)
  // Reading Screening (docs/decisions/0049-reading-screening.md)
  'screening_not_available', // 409: Pre-K/K or no grade (details.reason; core/screening/rules.ts screeningRefusal)
  'screening_not_found', // 404: not the reader's screening, or already complete, on a reading upload
  'screening_passage_mismatch', // 409: the upload's story is not the screening's next passage (or it was read)
  ...(Object.keys(SPEECH_ERROR_STATUS) as SpeechErrorCode[]),
] as const;

/** A code of {@link API_ERROR_CODES}. */
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * Codes the browser makes itself: no answer came (`network_error`, `aborted`), the answer did not have
 * the expected shape (`bad_answer`, `http_error`), or the recording to send was not kept.
 */
export const CLIENT_ERROR_CODES = [
  'network_error',
  'aborted',
  'bad_answer',
  'http_error',
  'recording_missing',
] as const;
/** A code of {@link CLIENT_ERROR_CODES}. */
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** The error body of every API route. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
/** `{ error: { code, message, details? } }`. */
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Whether `code` is one of ours (an unknown one is treated as a server problem by the browser). */
export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && (API_ERROR_CODES as readonly string[]).includes(code);
}
