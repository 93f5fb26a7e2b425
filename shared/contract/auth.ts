import * as v from 'valibot';
import { roles } from '@shared/contract/enums';
import { optionalText, phoneInputSchema } from '@shared/contract/address';
import { clientUrlSchema } from '@shared/contract/specialities';
import { quoteKeySchema } from '@shared/contract/submissions';

/**
 * Identity on the wire (specification §7 Auth, issue 3). Request field names keep the
 * specification's spelling: username, googletoken, newpassword, clientId, submissionRequest.
 */

export const PASSWORD_MIN_LENGTH = 10;

/** E-mail as people type it: trimmed; compared without regard to case by the server. */
export const emailSchema = v.pipe(
  v.string('is required'),
  v.trim(),
  v.nonEmpty('is required'),
  v.maxLength(254, 'is too long'),
  v.email('must be an e-mail address'),
);

/**
 * The strength rule the sign-up screen explains before submit: at least ten characters, with a
 * letter and a digit or symbol. Long passphrases pass; short or single-class ones do not.
 */
export const newPasswordSchema = v.pipe(
  v.string('is required'),
  v.minLength(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`),
  v.maxLength(128, 'must be at most 128 characters'),
  v.regex(/\p{L}/u, 'must contain a letter'),
  v.regex(/[^\p{L}]/u, 'must contain a digit or a symbol'),
);

/** Field messages of the rules the schema alone cannot apply; the client shows the same words. */
export const PASSWORD_HAS_EMAIL = 'must not contain your e-mail address or the name before its @';
export const PASSWORD_IS_COMMON = 'is one of the most common passwords: choose one that is harder to guess';

/**
 * Whether a password holds its account's e-mail address, or the address's local part when that
 * is 4 characters or more (`pat.tester` in pat.tester@example.com), whatever the case. Shorter
 * local parts (`jo@…`) are left alone: they would refuse every password with those two or three
 * letters in it, and such a password is no easier to guess for holding them.
 */
export function passwordHasEmail(password: string, email: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  const address = email.trim().normalize('NFKC').toLowerCase();
  if (!address) return false;
  if (lower.includes(address)) return true;
  const at = address.lastIndexOf('@');
  const local = at > 0 ? address.slice(0, at) : '';
  return local.length >= 4 && lower.includes(local);
}

/** newPasswordSchema with the e-mail rule, for a form that knows the address (sign-up). */
export const newPasswordFor = (email: string) =>
  v.pipe(
    newPasswordSchema,
    v.check((password) => !passwordHasEmail(password, email), PASSWORD_HAS_EMAIL),
  );

const nameSchema = v.pipe(
  v.string('is required'),
  v.trim(),
  v.nonEmpty('is required'),
  v.maxLength(100, 'is too long'),
);

export const insuredTypes = ['individual', 'business'] as const;

/** Largest id the database holds (PostgreSQL integer): bigger numbers are bad input, not a 500. */
const MAX_ID = 2_147_483_647;

/**
 * A quote a visitor saved before signing in: its submission id and the quote key
 * insured/createsubmission gave with it. On a successful sign-in or sign-up the submission is
 * attached to the account when nobody owns it yet AND the key is its key; the key then stops
 * working (the account's bearer token opens it). Anything else (no key, a wrong key, someone
 * else's or no such submission) is ignored without a word: the sign-in still succeeds and
 * reveals nothing.
 */
export const submissionRequestSchema = v.optional(
  v.nullable(
    v.object({
      submissionId: v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(MAX_ID, 'is too large'),
      ),
      quoteKey: v.optional(quoteKeySchema),
    }),
  ),
);
export type SubmissionRequest = NonNullable<v.InferOutput<typeof submissionRequestSchema>>;

/** Login options: rememberMe true gives a 30-day refresh token, false a 12-hour one. */
export const signInParamsSchema = v.optional(v.object({ rememberMe: v.boolean('must be true or false') }), {
  rememberMe: false,
});

/** POST insured/save: sign-up. clientId is the broker's client URL when the visitor came through one. */
export const signUpRequestSchema = v.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstname: nameSchema,
  lastname: nameSchema,
  companyname: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'is too long')), ''),
  insuredtype: v.picklist(insuredTypes, 'must be individual or business'),
  clientId: v.optional(v.nullable(clientUrlSchema)),
  submissionRequest: submissionRequestSchema,
  /**
   * Issue 16: what sign-up already knows becomes the account's first records, so nothing is asked
   * twice. The phone goes on the primary contact (with the names and e-mail above); the street
   * address with its ZIP (city and state follow from it) becomes the primary location and, when
   * the saved quote is for the same ZIP, the order's location.
   */
  contactnumber: phoneInputSchema,
  address1: optionalText(200),
  address2: optionalText(200),
  zipcode: v.optional(
    v.nullable(v.pipe(v.string('must be text'), v.trim(), v.regex(/^\d{5}$/, 'must be a 5-digit ZIP code'))),
  ),
  /** The terms of use and privacy notice, accepted by a clear act: only `true` is an answer. Recorded with its time. */
  acceptTerms: v.literal(true, 'must be accepted to create an account'),
});
export type SignUpRequest = v.InferInput<typeof signUpRequestSchema>;

export const userSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  email: v.string(),
  firstname: v.string(),
  lastname: v.string(),
  role: v.picklist(roles),
});
export type User = v.InferOutput<typeof userSchema>;

/** POST auth/generate-token. params.rememberMe chooses a long or a session-length refresh token. */
export const signInRequestSchema = v.object({
  username: emailSchema,
  password: v.pipe(v.string('is required'), v.nonEmpty('is required'), v.maxLength(128, 'is too long')),
  params: signInParamsSchema,
  submissionRequest: submissionRequestSchema,
});
export type SignInRequest = v.InferInput<typeof signInRequestSchema>;

/** What every sign-in, sign-up-then-sign-in, Google sign-in and refresh answers. */
export const sessionSchema = v.object({
  token: v.string(),
  refreshToken: v.string(),
  /** Seconds until the access token expires. */
  expiresIn: v.pipe(v.number(), v.integer()),
  rememberMe: v.boolean(),
  user: userSchema,
});
export type Session = v.InferOutput<typeof sessionSchema>;

export const refreshRequestSchema = v.object({
  refreshToken: v.pipe(v.string('is required'), v.nonEmpty('is required'), v.maxLength(256, 'is too long')),
});
export const signOutRequestSchema = refreshRequestSchema;

export const forgotPasswordRequestSchema = v.object({
  email: emailSchema,
  clientId: v.optional(v.nullable(clientUrlSchema)),
});
export const resetTokenSchema = v.pipe(
  v.string('is required'),
  v.regex(/^[A-Za-z0-9_-]{20,128}$/, 'is not a reset token'),
);
export const checkResetTokenRequestSchema = v.object({ token: resetTokenSchema });
export const updatePasswordRequestSchema = v.object({ token: resetTokenSchema, newpassword: newPasswordSchema });

export const googleClientIdSchema = v.object({ clientId: v.nullable(v.string()) });
/**
 * POST auth/signInWithGoogle. Only googletoken is required (the specification's payload); the
 * optional rest mirrors generate-token, and clientId links a new account to its broker.
 */
export const googleSignInRequestSchema = v.object({
  googletoken: v.pipe(v.string('is required'), v.nonEmpty('is required'), v.maxLength(4096, 'is too long')),
  params: signInParamsSchema,
  submissionRequest: submissionRequestSchema,
  clientId: v.optional(v.nullable(clientUrlSchema)),
});
export type GoogleSignInRequest = v.InferInput<typeof googleSignInRequestSchema>;

/** A plain acknowledgement for calls whose answer must not reveal anything (forgot password). */
export const messageSchema = v.object({ message: v.string() });
