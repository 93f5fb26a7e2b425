import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { addDays, addMonths, type CalendarDay } from '@shared/calendar';
import type { Checkout } from '@shared/contract/billing';
import type {
  Cancellation,
  CancellationOptions,
  CancellationQuote,
  ReturnPremium,
  TailOption,
  TailPurchase,
  TailYears,
} from '@shared/contract/cancellation';
import type { ClaimablePolicy } from '@shared/contract/claims';
import { demoSpecialities } from '@server/db/seed/demo-data';
import { demoRateTables } from '@server/db/seed/demo-rates';
import { applyBps } from '@shared/rating/money';
import { daysInPeriod, daysRemaining, returnPremium, shareOf } from '@shared/rating/proration';
import { sandboxCheckoutUrl } from './billing-fixtures';
import { rateOption } from './quote-fixtures';

/**
 * Ada's policies as the cancel screen's server answers them (src/api/cancellation.ts), priced
 * with the rating engine itself: the annual premium is the quote's (rateOption, $1M/$1M with a
 * $2,500 deductible in Houston), the policy fee, premium tax and state fees the Texas Architects
 * table's; the return premium pro rata by the days left (shared/rating/proration), short rate
 * 90 % of it, flat everything; fee, tax and state fees in the premium's proportion; the tails at
 * the rate tables' default percentages with the state's tax and fees — as
 * server/cancellation/cancellation-rules.ts works it out. Nothing is typed by hand.
 */

export const CANCELLATION_URLS = {
  policies: '*/api/weborder/insured/policies',
  options: '*/api/weborder/insured/cancellationoptions',
  quote: '*/api/weborder/insured/cancellationquote',
  cancel: '*/api/weborder/insured/cancelpolicy',
  buyTail: '*/api/weborder/insured/buytail',
  pay: '*/api/weborder/insured/payendorsement',
  download: '*/api/weborder/documents/downloadendorsement',
} as const;

/** The day the stories' server calls today. */
export const TODAY = '2026-11-26';

const architects = demoSpecialities.find((candidate) => candidate.name === 'Architects');
const texas = demoRateTables().find((table) => table.specialityCode === architects?.code && table.stateCode === 'TX');
if (!texas) throw new Error('The demo data has no Architects rate table for Texas');

/** The rate tables' default tail percentages (server/db/schema.ts rate_tables.erp_percent_bps). */
const ERP_PERCENT_BPS: Record<`${TailYears}`, number> = { '1': 10_000, '2': 16_000, '3': 19_000 };

/** The year's premium of Ada's cover, as the quote prices it. */
export const ANNUAL_PREMIUM_CENTS = rateOption({ limitCode: '1M/1M', deductibleCode: '2500' }).premiumCents;

const policyOf = (id: number, number: string, effectiveDate: string, specialityName = 'Architects') => ({
  id,
  number,
  specialityName,
  effectiveDate,
  expirationDate: addMonths(effectiveDate, 12),
});

export const inForcePolicy: ClaimablePolicy = policyOf(4217, 'P-2026-004217', '2026-07-01');
export const notStartedPolicy: ClaimablePolicy = policyOf(5301, 'P-2026-005301', '2026-12-15');
export const cancelledPolicy: ClaimablePolicy = policyOf(3900, 'P-2025-003900', '2025-12-01', 'Dentists');
export const expiredPolicy: ClaimablePolicy = policyOf(3100, 'P-2025-003100', '2025-06-01', 'Engineers');
/** The day the cancelled policy was cancelled from, before the stories begin. */
export const EARLIER_CANCELLATION = '2026-10-01';

const periodOf = (policy: ClaimablePolicy) => ({
  effectiveDate: policy.effectiveDate,
  expirationDate: policy.expirationDate,
});

/** What cancelling `policy` from `date` returns (cancellation-rules.ts's cancellationReturn). */
export function returnOf(policy: ClaimablePolicy, date: CalendarDay, shortRate = false): ReturnPremium {
  const period = periodOf(policy);
  const annual = ANNUAL_PREMIUM_CENTS;
  const method = date === policy.effectiveDate ? 'flat' : shortRate ? 'short_rate' : 'pro_rata';
  const premiumCents =
    method === 'flat'
      ? annual
      : returnPremium(period, date, annual, method === 'short_rate' ? 'short_rate' : 'pro_rata');
  const taxable = annual + texas!.policyFeeCents;
  const charges = {
    policyFeeCents: texas!.policyFeeCents,
    taxCents: applyBps(taxable, texas!.taxRateBps),
    stateFeeCents: applyBps(taxable, texas!.feeRateBps),
  };
  const part = (cents: number) => (method === 'flat' ? cents : shareOf(cents, premiumCents, annual));
  const policyFeeCents = part(charges.policyFeeCents);
  const taxCents = part(charges.taxCents);
  const stateFeeCents = part(charges.stateFeeCents);
  return {
    method,
    daysRemaining: daysRemaining(period, date),
    daysInPeriod: daysInPeriod(period),
    annualPremiumCents: annual,
    premiumCents,
    policyFeeCents,
    taxCents,
    stateFeeCents,
    totalCents: premiumCents + policyFeeCents + taxCents + stateFeeCents,
  };
}

/** One tail's price from `startsOn` (cancellation-rules.ts's tailOption). */
export function tailOf(years: TailYears, startsOn: CalendarDay): TailOption {
  const percentBps = ERP_PERCENT_BPS[`${years}`];
  const premiumCents = applyBps(ANNUAL_PREMIUM_CENTS, percentBps);
  const taxCents = applyBps(premiumCents, texas!.taxRateBps);
  const stateFeeCents = applyBps(premiumCents, texas!.feeRateBps);
  return {
    years,
    percentBps,
    premiumCents,
    taxCents,
    stateFeeCents,
    totalCents: premiumCents + taxCents + stateFeeCents,
    reportingUntil: addMonths(startsOn, 12 * years),
  };
}

export const tailsFrom = (startsOn: CalendarDay) => ([1, 2, 3] as const).map((years) => tailOf(years, startsOn));

const RETRO = (policy: ClaimablePolicy) => policy.effectiveDate;

function optionsOf(policy: ClaimablePolicy, status: CancellationOptions['status']): CancellationOptions {
  const open = status === 'in_force';
  const cancelledFrom = status === 'cancelled' ? EARLIER_CANCELLATION : null;
  const tailStartsOn = status === 'cancelled' ? cancelledFrom : status === 'expired' ? policy.expirationDate : null;
  return {
    policyId: policy.id,
    policyNumber: policy.number,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    retroactiveDate: RETRO(policy),
    status,
    // As the server says it: its business day, which "today" on the screen is.
    today: TODAY,
    earliestCancellationDate: open ? (TODAY > policy.effectiveDate ? TODAY : policy.effectiveDate) : null,
    latestCancellationDate: open ? addDays(policy.expirationDate, -1) : null,
    cancellationDate: cancelledFrom,
    cancellationReason: cancelledFrom ? 'I sold or closed my practice' : null,
    cancellation: cancelledFrom
      ? {
          id: 390_001,
          number: `${policy.number}-E01`,
          status: 'issued',
          totalChangeCents: -returnOf(policy, cancelledFrom).totalCents,
        }
      : null,
    tailStartsOn,
    tailOffer: tailStartsOn ? tailsFrom(tailStartsOn) : [],
    tail: null,
  };
}

/** A tail bought on the cancelled policy, waiting for its payment (or paid). */
export function boughtTail(status: 'awaiting_payment' | 'issued' = 'awaiting_payment'): CancellationOptions['tail'] {
  const tail = tailOf(2, EARLIER_CANCELLATION);
  return {
    id: 390_002,
    number: `${cancelledPolicy.number}-E02`,
    status,
    totalChangeCents: tail.totalCents,
    years: 2,
    startsOn: EARLIER_CANCELLATION,
    reportingUntil: tail.reportingUntil,
  };
}

/** A PDF (a real, tiny one). */
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

export interface CancellationServerOptions {
  policies?: ClaimablePolicy[];
  /** Ada's state cancels short rate. */
  shortRate?: boolean;
  /** The tail already bought on the cancelled policy. */
  tail?: CancellationOptions['tail'];
  pendingQuote?: boolean;
  pendingPay?: boolean;
  /** The policy is cancelled meanwhile, elsewhere: cancelpolicy answers 409. */
  conflictOnCancel?: boolean;
  failOptionsOnce?: boolean;
  /** A payment plan's instalments not yet paid (issue 20): the quote sets them against the return. */
  unpaidCents?: number;
}

export interface CancellationServer {
  handlers: HttpHandler[];
  reset: () => void;
  quotes: string[];
  cancels: { body: Record<string, unknown>; idempotencyKey: string | null }[];
  tails: { body: Record<string, unknown>; idempotencyKey: string | null }[];
  payments: { body: Record<string, unknown>; idempotencyKey: string | null }[];
  downloads: number[];
}

/**
 * insured/policies, insured/cancellationoptions, insured/cancellationquote, insured/cancelpolicy,
 * insured/buytail, insured/payendorsement and documents/downloadendorsement, with the server's
 * rules: the days from today (or the effective date) to the day before expiry; a cancellation
 * once (a repeated key answers the first); a tail once, on a cancelled or expired policy.
 */
export function cancellationServer(options: CancellationServerOptions = {}): CancellationServer {
  const policies = options.policies ?? [inForcePolicy, notStartedPolicy, cancelledPolicy, expiredPolicy];
  const initial = (): Map<number, CancellationOptions> =>
    new Map([
      [inForcePolicy.id, optionsOf(inForcePolicy, 'in_force')],
      [notStartedPolicy.id, optionsOf(notStartedPolicy, 'in_force')],
      [
        cancelledPolicy.id,
        { ...optionsOf(cancelledPolicy, 'cancelled'), ...(options.tail ? { tail: options.tail, tailOffer: [] } : {}) },
      ],
      [expiredPolicy.id, optionsOf(expiredPolicy, 'expired')],
    ]);
  let standing = initial();
  let failedOptions = false;
  const byKey = new Map<string, Cancellation>();
  const server: CancellationServer = {
    handlers: [],
    reset: () => {
      standing = initial();
      failedOptions = false;
      byKey.clear();
      for (const list of [server.quotes, server.cancels, server.tails, server.payments, server.downloads]) {
        list.length = 0;
      }
    },
    quotes: [],
    cancels: [],
    tails: [],
    payments: [],
    downloads: [],
  };
  const policyOfId = (id: number) => policies.find((policy) => policy.id === id);

  const quoteOf = (policy: ClaimablePolicy, date: string): CancellationQuote => ({
    policyId: policy.id,
    policyNumber: policy.number,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    retroactiveDate: RETRO(policy),
    status: 'in_force',
    cancellationDate: date,
    returnPremium: returnOf(policy, date, options.shortRate),
    ...(options.unpaidCents
      ? {
          unpaidPremium: {
            unpaidCents: options.unpaidCents,
            netCents: returnOf(policy, date, options.shortRate).totalCents - options.unpaidCents,
          },
        }
      : {}),
    tailOffer: tailsFrom(date),
  });

  const dateProblem = (current: CancellationOptions, date: string) =>
    !current.earliestCancellationDate
      ? null
      : date < current.earliestCancellationDate
        ? `must be today (${TODAY}) or later`
        : date >= current.expirationDate
          ? `must be before the expiration date (${current.expirationDate})`
          : null;

  server.handlers = [
    http.get(CANCELLATION_URLS.policies, () => HttpResponse.json(policies)),
    http.get(CANCELLATION_URLS.options, ({ request }) => {
      if (options.failOptionsOnce && !failedOptions) {
        failedOptions = true;
        return apiError(503, 'The policy service is unavailable. Please try again in a minute.');
      }
      const id = Number(new URL(request.url).searchParams.get('policyid'));
      const current = standing.get(id);
      if (!current || !policyOfId(id)) return apiError(404, 'No such policy (or it is not yours)');
      return HttpResponse.json(current);
    }),
    http.post(CANCELLATION_URLS.quote, async ({ request }) => {
      const body = (await request.json()) as { policyid: number; cancellationDate: string };
      server.quotes.push(body.cancellationDate);
      if (options.pendingQuote) return never();
      const policy = policyOfId(body.policyid);
      const current = standing.get(body.policyid);
      if (!policy || !current) return apiError(404, 'No such policy (or it is not yours)');
      if (current.status !== 'in_force') {
        return apiError(409, `Policy ${policy.number} is cancelled: it cannot be cancelled`, {
          status: 'is cancelled',
        });
      }
      const problem = dateProblem(current, body.cancellationDate);
      if (problem) {
        return apiError(400, `The cancellation date ${problem}`, { cancellationDate: problem });
      }
      return HttpResponse.json(quoteOf(policy, body.cancellationDate));
    }),
    http.post(CANCELLATION_URLS.cancel, async ({ request }) => {
      const body = (await request.json()) as { policyid: number; cancellationDate: string; reason?: string };
      const idempotencyKey = request.headers.get('idempotency-key');
      server.cancels.push({ body, idempotencyKey });
      const earlier = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (earlier) return HttpResponse.json(earlier);
      const policy = policyOfId(body.policyid)!;
      const current = standing.get(body.policyid)!;
      if (options.conflictOnCancel || current.status !== 'in_force') {
        return apiError(409, `Policy ${policy.number} is cancelled from Nov 20, 2026: it cannot be cancelled again`, {
          status: 'is cancelled',
        });
      }
      const quote = quoteOf(policy, body.cancellationDate);
      const endorsement = {
        id: policy.id * 100 + 1,
        number: `${policy.number}-E01`,
        status: 'issued' as const,
        totalChangeCents: -quote.returnPremium.totalCents,
      };
      const cancellation: Cancellation = {
        ...quote,
        status: 'cancelled',
        reason: body.reason ?? null,
        cancelledAt: `${TODAY}T15:00:00.000Z`,
        endorsement,
        notice: { filename: `cancellation-notice-${policy.number.toLowerCase()}.pdf` },
      };
      if (idempotencyKey) byKey.set(idempotencyKey, cancellation);
      standing.set(policy.id, {
        ...current,
        status: 'cancelled',
        earliestCancellationDate: null,
        latestCancellationDate: null,
        cancellationDate: body.cancellationDate,
        cancellationReason: body.reason ?? null,
        cancellation: endorsement,
        tailStartsOn: body.cancellationDate,
        tailOffer: quote.tailOffer,
      });
      return HttpResponse.json(cancellation);
    }),
    http.post(CANCELLATION_URLS.buyTail, async ({ request }) => {
      const body = (await request.json()) as { policyid: number; years: TailYears };
      server.tails.push({ body, idempotencyKey: request.headers.get('idempotency-key') });
      const policy = policyOfId(body.policyid)!;
      const current = standing.get(body.policyid)!;
      if (current.tail)
        return apiError(409, `Policy ${policy.number} has its tail already`, { tail: 'is bought already' });
      const startsOn = current.tailStartsOn!;
      const tail = tailOf(body.years, startsOn);
      const endorsement = {
        id: policy.id * 100 + 2,
        number: `${policy.number}-E02`,
        status: 'awaiting_payment' as const,
        totalChangeCents: tail.totalCents,
      };
      standing.set(policy.id, {
        ...current,
        tailOffer: [],
        tail: { ...endorsement, years: body.years, startsOn, reportingUntil: tail.reportingUntil },
      });
      const purchase: TailPurchase = {
        policyId: policy.id,
        policyNumber: policy.number,
        effectiveDate: policy.effectiveDate,
        expirationDate: policy.expirationDate,
        retroactiveDate: RETRO(policy),
        status: current.status,
        tail,
        startsOn,
        endorsement,
        invoice: {
          invoiceId: policy.id * 10,
          number: `INV-2026-${policy.id}`,
          status: 'open',
          premiumCents: tail.premiumCents,
          taxCents: tail.taxCents,
          feeCents: tail.stateFeeCents,
          totalCents: tail.totalCents,
        },
      };
      return HttpResponse.json(purchase, { status: 201 });
    }),
    http.post(CANCELLATION_URLS.pay, async ({ request }) => {
      const body = (await request.json()) as { endorsementid: number };
      server.payments.push({ body, idempotencyKey: request.headers.get('idempotency-key') });
      if (options.pendingPay) return never();
      const checkout: Checkout = {
        submissionId: 1,
        invoiceId: 1,
        provider: 'sandbox',
        sessionId: 'cs_sandbox_tail',
        url: sandboxCheckoutUrl('cs_sandbox_tail'),
        amountCents: 0,
      };
      return HttpResponse.json(checkout);
    }),
    http.post(CANCELLATION_URLS.download, async ({ request }) => {
      const body = (await request.json()) as { endorsementid: number };
      server.downloads.push(body.endorsementid);
      return new HttpResponse(PDF, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="endorsement-${body.endorsementid}.pdf"`,
        },
      });
    }),
  ];
  return server;
}
