import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { ApplicationRecord } from '@shared/contract/application-signature';
import type { Checkout, Installment, Invoice, PaymentConfirmation, PolicyInfo } from '@shared/contract/billing';
import type { Contact } from '@shared/contract/contacts';
import type { DocumentKind, DocumentList, MailQueued, OrderInvoice } from '@shared/contract/documents';
import type { FileSummary } from '@shared/contract/files';
import type { BuyNowResult, OrderSummaryDetails, RequiredItem } from '@shared/contract/lifecycle';
import type { Location, PlanLocation, PlanLocations } from '@shared/contract/locations';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { ACCOUNT_URLS } from './account-fixtures';
import {
  applicationRecord,
  applicationWorld,
  type ApplicationWorld,
  type ApplicationWorldOptions,
} from './application-fixtures';
import { authHandlers } from './auth-fixtures';
import { ORDER_URLS, orderSummary, SUBMISSION_ID, SUBMISSION_NUMBER } from './order-status-fixtures';
import { applicationQuestions, architectQuestions, houston, QUOTE_URLS, quotedCalculation } from './quote-fixtures';

/**
 * Paying for Ada's order 4217 and the documents it brings (src/api/billing.ts,
 * src/api/documents.ts): its invoice, the hosted checkout (a sandbox whose address is this page
 * with a #fragment, so that leaving for it is a hash change the story can see, in Storybook and
 * jsdom alike), the confirmation, the policy as issued, and every document of Ada's two policies.
 * Each story makes its own world (`billingWorld`) and resets it in its beforeEach.
 */

/** POST insured/addlocation: puts saved locations on an order. */
const EDIT_ORDER_ADD_LOCATIONS = '*/api/weborder/insured/addlocation';

export const BILLING_URLS = {
  generateInvoice: '*/api/weborder/invoice/generateInvoice',
  invoice: '*/api/weborder/invoice/details',
  checkout: '*/api/weborder/payments/checkout',
  confirm: '*/api/weborder/payments/confirm',
  policy: '*/api/weborder/insured/policyinfo',
  documents: '*/api/weborder/documents/list',
  downloadPolicy: '*/api/weborder/documents/downloadpolicy',
  downloadBinder: '*/api/weborder/documents/downloadbinder',
  downloadInvoice: '*/api/weborder/documents/downloadinvoice',
  downloadOrderSummary: '*/api/weborder/documents/downloadordersummary',
  downloadNotice: '*/api/weborder/documents/downloadnotice',
  downloadEndorsement: '*/api/weborder/documents/downloadendorsement',
  shareOrderSummary: '*/api/weborder/documents/shareOrderSummary',
  mailConfirmation: '*/api/weborder/emailtemplate/sendemailwithorderconfirmation',
} as const;

export { SUBMISSION_ID, SUBMISSION_NUMBER };

export const SESSION_ID = 'cs_sandbox_4217aa01';
export const INVOICE_NUMBER = 'INV-2026-000042';
export const POLICY_NUMBER = 'P-2026-004217';
export const CARD_DECLINED = 'Your card was declined.';
/** When the first payment went through (the policy's payment, the paid invoice). */
export const PAID_AT = '2026-06-25T10:09:00.000Z';

/** Last year's policy (the dashboard's complete order 5120), beside this year's. */
export const EARLIER_ID = 5120;
export const EARLIER_NUMBER = 'Q-2025-005120';
export const EARLIER_POLICY = 'P-2025-005120';

function apiError(status: number, message: string, fields?: Record<string, string>, headers?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status, headers });
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

// ---------------------------------------------------------------------------------------------
// The order's invoice and policy

/** The payment plan Ada chose: quarterly, so the year has four payments. */
export const QUARTERLY = quotedCalculation.paymentPlans.find((plan) => plan.code === 'quarterly')!;

/** `months` after a YYYY-MM-DD date. */
function monthsAfter(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The quarterly plan's payments from the start date: the down payment now, then every three months. */
export const quarterlySchedule: Installment[] = Array.from({ length: QUARTERLY.installments }, (_, index) => ({
  installmentNo: index + 1,
  dueDate: monthsAfter('2026-07-01', index * 3),
  amountCents:
    index === 0
      ? QUARTERLY.downPaymentCents
      : index === QUARTERLY.installments - 1
        ? QUARTERLY.lastInstallmentCents
        : QUARTERLY.installmentCents,
}));

/** Order 4217's invoice, open (as generateInvoice answers it). */
export function invoiceOf(overrides: Partial<Invoice> = {}): Invoice {
  return {
    invoiceId: 42,
    number: INVOICE_NUMBER,
    submissionId: SUBMISSION_ID,
    orderNumber: SUBMISSION_NUMBER,
    status: 'open',
    orderStatus: 'awaiting_payment',
    orderVersion: 6,
    paymentTerm: { code: QUARTERLY.code, name: QUARTERLY.name },
    premiumCents: quotedCalculation.premiumCents,
    policyFeeCents: quotedCalculation.policyFeeCents,
    taxCents: quotedCalculation.taxCents,
    stateFeeCents: quotedCalculation.stateFeeCents,
    totalCents: quotedCalculation.totalCents,
    amountDueCents: QUARTERLY.downPaymentCents,
    currency: 'USD',
    dueDate: '2026-07-01',
    schedule: quarterlySchedule,
    createdAt: '2026-06-25T10:05:00.000Z',
    paidAt: null,
    lastPaymentFailure: null,
    ...overrides,
  };
}

/** Order 4217's policy as issued once the first payment was through. */
export const policy: PolicyInfo = {
  policyId: 17,
  policyNumber: POLICY_NUMBER,
  submissionId: SUBMISSION_ID,
  orderNumber: SUBMISSION_NUMBER,
  status: 'in_force',
  speciality: { id: 101, name: 'Architects' },
  namedInsured: 'Lovelace Design Studio LLC',
  broker: null,
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
  // Continuous cover reported since then: the prior-acts date.
  retroactiveDate: '2021-09-01',
  limit: { code: '1M/1M', label: '$1,000,000 / $1,000,000', perClaimCents: 100_000_000, aggregateCents: 100_000_000 },
  deductible: { code: '2500', label: '$2,500', amountCents: 250_000 },
  premiumCents: quotedCalculation.premiumCents,
  policyFeeCents: quotedCalculation.policyFeeCents,
  taxCents: quotedCalculation.taxCents,
  stateFeeCents: quotedCalculation.stateFeeCents,
  totalCents: quotedCalculation.totalCents,
  paymentTerm: { code: QUARTERLY.code, name: QUARTERLY.name },
  issuedAt: '2026-06-25T10:10:00.000Z',
  payment: { amountCents: QUARTERLY.downPaymentCents, paidAt: '2026-06-25T10:09:00.000Z', provider: 'sandbox' },
};

/** A summary of order 4217 in `status`, paid by the quarterly plan. */
export function quarterlySummary(status: SubmissionStatus): OrderSummaryDetails {
  const summary = orderSummary(status);
  return { ...summary, order: { ...summary.order, paymentTerm: QUARTERLY.code } };
}

// ---------------------------------------------------------------------------------------------
// Documents

const documentsOf = (policyNumber: string, orderNumber: string, invoiceNumber: string) => [
  {
    kind: 'policy' as const,
    title: 'Policy (declarations and coverage form)',
    filename: `policy-${policyNumber.toLowerCase()}.pdf`,
  },
  {
    kind: 'declarations' as const,
    title: 'Declarations page',
    filename: `declarations-${policyNumber.toLowerCase()}.pdf`,
  },
  { kind: 'binder' as const, title: 'Binder', filename: `binder-${policyNumber.toLowerCase()}.pdf` },
  { kind: 'invoice' as const, title: 'Invoice', filename: `invoice-${invoiceNumber.toLowerCase()}.pdf` },
  { kind: 'ordersummary' as const, title: 'Order summary', filename: `order-summary-${orderNumber.toLowerCase()}.pdf` },
];

/** Ada's two policies, newest first, each with its five documents. */
export const twoPolicies: DocumentList = {
  orders: [
    {
      submissionId: SUBMISSION_ID,
      orderNumber: SUBMISSION_NUMBER,
      policyNumber: POLICY_NUMBER,
      speciality: 'Architects',
      effectiveDate: '2026-07-01',
      expirationDate: '2027-07-01',
      documents: documentsOf(POLICY_NUMBER, SUBMISSION_NUMBER, INVOICE_NUMBER),
    },
    {
      submissionId: EARLIER_ID,
      orderNumber: EARLIER_NUMBER,
      policyNumber: EARLIER_POLICY,
      speciality: 'Engineers',
      effectiveDate: '2025-09-01',
      expirationDate: '2026-09-01',
      documents: documentsOf(EARLIER_POLICY, EARLIER_NUMBER, 'INV-2025-000007'),
    },
  ],
};

const invoiceFile = (number: string) => `invoice-${number.toLowerCase()}.pdf`;

/** The quarterly plan's third instalment, unpaid past its grace: the notice of non-payment is about it. */
export const OVERDUE_INVOICE_ID = 171;
export const OVERDUE_INVOICE_NUMBER = 'INV-2027-000171';
export const NOTICE_FILENAME = `notice-of-non-payment-${POLICY_NUMBER.toLowerCase()}-${OVERDUE_INVOICE_NUMBER.toLowerCase()}.pdf`;

/**
 * Every invoice of Ada's policy P-2026-004217 half-way through its quarterly plan: the first
 * two instalments paid, an endorsement's additional premium paid, the third instalment overdue
 * (under a notice of non-payment), and the fourth not invoiced yet.
 */
export const planInvoices: OrderInvoice[] = [
  {
    id: 42,
    number: INVOICE_NUMBER,
    purpose: 'order',
    description: `Installment 1 of ${quarterlySchedule.length}, with the year’s schedule`,
    totalCents: quarterlySchedule[0]!.amountCents,
    status: 'paid',
    dueDate: quarterlySchedule[0]!.dueDate,
    filename: invoiceFile(INVOICE_NUMBER),
  },
  {
    id: 118,
    number: 'INV-2026-000118',
    purpose: 'instalment',
    description: `Installment 2 of ${quarterlySchedule.length}`,
    totalCents: quarterlySchedule[1]!.amountCents,
    status: 'paid',
    dueDate: quarterlySchedule[1]!.dueDate,
    filename: invoiceFile('INV-2026-000118'),
  },
  {
    id: 160,
    number: 'INV-2026-000160',
    purpose: 'endorsement',
    description: `Endorsement ${POLICY_NUMBER}-E01`,
    totalCents: 31_466,
    status: 'paid',
    dueDate: '2026-11-12',
    filename: invoiceFile('INV-2026-000160'),
  },
  {
    id: OVERDUE_INVOICE_ID,
    number: OVERDUE_INVOICE_NUMBER,
    purpose: 'instalment',
    description: `Installment 3 of ${quarterlySchedule.length}`,
    totalCents: quarterlySchedule[2]!.amountCents,
    status: 'open',
    dueDate: quarterlySchedule[2]!.dueDate,
    filename: invoiceFile(OVERDUE_INVOICE_NUMBER),
  },
];

/** Ada's two policies, this year's with every invoice of its plan and the notice of non-payment sent about one. */
export const severalInvoices: DocumentList = {
  orders: [
    {
      ...twoPolicies.orders[0]!,
      documents: [
        ...twoPolicies.orders[0]!.documents,
        {
          kind: 'nonpaymentnotice',
          title: 'Notice of cancellation for non-payment',
          filename: NOTICE_FILENAME,
          invoiceId: OVERDUE_INVOICE_ID,
        },
      ],
      invoices: planInvoices,
    },
    twoPolicies.orders[1]!,
  ],
};

/** The day the stories' documents list reads each policy's standing by. */
export const DOCUMENTS_TODAY = '2026-12-01';
export const CANCELLED_FROM = '2026-12-15';

/**
 * Ada's policy P-2026-004217 changed once (E01, its limit raised from Oct 1), then cancelled at
 * her request from Dec 15 (E02, the notice of cancellation) with a one-year tail bought (E03);
 * her earlier policy expired. The list says where each stands today.
 */
export const changedAndCancelled: DocumentList = {
  today: DOCUMENTS_TODAY,
  orders: [
    {
      ...twoPolicies.orders[0]!,
      policyId: 17,
      policyStatus: 'cancelled',
      cancellationDate: CANCELLED_FROM,
      documents: [
        ...twoPolicies.orders[0]!.documents,
        {
          kind: 'endorsement',
          title: 'Endorsement (change to the policy)',
          filename: `endorsement-${POLICY_NUMBER.toLowerCase()}-e01.pdf`,
          endorsementId: 301,
          endorsementNumber: `${POLICY_NUMBER}-E01`,
          effectiveDate: '2026-10-01',
        },
        {
          kind: 'cancellationnotice',
          title: 'Notice of cancellation',
          filename: `endorsement-${POLICY_NUMBER.toLowerCase()}-e02.pdf`,
          endorsementId: 305,
          endorsementNumber: `${POLICY_NUMBER}-E02`,
          effectiveDate: CANCELLED_FROM,
        },
        {
          kind: 'tailendorsement',
          title: 'Extended reporting period (tail) endorsement',
          filename: `endorsement-${POLICY_NUMBER.toLowerCase()}-e03.pdf`,
          endorsementId: 306,
          endorsementNumber: `${POLICY_NUMBER}-E03`,
          effectiveDate: CANCELLED_FROM,
        },
      ],
      invoices: planInvoices.slice(0, 3),
    },
    { ...twoPolicies.orders[1]!, policyId: 12, policyStatus: 'expired', cancellationDate: null },
  ],
};

/** Order 4217 paid but its policy not issued yet: only its invoice and order summary so far. */
export const boundOnly: DocumentList = {
  orders: [
    {
      ...twoPolicies.orders[0]!,
      policyNumber: null,
      effectiveDate: null,
      expirationDate: null,
      documents: documentsOf(POLICY_NUMBER, SUBMISSION_NUMBER, INVOICE_NUMBER).filter((entry) =>
        ['invoice', 'ordersummary'].includes(entry.kind),
      ),
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// The application Ada signs before paying

/** Order 4217's application as it stands: Ada's answers, her Houston practice, the quarterly plan. */
export const order4217Application: ApplicationRecord = {
  ...applicationRecord,
  insured: { name: 'Ada Lovelace', company: 'Lovelace Design Studio LLC' },
  practiceAddress: ['1200 Main St, Suite 400', 'Houston, TX 77002'],
  state: 'Texas',
  zipcode: '77002',
  cover: { ...applicationRecord.cover, paymentPlan: QUARTERLY.name, totalCents: quotedCalculation.totalCents },
};

/** Where the address given on the review screen is kept: a new location of Ada's, then the order's. */
export const SUPPLIED_LOCATION_ID = 61;
export const SUPPLIED_CONTACT_ID = 6;

// ---------------------------------------------------------------------------------------------
// The server

type Failure = { status: number; message: string; fields?: Record<string, string>; headers?: Record<string, string> };
type BillingCall =
  | 'summary'
  | 'invoice'
  | 'generateInvoice'
  | 'checkout'
  | 'confirm'
  | 'policy'
  | 'documents'
  | 'download'
  | 'share'
  | 'buyNow'
  | 'saveLocation'
  | 'saveContact'
  | 'upload';

/** The statuses buy now decides, whose summary lists what its checks find missing (as the server's does). */
const CHECKED_STATUSES: readonly SubmissionStatus[] = ['quoted', 'incomplete'];

export interface BillingWorldOptions {
  /** The order's status when the story opens (approved when left out). */
  status?: SubmissionStatus;
  /** The invoice when the story opens; generated by Pay when there is none (an approved order has none). */
  invoice?: Invoice | null;
  /** What each payments/confirm answers, in turn; the last repeats. */
  confirmations?: PaymentConfirmation['outcome'][];
  /** The policy insured/policyinfo answers (404 when null). */
  policy?: PolicyInfo | null;
  /** What documents/list answers. */
  documents?: DocumentList;
  /** These calls never answer. */
  pending?: BillingCall[];
  /** These calls answer this error, every time. */
  failing?: Partial<Record<BillingCall, Failure>>;
  /** The summary loads once, then answers this error (the reload after a refusal fails). */
  summaryFailsAfterFirst?: Failure;
  /** How the order's application stands when the story opens (signed as it stands unless said). */
  application?: ApplicationWorldOptions['start'];
  /** What buy now's checks find missing on a quoted or incomplete order, until it is supplied (nothing unless said). */
  requiredItems?: RequiredItem[];
  /** Where buy now takes a quoted order that lacks nothing (approved unless said): referred or declined. */
  buyNowOutcome?: Exclude<BuyNowResult['outcome'], 'incomplete'>;
}

export interface BillingWorld {
  handlers: HttpHandler[];
  reset: () => void;
  /** What the screen sent, by call, in order. */
  sent: { call: string; body: Record<string, unknown>; idempotencyKey: string | null }[];
  /** The order's application: its signings. */
  application: ApplicationWorld;
}

const MESSAGES: Record<PaymentConfirmation['outcome'], string | null> = {
  paid: null,
  pending: 'We have not received your payment yet.',
  failed: CARD_DECLINED,
};

/** This page with a fragment: "leaving" for the sandbox checkout is a hash change, which jsdom and Storybook both allow. */
export function sandboxCheckoutUrl(sessionId = SESSION_ID): string {
  return `${window.location.href.split('#')[0]}#sandbox-checkout-${sessionId}`;
}

/** Back from the "checkout": the address without its fragment (use in a story's beforeEach). */
export function clearCheckoutHash(): void {
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.href.split('#')[0]);
}

/** Order 4217's billing server: the summary, invoice and status follow every move the screen makes. */
export function billingWorld(options: BillingWorldOptions = {}): BillingWorld {
  const start = options.status ?? 'approved';
  const startInvoice = () =>
    options.invoice === undefined
      ? ['awaiting_payment', 'bound', 'complete'].includes(start)
        ? invoiceOf()
        : null
      : options.invoice;
  const startMissing = () => [
    ...(options.requiredItems ?? (CHECKED_STATUSES.includes(start) ? quarterlySummary(start).requiredItems : [])),
  ];
  let status: SubmissionStatus = start;
  let invoice = startInvoice();
  let confirmations = [...(options.confirmations ?? ['paid'])];
  let summaries = 0;
  let missing = startMissing();
  let suppliedLocations: PlanLocation[] = [];
  let suppliedContact: Contact | null = null;
  let files: FileSummary[] = [];
  let nextFileId = 40;
  const sent: BillingWorld['sent'] = [];
  const pending = new Set(options.pending ?? []);
  const failing = options.failing ?? {};
  const application = applicationWorld({ start: options.application ?? 'signed', record: order4217Application });

  const reset = () => {
    status = start;
    invoice = startInvoice();
    confirmations = [...(options.confirmations ?? ['paid'])];
    summaries = 0;
    missing = startMissing();
    suppliedLocations = [];
    suppliedContact = null;
    files = [];
    nextFileId = 40;
    sent.length = 0;
    application.reset();
    clearCheckoutHash();
  };
  /** The order as it stands: what the checks still find missing on a quoted or incomplete order, and what was supplied. */
  const summaryNow = (): OrderSummaryDetails => {
    const summary = quarterlySummary(status);
    const lacks = (kind: RequiredItem['kind']) => missing.some((item) => item.kind === kind);
    const checked = CHECKED_STATUSES.includes(status);
    return {
      ...summary,
      requiredItems: checked ? missing : summary.requiredItems,
      locations:
        checked && lacks('location') ? [] : suppliedLocations.length > 0 ? suppliedLocations : summary.locations,
      contact:
        checked && lacks('primaryContact')
          ? null
          : suppliedContact
            ? {
                id: suppliedContact.id,
                firstname: suppliedContact.firstname,
                lastname: suppliedContact.lastname,
                email: suppliedContact.email,
                contactnumber: suppliedContact.contactnumber,
              }
            : summary.contact,
      files: [...summary.files, ...files],
    };
  };
  const supply = (kind: RequiredItem['kind']) => {
    missing = missing.filter((item) => item.kind !== kind);
  };
  const refusal = (failure: Failure) => apiError(failure.status, failure.message, failure.fields, failure.headers);
  const gone = () => apiError(404, 'No such submission (or it is not yours)');
  const illegal = () => apiError(409, `The order is ${status}`, { status: `is ${status}` });
  const record = async (call: string, request: Request, body: Record<string, unknown>) => {
    sent.push({ call, body, idempotencyKey: request.headers.get('idempotency-key') });
    return body;
  };
  const json = async (request: Request) => (await request.clone().json()) as Record<string, unknown>;
  const form = async (request: Request) => Object.fromEntries(new URLSearchParams(await request.clone().text()));
  /** Answers `call` as configured (pending, failing), or undefined to go on. */
  const configured = async (call: BillingCall) => {
    if (pending.has(call)) return never();
    const failure = failing[call];
    return failure ? refusal(failure) : undefined;
  };

  const pdf = (filename: string) =>
    new HttpResponse('%PDF-1.7 story\n%%EOF\n', {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${filename}"` },
    });
  const download =
    (kind: (body: Record<string, unknown>) => DocumentKind) =>
    async ({ request }: { request: Request }) => {
      const body = await record('download', request, await json(request));
      const answer = await configured('download');
      if (answer) return answer;
      const order = (options.documents ?? twoPolicies).orders.find(
        (candidate) => candidate.submissionId === Number(body.submissionid),
      );
      const wanted = kind(body);
      // One invoice of the order by its id, or the notice about that instalment, as the server finds them.
      const named = body.invoiceid === undefined ? undefined : Number(body.invoiceid);
      const entry =
        wanted === 'invoice' && named !== undefined
          ? order?.invoices?.find((invoice) => invoice.id === named)
          : order?.documents.find(
              (candidate) =>
                candidate.kind === wanted && (wanted !== 'nonpaymentnotice' || candidate.invoiceId === named),
            );
      return entry ? pdf(entry.filename) : apiError(404, 'No such document');
    };
  const mail =
    (call: string) =>
    async ({ request }: { request: Request }) => {
      const body = await record(call, request, await form(request));
      const answer = await configured('share');
      if (answer) return answer;
      const to = String(body.to ?? '');
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to))
        return apiError(400, 'Invalid body: to must be an e-mail address', { to: 'must be an e-mail address' });
      const queued: MailQueued = {
        queued: true,
        to,
        attachments: [`order-summary-${SUBMISSION_NUMBER.toLowerCase()}.pdf`],
      };
      return HttpResponse.json(queued);
    };

  const handlers: HttpHandler[] = [
    http.get(ORDER_URLS.summary, async ({ request }) => {
      const answer = await configured('summary');
      if (answer) return answer;
      summaries += 1;
      if (options.summaryFailsAfterFirst && summaries > 1) return refusal(options.summaryFailsAfterFirst);
      if (Number(new URL(request.url).searchParams.get('submissionid')) !== SUBMISSION_ID) return gone();
      return HttpResponse.json(summaryNow());
    }),
    // Buy now: what is still missing makes the order incomplete; else the rules approve, refer or decline it.
    http.put(ORDER_URLS.buyNow, async ({ request }) => {
      const body = await record('buyNow', request, await form(request));
      const answer = await configured('buyNow');
      if (answer) return answer;
      if (Number(body.submissionid) !== SUBMISSION_ID) return gone();
      if (!CHECKED_STATUSES.includes(status)) return illegal();
      const outcome: BuyNowResult['outcome'] =
        missing.length > 0 ? 'incomplete' : (options.buyNowOutcome ?? 'approved');
      status = outcome;
      const now = summaryNow();
      const result: BuyNowResult = {
        submissionId: SUBMISSION_ID,
        number: SUBMISSION_NUMBER,
        status,
        version: now.order.version,
        outcome,
        requiredItems: now.requiredItems,
        reasons: now.reasons,
      };
      return HttpResponse.json(result);
    }),
    // The address and the contact the review screen asks for when buy now's checks miss them.
    http.get(QUOTE_URLS.ilfdlfList, () => HttpResponse.json(houston)),
    http.post(ACCOUNT_URLS.saveLocation, async ({ request }) => {
      const body = await record('saveLocation', request, await json(request));
      const answer = await configured('saveLocation');
      if (answer) return answer;
      const location: Location = {
        id: SUPPLIED_LOCATION_ID,
        title: null,
        address1: String(body.address1),
        address2: typeof body.address2 === 'string' ? body.address2 : null,
        city: String(body.city),
        state: String(body.state),
        zipcode: String(body.zipcode),
        isprimary: true,
      };
      return HttpResponse.json(location, { status: 201 });
    }),
    http.post(EDIT_ORDER_ADD_LOCATIONS, async ({ request }) => {
      const body = await record('addLocations', request, await json(request));
      const ids = Array.isArray(body.addLocationsIds) ? body.addLocationsIds.map(Number) : [];
      if (ids.includes(SUPPLIED_LOCATION_ID)) {
        const saved = sent.find((call) => call.call === 'saveLocation')?.body ?? {};
        suppliedLocations = [
          {
            id: 92,
            locationId: SUPPLIED_LOCATION_ID,
            title: null,
            address1: String(saved.address1 ?? ''),
            address2: typeof saved.address2 === 'string' ? saved.address2 : null,
            city: houston.city ?? houston.county,
            state: houston.stateCode,
            zipcode: houston.zipcode,
            isprimary: true,
          },
        ];
        supply('location');
      }
      const now = summaryNow();
      const answer: PlanLocations = {
        submissionId: SUBMISSION_ID,
        number: SUBMISSION_NUMBER,
        status,
        version: now.order.version,
        stateCode: houston.stateCode,
        zipcode: houston.zipcode,
        totalCents: quotedCalculation.totalCents,
        previousTotalCents: quotedCalculation.totalCents,
        rerated: false,
        locations: now.locations,
      };
      return HttpResponse.json(answer);
    }),
    http.post(ACCOUNT_URLS.saveContact, async ({ request }) => {
      const body = await record('saveContact', request, await json(request));
      const answer = await configured('saveContact');
      if (answer) return answer;
      suppliedContact = {
        id: SUPPLIED_CONTACT_ID,
        title: null,
        firstname: String(body.firstname),
        lastname: String(body.lastname),
        email: typeof body.email === 'string' ? body.email : null,
        // Kept in E.164, as the server keeps it.
        contactnumber: `+1${String(body.contactnumber).replace(/\D/g, '').slice(-10)}`,
        isprimary: true,
      };
      supply('primaryContact');
      return HttpResponse.json(suppliedContact, { status: 201 });
    }),
    // Answers and loss runs, as the review screen asks them through the order's own machine.
    http.get(QUOTE_URLS.questions, () => HttpResponse.json(architectQuestions)),
    http.get(QUOTE_URLS.applicationQuestions, () => HttpResponse.json(applicationQuestions)),
    ...[ORDER_URLS.saveAnswers, ORDER_URLS.saveApplicationAnswers].map((url) =>
      http.post(url, async ({ request }) => {
        const { answers } = (await request.clone().json()) as { answers: Record<string, unknown> };
        await record('saveAnswers', request, answers);
        missing = missing.filter((item) => !(item.field && item.field in answers));
        const { order } = summaryNow();
        return HttpResponse.json({
          submissionId: SUBMISSION_ID,
          number: SUBMISSION_NUMBER,
          status: order.status,
          version: order.version,
          answers,
          rating: null,
          needs: {},
        });
      }),
    ),
    http.post(ORDER_URLS.upload, async ({ request }) => {
      const body = await request.formData();
      const chosen = body.getAll('files').filter((part): part is File => typeof part !== 'string');
      sent.push({
        call: 'upload',
        body: {
          module: String(body.get('module')),
          moduleid: String(body.get('moduleid')),
          files: chosen.map((file) => file.name),
        },
        idempotencyKey: request.headers.get('idempotency-key'),
      });
      const answer = await configured('upload');
      if (answer) return answer;
      const stored: FileSummary[] = chosen.map((file) => ({
        id: nextFileId++,
        module: 'submission',
        moduleId: SUBMISSION_ID,
        filename: file.name,
        mime: file.type || 'application/pdf',
        size: file.size,
        uploadedAt: '2026-06-26T10:00:00.000Z',
        uploadedBy: 'insured',
      }));
      // As the server does: a file on the order supplies the documents it was missing.
      files = [...files, ...stored];
      supply('document');
      return HttpResponse.json(stored, { status: 201 });
    }),
    ...application.handlers,
    http.get(BILLING_URLS.invoice, async () => {
      const answer = await configured('invoice');
      if (answer) return answer;
      return invoice ? HttpResponse.json(invoice) : apiError(404, `Order ${SUBMISSION_NUMBER} has no invoice yet`);
    }),
    http.post(BILLING_URLS.generateInvoice, async ({ request }) => {
      await record('generateInvoice', request, await json(request));
      const answer = await configured('generateInvoice');
      if (answer) return answer;
      if (status === 'approved') {
        status = 'awaiting_payment';
        invoice = invoiceOf();
      }
      return invoice ? HttpResponse.json(invoice) : illegal();
    }),
    http.post(BILLING_URLS.checkout, async ({ request }) => {
      await record('checkout', request, await json(request));
      const answer = await configured('checkout');
      if (answer) return answer;
      if (status !== 'awaiting_payment' || invoice?.status !== 'open') return illegal();
      const checkout: Checkout = {
        submissionId: SUBMISSION_ID,
        invoiceId: invoice.invoiceId,
        provider: 'sandbox',
        sessionId: SESSION_ID,
        url: sandboxCheckoutUrl(),
        amountCents: invoice.amountDueCents,
      };
      return HttpResponse.json(checkout);
    }),
    http.post(BILLING_URLS.confirm, async ({ request }) => {
      await record('confirm', request, await json(request));
      const answer = await configured('confirm');
      if (answer) return answer;
      const outcome = confirmations.length > 1 ? confirmations.shift()! : confirmations[0]!;
      if (outcome === 'paid') {
        status = 'complete';
        // The invoice is paid with it: the receipt reads it back.
        invoice = invoice && { ...invoice, status: 'paid', orderStatus: 'complete', paidAt: PAID_AT };
      }
      const confirmation: PaymentConfirmation = {
        submissionId: SUBMISSION_ID,
        outcome,
        orderStatus: status,
        message: MESSAGES[outcome],
        policyNumber: outcome === 'paid' ? POLICY_NUMBER : null,
      };
      return HttpResponse.json(confirmation);
    }),
    http.get(BILLING_URLS.policy, async () => {
      const answer = await configured('policy');
      if (answer) return answer;
      const issued = options.policy === undefined ? policy : options.policy;
      return issued ? HttpResponse.json(issued) : apiError(404, `Order ${SUBMISSION_NUMBER} has no policy yet`);
    }),
    http.get(BILLING_URLS.documents, async () => {
      const answer = await configured('documents');
      if (answer) return answer;
      return HttpResponse.json(options.documents ?? twoPolicies);
    }),
    http.post(
      BILLING_URLS.downloadPolicy,
      download((body) => (body.documentType === 'declarations' ? 'declarations' : 'policy')),
    ),
    http.post(
      BILLING_URLS.downloadBinder,
      download(() => 'binder'),
    ),
    http.post(
      BILLING_URLS.downloadInvoice,
      download(() => 'invoice'),
    ),
    http.post(
      BILLING_URLS.downloadOrderSummary,
      download(() => 'ordersummary'),
    ),
    http.post(
      BILLING_URLS.downloadNotice,
      download(() => 'nonpaymentnotice'),
    ),
    // An endorsement's PDF (a change, the cancellation's notice, a tail), by its endorsementid alone.
    http.post(BILLING_URLS.downloadEndorsement, async ({ request }) => {
      const body = await record('download', request, await json(request));
      const answer = await configured('download');
      if (answer) return answer;
      const entry = (options.documents ?? twoPolicies).orders
        .flatMap((order) => order.documents)
        .find((candidate) => candidate.endorsementId === Number(body.endorsementid));
      return entry ? pdf(entry.filename) : apiError(404, 'No such endorsement document');
    }),
    http.post(BILLING_URLS.shareOrderSummary, mail('shareOrderSummary')),
    http.post(BILLING_URLS.mailConfirmation, mail('mailConfirmation')),
  ];
  return { handlers, reset, sent, application };
}

/** A story's billing server and Ada's session: its handlers, and its reset as the story's beforeEach. */
export function servedBilling(options: BillingWorldOptions = {}) {
  const world = billingWorld(options);
  return {
    world,
    story: {
      parameters: { msw: { handlers: [...authHandlers(), ...world.handlers] } },
      beforeEach: world.reset,
    },
  };
}
