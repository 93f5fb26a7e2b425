import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { PolicyInfo } from '@shared/contract/billing';
import type { ClaimablePolicy } from '@shared/contract/claims';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import type { Endorsement, EndorsementChange, PolicyHistory } from '@shared/contract/endorsements';
import type { Renewal, RenewalStatus } from '@shared/contract/renewal';
import { addDays, addMonths } from '@shared/calendar';
import { applyBps } from '@shared/rating/money';
import { proratedChange } from '@shared/rating/proration';
import { demoSpecialities } from '@server/db/seed/demo-data';
import { demoRateTables } from '@server/db/seed/demo-rates';
import { cancellationReturn, tailOption } from '@server/cancellation/cancellation-rules';
import { localToday } from '@/components/format/dates';
import { QUARTERLY } from './billing-fixtures';
import { rateOption } from './quote-fixtures';

/**
 * Ada's policies after the sale, as the server answers them (src/api/policy-history.ts, and the
 * reads the screen joins: insured/policies, dashboard/submissiondetails, insured/policyinfo):
 * each an Architects policy in Houston, priced by the rating engine on the demo's Texas table,
 * its changes prorated (shared/rating/proration.ts), its cancellation and tail priced by the
 * server's own rules. The dates are counted from today, so "in force" stays in force.
 */

export const POLICY_URLS = {
  policies: '*/api/weborder/insured/policies',
  history: '*/api/weborder/insured/policyhistory',
  orders: '*/api/weborder/dashboard/submissiondetails',
  policyInfo: '*/api/weborder/insured/policyinfo',
  downloadEndorsement: '*/api/weborder/documents/downloadendorsement',
  downloadPolicy: '*/api/weborder/documents/downloadpolicy',
  downloadNotice: '*/api/weborder/documents/downloadnotice',
  renewal: '*/api/weborder/insured/renewal',
} as const;

const TODAY = localToday();

const architects = demoSpecialities.find((candidate) => candidate.name === 'Architects')!;
const texas = demoRateTables().find(
  (candidate) => candidate.specialityCode === architects.code && candidate.stateCode === 'TX',
)!;
/** The tail's percentages of the annual premium: the rate tables' default (server/db/schema.ts). */
const ERP_PERCENT_BPS = { '1': 10_000, '2': 16_000, '3': 19_000 };
const cancellationTable = { ...texas, erpPercentBps: ERP_PERCENT_BPS, shortRate: false };

/** The annual premium (before the policy fee and taxes) of a limit and deductible, by the engine. */
export const annualPremium = (limitCode: string, deductibleCode: string) =>
  rateOption({ limitCode, deductibleCode }).premiumCents;

interface PolicyWorld {
  claimable: ClaimablePolicy;
  order: SubmissionSummary;
  info: PolicyInfo;
  history: PolicyHistory;
}

const LIMITS: Record<string, [number, number]> = {
  '1M/1M': [100_000_000, 100_000_000],
  '2M/4M': [200_000_000, 400_000_000],
};
const DEDUCTIBLES: Record<string, number> = { '1000': 100_000, '2500': 250_000, '5000': 500_000 };

function policyWorld({
  id,
  startedDaysAgo,
  status = 'in_force',
  limitCode = '1M/1M',
  deductibleCode = '2500',
  cancellationDate = null,
  endorsements = () => [],
}: {
  id: number;
  startedDaysAgo: number;
  status?: PolicyInfo['status'];
  limitCode?: string;
  deductibleCode?: string;
  cancellationDate?: string | null;
  endorsements?: (period: { effectiveDate: string; expirationDate: string }, number: string) => Endorsement[];
}): PolicyWorld {
  const effectiveDate = addDays(TODAY, -startedDaysAgo);
  const expirationDate = addMonths(effectiveDate, 12);
  const number = `P-2026-00${id}`;
  const issued = rateOption({ limitCode: '1M/1M', deductibleCode: '2500' });
  const [perClaimCents, aggregateCents] = LIMITS[limitCode]!;
  const info: PolicyInfo = {
    policyId: id,
    policyNumber: number,
    submissionId: id + 4000,
    orderNumber: `Q-2026-00${id + 4000}`,
    status,
    speciality: { id: 101, name: 'Architects' },
    namedInsured: 'Lovelace Design Studio LLC',
    broker: null,
    effectiveDate,
    expirationDate,
    retroactiveDate: '2021-09-01',
    cancellationDate,
    cancellationReason: cancellationDate ? 'We are closing the practice.' : null,
    limit: { code: limitCode, label: limitCode, perClaimCents, aggregateCents },
    deductible: { code: deductibleCode, label: deductibleCode, amountCents: DEDUCTIBLES[deductibleCode]! },
    // As the server answers it: the premium the policy was sold at.
    premiumCents: issued.premiumCents,
    policyFeeCents: issued.policyFeeCents,
    taxCents: issued.taxCents,
    stateFeeCents: issued.stateFeeCents,
    totalCents: issued.totalCents,
    paymentTerm: { code: QUARTERLY.code, name: QUARTERLY.name },
    issuedAt: `${addDays(effectiveDate, -6)}T10:10:00.000Z`,
    payment: {
      amountCents: QUARTERLY.downPaymentCents,
      paidAt: `${addDays(effectiveDate, -6)}T10:09:00.000Z`,
      provider: 'sandbox',
    },
  };
  return {
    claimable: { id, number, specialityName: 'Architects', effectiveDate, expirationDate },
    order: {
      submissionId: info.submissionId,
      number: info.orderNumber,
      speciality: { id: 101, name: 'Architects' },
      status: 'complete',
      totalCents: issued.totalCents,
      stateCode: 'TX',
      effectiveDate,
      updatedAt: info.issuedAt,
      open: false,
      nextStep: { action: 'documents', label: 'Download your documents', screen: 'document' },
      policy: { id, number, status, cancellationDate },
    },
    info,
    history: {
      policyId: id,
      policyNumber: number,
      issuedAt: info.issuedAt,
      effectiveDate,
      expirationDate,
      endorsements: endorsements({ effectiveDate, expirationDate }, number),
    },
  };
}

function endorsementRow(
  policyId: number,
  policyNumber: string,
  index: number,
  row: Partial<Endorsement> & Pick<Endorsement, 'kind' | 'status' | 'effectiveDate' | 'changes'>,
): Endorsement {
  return {
    id: policyId * 10 + index,
    policyId,
    number: `${policyNumber}-E0${index}`,
    annualPremiumBeforeCents: 0,
    annualPremiumAfterCents: 0,
    premiumChangeCents: 0,
    taxChangeCents: 0,
    feeChangeCents: 0,
    totalChangeCents: 0,
    returnPremiumStatus: null,
    invoiceId: null,
    invoiceNumber: null,
    createdAt: `${row.effectiveDate}T09:00:00.000Z`,
    issuedAt: row.status === 'issued' ? `${row.effectiveDate}T09:01:00.000Z` : null,
    hasDocument: row.status === 'issued',
    ...row,
  };
}

/** A change of limit and/or deductible from `effectiveDate`, priced as the server prices it. */
function priced(
  period: { effectiveDate: string; expirationDate: string },
  effectiveDate: string,
  before: { limitCode: string; deductibleCode: string },
  after: { limitCode: string; deductibleCode: string },
) {
  const annualPremiumBeforeCents = annualPremium(before.limitCode, before.deductibleCode);
  const annualPremiumAfterCents = annualPremium(after.limitCode, after.deductibleCode);
  const premiumChangeCents = proratedChange(period, effectiveDate, annualPremiumBeforeCents, annualPremiumAfterCents);
  const taxChangeCents = applyBps(premiumChangeCents, texas.taxRateBps);
  const feeChangeCents = applyBps(premiumChangeCents, texas.feeRateBps);
  const changes: EndorsementChange[] = [];
  if (before.limitCode !== after.limitCode) {
    changes.push({ field: 'limitCode', before: before.limitCode, after: after.limitCode });
  }
  if (before.deductibleCode !== after.deductibleCode) {
    changes.push({ field: 'deductibleCode', before: before.deductibleCode, after: after.deductibleCode });
  }
  return {
    effectiveDate,
    changes,
    annualPremiumBeforeCents,
    annualPremiumAfterCents,
    premiumChangeCents,
    taxChangeCents,
    feeChangeCents,
    totalChangeCents: premiumChangeCents + taxChangeCents + feeChangeCents,
  };
}

/** P-2026-00101: in force, as issued. */
export const inForce = policyWorld({ id: 101, startedDaysAgo: 120 });

/**
 * P-2026-00102: in force with three changes — the limit raised to $2M/$4M (paid), the deductible
 * raised to $5,000 (a return premium owed), then lowered to $1,000 from next week (awaiting payment).
 */
export const changed = policyWorld({
  id: 102,
  startedDaysAgo: 150,
  limitCode: '2M/4M',
  deductibleCode: '5000',
  endorsements: (period, number) => {
    const first = { limitCode: '1M/1M', deductibleCode: '2500' };
    const second = { limitCode: '2M/4M', deductibleCode: '2500' };
    const third = { limitCode: '2M/4M', deductibleCode: '5000' };
    const fourth = { limitCode: '2M/4M', deductibleCode: '1000' };
    return [
      endorsementRow(102, number, 3, {
        kind: 'change',
        status: 'awaiting_payment',
        ...priced(period, addDays(TODAY, 7), third, fourth),
        invoiceId: 1023,
        invoiceNumber: 'INV-2026-001023',
      }),
      endorsementRow(102, number, 2, {
        kind: 'change',
        status: 'issued',
        ...priced(period, addDays(TODAY, -60), second, third),
        returnPremiumStatus: 'owed',
      }),
      endorsementRow(102, number, 1, {
        kind: 'change',
        status: 'issued',
        ...priced(period, addDays(TODAY, -90), first, second),
        invoiceId: 1021,
        invoiceNumber: 'INV-2026-001021',
      }),
    ];
  },
});

/** P-2026-00103: a payment past due, under a notice of cancellation. */
const noticeWorld = policyWorld({ id: 103, startedDaysAgo: 100, status: 'cancellation_notice' });
/** The unpaid instalment the notice of non-payment was sent about, two days ago. */
export const NOTICE_INVOICE = { id: 1031, number: 'INV-2026-001031', dueDate: addDays(TODAY, -12) };
export const underNotice: PolicyWorld = {
  ...noticeWorld,
  history: {
    ...noticeWorld.history,
    notices: [
      {
        submissionId: noticeWorld.info.submissionId,
        invoiceId: NOTICE_INVOICE.id,
        invoiceNumber: NOTICE_INVOICE.number,
        dueDate: NOTICE_INVOICE.dueDate,
        sentAt: `${addDays(TODAY, -2)}T14:00:00.000Z`,
        filename: `notice-of-non-payment-${noticeWorld.info.policyNumber.toLowerCase()}-${NOTICE_INVOICE.number.toLowerCase()}.pdf`,
      },
    ],
  },
};

const CANCELLED_FROM = addDays(TODAY, -10);

/** P-2026-00104: cancelled ten days ago (pro rata, the premium owed back), with a 2-year tail bought and paid. */
export const cancelledWithTail = policyWorld({
  id: 104,
  startedDaysAgo: 200,
  status: 'cancelled',
  cancellationDate: CANCELLED_FROM,
  endorsements: (period, number) => {
    const annual = annualPremium('1M/1M', '2500');
    const returned = cancellationReturn(period, CANCELLED_FROM, annual, cancellationTable);
    const tail = tailOption(2, annual, cancellationTable, CANCELLED_FROM);
    return [
      endorsementRow(104, number, 2, {
        kind: 'tail',
        status: 'issued',
        effectiveDate: CANCELLED_FROM,
        changes: [
          { field: 'tailYears', before: null, after: 2 },
          { field: 'reportingUntil', before: null, after: tail.reportingUntil },
        ],
        annualPremiumBeforeCents: annual,
        annualPremiumAfterCents: annual,
        premiumChangeCents: tail.premiumCents,
        taxChangeCents: tail.taxCents,
        feeChangeCents: tail.stateFeeCents,
        totalChangeCents: tail.totalCents,
        invoiceId: 1042,
        invoiceNumber: 'INV-2026-001042',
      }),
      endorsementRow(104, number, 1, {
        kind: 'cancellation',
        status: 'issued',
        effectiveDate: CANCELLED_FROM,
        changes: [
          { field: 'status', before: 'in_force', after: 'cancelled' },
          { field: 'cancellationDate', before: null, after: CANCELLED_FROM },
          { field: 'returnMethod', before: null, after: returned.method },
        ],
        annualPremiumBeforeCents: annual,
        annualPremiumAfterCents: 0,
        premiumChangeCents: -returned.premiumCents,
        taxChangeCents: -returned.taxCents,
        feeChangeCents: -(returned.policyFeeCents + returned.stateFeeCents),
        totalChangeCents: -returned.totalCents,
        returnPremiumStatus: 'owed',
      }),
    ];
  },
});

/** P-2026-00105: last year’s, expired a month ago without a tail. */
export const expired = policyWorld({ id: 105, startedDaysAgo: 395, status: 'expired' });

const CANCELLED_AHEAD = addDays(TODAY, 14);

/** P-2026-00106: cancelled from two weeks ahead (covered until then), no tail yet. */
export const cancelledAhead = policyWorld({
  id: 106,
  startedDaysAgo: 60,
  status: 'cancelled',
  cancellationDate: CANCELLED_AHEAD,
  endorsements: (period, number) => {
    const annual = annualPremium('1M/1M', '2500');
    const returned = cancellationReturn(period, CANCELLED_AHEAD, annual, cancellationTable);
    return [
      endorsementRow(106, number, 1, {
        kind: 'cancellation',
        status: 'issued',
        effectiveDate: CANCELLED_AHEAD,
        changes: [
          { field: 'status', before: 'in_force', after: 'cancelled' },
          { field: 'cancellationDate', before: null, after: CANCELLED_AHEAD },
          { field: 'returnMethod', before: null, after: returned.method },
        ],
        annualPremiumBeforeCents: annual,
        annualPremiumAfterCents: 0,
        premiumChangeCents: -returned.premiumCents,
        taxChangeCents: -returned.taxCents,
        feeChangeCents: -(returned.policyFeeCents + returned.stateFeeCents),
        totalChangeCents: -returned.totalCents,
        returnPremiumStatus: 'owed',
      }),
    ];
  },
});

export const allPolicies = [inForce, changed, underNotice, cancelledWithTail, expired, cancelledAhead];

/** A policy's PDF (a real, tiny one). */
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

const apiError = (status: number, message: string) => HttpResponse.json({ status, message }, { status });

export interface PolicyServerOptions {
  policies?: PolicyWorld[];
  /** The first policy history read fails (500), the next ones answer. */
  failHistoryOnce?: boolean;
  /** The first policies read fails (500). */
  failPoliciesOnce?: boolean;
  /** Never answers the policy history (a screen that stays loading). */
  pendingHistory?: boolean;
  /** The server's business day in the history (its clock moved on from the browser's); none: as an older server. */
  serverToday?: string;
  /** Where a current policy's renewal stands (insured/renewal): not offered yet unless said. */
  renewalStatus?: RenewalStatus;
}

/** The day a renewal is offered: 60 days before the period ends (the demo's Config.renewals.offerDays). */
export const renewalOfferDate = (world: PolicyWorld) => addDays(world.claimable.expirationDate, -60);

export interface PolicyServer {
  handlers: HttpHandler[];
  reset: () => void;
  /** The endorsements downloaded, by id, in order. */
  endorsementDownloads: number[];
}

export function policyServer(options: PolicyServerOptions = {}): PolicyServer {
  const worlds = options.policies ?? allPolicies;
  let historyFailures = 0;
  let policiesFailures = 0;
  const endorsementDownloads: number[] = [];
  const byPolicy = (request: Request) =>
    worlds.find((world) => world.claimable.id === Number(new URL(request.url).searchParams.get('policyid')));
  const pdf = (filename: string) =>
    new HttpResponse(PDF, {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}"` },
    });
  return {
    endorsementDownloads,
    reset: () => {
      historyFailures = options.failHistoryOnce ? 1 : 0;
      policiesFailures = options.failPoliciesOnce ? 1 : 0;
      endorsementDownloads.length = 0;
    },
    handlers: [
      http.get(POLICY_URLS.policies, () => {
        if (policiesFailures-- > 0) return apiError(500, 'The policy service is unavailable.');
        return HttpResponse.json(worlds.map((world) => world.claimable));
      }),
      http.get(POLICY_URLS.history, async ({ request }) => {
        if (options.pendingHistory) await delay('infinite');
        if (historyFailures-- > 0) return apiError(500, 'The policy service is unavailable.');
        const world = byPolicy(request);
        if (!world) return apiError(404, 'No such policy (or it is not yours)');
        return HttpResponse.json({ ...world.history, ...(options.serverToday ? { today: options.serverToday } : {}) });
      }),
      http.get(POLICY_URLS.orders, () => HttpResponse.json(worlds.map((world) => world.order))),
      // As the server answers: a policy no longer current (cancelled, expired) is a 409.
      http.get(POLICY_URLS.renewal, ({ request }) => {
        const world = byPolicy(request);
        if (!world) return apiError(404, 'No such policy (or it is not yours)');
        const { status } = world.info;
        if (status !== 'in_force' && status !== 'cancellation_notice') {
          return apiError(409, `Policy ${world.claimable.number} is ${status}: it is not renewed`);
        }
        const renewal: Renewal = {
          policyId: world.claimable.id,
          policyNumber: world.claimable.number,
          status: options.renewalStatus ?? 'not_yet',
          currentPeriod: {
            effectiveDate: world.claimable.effectiveDate,
            expirationDate: world.claimable.expirationDate,
          },
          offerDate: renewalOfferDate(world),
          offer: null,
        };
        return HttpResponse.json(renewal);
      }),
      // Issue 20: Ada pays her policies once a year (no payment-plan card).
      http.get('*/api/weborder/insured/instalments', () => HttpResponse.json([])),
      http.get(POLICY_URLS.policyInfo, ({ request }) => {
        const id = Number(new URL(request.url).searchParams.get('submissionid'));
        const world = worlds.find((candidate) => candidate.info.submissionId === id);
        return world ? HttpResponse.json(world.info) : apiError(404, 'No such order (or it is not yours)');
      }),
      http.post(POLICY_URLS.downloadEndorsement, async ({ request }) => {
        const { endorsementid } = (await request.json()) as { endorsementid: number };
        const row = worlds.flatMap((world) => world.history.endorsements).find((one) => one.id === endorsementid);
        if (!row?.hasDocument) return apiError(404, 'No such endorsement (or it is not issued)');
        endorsementDownloads.push(endorsementid);
        return pdf(`endorsement-${row.number.toLowerCase()}.pdf`);
      }),
      // A notice of non-payment, by its order and the instalment's invoice it is about.
      http.post(POLICY_URLS.downloadNotice, async ({ request }) => {
        const { submissionid, invoiceid } = (await request.json()) as { submissionid: number; invoiceid: number };
        const notice = worlds
          .flatMap((world) => world.history.notices ?? [])
          .find((one) => one.submissionId === submissionid && one.invoiceId === invoiceid);
        return notice ? pdf(notice.filename) : apiError(404, 'No such notice of non-payment');
      }),
      http.post(POLICY_URLS.downloadPolicy, async ({ request }) => {
        const { submissionid } = (await request.json()) as { submissionid: number };
        const world = worlds.find((candidate) => candidate.info.submissionId === submissionid);
        if (!world) return apiError(404, 'No such order (or it is not yours)');
        return pdf(`declarations-${world.info.policyNumber.toLowerCase()}.pdf`);
      }),
    ],
  };
}
