import * as v from 'valibot';
import {
  addressInputEntries,
  flagInputSchema,
  optionalText,
  recordIdInputSchema,
  requiredText,
} from '@shared/contract/address';

/**
 * Certificates of insurance on demand (issue 19): on one of their bound policies the insured
 * names a certificate holder (optionally also an additional insured, with the standard wording)
 * and downloads the certificate at once, again whenever they like. Each certificate carries a
 * short unguessable verification code; anyone holding it opens the public page
 * `/verify-certificate/<code>` without signing in and sees the policy's status today, its period,
 * its limits and the holder's name — nothing else.
 *
 * Routes (beyond the specification):
 * POST insured/issuecertificate, GET insured/certificates?policyid, POST documents/downloadcertificate,
 * GET auth/verifycertificate/{code} (public, rate limited per client address).
 */

const integer = v.pipe(v.number(), v.integer());

/**
 * The verification code's letters: digits and capitals without the ones people confuse when
 * they copy a code from paper (0/O, 1/I/L). 31 letters, 12 of them: about 59 bits, drawn from
 * the server's cryptographic randomness, so codes cannot be guessed (and lookups are rate limited).
 */
export const VERIFICATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VERIFICATION_CODE_LENGTH = 12;

/** The site's public page for a code (the screen lives at this path; the server prefixes its public origin). */
export const verificationPath = (code: string) => `/verify-certificate/${code}`;

/** The code as printed and shown, in groups of four people can read out: ABCD-EFGH-JKMN (the lookup takes either). */
export const groupedCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

const codePattern = new RegExp(`^[${VERIFICATION_CODE_ALPHABET}]{${VERIFICATION_CODE_LENGTH}}$`);

/**
 * A verification code as people type it: any case, with spaces or hyphens between groups
 * ("abcd-efgh-jkmn"); answered in capitals without separators.
 */
export const verificationCodeSchema = v.pipe(
  v.string('is required'),
  v.transform((value) => value.replace(/[\s-]+/g, '').toUpperCase()),
  v.regex(codePattern, `must be the ${VERIFICATION_CODE_LENGTH}-character code printed on the certificate`),
);

/**
 * Where a policy stands on a day: in force, not yet in force (its period starts later),
 * cancelled (from its cancellation date) or expired (its period ended).
 */
export const policyStandings = ['in_force', 'not_yet_in_force', 'cancelled', 'expired'] as const;
export type PolicyStanding = (typeof policyStandings)[number];

/** The certificate holder as the certificate names them. */
export const certificateHolderSchema = v.object({
  name: v.string(),
  address1: v.string(),
  address2: v.nullable(v.string()),
  city: v.string(),
  state: v.string(),
  zipcode: v.string(),
});
export type CertificateHolder = v.InferOutput<typeof certificateHolderSchema>;

/** One issued certificate, as its insured sees it. */
export const certificateSchema = v.object({
  id: integer,
  policyId: integer,
  policyNumber: v.string(),
  /** The verification code, 12 characters of VERIFICATION_CODE_ALPHABET. */
  code: v.string(),
  /** The public page that checks it: the site's origin + verificationPath(code). */
  verificationUrl: v.string(),
  /** When it was issued (ISO 8601, the server's clock). */
  issuedAt: v.string(),
  holder: certificateHolderSchema,
  /** Whether the holder is also an additional insured under the policy. */
  additionalInsured: v.boolean(),
  /** The additional-insured wording the certificate prints, or null when the holder is not one. */
  additionalInsuredWording: v.nullable(v.string()),
  /** The description of operations / project the certificate prints, as typed; null when none. */
  description: v.nullable(v.string()),
});
export type Certificate = v.InferOutput<typeof certificateSchema>;

/** The longest description of operations / project: what fits its box on the one-page certificate. */
export const MAX_CERTIFICATE_DESCRIPTION_LENGTH = 500;

/**
 * POST insured/issuecertificate (JSON or form): the policy (the insured's own, bound, in force or
 * starting later; 404 / 409 otherwise), the holder's name and address (the ZIP must lie in the
 * state), whether the holder is also an additional insured (false when left out) and, optionally,
 * what the certificate is for (description: the project or operations, plain text up to
 * MAX_CERTIFICATE_DESCRIPTION_LENGTH characters, printed as ACORD 25's description). 201 with
 * the certificate; an Idempotency-Key makes a retry answer it again (200).
 */
export const issueCertificateRequestSchema = v.object({
  policyid: recordIdInputSchema,
  holderName: requiredText(200),
  ...addressInputEntries,
  additionalInsured: v.optional(flagInputSchema, false),
  description: optionalText(MAX_CERTIFICATE_DESCRIPTION_LENGTH),
});
export type IssueCertificateRequest = v.InferInput<typeof issueCertificateRequestSchema>;

/** GET insured/certificates?policyid= */
export const certificateListQuerySchema = v.object({ policyid: recordIdInputSchema });

/** GET insured/certificates: one policy's certificates, newest first, and whether another can be issued today. */
export const certificateListSchema = v.object({
  policyId: integer,
  policyNumber: v.string(),
  /** The policy's standing today (the business day). */
  standing: v.picklist(policyStandings),
  /** True when a certificate can be issued on it today (bound, in force or not yet in force). */
  canIssue: v.boolean(),
  certificates: v.array(certificateSchema),
});
export type CertificateList = v.InferOutput<typeof certificateListSchema>;

/** POST documents/downloadcertificate (JSON or form: certificateid): answers application/pdf. */
export const downloadCertificateRequestSchema = v.object({ certificateid: recordIdInputSchema });

/** GET auth/verifycertificate/{code} */
export const verifyCertificateParamsSchema = v.object({ code: verificationCodeSchema });

/**
 * What anyone holding a verification code may know, and nothing more: the policy's standing
 * today, its period, its limits and the holder's name. No premium, answers, contacts, insured's
 * address or ids.
 */
export const certificateVerificationSchema = v.object({
  /** The business day the standing is for (YYYY-MM-DD). */
  asOf: v.string(),
  standing: v.picklist(policyStandings),
  /** The day a cancellation takes (or took) effect, YYYY-MM-DD; null when the policy is not cancelled. */
  cancellationDate: v.nullable(v.string()),
  /** The policy period, YYYY-MM-DD: from the effective date to the expiration date. */
  effectiveDate: v.string(),
  expirationDate: v.string(),
  perClaimLimitCents: integer,
  aggregateLimitCents: integer,
  holderName: v.string(),
});
export type CertificateVerification = v.InferOutput<typeof certificateVerificationSchema>;
