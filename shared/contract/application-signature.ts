import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';
import { cents } from '@shared/contract/rating';
import { orderDetailsQuerySchema } from '@shared/contract/submissions';

/**
 * The signed application (issue 16, item 7). Before paying, the insured reviews the application
 * as one record — every answer in words, the cover chosen, the declarations — and signs it
 * electronically as ESIGN/UETA expect: consent to electronic records, a clear act of signing
 * (typing their name and pressing "Sign application"), the signature tied to the exact record by
 * its SHA-256. Changing an answer or the cover afterwards makes the signature stale: a checkout
 * is refused until the insured signs again.
 */

const integer = v.pipe(v.number(), v.integer());
const sha256Hex = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex (64 characters 0-9a-f)'));

/** One question as asked, with the answer in words ("Not answered" when an optional one was left blank). */
export const applicationAnswerSchema = v.object({
  code: v.string(),
  question: v.string(),
  answer: v.string(),
});
export type ApplicationAnswer = v.InferOutput<typeof applicationAnswerSchema>;

/** One question set: the speciality's questions, then the general application questions. */
export const applicationSectionSchema = v.object({
  title: v.string(),
  answers: v.array(applicationAnswerSchema),
});

/**
 * The application exactly as the insured signs it. Its SHA-256 (of its canonical JSON: keys
 * sorted, no spaces) is the recordHash a signature is tied to; nothing in it depends on the time
 * it is read, so the same order always gives the same record.
 */
export const applicationRecordSchema = v.object({
  submissionId: integer,
  orderNumber: v.string(),
  speciality: v.string(),
  insured: v.object({
    /** The person, as the account names them. */
    name: v.string(),
    company: v.nullable(v.string()),
  }),
  /** The practice's address (the order's primary location), when one is on file. */
  practiceAddress: v.nullable(v.array(v.string())),
  state: v.string(),
  zipcode: v.string(),
  sections: v.array(applicationSectionSchema),
  cover: v.object({
    limit: v.string(),
    deductible: v.string(),
    paymentPlan: v.string(),
    /** What the year costs, fee, taxes and state fees included. */
    totalCents: cents,
    /** YYYY-MM-DD, or null: cover starts the day it is paid for. */
    effectiveDate: v.nullable(v.string()),
  }),
  /** What the insured declares by signing, each a sentence. */
  declarations: v.array(v.string()),
});
export type ApplicationRecord = v.InferOutput<typeof applicationRecordSchema>;

/** The order's signature: the newest one made (earlier ones are kept). */
export const applicationSignatureSchema = v.object({
  signerName: v.string(),
  /** ISO 8601, UTC. */
  signedAt: v.string(),
  /** The network address the signature came from. */
  ip: v.string(),
  /** The record signed. */
  recordHash: sha256Hex,
  /** False when the record changed after signing: a new signature is needed before paying. */
  current: v.boolean(),
});
export type ApplicationSignature = v.InferOutput<typeof applicationSignatureSchema>;

/** GET insured/application?submissionid=N. */
export const applicationQuerySchema = orderDetailsQuerySchema;

/** GET insured/application: the record, its hash as it is now, and the order's signature. */
export const applicationSchema = v.object({
  record: applicationRecordSchema,
  recordHash: sha256Hex,
  signature: v.nullable(applicationSignatureSchema),
});
export type Application = v.InferOutput<typeof applicationSchema>;

/** Made of letters first of all: "Dana Whitfield", "Ng", "O’Brien-Smith Jr." — not "12" or "--". */
export const signerNameSchema = v.pipe(
  v.string('must be text'),
  v.trim(),
  v.minLength(2, 'must be your full name (at least 2 characters)'),
  v.maxLength(120, 'must be at most 120 characters'),
  v.regex(/\p{L}/u, 'must be your name in letters'),
  // eslint-disable-next-line no-control-regex
  v.regex(/^[^\u0000-\u001f\u007f]*$/, 'must be on one line'),
);

/** POST insured/signapplication. */
export const signApplicationRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  /** The name typed as the signature. */
  signerName: signerNameSchema,
  /** ESIGN §101(c): the insured agrees to electronic records and signatures. */
  consentToElectronicRecords: v.literal(true, 'must be true: agree to use electronic records and signatures'),
  /** The declarations are true. */
  agreeToDeclarations: v.literal(true, 'must be true: declare the statements in the application are true'),
  /** The recordHash of the application the insured reviewed. */
  recordHash: sha256Hex,
});
export type SignApplicationRequest = v.InferInput<typeof signApplicationRequestSchema>;
