import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { Checkout, Installment, Invoice, PaymentConfirmation, PolicyInfo } from '@/api/contract/billing';
import type { DocumentKind, DocumentList, MailQueued } from '@/api/contract/documents';
import type { OrderSummaryDetails } from '@/api/contract/lifecycle';
import type { SubmissionStatus } from '@/api/contract/submissions';
import { authHandlers } from './auth-fixtures';
import { ORDER_URLS, orderSummary, SUBMISSION_ID, SUBMISSION_NUMBER } from './order-status-fixtures';
import { quotedCalculation } from './quote-fixtures';

/**
 * Paying for Ada's order 4217 and the documents it brings (src/api/billing.ts,
 * src/api/documents.ts): its invoice, the hosted checkout (a sandbox whose address is this page
 * with a #fragment, so that leaving for it is a hash change the story can see, in Storybook and
 * jsdom alike), the confirmation, the policy as issued, and every document of Ada's two policies.
 * Each story makes its own world (`billingWorld`) and resets it in its beforeEach.
 */

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
  shareOrderSummary: '*/api/weborder/documents/shareOrderSummary',
  mailConfirmation: '*/api/weborder/emailtemplate/sendemailwithorderconfirmation',
} as const;

export { SUBMISSION_ID, SUBMISSION_NUMBER };

export const SESSION_ID = 'cs_sandbox_4217aa01';
export const INVOICE_NUMBER = 'INV-2026-000042';
export const POLICY_NUMBER = 'P-2026-004217';
export const CARD_DECLINED = 'Your card was declined.';

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
  amountCents: index === 0 ? QUARTERLY.downPaymentCents : index === QUARTERLY.installments - 1 ? QUARTERLY.lastInstallmentCents : QUARTERLY.installmentCents,
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
  status: 'issued',
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
  { kind: 'policy' as const, title: 'Policy (declarations and coverage form)', filename: `policy-${policyNumber.toLowerCase()}.pdf` },
  { kind: 'declarations' as const, title: 'Declarations page', filename: `declarations-${policyNumber.toLowerCase()}.pdf` },
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

/** Order 4217 paid but its policy not issued yet: only its invoice and order summary so far. */
export const boundOnly: DocumentList = {
  orders: [
    {
      ...twoPolicies.orders[0]!,
      policyNumber: null,
      effectiveDate: null,
      expirationDate: null,
      documents: documentsOf(POLICY_NUMBER, SUBMISSION_NUMBER, INVOICE_NUMBER).filter((entry) => ['invoice', 'ordersummary'].includes(entry.kind)),
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// The server

type Failure = { status: number; message: string; fields?: Record<string, string>; headers?: Record<string, string> };
type BillingCall = 'summary' | 'invoice' | 'generateInvoice' | 'checkout' | 'confirm' | 'policy' | 'documents' | 'download' | 'share';

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
}

export interface BillingWorld {
  handlers: HttpHandler[];
  reset: () => void;
  /** What the screen sent, by call, in order. */
  sent: { call: string; body: Record<string, unknown>; idempotencyKey: string | null }[];
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
  const startInvoice = () => (options.invoice === undefined ? (['awaiting_payment', 'bound', 'complete'].includes(start) ? invoiceOf() : null) : options.invoice);
  let status: SubmissionStatus = start;
  let invoice = startInvoice();
  let confirmations = [...(options.confirmations ?? ['paid'])];
  let summaries = 0;
  const sent: BillingWorld['sent'] = [];
  const pending = new Set(options.pending ?? []);
  const failing = options.failing ?? {};

  const reset = () => {
    status = start;
    invoice = startInvoice();
    confirmations = [...(options.confirmations ?? ['paid'])];
    summaries = 0;
    sent.length = 0;
    clearCheckoutHash();
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
  const download = (kind: (body: Record<string, unknown>) => DocumentKind) => async ({ request }: { request: Request }) => {
    const body = await record('download', request, await json(request));
    const answer = await configured('download');
    if (answer) return answer;
    const entry = (options.documents ?? twoPolicies).orders
      .find((order) => order.submissionId === Number(body.submissionid))
      ?.documents.find((candidate) => candidate.kind === kind(body));
    return entry ? pdf(entry.filename) : apiError(404, 'No such document');
  };
  const mail = (call: string) => async ({ request }: { request: Request }) => {
    const body = await record(call, request, await form(request));
    const answer = await configured('share');
    if (answer) return answer;
    const to = String(body.to ?? '');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to)) return apiError(400, 'Invalid body: to must be an e-mail address', { to: 'must be an e-mail address' });
    const queued: MailQueued = { queued: true, to, attachments: [`order-summary-${SUBMISSION_NUMBER.toLowerCase()}.pdf`] };
    return HttpResponse.json(queued);
  };

  const handlers: HttpHandler[] = [
    http.get(ORDER_URLS.summary, async ({ request }) => {
      const answer = await configured('summary');
      if (answer) return answer;
      summaries += 1;
      if (options.summaryFailsAfterFirst && summaries > 1) return refusal(options.summaryFailsAfterFirst);
      if (Number(new URL(request.url).searchParams.get('submissionid')) !== SUBMISSION_ID) return gone();
      return HttpResponse.json(quarterlySummary(status));
    }),
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
      if (outcome === 'paid') status = 'complete';
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
    http.post(BILLING_URLS.downloadPolicy, download((body) => (body.documentType === 'declarations' ? 'declarations' : 'policy'))),
    http.post(BILLING_URLS.downloadBinder, download(() => 'binder')),
    http.post(BILLING_URLS.downloadInvoice, download(() => 'invoice')),
    http.post(BILLING_URLS.downloadOrderSummary, download(() => 'ordersummary')),
    http.post(BILLING_URLS.shareOrderSummary, mail('shareOrderSummary')),
    http.post(BILLING_URLS.mailConfirmation, mail('mailConfirmation')),
  ];
  return { handlers, reset, sent };
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
