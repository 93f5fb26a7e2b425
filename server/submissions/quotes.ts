/**
 * Saved quotes (specification §7 insured/createsubmission, insured/updaterating, Questions;
 * DESIGN.md §4): every save prices through calculateQuote, the function auth/calculate answers
 * with, so a stored premium is always what calculate says for the same inputs.
 *
 * Statuses: a quote that prices is `quoted` (its rating, total and rate table stored); one that
 * no longer prices after an answer save (a required answer missing, say) drops to `draft` with
 * its premium cleared until it prices again. Once bought, while the order waits for missing
 * items or answers an underwriter's questions (incomplete, missing_info), the same saves are the
 * lifecycle machine's `order.supplyItems`: the status stays, and a save that no longer prices is
 * refused (400/422) with nothing changed. Every change checks and bumps `version` in the
 * same statement (optimistic locking) and appends a submission_events row in the same
 * transaction.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { calculateResponseSchema, type Calculation } from '@/api/contract/rating';
import {
  MAX_EFFECTIVE_DATE_DAYS,
  type createSubmissionRequestSchema,
  type OrderDetails,
  type SubmissionQuote,
  type SubmissionStatus,
  type updateRatingRequestSchema,
} from '@/api/contract/submissions';
import type { SavedAnswers } from '@/api/contract/questions';
import { placeOrderAtPrimaryLocation } from '@server/account/first-records';
import { brokerOfClientId } from '@server/auth/brokers';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { specialities, submissionEvents, submissions, users, usStates } from '@server/db/schema';
import { badRequest, HttpError } from '@server/http/http-error';
import { canonicalJson } from '@server/http/idempotency-key';
import { answerProblems } from '@server/rating/answers';
import type { Answers } from '@shared/rating/answers';
import { loadQuestionSet } from '@server/rating/question-sets';
import type { PremiumAdjustment } from '@shared/rating/engine';
import { calculateQuote, unprocessable } from '@server/rating/quote-pricing';
import type { RatingCatalog, RatingCatalogEntry } from '@server/rating/rating-catalog';
import {
  changedMeanwhile,
  editMove,
  notYours,
  ownedBy,
  ownedSubmission,
  submissionColumns,
  type EditMove,
  type SubmissionCaller,
  type SubmissionRow,
} from '@server/submissions/access';
import { nextStatus } from '@/machines/order-lifecycle.machine';
import { illegalMove, moveSubmission } from '@server/submissions/lifecycle';
import { orderHistory } from '@server/submissions/history';
import { saveWithHistory } from '@server/submissions/versioned-save';
import { derivedQuoteKey, newQuoteKey, sha256Hex, VISITOR_IDEMPOTENCY_KEY_MIN } from '@server/submissions/quote-keys';

export type SubmissionDeps = {
  db: Database;
  catalog: RatingCatalog;
  clock: Clock;
  /** Derives a visitor's quote key from its Idempotency-Key (derivedQuoteKey). */
  secret: string;
};

type CreateInput = v.InferOutput<typeof createSubmissionRequestSchema>;
type UpdateInput = v.InferOutput<typeof updateRatingRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Checks every save shares

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Today in UTC: the effective date when none is given. */
export const todayUtc = (now: Date) => isoDay(now);

/**
 * From yesterday (UTC) — every US time zone is behind UTC, so an insured's own today is always
 * accepted — to 90 days after today.
 */
export function checkEffectiveDate(value: string, now: Date): void {
  const earliest = isoDay(new Date(now.getTime() - DAY_MS));
  const latest = isoDay(new Date(now.getTime() + MAX_EFFECTIVE_DATE_DAYS * DAY_MS));
  if (value < earliest) {
    throw badRequest(`The effective date ${value} is in the past: choose today or a later day`, { effectiveDate: 'must not be in the past' });
  }
  if (value > latest) {
    throw badRequest(`The effective date ${value} is too far ahead: a policy may start at most ${MAX_EFFECTIVE_DATE_DAYS} days from today`, {
      effectiveDate: `must be at most ${MAX_EFFECTIVE_DATE_DAYS} days from today`,
    });
  }
}

function checkPaymentTerm(entry: RatingCatalogEntry, paymentTerm: string): void {
  if (entry.paymentTerms.some((term) => term.code === paymentTerm)) return;
  const codes = entry.paymentTerms.map((term) => term.code).join(', ');
  throw badRequest(`${paymentTerm} is not a payment term on offer (${codes})`, { paymentTerm: `must be one of: ${codes}` });
}

type QuoteInputs = {
  specialityId: number;
  state: string | null;
  zipcode: string | null;
  answers: Answers;
  applicationAnswers: Answers;
  limitCode: string | null;
  deductibleCode: string | null;
  paymentTerm: string | null;
  /** An order that exists (re-priced), not a new quote: its speciality may since have been retired. */
  existing?: boolean;
};

/** What a submission still lacks before it can be priced at all (only older rows lack any). */
function missingInputs(inputs: QuoteInputs): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const key of ['state', 'zipcode', 'limitCode', 'deductibleCode', 'paymentTerm'] as const) {
    if (!inputs[key]) missing[key] = 'is required';
  }
  return missing;
}

/** What pricing reads: `db` may be a transaction in progress when `catalog` reads through it too. */
type PricingDeps = { db: Queryable; catalog: RatingCatalog };

/**
 * calculateQuote plus the payment term check; the same refusals as auth/calculate. `adjustment`
 * only when an underwriter approves with one (server/underwriting/decisions.ts).
 */
async function price(deps: PricingDeps, inputs: QuoteInputs, adjustment?: PremiumAdjustment, tableId?: number | null): Promise<Calculation> {
  const missing = missingInputs(inputs);
  if (Object.keys(missing).length) {
    throw badRequest(`The quote lacks ${Object.keys(missing).join(', ')}`, missing);
  }
  const { entry, calculation } = await calculateQuote(deps.db, deps.catalog, {
    specialityId: inputs.specialityId,
    state: inputs.state!,
    zipcode: inputs.zipcode!,
    answers: inputs.answers,
    applicationAnswers: inputs.applicationAnswers,
    limitCode: inputs.limitCode!,
    deductibleCode: inputs.deductibleCode!,
    ...(adjustment ? { adjustment } : {}),
    ...(tableId ? { tableId } : {}),
    ...(inputs.existing ? { existingOrder: true } : {}),
  });
  checkPaymentTerm(entry, inputs.paymentTerm!);
  return calculation;
}

const rowInputs = (row: SubmissionRow): QuoteInputs => ({
  specialityId: row.specialityId,
  state: row.stateCode,
  zipcode: row.zipcode,
  answers: row.answers,
  applicationAnswers: row.applicationAnswers,
  limitCode: row.limitCode,
  deductibleCode: row.deductibleCode,
  paymentTerm: row.paymentTerm,
  existing: true,
});

/**
 * The submission as saved, priced at another rating address: an order's primary plan location
 * is its rating address (server/account/plan-locations.ts), and moving it prices the order again
 * exactly as updaterating would.
 */
export function priceAt(deps: PricingDeps, row: SubmissionRow, address: { state: string; zipcode: string }): Promise<Calculation> {
  return price(deps, { ...rowInputs(row), state: address.state, zipcode: address.zipcode });
}

/**
 * The submission priced again exactly as it is saved — with the rate table version it was priced
 * with, whatever is in force since — and an underwriter's premium adjustment: what an approval
 * with an adjustment stores (issue 7; issue 9 for the version).
 */
export function priceAdjusted(deps: PricingDeps, row: SubmissionRow, adjustment: PremiumAdjustment): Promise<Calculation> {
  return price(deps, rowInputs(row), adjustment, row.rateTableId);
}

/** The stored rating, when it still reads as one (older or foreign rows answer null, not a 500). */
export function storedRating(worksheet: unknown): Calculation | null {
  const parsed = v.safeParse(calculateResponseSchema, worksheet);
  return parsed.success ? parsed.output : null;
}

/** Q-2026-000123: the year it was made and a sequence number (more digits when it outgrows six). */
const nextOrderNumber = (year: number) =>
  sql<string>`(select 'Q-' || ${String(year)}::text || '-' || lpad(seq.n, greatest(6, length(seq.n)), '0') from (select nextval('submission_number_seq')::text as n) as seq)`;

// ---------------------------------------------------------------------------------------------
// insured/createsubmission

const IDEMPOTENCY_INDEX = 'submissions_idempotency_key_hash_key';

type QuoteEventData = { request: string; answer: SubmissionQuote };

const keyReused = () =>
  unprocessable('This Idempotency-Key was already used for a different request: send a new key for a new quote', {
    'Idempotency-Key': 'was already used for a different request',
  });
const keyRetired = () =>
  unprocessable('This Idempotency-Key was used for a quote that has since been saved to an account: sign in to see it', {
    'Idempotency-Key': 'was used for a quote since saved to an account',
  });

/**
 * The first answer to an earlier createsubmission with this key by this caller, or undefined
 * when there was none. The same key with another body, or for a quote that has since joined an
 * account (a visitor's key no longer speaks for it), is a 422.
 */
async function replay(db: Queryable, keyHash: string, caller: SubmissionCaller, fingerprint: string): Promise<SubmissionQuote | undefined> {
  const [first] = await db
    .select({ userId: submissions.userId, data: submissionEvents.data })
    .from(submissions)
    .innerJoin(submissionEvents, and(eq(submissionEvents.submissionId, submissions.id), eq(submissionEvents.event, 'quote')))
    .where(eq(submissions.idempotencyKeyHash, keyHash))
    .orderBy(asc(submissionEvents.id))
    .limit(1);
  if (!first) return undefined;
  const data = first.data as QuoteEventData | null;
  if (data?.request !== fingerprint) throw keyReused();
  // A visitor's key stops speaking for the quote once it joins an account (as its quote key does).
  if (caller.user ? first.userId !== caller.user.id : first.userId !== null) throw keyRetired();
  return data.answer;
}

export async function createSubmission(
  deps: SubmissionDeps,
  caller: SubmissionCaller,
  input: CreateInput,
  idempotencyKey: string | undefined,
): Promise<{ created: boolean; answer: SubmissionQuote }> {
  const { db, clock } = deps;
  // Scoped by caller: one user's key never finds another's quote. Visitors share one scope.
  const scope = caller.user ? `user:${caller.user.id}` : 'visitor';
  if (!caller.user && idempotencyKey !== undefined && idempotencyKey.length < VISITOR_IDEMPOTENCY_KEY_MIN) {
    throw badRequest(`Idempotency-Key must be at least ${VISITOR_IDEMPOTENCY_KEY_MIN} characters to save a quote without an account`, {
      'Idempotency-Key': `must be at least ${VISITOR_IDEMPOTENCY_KEY_MIN} characters without an account`,
    });
  }
  const keyHash = idempotencyKey === undefined ? null : sha256Hex(`${scope}\n${idempotencyKey}`);
  const fingerprint = sha256Hex(canonicalJson(input));
  // A visitor's repeated save gets its quote key again: derived, not stored.
  const quoteKey = caller.user ? undefined : idempotencyKey !== undefined ? derivedQuoteKey(deps.secret, idempotencyKey) : newQuoteKey();
  const withKey = (answer: SubmissionQuote) => (quoteKey ? { ...answer, quoteKey } : answer);
  if (keyHash) {
    const earlier = await replay(db, keyHash, caller, fingerprint);
    if (earlier) return { created: false, answer: withKey(earlier) };
  }

  const now = clock.now();
  const effectiveDate = input.effectiveDate ?? todayUtc(now);
  checkEffectiveDate(effectiveDate, now);
  const calculation = await price(deps, {
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
      const [row] = await tx
        .insert(submissions)
        .values({
          number: nextOrderNumber(now.getUTCFullYear()),
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
        })
        .returning({ id: submissions.id, number: submissions.number, status: submissions.status, version: submissions.version });
      const answer: SubmissionQuote = {
        submissionId: row!.id,
        number: row!.number,
        status: row!.status,
        version: row!.version,
        effectiveDate,
        rating: calculation,
      };
      // A returning insured's new order at their practice's ZIP is placed there, as a first
      // order is at sign-up: the address was asked once, at sign-up, not again at payment.
      if (caller.user) await placeOrderAtPrimaryLocation(tx, caller.user.id, row!.id, now);
      const data: QuoteEventData = { request: fingerprint, answer };
      await tx.insert(submissionEvents).values({
        submissionId: row!.id,
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
    if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const earlier = await replay(db, keyHash, caller, fingerprint);
      if (earlier) return { created: false, answer: withKey(earlier) };
    }
    throw error;
  }
}

/** The broker a clientId names (400 naming it when unknown), else the signed-in insured's own. */
async function brokerFor(db: Queryable, caller: SubmissionCaller, clientId: string | null | undefined): Promise<number | null> {
  if (clientId) return (await brokerOfClientId(db, clientId))!.id;
  if (!caller.user) return null;
  const [user] = await db.select({ brokerId: users.brokerId }).from(users).where(eq(users.id, caller.user.id));
  return user?.brokerId ?? null;
}

// ---------------------------------------------------------------------------------------------
// Saving an insured's change to the quote's inputs

type SubmissionChanges = Omit<Parameters<typeof saveWithHistory>[4], 'status'>;

/**
 * Writes a change to the quote's inputs as the lifecycle machine allows it now (editMove):
 * before buy now a versioned save under `edit.event`, leaving the quote `edit.status` (quoted,
 * or draft when it no longer prices); once bought and waiting for missing items or an
 * underwriter's questions, the machine's `order.supplyItems` by the insured, the status kept
 * and the edit named in the event's data. Answers the status and version now.
 */
async function saveEdit(
  db: Queryable,
  caller: SubmissionCaller,
  row: SubmissionRow,
  now: Date,
  move: EditMove,
  changes: SubmissionChanges,
  edit: { event: 'rerate' | 'answers'; status: 'quoted' | 'draft'; data: Record<string, unknown> },
): Promise<{ status: SubmissionStatus; version: number }> {
  if (move === 'order.rate') {
    // Still the machine's move (order.rate, or order.draft when it no longer prices), recorded
    // under the edit's own name as quote edits always were.
    const type = edit.status === 'quoted' ? 'order.rate' : 'order.draft';
    const to = nextStatus(row.status, { type, actor: 'insured' });
    if (!to) throw illegalMove(row, type);
    const version = await saveWithHistory(db, caller, row, now, { ...changes, status: to }, { event: edit.event, toStatus: to, data: edit.data, actor: 'insured' });
    return { status: to, version };
  }
  const moved = await moveSubmission(db, caller.user, row, now, {
    event: { type: 'order.supplyItems', actor: 'insured' },
    data: { edit: edit.event, ...edit.data },
    changes,
  });
  return { status: moved.status, version: moved.version };
}

// ---------------------------------------------------------------------------------------------
// insured/updaterating

const updatableFields = ['state', 'zipcode', 'answers', 'applicationAnswers', 'limitCode', 'deductibleCode', 'paymentTerm', 'effectiveDate'] as const;

export async function updateRating(deps: SubmissionDeps, caller: SubmissionCaller, input: UpdateInput): Promise<SubmissionQuote> {
  const { db, clock } = deps;
  const row = await ownedSubmission(db, caller, input.submissionId);
  const move = editMove(row, 'a quote can be re-rated');
  if (input.version !== undefined && input.version !== row.version) throw changedMeanwhile(row.version);

  const now = clock.now();
  if (input.effectiveDate !== undefined) checkEffectiveDate(input.effectiveDate, now);
  const inputs: QuoteInputs = {
    specialityId: row.specialityId,
    state: input.state ?? row.stateCode,
    zipcode: input.zipcode ?? row.zipcode,
    answers: input.answers ?? row.answers,
    applicationAnswers: input.applicationAnswers ?? row.applicationAnswers,
    limitCode: input.limitCode ?? row.limitCode,
    deductibleCode: input.deductibleCode ?? row.deductibleCode,
    paymentTerm: input.paymentTerm ?? row.paymentTerm,
    existing: true,
  };
  const effectiveDate = input.effectiveDate ?? row.effectiveDate ?? todayUtc(now);
  const calculation = await price(deps, inputs);
  const changed = updatableFields.filter((field) => input[field] !== undefined);

  const saved = await saveEdit(
    db,
    caller,
    row,
    now,
    move,
    {
      stateCode: inputs.state,
      zipcode: inputs.zipcode,
      answers: inputs.answers,
      applicationAnswers: inputs.applicationAnswers,
      limitCode: inputs.limitCode,
      deductibleCode: inputs.deductibleCode,
      paymentTerm: inputs.paymentTerm,
      effectiveDate,
      worksheet: calculation,
      premiumCents: calculation.totalCents,
      rateTableId: calculation.rateTableId,
    },
    { event: 'rerate', status: 'quoted', data: { changed, fromTotalCents: row.premiumCents, totalCents: calculation.totalCents } },
  );
  return { submissionId: row.id, number: row.number, status: saved.status, version: saved.version, effectiveDate, rating: calculation };
}

// ---------------------------------------------------------------------------------------------
// questions/save and the dataacquisition answer calls

export type AnswerSet = 'answers' | 'applicationAnswers';

const withoutNulls = (answers: Answers): Answers =>
  Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== null && value !== undefined));

/**
 * Saves one set of answers (merge: the codes given replace theirs, null removes one; replace:
 * the set becomes what is given), each answer given checked against its question's type, then
 * prices the submission again: quoted with the new rating when it prices, draft with the
 * premium cleared and `needs` saying why when it does not.
 */
export async function saveAnswers(
  deps: SubmissionDeps,
  caller: SubmissionCaller,
  submissionId: number,
  set: AnswerSet,
  given: Answers,
  mode: 'merge' | 'replace',
): Promise<SavedAnswers> {
  const { db, clock } = deps;
  const row = await ownedSubmission(db, caller, submissionId);
  const move = editMove(row, 'answers can be saved');
  const answers = withoutNulls(mode === 'merge' ? { ...row[set], ...given } : given);

  // Only the answers given are judged, and only for their type: completeness is for pricing.
  const questions = await loadQuestionSet(db, set === 'answers' ? row.specialityId : null);
  // Named as pricing names them: answers.x for the speciality's, applicationAnswers.x for the general ones.
  const problems = Object.fromEntries(
    Object.entries(answerProblems(questions, answers, set)).filter(
      ([key, problem]) => problem !== 'is required' && Object.hasOwn(given, key.slice(set.length + 1)),
    ),
  );
  if (Object.keys(problems).length) {
    const [first] = Object.entries(problems);
    throw badRequest(`Check the answers: ${first![0]} ${first![1]}`, problems);
  }

  const inputs = { ...rowInputs(row), [set]: answers };
  let calculation: Calculation | null = null;
  let needs: Record<string, string> = {};
  try {
    calculation = await price(deps, inputs);
  } catch (error) {
    if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 422)) throw error;
    // An order past buy now keeps a price its answers give: answers that no longer price it
    // (a required one still missing, say) are refused whole rather than saved half-way.
    if (move === 'order.supplyItems') throw error;
    needs = error.fields ?? { quote: error.message };
  }
  const now = clock.now();

  const saved = await saveEdit(
    db,
    caller,
    row,
    now,
    move,
    {
      ...(set === 'answers' ? { answers } : { applicationAnswers: answers }),
      worksheet: calculation,
      premiumCents: calculation?.totalCents ?? null,
      rateTableId: calculation?.rateTableId ?? null,
    },
    {
      event: 'answers',
      status: calculation ? 'quoted' : 'draft',
      data: { set, codes: Object.keys(given), fromTotalCents: row.premiumCents, totalCents: calculation?.totalCents ?? null, needs },
    },
  );
  return { submissionId: row.id, number: row.number, status: saved.status, version: saved.version, answers, rating: calculation, needs };
}

// ---------------------------------------------------------------------------------------------
// insured/orderdetails

export async function orderDetails(deps: SubmissionDeps, caller: SubmissionCaller, submissionId: number): Promise<OrderDetails> {
  const details = await orderDetailsWhere(deps, and(eq(submissions.id, submissionId), ownedBy(caller))!);
  if (!details) throw notYours();
  return details;
}

/**
 * Any submission's details, whoever owns it: for the underwriter's desk only, whose routes
 * check the role first. Null when there is no such submission.
 */
export function anyOrderDetails(deps: Pick<SubmissionDeps, 'db' | 'catalog'>, submissionId: number): Promise<OrderDetails | null> {
  return orderDetailsWhere(deps, eq(submissions.id, submissionId));
}

async function orderDetailsWhere(deps: Pick<SubmissionDeps, 'db' | 'catalog'>, where: SQL): Promise<OrderDetails | null> {
  const [row] = await deps.db
    .select({ ...submissionColumns, specialityName: specialities.name, stateName: usStates.name })
    .from(submissions)
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .leftJoin(usStates, eq(usStates.code, submissions.stateCode))
    .where(where);
  if (!row) return null;
  const rating = storedRating(row.worksheet);
  // A draft has no rating to take the labels from: the rate table that would price it has them.
  const table = !rating && row.stateCode ? (await deps.catalog.get(row.specialityId, row.stateCode))?.table : undefined;
  const labelled = (code: string | null, fromRating: { code: string; label: string } | undefined, rows: { code: string; label: string }[] | undefined) =>
    code === null ? null : fromRating?.code === code ? fromRating : { code, label: rows?.find((option) => option.code === code)?.label ?? code };
  return {
    submissionId: row.id,
    number: row.number,
    status: row.status,
    version: row.version,
    speciality: { id: row.specialityId, name: row.specialityName },
    state: row.stateCode ? { code: row.stateCode, name: row.stateName ?? row.stateCode } : null,
    zipcode: row.zipcode,
    limit: labelled(row.limitCode, rating?.limit, table?.factors.ilf),
    deductible: labelled(row.deductibleCode, rating?.deductible, table?.factors.dlf),
    paymentTerm: row.paymentTerm,
    effectiveDate: row.effectiveDate,
    answers: row.answers,
    applicationAnswers: row.applicationAnswers,
    rating,
    premiumCents: rating ? row.premiumCents : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: await orderHistory(deps.db, row.id),
  };
}
