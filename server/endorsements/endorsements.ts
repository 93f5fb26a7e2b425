/**
 * Mid-term changes (issue 19, DESIGN.md "The policy after the sale"): the insured changes the
 * limit or the deductible of a policy in force, or corrects its named insured or practice
 * address, from an effective date of the period.
 *
 * The price is the rating engine's, on the rate table version the policy was priced with (the
 * order's stored rating names it), whatever table is in force since: the annual premium with the
 * policy's limit and deductible today and with the new ones, both with the order's answers and
 * any underwriter's adjustment, so their difference is the change alone. The difference is
 * prorated by the days left (shared/rating/proration.ts) and the state's premium tax and fees are
 * applied to that share as the engine applies them to a year's premium (applyBps on the table's
 * taxRateBps and feeRateBps; the policy fee does not change mid-term).
 *
 * Committing holds the policy's row FOR UPDATE, so endorsements of one policy take turns and each
 * is priced on what the one before left. A change that costs nothing or returns premium is issued
 * at once: the policy takes the new limit, deductible and premium, the declarations (and the
 * policy document) are reissued listing the endorsements, the endorsement PDF is made, and a
 * return premium is recorded as owed. One that costs more waits (awaiting_payment) for its invoice.
 */
import type * as v from 'valibot';
import { businessToday, type CalendarDay } from '@shared/calendar';
import { formatCalendarDay } from '@shared/contract/date-format';
import type {
  Endorsement,
  EndorsementChange,
  EndorsementQuote,
  EndorsementWorksheetLine,
  PolicyHistory,
  endorsementRequestSchema,
} from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import type { Calculation } from '@shared/contract/rating';
import type { Trust } from '@shared/contract/runtime-config';
import { nextPolicyStatus } from '@shared/lifecycle/policy-lifecycle.machine';
import { applyBps } from '@shared/rating/money';
import { daysInPeriod, daysRemaining, proratedChange, type PolicyPeriod } from '@shared/rating/proration';
import { checkAddress } from '@server/account/address-check';
import type { AuthUser } from '@server/auth/user';
import { insertInvoice, specialityAndBroker } from '@server/billing/billing-queries';
import type { Clock } from '@server/clock';
import type { Database, Queryable, Transaction } from '@server/db/connection';
import type { RateFactors } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/errors';
import { policyDocumentData } from '@server/documents/document-sources';
import { documentFileName } from '@server/documents/document-file-names';
import { endorsementFileName, endorsementPdf } from '@server/documents/endorsement-pdf';
import { addressLines, namedInsured } from '@server/documents/named-insured';
import { policyPdf } from '@server/documents/policy-pdf';
import {
  endorsementCount,
  endorsementsOfPolicy,
  endorsementSummary,
  endorsementWithKey,
  insertEndorsement,
  issuedEndorsements,
  ownedEndorsement,
  ownedEndorsementFile,
  ownedPolicyWithOrder,
  pendingChanges,
  policyWithOrder,
  endorsementRow,
  replaceDocument,
  updateEndorsement,
  updatePolicy,
  type EndorsementSummary,
  type OwnedPolicyWithOrder,
} from '@server/endorsements/endorsement-queries';
import {
  applyLocationChanges,
  LOCATION_ADDED,
  LOCATION_REMOVED,
  locationChanges,
} from '@server/endorsements/endorsement-locations';
import { lockOwner } from '@server/account/primary-records';
import { mailAboutEndorsement, type EndorsementMailDeps } from '@server/endorsements/endorsement-mail';
import { endorsementIssuedMail } from '@server/mail/endorsement-mails';
import { assertSingleLines } from '@server/endorsements/endorsement-addresses';
import { applyCorrections } from '@server/endorsements/endorsement-corrections';
import { referralReason } from '@server/endorsements/endorsement-referral-rule';
import { badRequest, conflict, notFound } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';
import { calculateQuote } from '@server/rating/quote-pricing';
import { createRatingCatalog, type RatingCatalog } from '@server/rating/rating-catalog';
import { rateTableById } from '@server/rating/rating-queries';
import { endorsementReferredMail } from '@server/mail/endorsement-mails';
import { storedRating } from '@server/submissions/stored-rating';
import { nonPaymentNoticesOf } from '@server/documents/document-downloads';

export type EndorsementDeps = {
  db: Database;
  clock: Clock;
  catalog: RatingCatalog;
  /** The insurer affording coverage (Config.trust), printed on the documents. */
  trust: Trust;
  /** The automatic authority (Config.underwritingAuthorityCents): a change raising the annual premium above it is referred. */
  authorityCents: number;
} & EndorsementMailDeps;

type EndorsementInput = v.InferOutput<typeof endorsementRequestSchema>;

const IDEMPOTENCY_INDEX = 'endorsements_idempotency_key';

const noSuchPolicy = () => notFound('No such policy (or it is not yours)');

// ---------------------------------------------------------------------------------------------
// Pricing

/** The rate table the policy was priced with: the order's stored rating names it. */
export function pricedWith(order: OwnedPolicyWithOrder['order']): { tableId: number; rating: Calculation | null } {
  const rating = storedRating(order.worksheet);
  const tableId = rating?.rateTableId ?? order.rateTableId;
  if (!tableId) throw new Error(`Order ${order.number} has no rating to endorse from`);
  return { tableId, rating };
}

/** The underwriter's adjustment the order was approved with, priced again the same way. */
function adjustmentOf(rating: Calculation | null) {
  if (!rating?.adjustmentBps) return undefined;
  const line = rating.worksheet.find((one) => one.step === 'adjustment');
  return { bps: rating.adjustmentBps, reason: line?.source.replace(/^underwriter: /, '') ?? '' };
}

/** 409 naming the status unless the policy lifecycle lets the insured endorse it. */
export function assertEndorsable(policy: OwnedPolicyWithOrder['policy']): void {
  if (nextPolicyStatus(policy.status, { type: 'policy.endorse', actor: 'insured' })) return;
  throw conflict(`Policy ${policy.number} is ${policy.status.replace(/_/g, ' ')}: it can no longer be changed`, {
    status: `is ${policy.status}`,
  });
}

/** The first day a change may take effect: today, or the period's first day when it is later. */
export const firstEffectiveDay = (policy: OwnedPolicyWithOrder['policy'], today: CalendarDay) =>
  today > policy.effectiveDate ? today : policy.effectiveDate;

/** The effective date: a day of the period from today (today when left out); 400 naming it otherwise. */
function effectiveDateOf(policy: OwnedPolicyWithOrder['policy'], asked: string | undefined, today: CalendarDay) {
  const first = firstEffectiveDay(policy, today);
  const last = policy.expirationDate;
  const day = asked ?? first;
  if (day < first || day >= last) {
    throw badRequest(
      `The change can take effect from ${formatCalendarDay(first)} to the day before ${formatCalendarDay(last)}`,
      { effectiveDate: `must be a day from ${first} to the day before ${last}` },
    );
  }
  return day;
}

/** The named insured and practice address as the policy reads them now: as issued, then each correction. */
export async function currentInsured(db: Queryable, policy: OwnedPolicyWithOrder['policy'], userId: number) {
  const issued = await namedInsured(db, policy.userId ?? userId, policy.submissionId);
  let name = issued.name;
  let lines = issued.addressLines;
  for (const row of await issuedEndorsements(db, policy.id)) {
    for (const change of row.changes) {
      if (change.field === 'insuredName' && typeof change.after === 'string') name = change.after;
      if (change.field === 'address' && typeof change.after === 'string') lines = change.after.split('\n');
    }
  }
  return { name, addressLines: lines };
}

/**
 * The year's rating of the order with another limit and deductible, on the table the policy was
 * priced with and with the order's answers and adjustment: what the policy costs with them. With
 * the policy's own limit and deductible it is the year as it stands after its changes (the
 * renewal's "last year").
 */
export async function rated(
  deps: Pick<EndorsementDeps, 'catalog'>,
  db: Queryable,
  order: OwnedPolicyWithOrder['order'],
  limitCode: string,
  deductibleCode: string,
): Promise<Calculation> {
  const { tableId, rating } = pricedWith(order);
  const adjustment = adjustmentOf(rating);
  const { calculation } = await calculateQuote(db, deps.catalog, {
    specialityId: order.specialityId,
    state: order.stateCode!,
    zipcode: order.zipcode!,
    answers: order.answers,
    applicationAnswers: order.applicationAnswers,
    existingOrder: true,
    limitCode,
    deductibleCode,
    tableId,
    ...(adjustment ? { adjustment } : {}),
  });
  if (calculation.rateTableId !== tableId)
    throw new Error(`Rate table ${tableId} could not price order ${order.number}`);
  return calculation;
}

const signed = (cents: number) => (cents > 0 ? `+${formatUsd(cents)}` : cents < 0 ? `-${formatUsd(-cents)}` : '$0.00');

async function price(
  deps: Pick<EndorsementDeps, 'catalog'>,
  db: Queryable,
  owned: OwnedPolicyWithOrder,
  input: EndorsementInput,
  today: CalendarDay,
): Promise<EndorsementQuote> {
  const { policy, order } = owned;
  assertEndorsable(policy);
  const effectiveDate = effectiveDateOf(policy, input.effectiveDate, today);
  const { tableId } = pricedWith(order);
  const table = await rateTableById(db, tableId);
  if (!table) throw new Error(`Rate table ${tableId} is gone`);

  const offered = (codes: Array<{ code: string }>) => codes.map((row) => row.code).join(', ');
  const limit = table.factors.ilf.find((row) => row.code === (input.limitCode ?? policy.limitCode));
  if (!limit) {
    throw badRequest(`The limit ${input.limitCode} is not offered on this policy`, {
      limitCode: `must be one of: ${offered(table.factors.ilf)}`,
    });
  }
  const deductible = table.factors.dlf.find((row) => row.code === (input.deductibleCode ?? policy.deductibleCode));
  if (!deductible) {
    throw badRequest(`The deductible ${input.deductibleCode} is not offered on this policy`, {
      deductibleCode: `must be one of: ${offered(table.factors.dlf)}`,
    });
  }
  if (input.address) {
    assertSingleLines(input.address, 'address.');
    if (input.address.state !== order.stateCode) {
      throw badRequest(`A corrected address stays in ${order.stateCode}: moving the practice is not a correction`, {
        'address.state': `must be ${order.stateCode}`,
      });
    }
    await checkAddress(db, input.address, 'address.');
  }

  const before = await currentInsured(db, policy, order.userId!);
  const changes: EndorsementChange[] = [];
  if (limit.code !== policy.limitCode)
    changes.push({ field: 'limitCode', before: policy.limitCode, after: limit.code });
  if (deductible.code !== policy.deductibleCode) {
    changes.push({ field: 'deductibleCode', before: policy.deductibleCode, after: deductible.code });
  }
  if (input.insuredName && input.insuredName !== before.name) {
    changes.push({ field: 'insuredName', before: before.name, after: input.insuredName });
  }
  if (input.address) {
    const lines = addressLines(input.address).join('\n');
    if (lines !== before.addressLines.join('\n')) {
      changes.push({ field: 'address', before: before.addressLines.join('\n'), after: lines });
    }
  }
  const locationsChanged = await locationChanges(db, order, input);
  changes.push(...locationsChanged);
  if (!changes.length) {
    throw badRequest('Nothing would change: give a new limit, deductible, named insured, address or location', {
      limitCode: 'is the policy’s already (or give another change)',
    });
  }

  const annualBefore = await rated(deps, db, order, policy.limitCode, policy.deductibleCode);
  const after = await rated(deps, db, order, limit.code, deductible.code);

  const period: PolicyPeriod = { effectiveDate: policy.effectiveDate, expirationDate: policy.expirationDate };
  const remaining = daysRemaining(period, effectiveDate);
  const inPeriod = daysInPeriod(period);
  const prorated = proratedChange(period, effectiveDate, annualBefore.premiumCents, after.premiumCents);
  const tax = applyBps(prorated, table.taxRateBps);
  const fee = applyBps(prorated, table.feeRateBps);
  const total = prorated + tax + fee;
  const line = (label: string, amountCents: number | undefined, text: string): EndorsementWorksheetLine =>
    amountCents === undefined ? { label, text } : { label, amountCents, text };
  const worksheet = [
    line(
      'Annual premium before',
      annualBefore.premiumCents,
      `Annual premium before (${policy.limitCode}, ${policy.deductibleCode}; rate table ${table.id}, version ${table.version}): ${formatUsd(annualBefore.premiumCents)}`,
    ),
    line(
      'Annual premium after',
      after.premiumCents,
      `Annual premium after (${limit.code}, ${deductible.code}): ${formatUsd(after.premiumCents)}`,
    ),
    ...(locationsChanged.length
      ? [
          line(
            'Locations',
            undefined,
            'Locations: the premium is rated on the practice address; adding or removing another location does not change it',
          ),
        ]
      : []),
    line('Days remaining', undefined, `Days remaining from ${effectiveDate}: ${remaining} of ${inPeriod}`),
    line(
      'Prorated premium',
      prorated,
      `Prorated premium (${signed(after.premiumCents - annualBefore.premiumCents)} × ${remaining} ÷ ${inPeriod}): ${signed(prorated)}`,
    ),
    line('Premium tax', tax, `Premium tax ${table.taxRateBps / 100} % on the prorated premium: ${signed(tax)}`),
    line('State fees', fee, `State fees ${table.feeRateBps / 100} % on the prorated premium: ${signed(fee)}`),
    line(
      total < 0 ? 'Return premium' : 'Additional premium',
      total,
      `${total < 0 ? 'Return premium' : 'Additional premium'}: ${signed(total)}`,
    ),
  ];
  return {
    policyId: policy.id,
    policyNumber: policy.number,
    effectiveDate,
    rateTableId: table.id,
    rateTableVersion: table.version,
    changes,
    annualPremiumBeforeCents: annualBefore.premiumCents,
    annualPremiumAfterCents: after.premiumCents,
    daysRemaining: remaining,
    daysInPeriod: inPeriod,
    proratedPremiumCents: prorated,
    taxCents: tax,
    feeCents: fee,
    totalCents: total,
    worksheet,
  };
}

// ---------------------------------------------------------------------------------------------
// POST insured/endorsementquote

export async function quoteEndorsement(
  deps: EndorsementDeps,
  user: AuthUser,
  input: EndorsementInput,
): Promise<EndorsementQuote> {
  const owned = await ownedPolicyWithOrder(deps.db, user.id, input.policyid);
  if (!owned) throw noSuchPolicy();
  return price(deps, deps.db, owned, input, businessToday(deps.clock.now()));
}

// ---------------------------------------------------------------------------------------------
// POST insured/endorse

export const toWire = (row: EndorsementSummary): Endorsement => ({
  id: row.id,
  policyId: row.policyId,
  number: row.number,
  kind: row.kind,
  status: row.status,
  effectiveDate: row.effectiveDate,
  changes: row.changes,
  annualPremiumBeforeCents: row.annualPremiumBeforeCents,
  annualPremiumAfterCents: row.annualPremiumAfterCents,
  premiumChangeCents: row.premiumChangeCents,
  taxChangeCents: row.taxChangeCents,
  feeChangeCents: row.feeChangeCents,
  totalChangeCents: row.totalChangeCents,
  returnPremiumStatus: row.returnPremiumStatus,
  invoiceId: row.invoiceId,
  invoiceNumber: row.invoiceNumber,
  createdAt: row.createdAt.toISOString(),
  issuedAt: row.issuedAt?.toISOString() ?? null,
  hasDocument: row.hasDocument,
});

/** What an earlier endorse with this key made, when it was this same request (422 otherwise). */
async function byIdempotencyKey(db: Queryable, user: AuthUser, keyHash: string, bodyHash: string) {
  const row = await endorsementWithKey(db, user.id, keyHash);
  if (!row) return undefined;
  if (!sameRequest(row.idempotencyRequestHash, bodyHash)) throw keyUsedForAnotherRequest('endorsement');
  return (await endorsementSummary(db, row.id))!;
}

/** P-2026-000007-E01: the policy's number and the endorsement's place in its history. */
const endorsementNumber = (policyNumber: string, ordinal: number) =>
  `${policyNumber}-E${String(ordinal).padStart(2, '0')}`;

export async function endorse(
  deps: EndorsementDeps,
  user: AuthUser,
  input: EndorsementInput,
  keyHash: string | null,
): Promise<{ created: boolean; endorsement: Endorsement }> {
  const { db, clock } = deps;
  const bodyHash = requestHash(input);
  const answer = (row: EndorsementSummary, created: boolean) => ({ created, endorsement: toWire(row) });
  if (keyHash) {
    const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
    if (earlier) return answer(earlier, false);
  }
  if (!(await ownedPolicyWithOrder(db, user.id, input.policyid))) throw noSuchPolicy();
  try {
    const made = await db.transaction(async (tx) => {
      // The account's one lock order (lockOwner): the insured, then the policy; issuing writes to both.
      await lockOwner(tx, user.id);
      const owned = await ownedPolicyWithOrder(tx, user.id, input.policyid, true);
      if (!owned) throw noSuchPolicy();
      if (keyHash) {
        const earlier = await byIdempotencyKey(tx, user, keyHash, bodyHash);
        if (earlier) return answer(earlier, false);
      }
      const now = clock.now();
      // Rate tables read through this transaction: the app's catalogue, when a change notice has just
      // emptied it, would load them on another connection (PGlite has one: it would wait for this one).
      const quote = await price({ catalog: createRatingCatalog(tx) }, tx, owned, input, businessToday(now));
      const [waiting] = await pendingChanges(tx, owned.policy.id);
      if (waiting?.status === 'awaiting_payment') {
        throw conflict(`Endorsement ${waiting.number} is awaiting payment: pay it before another change`, {
          status: `has ${waiting.number} awaiting payment`,
        });
      }
      if (waiting) {
        throw conflict(`Endorsement ${waiting.number} is with our underwriter: wait for their decision`, {
          status: `has ${waiting.number} referred`,
        });
      }
      const referral = referralReason(quote, deps.authorityCents);
      const number = endorsementNumber(owned.policy.number, (await endorsementCount(tx, owned.policy.id)) + 1);
      const payable = quote.totalCents > 0;
      const id = await insertEndorsement(tx, {
        policyId: owned.policy.id,
        userId: user.id,
        number,
        kind: 'change',
        // Issued by issueEndorsement below when nothing is to pay.
        status: referral ? 'referred' : 'awaiting_payment',
        effectiveDate: quote.effectiveDate,
        changes: quote.changes,
        annualPremiumBeforeCents: quote.annualPremiumBeforeCents,
        annualPremiumAfterCents: quote.annualPremiumAfterCents,
        rateTableId: quote.rateTableId,
        premiumChangeCents: quote.proratedPremiumCents,
        taxChangeCents: quote.taxCents,
        feeChangeCents: quote.feeCents,
        totalChangeCents: quote.totalCents,
        returnPremiumStatus: null,
        idempotencyKeyHash: keyHash,
        idempotencyRequestHash: keyHash ? bodyHash : null,
        createdAt: now,
        issuedAt: null,
      });
      if (referral) {
        await mailReferral(deps, tx, id, owned, referral);
      } else if (payable) {
        await insertInvoice(tx, {
          submissionId: owned.order.id,
          installmentNo: 1,
          premiumCents: quote.proratedPremiumCents,
          taxCents: quote.taxCents,
          feeCents: quote.feeCents,
          totalCents: quote.totalCents,
          dueDate: businessToday(now),
          status: 'open',
          endorsementId: id,
          createdAt: now,
        });
      } else {
        await issueEndorsement(deps, tx, id, now);
      }
      return answer((await endorsementSummary(tx, id))!, true);
    });
    deps.mail.kick();
    return made;
  } catch (error) {
    // The same key at the same moment: the other request made it; answer that.
    if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
      if (earlier) return answer(earlier, false);
    }
    throw error;
  }
}

/**
 * The year's price from an annual premium, as the engine adds it up (shared/rating/engine.ts):
 * the policy fee, then the state's premium tax and fees on premium and fee. Issuing needs no
 * second rating: the premium after the change was priced and kept when it was asked for.
 */
function yearPrice(premiumCents: number, table: Pick<RateTableRow, 'policyFeeCents' | 'taxRateBps' | 'feeRateBps'>) {
  const taxable = premiumCents + table.policyFeeCents;
  const taxCents = applyBps(taxable, table.taxRateBps);
  const stateFeeCents = applyBps(taxable, table.feeRateBps);
  return {
    premiumCents,
    policyFeeCents: table.policyFeeCents,
    taxCents,
    stateFeeCents,
    totalCents: taxable + taxCents + stateFeeCents,
  };
}

type RateTableRow = NonNullable<Awaited<ReturnType<typeof rateTableById>>>;

/** What the changes read as, for the endorsement PDF: the table's labels for codes, addresses on one line. */
export function described(changes: EndorsementChange[], factors: RateFactors) {
  const labelOf = (rows: Array<{ code: string; label: string }>, code: EndorsementChange['before']) =>
    rows.find((row) => row.code === code)?.label ?? String(code ?? 'none');
  const text = (value: EndorsementChange['before']) => String(value ?? 'none').replace(/\n/g, ', ');
  return changes.map((change) => {
    switch (change.field) {
      case 'limitCode':
        return {
          label: 'Limit of liability',
          before: labelOf(factors.ilf, change.before),
          after: labelOf(factors.ilf, change.after),
        };
      case 'deductibleCode':
        return {
          label: 'Deductible',
          before: labelOf(factors.dlf, change.before),
          after: labelOf(factors.dlf, change.after),
        };
      default:
        return {
          label: CHANGE_TITLES[change.field] ?? change.field,
          before: text(change.before),
          after: text(change.after),
        };
    }
  });
}

/** "Deductible: $1,000 to $2,500"; an added or removed location by its address alone. */
export const inWords = ({ label, before, after }: { label: string; before: string; after: string }) =>
  before === 'none'
    ? `${label}: ${after}`
    : after === 'none'
      ? `${label}: ${before}`
      : `${label}: ${before} to ${after}`;

const CHANGE_TITLES: Record<string, string> = {
  insuredName: 'Named insured',
  address: 'Practice address',
  [LOCATION_ADDED]: 'Covered location added',
  [LOCATION_REMOVED]: 'Covered location removed',
};

/**
 * Puts an endorsement in effect, from what its row keeps (so a change paid for later is issued
 * exactly as it was priced): the row is marked issued, the policy takes the new limit, deductible
 * and premium (the year's total as the engine gives it, as issuance stores it), the declarations
 * and the policy document are reissued listing the endorsements, the endorsement PDF is kept with
 * the row, and a return premium is recorded as owed. The caller holds the policy's row.
 */
export async function issueEndorsement(
  deps: Pick<EndorsementDeps, 'trust' | 'mail' | 'publicUrl'>,
  tx: Transaction,
  endorsementId: number,
  now: Date,
): Promise<void> {
  const row = (await endorsementRow(tx, endorsementId))!;
  const { policy: current, order } = (await policyWithOrder(tx, row.policyId))!;
  const table = (await rateTableById(tx, row.rateTableId!))!;
  const changed = (field: string) => row.changes.find((change) => change.field === field)?.after;
  const limitCode = String(changed('limitCode') ?? current.limitCode);
  const deductibleCode = String(changed('deductibleCode') ?? current.deductibleCode);
  const limit = table.factors.ilf.find((one) => one.code === limitCode)!;
  const deductible = table.factors.dlf.find((one) => one.code === deductibleCode)!;
  const after = yearPrice(row.annualPremiumAfterCents, table);

  await updateEndorsement(tx, row.id, { status: 'issued', issuedAt: now });
  const policy = await updatePolicy(tx, current.id, {
    limitCode,
    perClaimLimitCents: limit.perClaimCents,
    aggregateLimitCents: limit.aggregateCents,
    deductibleCode,
    deductibleCents: deductible.deductibleCents,
    premiumCents: after.totalCents,
  });
  await applyLocationChanges(tx, { id: order.id, userId: order.userId! }, row.changes, now);
  await applyCorrections(tx, { id: order.id, userId: order.userId! }, row.changes, now);
  // Every issued correction so far, this one included.
  const insured = await currentInsured(tx, policy, order.userId!);
  const period: PolicyPeriod = { effectiveDate: policy.effectiveDate, expirationDate: policy.expirationDate };
  const details = await specialityAndBroker(tx, policy.submissionId);
  const content = Buffer.from(
    await endorsementPdf({
      endorsementNumber: row.number,
      policyNumber: policy.number,
      specialityName: details?.speciality ?? '',
      namedInsured: insured,
      effectiveDate: row.effectiveDate,
      policyEffectiveDate: policy.effectiveDate,
      policyExpirationDate: policy.expirationDate,
      issuedAt: now,
      changes: described(row.changes, table.factors),
      annualPremiumBeforeCents: row.annualPremiumBeforeCents,
      annualPremiumAfterCents: row.annualPremiumAfterCents,
      daysRemaining: daysRemaining(period, row.effectiveDate),
      daysInPeriod: daysInPeriod(period),
      premiumChangeCents: row.premiumChangeCents,
      taxChangeCents: row.taxChangeCents,
      feeChangeCents: row.feeChangeCents,
      totalChangeCents: row.totalChangeCents,
      trust: deps.trust,
    }),
  );
  await updateEndorsement(tx, row.id, { content, returnPremiumStatus: row.totalChangeCents < 0 ? 'owed' : null });
  await mailAboutEndorsement(
    tx,
    deps,
    policy.submissionId,
    insured.name,
    (recipient, link) =>
      endorsementIssuedMail(recipient, {
        policyNumber: policy.number,
        endorsementNumber: row.number,
        effectiveDate: row.effectiveDate,
        changes: described(row.changes, table.factors).map(inWords),
        totalCents: row.totalChangeCents,
        total: formatUsd(Math.abs(row.totalChangeCents)),
        documentsUrl: link('document'),
      }),
    [
      {
        filename: endorsementFileName(row.number),
        contentType: 'application/pdf',
        contentBase64: content.toString('base64'),
      },
    ],
  );

  const base = await policyDocumentData(tx, policy, deps.trust);
  const data = {
    ...base,
    issuedAt: now,
    namedInsured: insured,
    limit: { label: limit.label, perClaimCents: policy.perClaimLimitCents, aggregateCents: policy.aggregateLimitCents },
    deductible: { label: deductible.label, amountCents: policy.deductibleCents },
    price: after,
    endorsements: (await issuedEndorsements(tx, policy.id)).map((one) => ({
      number: one.number,
      effectiveDate: one.effectiveDate,
      summary: one.changes.map(changeSummary).join('; '),
    })),
  };
  for (const kind of ['declarations', 'policy'] as const) {
    await replaceDocument(
      tx,
      {
        submissionId: policy.submissionId,
        policyId: policy.id,
        type: kind,
        filename: documentFileName(kind, policy.number),
        content: Buffer.from(await policyPdf(data, kind)),
        createdAt: now,
      },
      kind === 'policy',
    );
  }
}

const CHANGE_LABELS: Record<string, string> = {
  limitCode: 'limit',
  deductibleCode: 'deductible',
  insuredName: 'named insured',
  address: 'practice address',
};

/** "limit from 1M/3M to 2M/4M" for the declarations' list of endorsements. */
const changeSummary = (change: EndorsementChange) => {
  const text = (value: EndorsementChange['before']) => String(value ?? 'none').replace(/\n/g, ', ');
  if (change.field === LOCATION_ADDED) return `location added: ${text(change.after)}`;
  if (change.field === LOCATION_REMOVED) return `location removed: ${text(change.before)}`;
  return `${CHANGE_LABELS[change.field] ?? change.field} from ${text(change.before)} to ${text(change.after)}`;
};

// ---------------------------------------------------------------------------------------------
// POST insured/payendorsement

/**
 * The order and number of the user's endorsement awaiting payment, for the checkout to bill its
 * invoice (404 when it is not theirs, 409 naming its status when nothing is to pay).
 */
export async function payableEndorsement(db: Database, user: AuthUser, endorsementId: number) {
  const row = await ownedEndorsement(db, user.id, endorsementId);
  if (!row) throw notFound('No such endorsement (or it is not yours)');
  if (row.status !== 'awaiting_payment') {
    throw conflict(`Endorsement ${row.number} is ${row.status.replace(/_/g, ' ')}: nothing is to pay`, {
      status: `is ${row.status}`,
    });
  }
  return {
    id: endorsementId,
    number: row.number,
    kind: row.kind,
    policyId: row.policyId,
    submissionId: row.submissionId,
  };
}

// ---------------------------------------------------------------------------------------------
// GET insured/policyhistory

export async function policyHistory(
  db: Database,
  user: AuthUser,
  policyId: number,
  today: CalendarDay,
): Promise<PolicyHistory> {
  const owned = await ownedPolicyWithOrder(db, user.id, policyId);
  if (!owned) throw noSuchPolicy();
  const { policy } = owned;
  return {
    policyId: policy.id,
    policyNumber: policy.number,
    issuedAt: policy.issuedAt.toISOString(),
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    endorsements: (await endorsementsOfPolicy(db, policy.id)).map(toWire),
    // The notices of non-payment sent about its instalments: events of its history too.
    notices: await nonPaymentNoticesOf(db, policy.submissionId),
    today,
  };
}

// ---------------------------------------------------------------------------------------------
// POST documents/downloadendorsement

export async function endorsementFile(
  db: Database,
  user: AuthUser,
  endorsementId: number,
): Promise<{ filename: string; content: Buffer }> {
  const row = await ownedEndorsementFile(db, user.id, endorsementId);
  if (!row?.content) throw notFound('No such endorsement document (or it is not yours, or not issued yet)');
  return { filename: endorsementFileName(row.number), content: row.content };
}

const policyLink = (policyId: number) => `?policyid=${policyId}`;

/** The referred mail, in the transaction that referred the change. */
export async function mailReferral(
  deps: Pick<EndorsementDeps, 'mail' | 'publicUrl'>,
  tx: Transaction,
  endorsementId: number,
  owned: OwnedPolicyWithOrder,
  reason: string,
): Promise<void> {
  const row = (await endorsementRow(tx, endorsementId))!;
  const table = (await rateTableById(tx, row.rateTableId!))!;
  const insured = await currentInsured(tx, owned.policy, owned.order.userId!);
  await mailAboutEndorsement(tx, deps, owned.policy.submissionId, insured.name, (recipient, link) =>
    endorsementReferredMail(recipient, {
      policyNumber: owned.policy.number,
      endorsementNumber: row.number,
      changes: described(row.changes, table.factors).map(inWords),
      reason,
      policyUrl: link('policy', policyLink(owned.policy.id)),
    }),
  );
}
