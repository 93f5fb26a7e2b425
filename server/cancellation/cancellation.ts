/**
 * Cancellation with tail cover (issue 19, DESIGN.md "The policy after the sale"): the insured's
 * preview of a cancellation (nothing written), the cancellation itself and the purchase of an
 * Extended Reporting Period (tail). The prices are cancellation-rules.ts's; the moves are the
 * policy lifecycle's (nextPolicyStatus), asked under the policy's row lock so a second
 * cancellation or an endorsement racing this one waits and then finds the policy cancelled (409).
 *
 * A cancellation is recorded as an endorsement of kind 'cancellation', issued at once, its signed
 * total negative: the return premium owed (return_premium_status 'owed' until billing credits or
 * refunds it). A tail is an endorsement of kind 'tail' awaiting payment, with an invoice for its
 * premium, taxes and state fees (invoices.endorsement_id), paid through the hosted checkout like
 * any endorsement's (insured/payendorsement); the payment's settlement issues it (issueTail).
 */
import type * as v from 'valibot';
import { addDays, businessToday, type CalendarDay } from '@shared/calendar';
import type {
  buyTailRequestSchema,
  Cancellation,
  CancellationOptions,
  CancellationQuote,
  cancellationQuoteRequestSchema,
  cancelPolicyRequestSchema,
  ReturnMethod,
  TailPurchase,
  TailYears,
} from '@shared/contract/cancellation';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import { nextPolicyStatus, type PolicyEvent } from '@shared/lifecycle/policy-lifecycle.machine';
import type { AuthUser } from '@server/auth/user';
import { insertInvoice, type InvoiceRow } from '@server/billing/billing-queries';
import { ratingOf } from '@server/billing/invoices';
import { retroactiveDate } from '@server/billing/retroactive-date';
import {
  annualPremiumAfterChanges,
  cancellablePolicy,
  cancellationEndorsement,
  cancellationTable,
  endorsementCount,
  endorsementWithKey,
  insertEndorsement,
  invoiceOfEndorsement,
  endorsementById,
  markTailIssued,
  policyById,
  standingTail,
  type CancellablePolicy,
  type EndorsementRow,
} from '@server/cancellation/cancellation-queries';
import {
  cancellationFigures,
  recordCancellation,
  recordedFigures,
  type CancellationFigures,
} from '@server/cancellation/cancellation-record';
import {
  cancellationDateProblem,
  cancellationReturn,
  earliestCancellation,
  tailOffer,
  tailOption,
  type CancellationTable,
} from '@server/cancellation/cancellation-rules';
import type { Clock } from '@server/clock';
import type { Database, Queryable, Transaction } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { cancellationNoticeFileName } from '@server/documents/cancellation-notice-pdf';
import { namedInsured } from '@server/documents/named-insured';
import { tailEndorsementPdf } from '@server/documents/tail-endorsement-pdf';
import { badRequest, conflict, notFound } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';
import { cancellationNoticeMail } from '@server/mail/templates';
import { tailIssuedMail } from '@server/mail/endorsement-mails';
import { endorsementFileName } from '@server/documents/endorsement-pdf';
import { confirmationFacts } from '@server/payments/payment-queries';
import type { MailService } from '@server/plugins/mail';

export type CancellationDeps = {
  db: Database;
  clock: Clock;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  /** The insurer and licences the notice names (Config.trust). */
  trust: Trust;
  /** PUBLIC_URL: the documents link in the mail. */
  publicUrl: string;
};

type QuoteInput = v.InferOutput<typeof cancellationQuoteRequestSchema>;
type CancelInput = v.InferOutput<typeof cancelPolicyRequestSchema>;
type TailInput = v.InferOutput<typeof buyTailRequestSchema>;

const CANCEL: PolicyEvent = { type: 'policy.cancel', actor: 'insured' };
const BUY_TAIL: PolicyEvent = { type: 'policy.buyTail', actor: 'insured' };
const IDEMPOTENCY_INDEX = 'endorsements_idempotency_key';

const noSuchPolicy = () => notFound('No such policy (or it is not yours)');

const STATUS_WORDS: Record<string, string> = {
  in_force: 'is in force',
  cancellation_notice: 'is under a notice of cancellation',
  cancelled: 'is cancelled',
  expired: 'is expired',
  renewed: 'is renewed',
};

/** 409 naming `status` unless the lifecycle lets the insured make this move now. */
function assertMove(policy: CancellablePolicy, event: PolicyEvent, what: string): void {
  if (nextPolicyStatus(policy.status, event)) return;
  const words = STATUS_WORDS[policy.status] ?? `is ${policy.status}`;
  const on =
    policy.status === 'cancelled' && policy.cancellationDate
      ? ` from ${formatCalendarDay(policy.cancellationDate)}`
      : '';
  throw conflict(`Policy ${policy.number} ${words}${on}: it cannot ${what}`, { status: words });
}

/** What prices the policy's cancellation and tail: its annual premium now and its rate table. */
async function pricingOf(db: Queryable, policy: CancellablePolicy) {
  const rating = ratingOf({ worksheet: policy.worksheet, number: policy.orderNumber });
  const row = await cancellationTable(db, rating.rateTableId);
  if (!row) throw new Error(`Rate table ${rating.rateTableId} of policy ${policy.number} is gone`);
  const annualPremiumCents = (await annualPremiumAfterChanges(db, policy.id)) ?? rating.premiumCents;
  const table: CancellationTable = { ...row, erpPercentBps: row.erpPercentBps };
  return { rateTableId: rating.rateTableId, table, annualPremiumCents };
}

type Pricing = Awaited<ReturnType<typeof pricingOf>>;

const periodOf = (policy: CancellablePolicy) => ({
  effectiveDate: policy.effectiveDate,
  expirationDate: policy.expirationDate,
});

/** 400 naming cancellationDate when it is not a day the policy can be cancelled from today. */
function assertDate(policy: CancellablePolicy, today: CalendarDay, date: CalendarDay): void {
  const problem = cancellationDateProblem(periodOf(policy), today, date);
  if (problem) throw badRequest(`The cancellation date ${problem}`, { cancellationDate: problem });
}

function quoteOf(
  policy: CancellablePolicy,
  pricing: Pricing,
  date: CalendarDay,
  figures: CancellationFigures,
): CancellationQuote {
  return {
    policyId: policy.id,
    policyNumber: policy.number,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    retroactiveDate: retroactiveDate(policy.effectiveDate, policy.applicationAnswers),
    status: policy.status,
    cancellationDate: date,
    returnPremium: figures.returned,
    // Only a plan with premium still to collect has something to set against the return.
    ...(figures.unpaidCents > 0
      ? { unpaidPremium: { unpaidCents: figures.unpaidCents, netCents: figures.netCents } }
      : {}),
    tailOffer: tailOffer(pricing.annualPremiumCents, pricing.table, date),
  };
}

// ---------------------------------------------------------------------------------------------
// POST insured/cancellationquote

export async function cancellationQuote(
  deps: Pick<CancellationDeps, 'db' | 'clock'>,
  user: AuthUser,
  input: QuoteInput,
): Promise<CancellationQuote> {
  const policy = await cancellablePolicy(deps.db, user.id, input.policyid);
  if (!policy) throw noSuchPolicy();
  assertMove(policy, CANCEL, 'be cancelled');
  const date = input.cancellationDate;
  assertDate(policy, businessToday(deps.clock.now()), date);
  const pricing = await pricingOf(deps.db, policy);
  const figures = await cancellationFigures(deps.db, policy, date, pricing.annualPremiumCents, pricing.table);
  return quoteOf(policy, pricing, date, figures);
}

// ---------------------------------------------------------------------------------------------
// POST insured/cancelpolicy

/** The method a cancellation's endorsement recorded (its `changes`), so a retry answers the same figures. */
const recordedMethod = (row: EndorsementRow): ReturnMethod | undefined =>
  row.changes.find((change) => change.field === 'returnMethod')?.after as ReturnMethod | undefined;

const endorsementRef = (row: EndorsementRow) => ({
  id: row.id,
  number: row.number,
  status: row.status,
  totalChangeCents: row.totalChangeCents,
});

/** The answer for a cancelled policy and its cancellation's endorsement (first time or retried). */
async function cancellationAnswer(
  db: Queryable,
  policy: CancellablePolicy,
  row: EndorsementRow,
): Promise<Cancellation> {
  const pricing = await pricingOf(db, policy);
  const date = row.effectiveDate;
  // Priced as it was: the annual premium and the method recorded, whatever the state's option is now.
  const table = { ...pricing.table, shortRate: recordedMethod(row) === 'short_rate' };
  const annualPremiumCents = row.annualPremiumBeforeCents;
  const returned = cancellationReturn(periodOf(policy), date, annualPremiumCents, table);
  const quote = quoteOf(policy, { ...pricing, annualPremiumCents }, date, recordedFigures(row, returned));
  return {
    ...quote,
    status: 'cancelled',
    reason: policy.cancellationReason,
    cancelledAt: (policy.cancelledAt ?? row.createdAt).toISOString(),
    endorsement: endorsementRef(row),
    notice: { filename: cancellationNoticeFileName(policy.number) },
  };
}

/** An endorsement made earlier with this key, when it was this same request (422 otherwise). */
async function byKey(db: Queryable, user: AuthUser, keyHash: string, bodyHash: string) {
  const row = await endorsementWithKey(db, user.id, keyHash);
  if (row && !sameRequest(row.idempotencyRequestHash, bodyHash)) throw keyUsedForAnotherRequest('request');
  return row;
}

/** P-2026-000007-E03: the policy's number and its endorsements' count, under the policy's lock. */
const nextNumber = async (tx: Transaction, policy: CancellablePolicy) =>
  `${policy.number}-E${String((await endorsementCount(tx, policy.id)) + 1).padStart(2, '0')}`;

export async function cancelPolicy(
  deps: CancellationDeps,
  user: AuthUser,
  input: CancelInput,
  keyHash: string | null,
): Promise<Cancellation> {
  const { db } = deps;
  // The kind is part of the request: the same key sent to another endorsement call is a 422.
  const bodyHash = requestHash({ call: 'cancelpolicy', ...input });
  const retried = async (tx: Queryable) => {
    const row = keyHash ? await byKey(tx, user, keyHash, bodyHash) : undefined;
    if (!row) return undefined;
    const policy = await cancellablePolicy(tx, user.id, row.policyId);
    return cancellationAnswer(tx, policy!, row);
  };
  const earlier = await retried(db);
  if (earlier) return earlier;
  if (!(await cancellablePolicy(db, user.id, input.policyid))) throw noSuchPolicy();
  try {
    const answer = await db.transaction(async (tx) => {
      const policy = await cancellablePolicy(tx, user.id, input.policyid, true);
      if (!policy) throw noSuchPolicy();
      const again = await retried(tx);
      if (again) return again;
      assertMove(policy, CANCEL, 'be cancelled again');
      const now = deps.clock.now();
      const date = input.cancellationDate;
      assertDate(policy, businessToday(now), date);
      const pricing = await pricingOf(tx, policy);
      const recorded = await recordCancellation(tx, deps, {
        policy,
        userId: user.id,
        cause: 'insured',
        reason: input.reason ?? null,
        date,
        annualPremiumCents: pricing.annualPremiumCents,
        rateTableId: pricing.rateTableId,
        table: pricing.table,
        now,
        idempotency: keyHash ? { keyHash, requestHash: bodyHash } : null,
      });
      const { row, filename, pdf } = recorded;
      const facts = (await confirmationFacts(tx, policy.submissionId))!;
      await deps.mail.enqueue(tx, {
        ...cancellationNoticeMail({
          to: facts.email,
          firstName: facts.firstName,
          policyNumber: policy.number,
          cancellationDate: date,
          today: businessToday(now),
          returned: formatUsd(recorded.returned.totalCents),
          ...(recorded.unpaidCents > 0
            ? {
                unpaid: {
                  unpaid: formatUsd(recorded.unpaidCents),
                  net: formatUsd(Math.abs(recorded.netCents)),
                  owedToInsured: recorded.netCents >= 0,
                },
              }
            : {}),
          tails: recorded.tails.map(
            (option) => `${option.years} year${option.years === 1 ? '' : 's'}: ${formatUsd(option.totalCents)}`,
          ),
          documentsUrl: `${deps.publicUrl}/document`,
        }),
        attachments: [{ filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      });
      return cancellationAnswer(
        tx,
        { ...policy, status: 'cancelled', cancellationDate: date, cancellationReason: input.reason, cancelledAt: now },
        row,
      );
    });
    deps.mail.kick();
    return answer;
  } catch (error) {
    // The same key at the same moment: the other request cancelled; answer that.
    if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const again = await retried(db);
      if (again) return again;
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// POST insured/buytail

function invoiceView(invoice: InvoiceRow): TailPurchase['invoice'] {
  return {
    invoiceId: invoice.id,
    number: invoice.number,
    status: invoice.status === 'paid' ? 'paid' : 'open',
    premiumCents: invoice.premiumCents,
    taxCents: invoice.taxCents,
    feeCents: invoice.feeCents,
    totalCents: invoice.totalCents,
  };
}

/** The first day a tail covers: the cancellation date, or the expiration date of an expired policy. */
const tailStart = (policy: CancellablePolicy): CalendarDay =>
  policy.status === 'cancelled' && policy.cancellationDate ? policy.cancellationDate : policy.expirationDate;

async function tailAnswer(db: Queryable, policy: CancellablePolicy, row: EndorsementRow): Promise<TailPurchase> {
  const invoice = await invoiceOfEndorsement(db, row.id);
  const years = Number(row.changes.find((change) => change.field === 'tailYears')?.after) as TailYears;
  const pricing = await pricingOf(db, policy);
  return {
    policyId: policy.id,
    policyNumber: policy.number,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    retroactiveDate: retroactiveDate(policy.effectiveDate, policy.applicationAnswers),
    status: policy.status,
    tail: tailOption(years, row.annualPremiumBeforeCents, pricing.table, row.effectiveDate),
    startsOn: row.effectiveDate,
    endorsement: endorsementRef(row),
    invoice: invoiceView(invoice!),
  };
}

export async function buyTail(
  deps: Pick<CancellationDeps, 'db' | 'clock'>,
  user: AuthUser,
  input: TailInput,
  keyHash: string | null,
): Promise<{ created: boolean; purchase: TailPurchase }> {
  const { db } = deps;
  const bodyHash = requestHash({ call: 'buytail', ...input });
  const retried = async (tx: Queryable) => {
    const row = keyHash ? await byKey(tx, user, keyHash, bodyHash) : undefined;
    if (!row) return undefined;
    const policy = await cancellablePolicy(tx, user.id, row.policyId);
    return { created: false, purchase: await tailAnswer(tx, policy!, row) };
  };
  const earlier = await retried(db);
  if (earlier) return earlier;
  if (!(await cancellablePolicy(db, user.id, input.policyid))) throw noSuchPolicy();
  try {
    return await db.transaction(async (tx) => {
      const policy = await cancellablePolicy(tx, user.id, input.policyid, true);
      if (!policy) throw noSuchPolicy();
      const again = await retried(tx);
      if (again) return again;
      assertMove(policy, BUY_TAIL, 'buy a tail: only a cancelled or expired policy can');
      const bought = await standingTail(tx, policy.id);
      if (bought) {
        throw conflict(`Policy ${policy.number} has its tail already (${bought.number})`, {
          tail: `is bought already (${bought.number})`,
        });
      }
      const now = deps.clock.now();
      const pricing = await pricingOf(tx, policy);
      const startsOn = tailStart(policy);
      const option = tailOption(input.years, pricing.annualPremiumCents, pricing.table, startsOn);
      const row = await insertEndorsement(tx, {
        policyId: policy.id,
        userId: user.id,
        number: await nextNumber(tx, policy),
        kind: 'tail',
        status: 'awaiting_payment',
        effectiveDate: startsOn,
        changes: [
          { field: 'tailYears', before: null, after: input.years },
          { field: 'reportingUntil', before: null, after: option.reportingUntil },
        ],
        annualPremiumBeforeCents: pricing.annualPremiumCents,
        annualPremiumAfterCents: pricing.annualPremiumCents,
        rateTableId: pricing.rateTableId,
        premiumChangeCents: option.premiumCents,
        taxChangeCents: option.taxCents,
        feeChangeCents: option.stateFeeCents,
        totalChangeCents: option.totalCents,
        idempotencyKeyHash: keyHash,
        idempotencyRequestHash: keyHash ? bodyHash : null,
        createdAt: now,
      });
      await insertInvoice(tx, {
        submissionId: policy.submissionId,
        endorsementId: row.id,
        premiumCents: option.premiumCents,
        feeCents: option.stateFeeCents,
        taxCents: option.taxCents,
        totalCents: option.totalCents,
        dueDate: businessToday(now),
        createdAt: now,
      });
      return { created: true, purchase: await tailAnswer(tx, policy, row) };
    });
  } catch (error) {
    if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const again = await retried(db);
      if (again) return again;
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// GET insured/cancellationoptions

/**
 * The policy's standing for the cancel screen: the days it can be cancelled from today (none
 * when the lifecycle refuses, or no day of the period is left), its cancellation, and its tail —
 * the one bought, or the three on offer once it is cancelled or expired. Writes nothing.
 */
export async function cancellationOptions(
  deps: Pick<CancellationDeps, 'db' | 'clock'>,
  user: AuthUser,
  policyId: number,
): Promise<CancellationOptions> {
  const { db } = deps;
  const policy = await cancellablePolicy(db, user.id, policyId);
  if (!policy) throw noSuchPolicy();
  const today = businessToday(deps.clock.now());
  const earliest = earliestCancellation(periodOf(policy), today);
  const latest = addDays(policy.expirationDate, -1);
  const cancellable = nextPolicyStatus(policy.status, CANCEL) !== null && earliest <= latest;
  const tailable = tailPayable(policy.status);
  const [cancellation, bought] = await Promise.all([
    policy.status === 'cancelled' ? cancellationEndorsement(db, policy.id) : undefined,
    standingTail(db, policy.id),
  ]);
  const startsOn = tailable ? tailStart(policy) : null;
  let offer: CancellationOptions['tailOffer'] = [];
  if (startsOn && !bought) {
    const pricing = await pricingOf(db, policy);
    offer = tailOffer(pricing.annualPremiumCents, pricing.table, startsOn);
  }
  const changed = (field: string) => bought?.changes.find((change) => change.field === field)?.after;
  return {
    policyId: policy.id,
    policyNumber: policy.number,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    retroactiveDate: retroactiveDate(policy.effectiveDate, policy.applicationAnswers),
    status: policy.status,
    earliestCancellationDate: cancellable ? earliest : null,
    latestCancellationDate: cancellable ? latest : null,
    cancellationDate: policy.cancellationDate,
    cancellationReason: policy.cancellationReason,
    cancellation: cancellation ? endorsementRef(cancellation) : null,
    tailStartsOn: startsOn,
    tailOffer: offer,
    tail: bought
      ? {
          ...endorsementRef(bought),
          years: Number(changed('tailYears')) as TailYears,
          startsOn: bought.effectiveDate,
          reportingUntil: String(changed('reportingUntil')),
        }
      : null,
    today,
  };
}

// ---------------------------------------------------------------------------------------------
// A tail's invoice paid (server/payments/settle.ts)

/** Whether the policy can still take its tail: the lifecycle's policy.buyTail from its status now. */
export const tailPayable = (policyStatus: CancellablePolicy['status']) =>
  nextPolicyStatus(policyStatus, BUY_TAIL) !== null;

/**
 * Inside the transaction that records the payment of a tail's invoice: the tail is issued, with
 * its endorsement PDF (the reporting period, the retroactive date, the price paid).
 */
export async function issueTail(
  tx: Transaction,
  // The mail goes in this transaction's outbox: a webhook delivered again finds the tail issued and mails nothing.
  deps: Pick<CancellationDeps, 'trust' | 'publicUrl'> & { mail: Pick<MailService, 'enqueue'> },
  endorsementId: number,
  now: Date,
): Promise<void> {
  const row = await endorsementById(tx, endorsementId);
  if (!row || row.kind !== 'tail' || row.status !== 'awaiting_payment') return;
  const policy = (await policyById(tx, row.policyId))!;
  const purchase = await tailAnswer(tx, policy, row);
  const facts = (await confirmationFacts(tx, policy.submissionId))!;
  const pdf = await tailEndorsementPdf({
    policyNumber: policy.number,
    endorsementNumber: row.number,
    specialityName: facts.speciality,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    retroactiveDate: purchase.retroactiveDate,
    startsOn: purchase.startsOn,
    tail: purchase.tail,
    namedInsured: await namedInsured(tx, policy.userId!, policy.submissionId),
    issuedAt: now,
    trust: deps.trust,
  });
  await markTailIssued(tx, row.id, Buffer.from(pdf), now);
  // The receipt, with the tail's endorsement attached.
  await deps.mail.enqueue(tx, {
    ...tailIssuedMail(
      { to: facts.email, firstName: facts.firstName },
      {
        policyNumber: policy.number,
        endorsementNumber: row.number,
        years: purchase.tail.years,
        startsOn: purchase.startsOn,
        reportingUntil: purchase.tail.reportingUntil,
        invoiceNumber: purchase.invoice.number,
        total: formatUsd(purchase.invoice.totalCents),
        documentsUrl: `${deps.publicUrl}/document`,
      },
    ),
    attachments: [
      {
        filename: endorsementFileName(row.number),
        contentType: 'application/pdf',
        contentBase64: Buffer.from(pdf).toString('base64'),
      },
    ],
  });
}
