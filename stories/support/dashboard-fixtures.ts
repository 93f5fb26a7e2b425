import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { AdditionalInsured, SaveAdditionalInsuredRequest } from '@shared/contract/additional-insureds';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import type { FeedbackRequest } from '@shared/contract/feedback';
import type { UsState } from '@shared/contract/lists';
import { quotedCalculation, SUBMISSION_ID, SUBMISSION_NUMBER } from './quote-fixtures';

/**
 * The insured's account as the server answers it, for Ada (stories/support/auth-fixtures.ts):
 * her orders on the dashboard (the quoted one is the order the quote stories save, at the same
 * price), her feedback, and the additional insureds of two orders: one still open (4217, the list
 * may change) and one complete (5120, certificates can be downloaded).
 */

export const DASHBOARD_URLS = {
  submissionDetails: '*/api/weborder/dashboard/submissiondetails',
  existingOpenOrder: '*/api/weborder/insured/existingopenorder',
  feedback: '*/api/weborder/insured/feedback',
  additionalInsureds: '*/api/weborder/insured/additionalinsureds',
  saveAdditionalInsured: '*/api/weborder/insured/saveupdateadditionalinsured',
  deleteAdditionalInsured: '*/api/weborder/insured/deleteadditionalinsured',
  certificate: '*/api/weborder/documents/certificateofinsurance',
  stateList: '*/api/weborder/insured/stateList',
} as const;

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

// ---------------------------------------------------------------------------------------------
// Orders

/** The order the quote stories save: quoted, ready to buy, the newest change. */
export const quotedOrder: SubmissionSummary = {
  submissionId: SUBMISSION_ID,
  number: SUBMISSION_NUMBER,
  speciality: { id: 101, name: 'Architects' },
  status: 'quoted',
  totalCents: quotedCalculation.totalCents,
  stateCode: 'TX',
  effectiveDate: '2026-07-01',
  updatedAt: '2026-06-12T15:04:00.000Z',
  open: true,
  nextStep: { action: 'buy', label: 'Review and buy', screen: 'order' },
};

/** A quote started and left before pricing. */
export const draftOrder: SubmissionSummary = {
  submissionId: 4302,
  number: 'Q-2026-004302',
  speciality: { id: 102, name: 'Engineers' },
  status: 'draft',
  totalCents: null,
  stateCode: null,
  effectiveDate: null,
  updatedAt: '2026-06-10T09:30:00.000Z',
  open: true,
  nextStep: { action: 'answer', label: 'Answer the remaining questions', screen: 'questionlist' },
};

/** Last year's policy, issued: certificates can be downloaded for its additional insureds. */
export const completeOrder: SubmissionSummary = {
  submissionId: 5120,
  number: 'Q-2025-005120',
  speciality: { id: 101, name: 'Architects' },
  status: 'complete',
  totalCents: 298_870,
  stateCode: 'TX',
  effectiveDate: '2025-09-01',
  updatedAt: '2025-09-02T11:00:00.000Z',
  open: false,
  nextStep: { action: 'documents', label: 'Download your documents', screen: 'document' },
};

export const declinedOrder: SubmissionSummary = {
  submissionId: 3999,
  number: 'Q-2025-003999',
  speciality: { id: 103, name: 'Accountants' },
  status: 'declined',
  totalCents: 154_000,
  stateCode: 'CA',
  effectiveDate: '2025-05-01',
  updatedAt: '2025-04-20T08:00:00.000Z',
  open: false,
  nextStep: { action: 'none', label: 'This order was declined', screen: null },
};

/** Newest change first, as the server orders them. */
export const adaOrders: SubmissionSummary[] = [quotedOrder, draftOrder, completeOrder, declinedOrder];

/** dashboard/submissiondetails and insured/existingopenorder, answering `orders` and `openOrder`. */
export function dashboardHandlers({
  orders = adaOrders,
  openOrder = orders.find((order) => order.open) ?? null,
}: { orders?: SubmissionSummary[]; openOrder?: SubmissionSummary | null } = {}): HttpHandler[] {
  return [
    http.get(DASHBOARD_URLS.submissionDetails, () => HttpResponse.json(orders)),
    http.get(DASHBOARD_URLS.existingOpenOrder, () => HttpResponse.json({ order: openOrder })),
    // Issue 20: no policy paid by instalments (the payment-plan card shows nothing).
    http.get('*/api/weborder/insured/instalments', () => HttpResponse.json([])),
    // Issue 20: no renewal offered (the renewal card shows nothing).
    http.get('*/api/weborder/insured/renewals', () => HttpResponse.json([])),
  ];
}

/** The orders never come: the dashboard stays on "Loading". */
export function pendingDashboardHandlers(): HttpHandler[] {
  return [http.get(DASHBOARD_URLS.submissionDetails, never), ...dashboardHandlers()];
}

export const ORDERS_DOWN_MESSAGE = 'The order service is unavailable.';

/**
 * The order list fails the first time (the API's JSON 503) and answers after that: a Try again
 * that works. Call `reset` in the story's beforeEach so every showing starts with the failure.
 */
export function failingOnceDashboardHandlers() {
  let failed = false;
  return {
    handlers: [
      http.get(DASHBOARD_URLS.submissionDetails, () => {
        if (failed) return undefined;
        failed = true;
        return apiError(503, ORDERS_DOWN_MESSAGE);
      }),
      ...dashboardHandlers(),
    ],
    reset: () => {
      failed = false;
    },
  };
}

/** insured/existingopenorder fails; the list answers. */
export function openOrderFailingHandlers(): HttpHandler[] {
  return [
    http.get(DASHBOARD_URLS.existingOpenOrder, () => apiError(500, 'Database unavailable')),
    ...dashboardHandlers(),
  ];
}

// ---------------------------------------------------------------------------------------------
// Feedback

/** What the mock server was sent, in order: each body with its Idempotency-Key. */
export const feedbackReceived: { body: FeedbackRequest; idempotencyKey: string | null }[] = [];

/**
 * POST insured/feedback as the server answers it: a 400 naming the field for a rating outside
 * 1–5 or an empty message, and without an Idempotency-Key; 201 otherwise. `refuse` answers the
 * given 400 instead; `failFirst` answers a 503 to the first attempt (its answer "lost").
 */
export function feedbackHandlers(
  options: {
    refuse?: { message: string; fields: Record<string, string> };
    failFirst?: boolean;
    pending?: boolean;
  } = {},
) {
  let attempts = 0;
  return {
    handlers: [
      http.post(DASHBOARD_URLS.feedback, async ({ request }) => {
        if (options.pending) return never();
        const body = (await request.json()) as FeedbackRequest;
        const idempotencyKey = request.headers.get('idempotency-key');
        feedbackReceived.push({ body, idempotencyKey });
        attempts++;
        if (!idempotencyKey)
          return apiError(400, 'An Idempotency-Key header is required', { 'Idempotency-Key': 'is required' });
        if (options.failFirst && attempts === 1)
          return apiError(503, 'The feedback service is busy. Please try again.');
        if (options.refuse) return apiError(400, options.refuse.message, options.refuse.fields);
        const fields: Record<string, string> = {};
        if (!Number.isInteger(body.rating) || body.rating < 1 || body.rating > 5) fields.rating = 'must be 1 to 5';
        if (!body.message?.trim()) fields.message = 'is required';
        if (Object.keys(fields).length > 0) return apiError(400, 'Please check your feedback.', fields);
        return HttpResponse.json({ id: 90 + attempts, createdAt: '2026-06-12T15:10:00.000Z' }, { status: 201 });
      }),
    ],
    reset: () => {
      attempts = 0;
      feedbackReceived.length = 0;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Additional insureds

export const landlord: AdditionalInsured = {
  id: 61,
  submissionId: SUBMISSION_ID,
  name: 'Bayou Properties LLC',
  relationship: 'Landlord',
  email: 'leasing@bayouproperties.example',
  address1: '1200 Smith Street',
  address2: 'Suite 400',
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
};

export const client: AdditionalInsured = {
  id: 62,
  submissionId: SUBMISSION_ID,
  name: 'Harris County Library District',
  relationship: 'Client',
  email: null,
  address1: null,
  address2: null,
  city: null,
  state: null,
  zipcode: null,
};

export const lender: AdditionalInsured = {
  id: 71,
  submissionId: completeOrder.submissionId,
  name: 'Gulf Coast Bank',
  relationship: 'Lender',
  email: 'loans@gulfcoastbank.example',
  address1: '500 Main Street',
  address2: null,
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
};

/** GET insured/stateList, shortened to the states the stories use. */
export const usStates: UsState[] = [
  { code: 'CA', name: 'California', offered: true },
  { code: 'NY', name: 'New York', offered: true },
  { code: 'TX', name: 'Texas', offered: true },
];

/** ZIP prefixes the mock server knows, by state: enough to refuse a ZIP in the wrong state. */
const zipStates: Record<string, string> = { '77': 'TX', '75': 'TX', '10': 'NY', '90': 'CA' };

/** The PDF the certificate call answers (a real, tiny one), and its file name. */
export const CERTIFICATE_FILE_NAME = 'certificate-p-2025-000311-gulf-coast-bank.pdf';
const certificatePdf =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

export interface AdditionalInsuredsServer {
  handlers: HttpHandler[];
  /** Puts the lists back as they started (call it in the story's beforeEach). */
  reset: () => void;
  /** What was asked of the certificate call: one entry per request. */
  certificateRequests: { submissionid: number; additionalinsuredid: number }[];
}

/**
 * The additional insureds of Ada's orders, kept in memory like the server keeps them: 4217 is
 * quoted (its list may change; no certificates yet), 5120 is complete (its list is frozen; a
 * certificate can be downloaded for each one). Creates need an Idempotency-Key and the server's
 * address rule applies (all of street, city, state and ZIP once any is given; the ZIP in the
 * state). `refuseDelete` answers deletes with a 409; `refuseCertificate` the certificate call.
 */
export function additionalInsuredsServer(
  options: {
    initial?: AdditionalInsured[];
    refuseDelete?: string;
    refuseCertificate?: string;
    pendingList?: boolean;
    failListOnce?: boolean;
  } = {},
): AdditionalInsuredsServer {
  const initial = options.initial ?? [landlord, client, lender];
  let records = [...initial];
  let nextId = 80;
  let listFailed = false;
  const orders = new Map([
    [SUBMISSION_ID, { number: SUBMISSION_NUMBER, status: 'quoted', editable: true, certificatesAvailable: false }],
    [
      completeOrder.submissionId,
      { number: completeOrder.number, status: 'complete', editable: false, certificatesAvailable: true },
    ],
  ]);
  const certificateRequests: AdditionalInsuredsServer['certificateRequests'] = [];

  const handlers: HttpHandler[] = [
    http.get(DASHBOARD_URLS.stateList, () => HttpResponse.json(usStates)),
    http.get(DASHBOARD_URLS.additionalInsureds, async ({ request }) => {
      if (options.pendingList) return never();
      if (options.failListOnce && !listFailed) {
        listFailed = true;
        return apiError(500, 'The database is unavailable.');
      }
      const submissionId = Number(new URL(request.url).searchParams.get('submissionid'));
      const order = orders.get(submissionId);
      if (!order) return apiError(404, 'No such order (or it is not yours).');
      return HttpResponse.json({
        submissionId,
        ...order,
        additionalInsureds: records.filter((record) => record.submissionId === submissionId),
      });
    }),
    http.post(DASHBOARD_URLS.saveAdditionalInsured, async ({ request }) => {
      const body = (await request.json()) as SaveAdditionalInsuredRequest;
      const order = orders.get(body.submissionId);
      if (!order) return apiError(404, 'No such order (or it is not yours).');
      if (!order.editable)
        return apiError(409, `The order is ${order.status}: its additional insureds can no longer change.`, {
          status: order.status,
        });
      const creating = body.id === undefined || body.id === null;
      if (creating && !request.headers.get('idempotency-key')) {
        return apiError(400, 'An Idempotency-Key header is required', { 'Idempotency-Key': 'is required' });
      }
      const text = (value: string | null | undefined) => (value ?? '').trim() || null;
      const fields: Record<string, string> = {};
      if (!text(body.name)) fields.name = 'is required';
      const address = {
        address1: text(body.address1),
        address2: text(body.address2),
        city: text(body.city),
        state: text(body.state),
        zipcode: text(body.zipcode),
      };
      if (Object.values(address).some(Boolean)) {
        for (const part of ['address1', 'city', 'state', 'zipcode'] as const)
          if (!address[part]) fields[part] = 'is required with an address';
        if (address.zipcode && address.state && zipStates[address.zipcode.slice(0, 2)] !== address.state) {
          fields.zipcode = `is not in ${address.state}`;
        }
      }
      if (Object.keys(fields).length > 0)
        return apiError(400, 'Please check the additional insured’s details.', fields);
      const saved: AdditionalInsured = {
        id: creating ? nextId++ : Number(body.id),
        submissionId: body.submissionId,
        name: text(body.name)!,
        relationship: text(body.relationship),
        email: text(body.email),
        ...address,
      };
      if (creating) {
        records.push(saved);
        return HttpResponse.json(saved, { status: 201 });
      }
      if (!records.some((record) => record.id === saved.id)) return apiError(404, 'No such additional insured.');
      records = records.map((record) => (record.id === saved.id ? saved : record));
      return HttpResponse.json(saved);
    }),
    http.delete(DASHBOARD_URLS.deleteAdditionalInsured, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      if (options.refuseDelete) return apiError(409, options.refuseDelete, { status: 'bound' });
      if (!records.some((record) => record.id === id)) return apiError(404, 'No such additional insured.');
      records = records.filter((record) => record.id !== id);
      return HttpResponse.json({ deletedId: id, primaryId: null });
    }),
    http.post(DASHBOARD_URLS.certificate, async ({ request }) => {
      const body = (await request.json()) as { submissionid: number; additionalinsuredid: number };
      certificateRequests.push(body);
      if (options.refuseCertificate) return apiError(409, options.refuseCertificate, { status: 'quoted' });
      return new HttpResponse(certificatePdf, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${CERTIFICATE_FILE_NAME}"`,
        },
      });
    }),
  ];
  return {
    handlers,
    certificateRequests,
    reset: () => {
      records = [...initial];
      nextId = 80;
      listFailed = false;
      certificateRequests.length = 0;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// jsdom

/** The files a story's screen handed to the browser's downloads. */
export const downloads: { fileName: string; type: string; size: number }[] = [];

/**
 * Catches downloads (a link with `download` clicked) instead of saving them, and records each
 * file's name, type and size. jsdom has no object URLs, so they are provided for the story. Use it
 * as a beforeEach: it returns the cleanup.
 */
export function captureDownloads(): () => void {
  downloads.length = 0;
  const files = new Map<string, Blob>();
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  let count = 0;
  URL.createObjectURL = (file: Blob | MediaSource) => {
    const url = `blob:story/${++count}`;
    files.set(url, file as Blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    files.delete(url);
  };
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[download]');
    if (!(link instanceof HTMLAnchorElement)) return;
    event.preventDefault();
    const file = files.get(link.href);
    downloads.push({ fileName: link.download, type: file?.type ?? '', size: file?.size ?? 0 });
  };
  document.addEventListener('click', onClick, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  };
}
