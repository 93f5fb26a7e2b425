import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import type { FileSummary } from '@shared/contract/files';
import type { BuyNowResult, OrderSummaryDetails, ReferralReason, RequiredItem } from '@shared/contract/lifecycle';
import type { HistoryEntry, SubmissionStatus } from '@shared/contract/submissions';
import { isOpenStatus, statusScreen } from '@shared/lifecycle/order-lifecycle.machine';
import { authHandlers } from './auth-fixtures';
import { DASHBOARD_URLS } from './dashboard-fixtures';
import {
  applicationQuestions,
  architectQuestions,
  orderDetails,
  QUOTE_URLS,
  SUBMISSION_ID,
  SUBMISSION_NUMBER,
} from './quote-fixtures';

/**
 * Ada's order 4217 (the quote the quote stories save) in every status of its life, as
 * dashboard/ordersummarydetails answers it, and a small server for the moves the order screens
 * make: buy now, resubmit, close as lost, and files uploaded and downloaded. Each story makes its
 * own world (`orderWorld`) and resets it in its beforeEach, so every showing starts the same.
 */

export const ORDER_URLS = {
  summary: '*/api/weborder/dashboard/ordersummarydetails',
  buyNow: '*/api/weborder/insured/buynow',
  resubmit: '*/api/weborder/insured/resubmit',
  closeLost: '*/api/weborder/insured/sendtocloselost',
  upload: '*/api/weborder/files/uploadfilebymodule',
  saveAnswers: '*/api/weborder/questions/save/:id',
  saveApplicationAnswers: '*/api/weborder/dataacquisition/savesubmissionanswers/:id',
  download: '*/api/weborder/files/download/:id',
} as const;

export { SUBMISSION_ID, SUBMISSION_NUMBER };

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

// ---------------------------------------------------------------------------------------------
// The order's parts

/** An architects' question left unanswered (the speciality's set), and one of the application's. */
export const projectTypeItem: RequiredItem = {
  kind: 'answer',
  code: 'answer:arc_project_type',
  label: 'Answer “What kind of projects make up most of your fees?”',
  screen: 'incomplete-order',
  field: 'arc_project_type',
};
export const yearsItem: RequiredItem = {
  kind: 'answer',
  code: 'answer:years_in_practice',
  label: 'Answer “How many years have you been in practice?”',
  screen: 'incomplete-order',
  field: 'years_in_practice',
};

export const lossRunsItem: RequiredItem = {
  kind: 'document',
  code: 'document:loss_runs',
  label: 'Upload loss runs for the last five years',
  screen: 'incomplete-order',
  field: null,
};
export const locationItem: RequiredItem = {
  kind: 'location',
  code: 'location',
  label: 'Add at least one location to your order',
  screen: 'editorder',
  field: null,
};
export const contactItem: RequiredItem = {
  kind: 'primaryContact',
  code: 'primaryContact',
  label: 'Choose a primary contact',
  screen: 'contacts',
  field: null,
};

export const priorClaims: ReferralReason = {
  code: 'prior_claims',
  label: 'You reported claims in the last five years',
  detail: '2 claims',
};
export const aboveAuthority: ReferralReason = {
  code: 'premium_above_authority',
  label: 'The premium is above what we can approve online',
  detail: '$3,123.45 against $2,500.00',
};
export const knockout: ReferralReason = {
  code: 'knockout_answer',
  label: 'We do not cover practices whose licence was revoked',
  detail: 'license_revoked = Yes',
};

export const INFO_REQUEST_MESSAGE =
  'Please send your loss runs for the last five years, and tell us about the 2024 claim.';

export const lossRunsFile: FileSummary = {
  id: 31,
  module: 'submission',
  moduleId: SUBMISSION_ID,
  filename: 'loss-runs-2021-2025.pdf',
  mime: 'application/pdf',
  size: 48_213,
  uploadedAt: '2026-06-26T09:12:00.000Z',
  uploadedBy: 'insured',
};
export const claimLetterFile: FileSummary = {
  id: 32,
  module: 'submission',
  moduleId: SUBMISSION_ID,
  filename: 'claim-2024-closing-letter.docx',
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 1_468_006,
  uploadedAt: '2026-06-26T09:14:00.000Z',
  uploadedBy: 'insured',
};

const move = (
  id: number,
  event: string,
  actor: HistoryEntry['actor'],
  from: SubmissionStatus | null,
  to: SubmissionStatus,
  at: string,
  extra: Partial<HistoryEntry> = {},
): HistoryEntry => ({
  id,
  event,
  actor,
  actorName: actor === 'insured' ? 'Ada Lovelace' : actor === 'underwriter' ? 'Uma Reyes' : null,
  fromStatus: from,
  toStatus: to,
  reason: null,
  at,
  ...extra,
});

/** The history behind each status, oldest first. */
const histories: Partial<Record<SubmissionStatus, HistoryEntry[]>> = {};
const quotedAt = [move(1, 'quote', 'insured', null, 'quoted', '2026-06-24T15:02:11.000Z')];
const boughtAt = [...quotedAt, move(2, 'order.buyNow', 'insured', 'quoted', 'checks', '2026-06-25T10:00:00.000Z')];
histories.quoted = quotedAt;
histories.incomplete = [
  ...boughtAt,
  move(3, 'order.requireItems', 'system', 'checks', 'incomplete', '2026-06-25T10:00:01.000Z'),
];
histories.underwriter_review = [
  ...boughtAt,
  move(3, 'order.refer', 'system', 'checks', 'underwriter_review', '2026-06-25T10:00:01.000Z'),
];
histories.missing_info = [
  ...histories.underwriter_review,
  move(4, 'order.requestInfo', 'underwriter', 'underwriter_review', 'missing_info', '2026-06-25T14:30:00.000Z', {
    reason: INFO_REQUEST_MESSAGE,
  }),
];
histories.application_under_review = [
  ...histories.missing_info,
  move(5, 'order.resubmit', 'insured', 'missing_info', 'application_under_review', '2026-06-26T09:20:00.000Z', {
    reason: 'Loss runs attached; the 2024 claim closed without payment.',
  }),
];
histories.approved = [
  ...boughtAt,
  move(3, 'order.approve', 'system', 'checks', 'approved', '2026-06-25T10:00:01.000Z'),
];
histories.declined = [
  ...boughtAt,
  move(3, 'order.decline', 'system', 'checks', 'declined', '2026-06-25T10:00:01.000Z'),
];
histories.bound = [
  ...histories.approved,
  move(4, 'order.generateInvoice', 'insured', 'approved', 'awaiting_payment', '2026-06-25T10:05:00.000Z'),
  move(5, 'order.paymentSucceeded', 'system', 'awaiting_payment', 'bound', '2026-06-25T10:09:00.000Z'),
];
histories.complete = [
  ...histories.bound,
  move(6, 'order.issueDocuments', 'system', 'bound', 'complete', '2026-06-25T10:10:00.000Z'),
];
histories.close_lost = [
  ...quotedAt,
  move(2, 'order.sendToCloseLost', 'insured', 'quoted', 'close_lost', '2026-06-25T10:00:00.000Z', {
    reason: 'price: Too dear for a first year',
  }),
];

/** What each status brings with it: what is missing, why it was referred, the request, the decision, the files. */
function partsFor(status: SubmissionStatus): Partial<OrderSummaryDetails> {
  switch (status) {
    case 'incomplete':
      return { requiredItems: [locationItem, lossRunsItem] };
    case 'underwriter_review':
      return { reasons: [priorClaims, aboveAuthority] };
    case 'missing_info':
      return {
        reasons: [priorClaims],
        infoRequest: {
          message: INFO_REQUEST_MESSAGE,
          requestedAt: '2026-06-25T14:30:00.000Z',
          requestedBy: 'Uma Reyes',
        },
      };
    case 'application_under_review':
      return {
        reasons: [priorClaims],
        infoRequest: {
          message: INFO_REQUEST_MESSAGE,
          requestedAt: '2026-06-25T14:30:00.000Z',
          requestedBy: 'Uma Reyes',
        },
        files: [lossRunsFile, claimLetterFile],
      };
    case 'approved':
      return {
        decision: { kind: 'approved', reason: null, adjustmentBps: 0, at: '2026-06-25T10:00:01.000Z', by: null },
      };
    case 'declined':
      return {
        reasons: [knockout],
        decision: { kind: 'declined', reason: null, adjustmentBps: 0, at: '2026-06-25T10:00:01.000Z', by: null },
      };
    case 'bound':
    case 'complete':
      return {
        decision: { kind: 'approved', reason: null, adjustmentBps: 0, at: '2026-06-25T10:00:01.000Z', by: null },
      };
    default:
      return {};
  }
}

/** The summary of order 4217 in `status`. */
export function orderSummary(
  status: SubmissionStatus,
  overrides: Partial<OrderSummaryDetails> = {},
): OrderSummaryDetails {
  return {
    order: { ...orderDetails, status, version: (histories[status]?.length ?? 1) + 1, history: histories[status] ?? [] },
    locations: [
      {
        id: 91,
        locationId: 12,
        title: 'Houston office',
        address1: '1200 Main St',
        address2: 'Suite 400',
        city: 'Houston',
        state: 'TX',
        zipcode: '77002',
        isprimary: true,
      },
    ],
    contact: { id: 5, firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', contactnumber: '+15125550142' },
    requiredItems: [],
    reasons: [],
    infoRequest: null,
    decision: null,
    files: [],
    canCloseLost: isOpenStatus(status),
    ...partsFor(status),
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// The server

type Failure = { status: number; message: string; fields?: Record<string, string> };

export interface OrderWorldOptions {
  /** The order's status when the story opens. */
  status?: SubmissionStatus;
  /** Changes to the summary the story opens with. */
  summary?: Partial<OrderSummaryDetails>;
  /** Where buy now takes the order (approved when left out). */
  buyNowOutcome?: BuyNowResult['outcome'];
  /** These calls never answer. */
  pending?: ('summary' | 'buyNow' | 'resubmit' | 'upload' | 'closeLost')[];
  /** These calls answer this error, every time. */
  failing?: Partial<Record<'summary' | 'buyNow' | 'resubmit' | 'upload' | 'closeLost' | 'download', Failure>>;
  /** The summary fails the first time only (a "Try again" that works). */
  summaryFailsOnce?: Failure;
  /** Saving answers answers this error. */
  refuseAnswers?: Failure;
  /** Uploads take this long to answer: time to choose more files meanwhile. */
  uploadDelayMs?: number;
}

export interface OrderWorld {
  handlers: HttpHandler[];
  /** Put the order back as the story opens it: use as the story's beforeEach. */
  reset: () => void;
  /** What the screen sent, by call, in order. */
  sent: { call: string; body: Record<string, string>; idempotencyKey: string | null }[];
}

/** One order's server: the summary follows every move the screen makes. */
export function orderWorld(options: OrderWorldOptions = {}): OrderWorld {
  const start = options.status ?? 'quoted';
  let current = orderSummary(start, options.summary);
  let summaryFailed = false;
  let nextFileId = 40;
  const sent: OrderWorld['sent'] = [];
  const pending = new Set(options.pending ?? []);
  const failing = options.failing ?? {};

  const reset = () => {
    current = orderSummary(start, options.summary);
    summaryFailed = false;
    nextFileId = 40;
    sent.length = 0;
  };
  const moveTo = (status: SubmissionStatus) => {
    current = { ...orderSummary(status), files: current.files };
    return { submissionId: SUBMISSION_ID, number: SUBMISSION_NUMBER, status, version: current.order.version };
  };
  const refusal = (failure: Failure) => apiError(failure.status, failure.message, failure.fields);
  const notThisOrder = (id: string | null) => Number(id) !== SUBMISSION_ID;
  const record = async (call: string, request: Request) => {
    const body = Object.fromEntries(new URLSearchParams(await request.clone().text()));
    sent.push({ call, body, idempotencyKey: request.headers.get('idempotency-key') });
    return body;
  };
  const gone = () => apiError(404, 'No such submission (or it is not yours)');
  const illegal = () => apiError(409, `The order is ${current.order.status}`, { status: `is ${current.order.status}` });

  const handlers: HttpHandler[] = [
    http.get(ORDER_URLS.summary, async ({ request }) => {
      if (pending.has('summary')) return never();
      if (failing.summary) return refusal(failing.summary);
      if (options.summaryFailsOnce && !summaryFailed) {
        summaryFailed = true;
        return refusal(options.summaryFailsOnce);
      }
      if (notThisOrder(new URL(request.url).searchParams.get('submissionid'))) return gone();
      return HttpResponse.json(current);
    }),
    http.put(ORDER_URLS.buyNow, async ({ request }) => {
      const body = await record('buyNow', request);
      if (pending.has('buyNow')) return never();
      if (failing.buyNow) return refusal(failing.buyNow);
      if (notThisOrder(body.submissionid ?? null)) return gone();
      if (!['quoted', 'incomplete'].includes(current.order.status)) return illegal();
      const outcome = options.buyNowOutcome ?? 'approved';
      const moved = moveTo(outcome);
      const result: BuyNowResult = {
        ...moved,
        outcome,
        requiredItems: current.requiredItems,
        reasons: current.reasons,
      };
      return HttpResponse.json(result);
    }),
    http.put(ORDER_URLS.resubmit, async ({ request }) => {
      await record('resubmit', request);
      if (pending.has('resubmit')) return never();
      if (failing.resubmit) return refusal(failing.resubmit);
      if (current.order.status !== 'missing_info') return illegal();
      return HttpResponse.json(moveTo('application_under_review'));
    }),
    http.put(ORDER_URLS.closeLost, async ({ request }) => {
      await record('closeLost', request);
      if (pending.has('closeLost')) return never();
      if (failing.closeLost) return refusal(failing.closeLost);
      if (!current.canCloseLost) return illegal();
      return HttpResponse.json(moveTo('close_lost'));
    }),
    http.post(ORDER_URLS.upload, async ({ request }) => {
      const form = await request.formData();
      const files = form.getAll('files').filter((part): part is File => typeof part !== 'string');
      sent.push({
        call: 'upload',
        body: {
          module: String(form.get('module')),
          moduleid: String(form.get('moduleid')),
          files: files.map((file) => file.name).join(','),
        },
        idempotencyKey: request.headers.get('idempotency-key'),
      });
      if (pending.has('upload')) return never();
      if (failing.upload) return refusal(failing.upload);
      if (options.uploadDelayMs) await delay(options.uploadDelayMs);
      const stored: FileSummary[] = files.map((file) => ({
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
      current = {
        ...current,
        files: [...current.files, ...stored],
        requiredItems: current.requiredItems.filter((item) => item.kind !== 'document'),
      };
      return HttpResponse.json(stored, { status: 201 });
    }),
    // The questions the missing answers ask: the architects' set and the application's, as saved.
    http.get(QUOTE_URLS.questions, () => HttpResponse.json(architectQuestions)),
    http.get(QUOTE_URLS.applicationQuestions, () => HttpResponse.json(applicationQuestions)),
    ...(
      [
        ['saveAnswers', ORDER_URLS.saveAnswers],
        ['saveApplicationAnswers', ORDER_URLS.saveApplicationAnswers],
      ] as const
    ).map(([call, url]) =>
      http.post(url, async ({ request }) => {
        const { answers } = (await request.json()) as { answers: Record<string, unknown> };
        sent.push({
          call,
          body: Object.fromEntries(Object.entries(answers).map(([code, value]) => [code, String(value)])),
          idempotencyKey: null,
        });
        if (options.refuseAnswers) return refusal(options.refuseAnswers);
        // An answered question is no longer missing.
        current = {
          ...current,
          requiredItems: current.requiredItems.filter((item) => !(item.field && item.field in answers)),
        };
        const { order } = current;
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
    http.get(ORDER_URLS.download, ({ params }) => {
      if (failing.download) return refusal(failing.download);
      const file = current.files.find((candidate) => candidate.id === Number(params.id));
      if (!file) return apiError(404, 'No such file');
      return new HttpResponse('%PDF-1.7 story\n%%EOF\n', {
        headers: { 'content-type': file.mime, 'content-disposition': `attachment; filename="${file.filename}"` },
      });
    }),
  ];
  return { handlers, reset, sent };
}

/** The screen that shows order 4217 in `status`, as an address. */
export function statusRoute(status: SubmissionStatus): string {
  const screen = statusScreen(status);
  return screen === 'order' ? `/order/${SUBMISSION_ID}` : `/${screen}?submissionid=${SUBMISSION_ID}`;
}

// ---------------------------------------------------------------------------------------------
// The dashboard, with orders that can be closed

/** dashboard/submissiondetails answering `orders`, with an order shown closed once insured/sendtocloselost closed it. */
export function closableDashboard(orders: SubmissionSummary[]) {
  const closed = new Set<number>();
  const sentReasons: Record<string, string>[] = [];
  const listed = () =>
    orders.map((order) =>
      closed.has(order.submissionId)
        ? {
            ...order,
            status: 'close_lost' as const,
            open: false,
            nextStep: { action: 'none' as const, label: 'This order was closed', screen: null },
          }
        : order,
    );
  return {
    sentReasons,
    reset: () => {
      closed.clear();
      sentReasons.length = 0;
    },
    handlers: [
      http.get(DASHBOARD_URLS.submissionDetails, () => HttpResponse.json(listed())),
      http.get(DASHBOARD_URLS.existingOpenOrder, () =>
        HttpResponse.json({ order: listed().find((order) => order.open) ?? null }),
      ),
      http.put(ORDER_URLS.closeLost, async ({ request }) => {
        const body = Object.fromEntries(new URLSearchParams(await request.text()));
        sentReasons.push(body);
        const order = listed().find((candidate) => candidate.submissionId === Number(body.submissionid));
        if (!order) return apiError(404, 'No such submission (or it is not yours)');
        if (!order.open) return apiError(409, `The order is ${order.status}`, { status: `is ${order.status}` });
        closed.add(order.submissionId);
        return HttpResponse.json({
          submissionId: order.submissionId,
          number: order.number,
          status: 'close_lost',
          version: 9,
        });
      }),
    ] as HttpHandler[],
  };
}

// ---------------------------------------------------------------------------------------------
// Stories

/** A story's server for order 4217 and Ada's session: its handlers, and its reset as the story's beforeEach. */
export function servedOrder(options: OrderWorldOptions = {}) {
  const world = orderWorld(options);
  return {
    world,
    story: {
      parameters: { msw: { handlers: [...authHandlers(), ...world.handlers] } },
      beforeEach: world.reset,
    },
  };
}
