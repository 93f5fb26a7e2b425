import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { ClaimablePolicy } from '@shared/contract/claims';
import type {
  Endorsement,
  EndorsementOptions,
  EndorsementQuote,
  EndorsementRequest,
  PolicyHistory,
} from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { demoSpecialities } from '@server/db/seed/demo-data';
import { demoRateTables } from '@server/db/seed/demo-rates';
import { applyBps } from '@shared/rating/money';
import { daysInPeriod, daysRemaining, proratedChange } from '@shared/rating/proration';
import { rateOption } from './quote-fixtures';

/**
 * Ada's policy P-2026-004217 (Architects, Houston) as the change screen's server answers it
 * (src/api/endorsements.ts), priced with the rating engine itself: the annual premium of each
 * limit and deductible is the quote's (rateOption), the change pro rata by the days left of the
 * period (shared/rating/proration), with the Texas table's premium tax and fees on it, as
 * server/endorsements/endorsements.ts works it out. Nothing is typed by hand.
 */

export const ENDORSEMENTS_URLS = {
  policies: '*/api/weborder/insured/policies',
  options: '*/api/weborder/insured/endorsementoptions',
  quote: '*/api/weborder/insured/endorsementquote',
  endorse: '*/api/weborder/insured/endorse',
  pay: '*/api/weborder/insured/payendorsement',
  history: '*/api/weborder/insured/policyhistory',
  download: '*/api/weborder/documents/downloadendorsement',
} as const;

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

export const changePolicy: ClaimablePolicy = {
  id: 4217,
  number: 'P-2026-004217',
  specialityName: 'Architects',
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
};

export const cancelledChangePolicy: ClaimablePolicy = {
  id: 3900,
  number: 'P-2025-003900',
  specialityName: 'Dentists',
  effectiveDate: '2025-12-01',
  expirationDate: '2026-12-01',
};

/** The day the stories' server calls today: a change takes effect from it. */
export const TODAY = '2026-11-26';

const architects = demoSpecialities.find((candidate) => candidate.name === 'Architects');
/** The Texas Architects table the quote stories price with (quote-fixtures' rateOption). */
const texas = demoRateTables().find((table) => table.specialityCode === architects?.code && table.stateCode === 'TX');
if (!texas) throw new Error('The demo data has no Architects rate table for Texas');
const { factors } = texas;
const TAX_BPS = texas.taxRateBps;
const FEE_BPS = texas.feeRateBps;

export const changeOptions: EndorsementOptions = {
  policyId: changePolicy.id,
  policyNumber: changePolicy.number,
  status: 'in_force',
  effectiveDate: changePolicy.effectiveDate,
  expirationDate: changePolicy.expirationDate,
  earliestEffectiveDate: TODAY,
  latestEffectiveDate: '2027-06-30',
  rateTableId: 58,
  rateTableVersion: 1,
  stateCode: 'TX',
  limitCode: '1M/1M',
  deductibleCode: '2500',
  limits: factors.ilf.map(({ code, label, perClaimCents, aggregateCents }) => ({
    code,
    label,
    perClaimCents,
    aggregateCents,
  })),
  deductibles: factors.dlf.map(({ code, label, deductibleCents }) => ({ code, label, amountCents: deductibleCents })),
  insuredName: 'Ada Lovelace Architects LLC',
  addressLines: ['1200 Smith Street', 'Suite 400', 'Houston, TX 77002'],
  address: { address1: '1200 Smith Street', address2: 'Suite 400', city: 'Houston', state: 'TX', zipcode: '77002' },
  locations: [],
  awaitingPayment: null,
};

type Change = Omit<EndorsementRequest, 'policyid'>;

/** The year's premium of a limit and deductible, as the quote prices them. */
export const annualPremium = (limitCode: string, deductibleCode: string) =>
  rateOption({ limitCode, deductibleCode }).premiumCents;

/** What the server answers insured/endorsementquote for this change of Ada's policy. */
export function priceChange(change: Change, options: EndorsementOptions = changeOptions): EndorsementQuote {
  const period = { effectiveDate: options.effectiveDate, expirationDate: options.expirationDate };
  const effectiveDate = change.effectiveDate ?? options.earliestEffectiveDate;
  const limitCode = change.limitCode ?? options.limitCode;
  const deductibleCode = change.deductibleCode ?? options.deductibleCode;
  const before = annualPremium(options.limitCode, options.deductibleCode);
  const after = annualPremium(limitCode, deductibleCode);
  const remaining = daysRemaining(period, effectiveDate);
  const inPeriod = daysInPeriod(period);
  const prorated = proratedChange(period, effectiveDate, before, after);
  const tax = applyBps(prorated, TAX_BPS);
  const fee = applyBps(prorated, FEE_BPS);
  const total = prorated + tax + fee;
  const changes: EndorsementQuote['changes'] = [];
  if (limitCode !== options.limitCode)
    changes.push({ field: 'limitCode', before: options.limitCode, after: limitCode });
  if (deductibleCode !== options.deductibleCode)
    changes.push({ field: 'deductibleCode', before: options.deductibleCode, after: deductibleCode });
  if (change.insuredName && change.insuredName !== options.insuredName)
    changes.push({ field: 'insuredName', before: options.insuredName, after: change.insuredName });
  if (change.address) {
    const { address1, address2, city, state, zipcode } = change.address;
    const lines = [address1, address2, `${city}, ${state} ${zipcode}`].filter(Boolean).join('\n');
    changes.push({ field: 'address', before: options.addressLines.join('\n'), after: lines });
  }
  return {
    policyId: options.policyId,
    policyNumber: options.policyNumber,
    effectiveDate,
    rateTableId: options.rateTableId,
    rateTableVersion: options.rateTableVersion,
    changes,
    annualPremiumBeforeCents: before,
    annualPremiumAfterCents: after,
    daysRemaining: remaining,
    daysInPeriod: inPeriod,
    proratedPremiumCents: prorated,
    taxCents: tax,
    feeCents: fee,
    totalCents: total,
    worksheet: [
      { label: 'Annual premium before', amountCents: before, text: `Annual premium before: ${formatUsd(before)}` },
      { label: 'Annual premium after', amountCents: after, text: `Annual premium after: ${formatUsd(after)}` },
      { label: 'Days remaining', text: `Days remaining from ${effectiveDate}: ${remaining} of ${inPeriod}` },
      { label: 'Prorated premium', amountCents: prorated, text: `Prorated premium: ${formatUsd(prorated)}` },
      { label: 'Premium tax', amountCents: tax, text: `Premium tax: ${formatUsd(tax)}` },
      { label: 'State fees', amountCents: fee, text: `State fees: ${formatUsd(fee)}` },
    ],
  };
}

/** The endorsement insured/endorse makes of a priced change: issued when it costs nothing or returns premium. */
export function endorsementOf(quote: EndorsementQuote, id: number, sequence: number): Endorsement {
  const pays = quote.totalCents > 0;
  return {
    id,
    policyId: quote.policyId,
    number: `${quote.policyNumber}-E${String(sequence).padStart(2, '0')}`,
    kind: 'change',
    status: pays ? 'awaiting_payment' : 'issued',
    effectiveDate: quote.effectiveDate,
    changes: quote.changes,
    annualPremiumBeforeCents: quote.annualPremiumBeforeCents,
    annualPremiumAfterCents: quote.annualPremiumAfterCents,
    premiumChangeCents: quote.proratedPremiumCents,
    taxChangeCents: quote.taxCents,
    feeChangeCents: quote.feeCents,
    totalChangeCents: quote.totalCents,
    returnPremiumStatus: quote.totalCents < 0 ? 'owed' : null,
    invoiceId: pays ? 900 + id : null,
    invoiceNumber: pays ? `INV-2026-000${900 + id}` : null,
    createdAt: `${TODAY}T15:00:00.000Z`,
    issuedAt: pays ? null : `${TODAY}T15:00:00.000Z`,
    hasDocument: !pays,
  };
}

/** An endorsement's PDF (a real, tiny one). */
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

export const endorsementFileName = (number: string) => `endorsement-${number.toLowerCase()}.pdf`;

/** This page with a fragment: "leaving" for the checkout is a hash change, which jsdom and Storybook both allow. */
export function changeCheckoutUrl(): string {
  return `${window.location.href.split('#')[0]}#sandbox-checkout-endorsement`;
}

export interface EndorsementsServerOptions {
  policies?: ClaimablePolicy[];
  options?: EndorsementOptions;
  /** The options answer a 409 (the policy not in force). */
  notInForce?: boolean;
  pendingOptions?: boolean;
  failOptionsOnce?: boolean;
  /** Every preview is refused with this 409 (the policy cancelled since the page loaded). */
  refusePreview?: boolean;
  pendingEndorse?: boolean;
  /** The first endorse is lost on its way back (a 503); the retry gets the same endorsement. */
  failEndorseOnce?: boolean;
  /** Every change is referred to an underwriter (the annual premium after it above the authority). */
  referEndorse?: boolean;
}

export interface EndorsementsServer {
  handlers: HttpHandler[];
  reset: () => void;
  /** Each call as sent, in order: the preview and endorse bodies, the keys. */
  previews: Change[];
  endorsed: { body: EndorsementRequest; idempotencyKey: string | null }[];
  payments: { body: unknown; idempotencyKey: string | null }[];
  downloads: number[];
}

/**
 * insured/policies, insured/endorsementoptions, insured/endorsementquote, insured/endorse (a
 * repeated Idempotency-Key answers the first endorsement, 200), insured/payendorsement (to this
 * page's #sandbox-checkout-endorsement), documents/downloadendorsement.
 */
export function endorsementsServer(options: EndorsementsServerOptions = {}): EndorsementsServer {
  const policies = options.policies ?? [changePolicy, cancelledChangePolicy];
  const answer = options.options ?? changeOptions;
  const previews: Change[] = [];
  const endorsed: EndorsementsServer['endorsed'] = [];
  const payments: EndorsementsServer['payments'] = [];
  const downloads: number[] = [];
  let byKey = new Map<string, Endorsement>();
  let made: Endorsement[] = [];
  let failed = { options: false, endorse: false };

  const handlers: HttpHandler[] = [
    http.get(ENDORSEMENTS_URLS.policies, () => HttpResponse.json(policies)),
    http.get(ENDORSEMENTS_URLS.options, ({ request }) => {
      if (options.pendingOptions) return never();
      if (options.failOptionsOnce && !failed.options) {
        failed.options = true;
        return apiError(500, 'The policy service is unavailable.');
      }
      const policyId = Number(new URL(request.url).searchParams.get('policyid'));
      if (options.notInForce || policyId === cancelledChangePolicy.id) {
        const number = policyId === cancelledChangePolicy.id ? cancelledChangePolicy.number : answer.policyNumber;
        return apiError(409, `Policy ${number} is cancelled: it can no longer be changed`, { status: 'is cancelled' });
      }
      if (policyId !== answer.policyId) return apiError(404, 'No such policy (or it is not yours)');
      return HttpResponse.json(answer);
    }),
    http.post(ENDORSEMENTS_URLS.quote, async ({ request }) => {
      const { policyid: _policy, ...change } = (await request.json()) as EndorsementRequest;
      previews.push(change);
      if (options.refusePreview) {
        return apiError(409, `Policy ${answer.policyNumber} is cancelled: it can no longer be changed`, {
          status: 'is cancelled',
        });
      }
      return HttpResponse.json(priceChange(change, answer));
    }),
    http.post(ENDORSEMENTS_URLS.endorse, async ({ request }) => {
      const body = (await request.json()) as EndorsementRequest;
      const idempotencyKey = request.headers.get('idempotency-key');
      endorsed.push({ body, idempotencyKey });
      if (options.pendingEndorse) return never();
      const { policyid: _policy, ...change } = body;
      if (idempotencyKey && byKey.has(idempotencyKey)) return HttpResponse.json(byKey.get(idempotencyKey));
      const priced = endorsementOf(priceChange(change, answer), 70 + made.length, made.length + 1);
      const endorsement: Endorsement = options.referEndorse
        ? { ...priced, status: 'referred', invoiceId: null, invoiceNumber: null, issuedAt: null, hasDocument: false }
        : priced;
      made.push(endorsement);
      if (idempotencyKey) byKey.set(idempotencyKey, endorsement);
      if (options.failEndorseOnce && !failed.endorse) {
        failed.endorse = true;
        return apiError(503, 'The service did not answer in time.');
      }
      return HttpResponse.json(endorsement, { status: 201 });
    }),
    http.post(ENDORSEMENTS_URLS.pay, async ({ request }) => {
      const body = (await request.json()) as { endorsementid: number };
      payments.push({ body, idempotencyKey: request.headers.get('idempotency-key') });
      const waiting = made.find((one) => one.id === body.endorsementid) ?? answer.awaitingPayment;
      if (!waiting) return apiError(404, 'No such endorsement (or it is not yours)');
      const amountCents = 'totalChangeCents' in waiting ? waiting.totalChangeCents : 0;
      return HttpResponse.json({
        submissionId: 4217,
        invoiceId: 971,
        provider: 'sandbox',
        sessionId: 'cs_sandbox_endorse01',
        url: changeCheckoutUrl(),
        amountCents,
      });
    }),
    http.post(ENDORSEMENTS_URLS.download, async ({ request }) => {
      const { endorsementid } = (await request.json()) as { endorsementid: number };
      downloads.push(endorsementid);
      const found = made.find((one) => one.id === endorsementid);
      if (!found?.hasDocument) return apiError(404, 'No such endorsement document (or it is not yours)');
      return new HttpResponse(PDF, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${endorsementFileName(found.number)}"`,
        },
      });
    }),
  ];

  return {
    handlers,
    previews,
    endorsed,
    payments,
    downloads,
    reset: () => {
      byKey = new Map();
      made = [];
      failed = { options: false, endorse: false };
      previews.length = 0;
      endorsed.length = 0;
      payments.length = 0;
      downloads.length = 0;
      if (window.location.hash)
        window.history.replaceState(window.history.state, '', window.location.href.split('#')[0]);
    },
  };
}

/** GET insured/policyhistory for a policy with these endorsements (payment-confirm reads the paid one from it). */
export function historyOf(endorsements: Endorsement[], policy: ClaimablePolicy = changePolicy): PolicyHistory {
  return {
    policyId: policy.id,
    policyNumber: policy.number,
    issuedAt: '2026-06-25T10:09:00.000Z',
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    endorsements,
  };
}

// ---------------------------------------------------------------------------------------------
// Back from paying an endorsement (paymentconfirm?submissionid&endorsementid&sessionid)

/** Ada's limit raised to $2M / $4M from today, paid through the checkout and issued: E01. */
export const paidChange: Endorsement = {
  ...endorsementOf(priceChange({ limitCode: '2M/4M', effectiveDate: TODAY }), 70, 1),
  status: 'issued',
  issuedAt: `${TODAY}T15:05:00.000Z`,
  hasDocument: true,
};

/** Two years of tail cover bought after cancelling, at the table's 160 % of the annual premium, with Texas's tax. */
const tailPremium = applyBps(annualPremium(changeOptions.limitCode, changeOptions.deductibleCode), 16_000);
export const paidTail: Endorsement = {
  ...paidChange,
  id: 72,
  number: `${changePolicy.number}-E03`,
  kind: 'tail',
  effectiveDate: '2026-12-01',
  changes: [
    { field: 'tailYears', before: null, after: 2 },
    { field: 'reportingUntil', before: null, after: '2028-12-01' },
  ],
  annualPremiumAfterCents: paidChange.annualPremiumBeforeCents,
  premiumChangeCents: tailPremium,
  taxChangeCents: applyBps(tailPremium, TAX_BPS),
  feeChangeCents: applyBps(tailPremium, FEE_BPS),
  totalChangeCents: tailPremium + applyBps(tailPremium, TAX_BPS) + applyBps(tailPremium, FEE_BPS),
  invoiceNumber: 'INV-2026-000972',
};

/**
 * insured/policyhistory (any policy: the order's, as insured/policyinfo names it) holding these
 * endorsements, and documents/downloadendorsement for them; `downloads` lists the ids asked for.
 */
export function paidEndorsementHandlers(endorsements: Endorsement[]): { handlers: HttpHandler[]; downloads: number[] } {
  const downloads: number[] = [];
  return {
    downloads,
    handlers: [
      http.get(ENDORSEMENTS_URLS.history, ({ request }) => {
        const policyId = Number(new URL(request.url).searchParams.get('policyid'));
        return HttpResponse.json({ ...historyOf(endorsements), policyId });
      }),
      http.post(ENDORSEMENTS_URLS.download, async ({ request }) => {
        const { endorsementid } = (await request.json()) as { endorsementid: number };
        downloads.push(endorsementid);
        const found = endorsements.find((one) => one.id === endorsementid);
        if (!found) return apiError(404, 'No such endorsement document (or it is not yours)');
        return new HttpResponse(PDF, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${endorsementFileName(found.number)}"`,
          },
        });
      }),
    ],
  };
}
