/**
 * User-facing texts of the accounts flows, word for word from the product spec.
 *
 * Sources: §2.4 (loading indicator), §5 (validation rules), §7.7 (handling of answers),
 * §8 (error catalogue). Tests and UI import these constants rather than retyping the
 * strings, so a copy change happens in one place.
 *
 * Note: §7.7 writes the sign-up toast as 'Welcome to the product!'; "the product" is how
 * the spec refers to the application throughout. An audit (issue 17, item 9) found a 5-second toast
 * too short for the one message a new family must act on, so sign-up success is a message on the
 * sign-in form that stays until dismissed ({@link SIGN_UP_NOTICE}), naming the product.
 */

/** A toast's text: a short title and a one-line description (§7.7, §8). */
export interface ToastText {
  /** Bold first line. */
  readonly title: string;
  /** Second line. */
  readonly description: string;
}

/**
 * Toast variants. `destructive` marks failures (§8 "Destructive toast"); everything else
 * is `default`.
 */
export type ToastVariant = 'default' | 'destructive';

/** A toast as the machines ask the app to show it (`showToast` action params). */
export interface Toast extends ToastText {
  /** `destructive` for failures, `default` otherwise. */
  readonly variant: ToastVariant;
}

/** Fixed toast texts of §5, §7.7 and §8. */
export const TOASTS = {
  /** §5: sign-up step 1 with display name, e-mail or password empty. */
  missingInformation: { title: 'Missing information', description: 'Please fill in all required fields.' },
  /** §5: sign-up step 2 without a role. */
  roleRequired: {
    title: 'Please select your role',
    description: "Let us know if you're a student, teacher, parent/guardian, or other.",
  },
  /** §5: password reset without an e-mail. */
  emailRequired: { title: 'Email required', description: 'Please enter your email address.' },
  /** §7.7: sign-in accepted. */
  signInSucceeded: { title: 'Welcome back!', description: "You're signed in successfully." },
  /** §7.7: password reset e-mail requested. */
  passwordResetSucceeded: { title: 'Check your email', description: "We've sent you a password reset link." },
  /** §7.7: signed out. */
  signOutSucceeded: { title: 'Signed out successfully', description: 'Come back soon! 👋' },
  /** §8: sign-out failed. */
  signOutFailed: { title: 'Error signing out', description: 'Please try again' },
  /** §8: any unexpected exception on the login page. */
  unexpectedError: { title: 'Error', description: 'Something went wrong. Please try again.' },
} as const satisfies Record<string, ToastText>;

/**
 * §7.7 sign-up success, as the message that stays on the sign-in form until dismissed (issue 17,
 * item 9): the product's name, what happened, and the next step.
 */
export const SIGN_UP_NOTICE = {
  title: 'Welcome to Sparky Reads!',
  description: 'Please check your email to verify your account.',
  /** The next step, after the address: "We sent a link to {email}." */
  nextStep:
    'Open the e-mail from Sparky Reads and press the link in it to confirm your address. Then come back here and sign in.',
} as const;

/**
 * Titles of the destructive toasts whose description is the provider's own message (§8:
 * "Destructive toast … showing the provider's message").
 */
export const FAILURE_TITLES = {
  signUp: 'Sign up failed',
  signIn: 'Sign in failed',
  socialLogin: 'Social login failed',
  passwordReset: 'Password reset failed',
} as const;

/** Which login-page operation failed; keys of {@link FAILURE_TITLES}. */
export type AuthOperation = keyof typeof FAILURE_TITLES;

/** Error texts stored (not toasted) by the route guard and profile loading (§8). */
export const ERRORS = {
  /** §8: check_assessment_eligibility answered with an error. */
  eligibilityFailed: 'Failed to check assessment eligibility',
  /** §8: an unexpected exception (eligibility, profile). */
  unexpected: 'An unexpected error occurred',
  /** §8 Profile. */
  profileLoadFailed: 'Failed to load profile data',
  /** §8 Profile. */
  noUserOrProfile: 'No user or profile found',
  /** §5: sign-up / sign-in without credentials. */
  credentialsRequired: 'You must provide either an email or phone number and a password',
  /** §5, §8: awarding or tracking without a signed-in user. */
  notAuthenticated: 'User not authenticated',
  /** §8 auth errors. */
  sessionMissing: 'Auth session missing!',
  /** §8 auth errors. */
  sessionOrUserMissing: 'Auth session or user missing',
  /** §8 auth errors: implicit or PKCE callback without a session. */
  noSessionInUrl: 'No session defined in URL',
} as const;

/** §2.4: default text of the loading indicator (its own module: the first load shows it). */
export { LOADING_MESSAGE } from './loading-message.ts';

/**
 * The destructive toast for a failed login-page operation, carrying the provider's message
 * (§8). A blank provider message falls back to the generic unexpected-error description so
 * the toast never has an empty second line.
 *
 * @param operation which call failed
 * @param providerMessage the auth provider's error message, shown as given
 */
export function failureToast(operation: AuthOperation, providerMessage: string): Toast {
  const description = providerMessage.trim() === '' ? TOASTS.unexpectedError.description : providerMessage;
  return { title: FAILURE_TITLES[operation], description, variant: 'destructive' };
}

/**
 * Turns fixed toast text into a toast with a variant.
 *
 * @param text one of {@link TOASTS}
 * @param variant `destructive` for failures and validation errors, else `default`
 */
export function toast(text: ToastText, variant: ToastVariant = 'default'): Toast {
  return { title: text.title, description: text.description, variant };
}
