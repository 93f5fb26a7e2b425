import * as v from 'valibot';
import { http } from '@/api/client';
import {
  IDEMPOTENCY_KEY_HEADER,
  orderDetailsSchema,
  QUOTE_KEY_HEADER,
  submissionQuoteSchema,
  type CreateSubmissionRequest,
  type OrderDetails,
  type SubmissionQuote,
  type UpdateRatingRequest,
} from '@shared/contract/submissions';

/**
 * Submission calls (specification §7 Insured: createsubmission, updaterating, orderdetails),
 * each answer parsed with the wire contract (shared/contract/submissions.ts).
 *
 * A visitor's createsubmission answers a quoteKey: keep it with the quote (it opens the
 * quote until sign-in, and goes in submissionRequest on sign-in or sign-up to attach it).
 */

const withQuoteKey = (quoteKey: string | undefined) => (quoteKey ? { [QUOTE_KEY_HEADER]: quoteKey } : {});

/**
 * POST insured/createsubmission. `idempotencyKey` (8–128 characters; keep one per quote the
 * user means to save, e.g. a crypto.randomUUID() stored with the quote in progress) makes a
 * repeat create nothing: it answers the first answer again (a visitor's with the same quoteKey,
 * derived again from the Idempotency-Key, until the quote joins an account). Not retried
 * automatically all the same: a save is sent once, when the insured asks for it.
 */
export async function createSubmission(
  request: CreateSubmissionRequest,
  idempotencyKey?: string,
): Promise<SubmissionQuote> {
  const headers = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {};
  return v.parse(
    submissionQuoteSchema,
    await http().post('insured/createsubmission', { json: request, headers }).json(),
  );
}

/** POST insured/updaterating: the fields given replace the saved ones; priced again. */
export async function updateRating(request: UpdateRatingRequest, quoteKey?: string): Promise<SubmissionQuote> {
  const response = await http().post('insured/updaterating', { json: request, headers: withQuoteKey(quoteKey) });
  return v.parse(submissionQuoteSchema, await response.json());
}

/** GET insured/orderdetails?submissionid: the submission with its saved rating (null while a draft). */
export async function getOrderDetails(submissionId: number, quoteKey?: string): Promise<OrderDetails> {
  const response = await http().get('insured/orderdetails', {
    searchParams: { submissionid: submissionId },
    headers: withQuoteKey(quoteKey),
  });
  return v.parse(orderDetailsSchema, await response.json());
}
