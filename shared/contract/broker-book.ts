import { policyStatuses, submissionStatuses } from '@shared/contract/enums';
import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';
import { submissionStatusSchema } from '@shared/contract/submissions';

/**
 * The broker's own book (issue 9; beyond the specification): role broker only, tied to one broker
 * record. The orders and policies that came through the broker's client URL, and the links to
 * share its branded storefront.
 */

const integer = v.pipe(v.number(), v.integer());
export const BOOK_PAGE_SIZE = 50;

/** GET broker/book?status&page: most recently changed first. */
export const bookQuerySchema = v.object({
  status: v.optional(v.picklist(submissionStatuses, `must be one of: ${submissionStatuses.join(', ')}`)),
  page: v.optional(recordIdInputSchema, 1),
});

export const bookOrderSchema = v.object({
  submissionId: integer,
  number: v.string(),
  insuredName: v.string(),
  companyName: v.nullable(v.string()),
  speciality: v.object({ id: integer, name: v.string() }),
  stateCode: v.nullable(v.string()),
  status: submissionStatusSchema,
  /** The year's price (null while a draft). */
  totalCents: v.nullable(integer),
  /** What happens next, in the broker's words ("The insured is to pay"). */
  nextStep: v.string(),
  updatedAt: v.string(),
  /**
   * Once bound: the policy and its period; its lifecycle status and, once cancelled, the first day
   * without cover (YYYY-MM-DD, it may lie ahead; optional for clients of an older server).
   */
  policy: v.nullable(
    v.object({
      number: v.string(),
      effectiveDate: v.string(),
      expirationDate: v.string(),
      status: v.optional(v.picklist(policyStatuses)),
      cancellationDate: v.optional(v.nullable(v.string())),
    }),
  ),
  /** Issue 20: the policy number this order renews, when it is a renewal offer's (optional for an older server). */
  renewalOf: v.optional(v.nullable(v.string())),
});
export type BookOrder = v.InferOutput<typeof bookOrderSchema>;

export const storefrontSchema = v.object({
  /** The broker's branded landing page. */
  url: v.string(),
  /** Each speciality the broker sells, with the link that opens its quote (`?s=` its code). */
  specialities: v.array(v.object({ id: integer, name: v.string(), code: v.string(), url: v.string() })),
  /** One link offering every speciality the broker sells (`?s=` all their codes). */
  allSpecialitiesUrl: v.nullable(v.string()),
});

export const bookSchema = v.object({
  broker: v.object({ id: integer, name: v.string(), abbreviation: v.string(), clientUrl: v.string() }),
  storefront: storefrontSchema,
  orders: v.array(bookOrderSchema),
  total: integer,
  page: integer,
  pageSize: integer,
});
export type Book = v.InferOutput<typeof bookSchema>;
