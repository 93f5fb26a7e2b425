/**
 * insured/createsubmission (specification §7): saves a new quote, priced as auth/calculate
 * prices it, as a `quoted` submission with its number and a `quote` event in one transaction. A
 * visitor's quote opens with the quote key answered once; a repeat with an Idempotency-Key
 * answers the first answer again (quote-replay.ts).
 */
import type * as v from 'valibot';
import { businessToday } from '@shared/calendar';
import type { createSubmissionRequestSchema, SubmissionQuote } from '@shared/contract/submissions';
import { placeOrderAtPrimaryLocation } from '@server/account/first-records';
import { brokerOfClientId } from '@server/auth/brokers';
import type { Queryable } from '@server/db/connection';
import type { SubmissionCaller } from '@server/submissions/access';
import { checkEffectiveDate } from '@server/submissions/effective-date';
import { derivedQuoteKey, newQuoteKey, sha256Hex } from '@server/submissions/quote-keys';
import { replay, replayKey, type QuoteEventData } from '@server/submissions/quote-replay';
import type { SubmissionDeps } from '@server/submissions/submission-deps';
import { priceQuote } from '@server/submissions/submission-pricing';
import {
  brokerIdOfUser,
  idempotencyKeyTaken,
  insertSubmission,
  insertSubmissionEvent,
} from '@server/submissions/submission-queries';

type CreateInput = v.InferOutput<typeof createSubmissionRequestSchema>;

export async function createSubmission(
  deps: SubmissionDeps,
  caller: SubmissionCaller,
  input: CreateInput,
  idempotencyKey: string | undefined,
): Promise<{ created: boolean; answer: SubmissionQuote }> {
  const { db, clock } = deps;
  const { keyHash, fingerprint } = replayKey(caller, idempotencyKey, input);
  // A visitor's repeated save gets its quote key again: derived, not stored.
  const quoteKey = caller.user
    ? undefined
    : idempotencyKey !== undefined
      ? derivedQuoteKey(deps.secret, idempotencyKey)
      : newQuoteKey();
  const withKey = (answer: SubmissionQuote) => (quoteKey ? { ...answer, quoteKey } : answer);
  if (keyHash) {
    const earlier = await replay(db, keyHash, caller, fingerprint);
    if (earlier) return { created: false, answer: withKey(earlier) };
  }

  const now = clock.now();
  const effectiveDate = input.effectiveDate ?? businessToday(now);
  checkEffectiveDate(effectiveDate, now);
  const calculation = await priceQuote(deps, {
    specialityId: input.specialityId,
    state: input.state,
    zipcode: input.zipcode,
    answers: input.answers,
    applicationAnswers: input.applicationAnswers,
    limitCode: input.limitCode,
    deductibleCode: input.deductibleCode,
    paymentTerm: input.paymentTerm,
  });
  const brokerId = await brokerFor(db, caller, input.clientId);

  try {
    const answer = await db.transaction(async (tx) => {
      const row = await insertSubmission(tx, {
        userId: caller.user?.id ?? null,
        visitorKeyHash: quoteKey ? sha256Hex(quoteKey) : null,
        idempotencyKeyHash: keyHash,
        brokerId,
        specialityId: input.specialityId,
        stateCode: input.state,
        zipcode: input.zipcode,
        answers: input.answers,
        applicationAnswers: input.applicationAnswers,
        limitCode: input.limitCode,
        deductibleCode: input.deductibleCode,
        paymentTerm: input.paymentTerm,
        effectiveDate,
        worksheet: calculation,
        premiumCents: calculation.totalCents,
        rateTableId: calculation.rateTableId,
        status: 'quoted',
        createdAt: now,
        updatedAt: now,
      });
      const answer: SubmissionQuote = {
        submissionId: row.id,
        number: row.number,
        status: row.status,
        version: row.version,
        effectiveDate,
        rating: calculation,
      };
      // A returning insured's new order at their practice's ZIP is placed there, as a first
      // order is at sign-up: the address was asked once, at sign-up, not again at payment.
      if (caller.user) await placeOrderAtPrimaryLocation(tx, caller.user.id, row.id, now);
      const data: QuoteEventData = { request: fingerprint, answer };
      await insertSubmissionEvent(tx, {
        submissionId: row.id,
        actorUserId: caller.user?.id ?? null,
        event: 'quote',
        fromStatus: null,
        toStatus: 'quoted',
        data,
        createdAt: now,
      });
      return answer;
    });
    return { created: true, answer: withKey(answer) };
  } catch (error) {
    // The same key at the same moment: the other request won; answer what it answered.
    if (keyHash && idempotencyKeyTaken(error)) {
      const earlier = await replay(db, keyHash, caller, fingerprint);
      if (earlier) return { created: false, answer: withKey(earlier) };
    }
    throw error;
  }
}

/** The broker a clientId names (400 naming it when unknown), else the signed-in insured's own. */
async function brokerFor(
  db: Queryable,
  caller: SubmissionCaller,
  clientId: string | null | undefined,
): Promise<number | null> {
  if (clientId) return (await brokerOfClientId(db, clientId))!.id;
  if (!caller.user) return null;
  return brokerIdOfUser(db, caller.user.id);
}
