/**
 * The insured's side of a renewal (issue 20): GET insured/renewal reads the offer as the renewal
 * screen shows it (the new period, the premium and what changed from last year by the worksheet,
 * the questions asked), and POST insured/renewalaccept accepts and pays it in one step: the asked
 * questions' answers priced again, the application signed as it now stands, buy now's rules (a
 * referral goes to the underwriter's desk, as any order's), the invoice, and the hosted checkout.
 * Paying it issues the next term (renewal-issue.ts, inside the payment's settlement).
 *
 * Every step is idempotent on its own — the order's status says what is done, the invoice is the
 * order's one, the checkout is one per Idempotency-Key — so a retried accept answers the same
 * checkout and a second payment binds nothing (settle.ts keeps it for a refund).
 */
import { addDays } from '@shared/calendar';
import type { ReferralReason } from '@shared/contract/lifecycle';
import type { Calculation, WorksheetLine } from '@shared/contract/rating';
import {
  renewalSchema,
  type Renewal,
  type RenewalAccept,
  type renewalAcceptRequestSchema,
  type RenewalQuote,
  type RenewalStatus,
  type RenewalSummary,
} from '@shared/contract/renewal';
import type { SubmissionStatus } from '@shared/contract/submissions';
import type { LifecycleEvent } from '@shared/lifecycle/order-lifecycle.machine';
import * as v from 'valibot';
import { lockOwner } from '@server/account/primary-records';
import { insertSignature, newestSignature } from '@server/application/application-queries';
import { applicationRecord } from '@server/application/application-record';
import { recordHash } from '@server/application/canonical-json';
import type { AuthUser } from '@server/auth/user';
import { generateInvoice } from '@server/billing/invoices';
import { rated } from '@server/endorsements/endorsements';
import type { Config } from '@server/config';
import type { Queryable, Transaction } from '@server/db/connection';
import { badRequest, conflict, notFound } from '@server/http/http-error';
import { decide, forInsured, outcomeData } from '@server/lifecycle/buy-now';
import { lockUsersSubmission } from '@server/lifecycle/lifecycle-queries';
import { latestEvents } from '@server/lifecycle/order-events';
import { startCheckout, type CheckoutDeps } from '@server/payments/checkout';
import { loadQuestionSet, toWireQuestion } from '@server/rating/question-sets';
import { createRatingCatalog, type RatingCatalog } from '@server/rating/rating-catalog';
import { renewalNumber } from '@server/renewals/renewal-offers';
import {
  offerOfPolicy,
  offersOfUser,
  orderRow,
  policyWithOrder,
  type RenewalOfferRow,
} from '@server/renewals/renewal-queries';
import type { SubmissionRow } from '@server/submissions/access';
import { moveSubmission } from '@server/submissions/lifecycle';
import { priceQuote, rowInputs, type PricingDeps } from '@server/submissions/submission-pricing';
import { storedRating } from '@server/submissions/stored-rating';

export type RenewalDeps = CheckoutDeps & {
  config: Pick<Config, 'renewals' | 'underwritingAuthorityCents'>;
};

type AcceptInput = v.InferOutput<typeof renewalAcceptRequestSchema>;
/** What prices a renewal: the asked questions' answers and the payment term. */
type PricedAnswers = Pick<AcceptInput, 'answers' | 'applicationAnswers' | 'paymentTerm'>;

const CURRENT = new Set(['in_force', 'cancellation_notice']);
const REFERRED: SubmissionStatus[] = ['underwriter_review', 'missing_info', 'application_under_review'];
const OPEN_TO_ANSWER: SubmissionStatus[] = ['draft', 'quoted', 'incomplete'];

async function ownedPolicy(db: Queryable, user: AuthUser, policyId: number) {
  const found = await policyWithOrder(db, policyId);
  if (!found || found.order.userId !== user.id) throw notFound('No such policy (or it is not yours)');
  return found;
}

type PolicyRow = Awaited<ReturnType<typeof ownedPolicy>>['policy'];

async function renewalOrder(db: Queryable, offer: RenewalOfferRow): Promise<SubmissionRow | undefined> {
  return offer.submissionId ? orderRow(db, offer.submissionId) : undefined;
}

function statusOf(
  policyStatus: string,
  offer: RenewalOfferRow | undefined,
  order: SubmissionRow | undefined,
): RenewalStatus {
  if (offer?.renewedPolicyId) return 'renewed';
  if (!offer) return CURRENT.has(policyStatus) ? 'not_yet' : 'lapsed';
  if (!order) return 'not_offered';
  if (order.status === 'bound' || order.status === 'complete') return 'renewed';
  if (order.status === 'declined') return 'declined';
  if (order.status === 'close_lost' || !CURRENT.has(policyStatus)) return 'lapsed';
  if (REFERRED.includes(order.status)) return 'with_underwriter';
  if (order.status === 'approved' || order.status === 'awaiting_payment') return 'awaiting_payment';
  return order.status === 'draft' ? 'needs_answers' : 'offered';
}

/** What changed from last year, step by step of the worksheet: only the lines that differ. */
function worksheetChanges(before: Calculation | null, after: Calculation | null) {
  const byStep = (lines: WorksheetLine[] | undefined) => new Map((lines ?? []).map((line) => [line.step, line]));
  const was = byStep(before?.worksheet);
  const now = byStep(after?.worksheet);
  const steps = [...new Set([...was.keys(), ...now.keys()])];
  return steps.flatMap((step) => {
    const a = was.get(step);
    const b = now.get(step);
    if (a && b && a.text === b.text && a.source === b.source) return [];
    return [
      {
        step,
        label: (b ?? a)!.label,
        before: a ? `${a.text} (${a.source})` : null,
        after: b ? `${b.text} (${b.source})` : null,
      },
    ];
  });
}

/**
 * The questions asked at renewal, as the screen lists them: still to answer while the order is
 * open to answers, then (accepted) answered, with the answers carried into the renewal.
 */
async function askedWire(db: Queryable, offer: RenewalOfferRow, order: SubmissionRow) {
  const speciality = await loadQuestionSet(db, order.specialityId);
  const application = await loadQuestionSet(db, null);
  const wire = offer.asked.flatMap((asked) => {
    const question = (asked.general ? application : speciality).find((one) => one.code === asked.code);
    if (!question) return [];
    return [
      {
        ...toWireQuestion(question, asked.general ? order.applicationAnswers : order.answers),
        general: asked.general,
        why: asked.why,
      },
    ];
  });
  return OPEN_TO_ANSWER.includes(order.status) ? { questions: wire, answered: [] } : { questions: [], answered: wire };
}

/**
 * Last year as the renewal compares with it: the year as the policy stands at its end, not as it
 * was bought — after a change of limit or deductible, the order's answers priced with the policy's
 * own limit and deductible on the table it was priced with (the endorsements' rule). Before, a
 * policy raised to $2M/$4M was compared with the $1M/$1M it was bought at.
 */
async function yearAsItStands(
  db: Queryable,
  { policy, order }: Awaited<ReturnType<typeof ownedPolicy>>,
): Promise<Calculation | null> {
  const bought = storedRating(order.worksheet);
  // The bought worksheet names its own limit and deductible (a change may have moved the order's).
  if (!bought || (policy.limitCode === bought.limit.code && policy.deductibleCode === bought.deductible.code))
    return bought;
  return rated({ catalog: createRatingCatalog(db) }, db, order, policy.limitCode, policy.deductibleCode);
}

export async function renewalView(
  deps: Pick<RenewalDeps, 'db' | 'config'>,
  user: AuthUser,
  policyId: number,
): Promise<Renewal> {
  const owned = await ownedPolicy(deps.db, user, policyId);
  const { policy } = owned;
  const offer = await offerOfPolicy(deps.db, policyId);
  const order = offer && (await renewalOrder(deps.db, offer));
  const status = statusOf(policy.status, offer, order);
  const rating = order ? storedRating(order.worksheet) : null;
  const previousRating = await yearAsItStands(deps.db, owned);
  let reasons: ReferralReason[] = [];
  if (order && (status === 'with_underwriter' || status === 'declined')) {
    const outcome = (await latestEvents(deps.db, order.id, 5)).find(
      (event) => event.event === 'order.refer' || event.event === 'order.decline',
    );
    reasons = forInsured(outcomeData(outcome).reasons);
  }
  // Parsed so the answer is exactly the contract's shape (last year's rating without its plans).
  return v.parse(renewalSchema, {
    policyId: policy.id,
    policyNumber: policy.number,
    status,
    currentPeriod: { effectiveDate: policy.effectiveDate, expirationDate: policy.expirationDate },
    offerDate: addDays(policy.expirationDate, -deps.config.renewals.offerDays),
    offer: offer
      ? {
          submissionId: offer.submissionId,
          renewalNumber: renewalNumber(policy.number, offer.term),
          effectiveDate: offer.effectiveDate,
          expirationDate: offer.expirationDate,
          rating,
          previousRating,
          changes: rating ? worksheetChanges(previousRating, rating) : [],
          paymentTerm: order?.paymentTerm ?? null,
          ...(order ? await askedWire(deps.db, offer, order) : { questions: [], answered: [] }),
          reasons,
          renewedPolicyId: offer.renewedPolicyId,
        }
      : null,
  });
}

const RATE: LifecycleEvent = { type: 'order.rate', actor: 'insured' };
const SUPPLY: LifecycleEvent = { type: 'order.supplyItems', actor: 'insured' };
const BUY_NOW: LifecycleEvent = { type: 'order.buyNow', actor: 'insured' };

/** Only the asked questions may be answered at renewal: anything else is a 400 naming it. */
function checkAsked(offer: RenewalOfferRow, input: PricedAnswers) {
  const asked = (general: boolean) =>
    new Set(offer.asked.filter((one) => one.general === general).map((one) => one.code));
  const problems: Record<string, string> = {};
  for (const [field, general] of [
    ['answers', false],
    ['applicationAnswers', true],
  ] as const) {
    const codes = asked(general);
    for (const code of Object.keys(input[field] ?? {})) {
      if (!codes.has(code)) problems[`${field}.${code}`] = 'is not asked at renewal: last year’s answer stands';
    }
  }
  if (Object.keys(problems).length)
    throw badRequest(`Check the answers: ${Object.keys(problems)[0]} is not asked at renewal`, problems);
}

/**
 * The one pricing rule of a renewal, for the preview and the acceptance alike: the asked
 * questions' answers (only those: anything else is a 400 naming it) over the carried ones, the
 * payment term given or the offer's, priced on the offer's rate table (the one in force when it
 * was offered; in force now for an offer not priced then).
 */
async function priceRenewal(pricing: PricingDeps, offer: RenewalOfferRow, row: SubmissionRow, input: PricedAnswers) {
  checkAsked(offer, input);
  const answers = { ...row.answers, ...input.answers };
  const applicationAnswers = { ...row.applicationAnswers, ...input.applicationAnswers };
  const paymentTerm = input.paymentTerm ?? row.paymentTerm;
  const rating = await priceQuote(
    pricing,
    { ...rowInputs(row), answers, applicationAnswers, paymentTerm },
    undefined,
    row.rateTableId,
  );
  return { answers, applicationAnswers, paymentTerm, rating };
}

/** The offer as it can still be answered: current, offered, and not accepted yet (else a 409 saying which). */
function answerable(policy: PolicyRow, offer: RenewalOfferRow | undefined, row: SubmissionRow | undefined) {
  if (!offer?.submissionId || !row)
    throw conflict(`Policy ${policy.number} has no renewal offer to accept`, { offer: 'no renewal is offered yet' });
  if (!CURRENT.has(policy.status))
    throw conflict(
      `Policy ${policy.number} is ${policy.status.replaceAll('_', ' ')}: its renewal can no longer be accepted`,
      { status: `is ${policy.status}` },
    );
  if (offer.renewedPolicyId || !OPEN_TO_ANSWER.includes(row.status))
    throw conflict(`The renewal of policy ${policy.number} is accepted already: its price no longer changes`, {
      status: 'is accepted already',
    });
}

/**
 * POST insured/renewalquote: what accepting with these answers would price, by the same rule
 * (priceRenewal), read outside any transaction and writing nothing — no order moved, no invoice,
 * no checkout.
 */
export async function quoteRenewal(
  deps: Pick<RenewalDeps, 'db'> & { catalog: RatingCatalog },
  user: AuthUser,
  input: PricedAnswers & { policyid: number },
): Promise<RenewalQuote> {
  const { policy, order: previous } = await ownedPolicy(deps.db, user, input.policyid);
  const offer = await offerOfPolicy(deps.db, policy.id);
  const row = offer?.submissionId ? await orderRow(deps.db, offer.submissionId) : undefined;
  answerable(policy, offer, row);
  const { rating } = await priceRenewal({ db: deps.db, catalog: deps.catalog }, offer!, row!, input);
  return { rating, changes: worksheetChanges(storedRating(previous.worksheet), rating) };
}

/** Inside one transaction: the answers priced, the application signed, buy now's rules decided. */
async function acceptOffer(
  deps: RenewalDeps,
  tx: Transaction,
  user: AuthUser,
  input: AcceptInput,
): Promise<SubmissionRow> {
  await lockOwner(tx, user.id);
  const { policy } = await ownedPolicy(tx, user, input.policyid);
  const offer = await offerOfPolicy(tx, policy.id);
  if (!offer?.submissionId)
    throw conflict(`Policy ${policy.number} has no renewal offer to accept`, { offer: 'no renewal is offered yet' });
  let row = (await lockUsersSubmission(tx, user.id, offer.submissionId))!;
  if (offer.renewedPolicyId || row.status === 'bound' || row.status === 'complete') return row;
  // Under a notice of cancellation the arrears come first: a renewal paid then would continue a
  // policy about to be cancelled (settle.ts refuses to bind one paid then, too).
  if (policy.status === 'cancellation_notice')
    throw conflict(
      `Policy ${policy.number} is under a notice of cancellation for an unpaid instalment: pay what is overdue, then accept its renewal`,
      { status: 'is under a notice of cancellation' },
    );
  if (!CURRENT.has(policy.status))
    throw conflict(
      `Policy ${policy.number} is ${policy.status.replaceAll('_', ' ')}: its renewal can no longer be accepted`,
      {
        status: `is ${policy.status}`,
      },
    );
  const now = deps.clock.now();
  if (OPEN_TO_ANSWER.includes(row.status)) {
    const { answers, applicationAnswers, paymentTerm, rating } = await priceRenewal(
      { db: tx, catalog: createRatingCatalog(tx) },
      offer,
      row,
      input,
    );
    await moveSubmission(tx, user, row, now, {
      event: row.status === 'incomplete' ? SUPPLY : RATE,
      changes: {
        answers,
        applicationAnswers,
        paymentTerm,
        worksheet: rating,
        premiumCents: rating.totalCents,
        rateTableId: rating.rateTableId,
      },
    });
    row = (await lockUsersSubmission(tx, user.id, row.id))!;
  }
  // Accepting signs the renewal's application as it now stands (unless that very record is signed).
  if (OPEN_TO_ANSWER.includes(row.status) || row.status === 'approved' || row.status === 'awaiting_payment') {
    const record = await applicationRecord(tx, row);
    const hash = recordHash(record);
    if ((await newestSignature(tx, row.id))?.recordHash !== hash) {
      await insertSignature(tx, {
        submissionId: row.id,
        userId: user.id,
        signerName: input.signerName,
        recordHash: hash,
        record: record as unknown as Record<string, unknown>,
        consentToElectronicRecords: input.consentToElectronicRecords,
        agreeToDeclarations: input.agreeToDeclarations,
        ip: 'renewal',
        userAgent: null,
        signedAt: now,
      });
    }
  }
  if (OPEN_TO_ANSWER.includes(row.status)) {
    const verdict = await decide(tx, row, deps.config.underwritingAuthorityCents);
    const checking = await moveSubmission(tx, user, row, now, {
      event: BUY_NOW,
      reason: `Renewal of policy ${policy.number} accepted`,
    });
    await moveSubmission(tx, null, checking, now, {
      event: { type: verdict.event, actor: 'system' },
      reason: verdict.reasons.map((reason) => reason.label).join('; ') || null,
      data: { reasons: verdict.reasons, requiredItems: verdict.requiredItems },
    });
    row = (await lockUsersSubmission(tx, user.id, row.id))!;
    if (row.status === 'incomplete') {
      const [first] = verdict.requiredItems;
      throw conflict(`Before the renewal can be accepted: ${first?.label ?? 'something is missing'}`, {
        [first?.field ?? first?.kind ?? 'order']: first?.label ?? 'is missing',
      });
    }
  }
  return row;
}

export async function acceptRenewal(
  deps: RenewalDeps,
  user: AuthUser,
  input: AcceptInput,
  idempotencyKey: string | undefined,
  appBase: string,
): Promise<RenewalAccept> {
  const row = await deps.db.transaction((tx) => acceptOffer(deps, tx, user, input));
  const view = () => renewalView(deps, user, input.policyid);
  if (row.status === 'bound' || row.status === 'complete')
    return { outcome: 'renewed', checkout: null, renewal: await view() };
  if (row.status === 'declined') return { outcome: 'declined', checkout: null, renewal: await view() };
  if (REFERRED.includes(row.status)) return { outcome: 'referred', checkout: null, renewal: await view() };
  if (row.status === 'approved') await generateInvoice(deps, user, row.id);
  const checkout = await startCheckout(
    deps,
    user,
    { submissionid: row.id, clientid: input.clientid },
    idempotencyKey,
    appBase,
  );
  return { outcome: 'checkout', checkout, renewal: await view() };
}

/** Where the dashboard's card shows a renewal: something to do, or an underwriter deciding. */
const ON_THE_CARD = new Set<RenewalStatus>(['needs_answers', 'offered', 'awaiting_payment', 'with_underwriter']);

/** GET insured/renewals: the insured's renewals to act on (or with an underwriter), soonest ending first. */
export async function openRenewals(deps: Pick<RenewalDeps, 'db'>, user: AuthUser): Promise<RenewalSummary[]> {
  const rows = await offersOfUser(deps.db, user.id);
  const cards = await Promise.all(
    rows.map(async ({ offer, policy }) => {
      const order = await renewalOrder(deps.db, offer);
      const status = statusOf(policy.status, offer, order);
      return ON_THE_CARD.has(status)
        ? [
            {
              policyId: policy.id,
              policyNumber: policy.number,
              renewalNumber: renewalNumber(policy.number, offer.term),
              status,
              effectiveDate: offer.effectiveDate,
              expirationDate: offer.expirationDate,
              totalCents: order?.premiumCents ?? null,
            },
          ]
        : [];
    }),
  );
  return cards.flat();
}
