import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { User } from '@shared/contract/auth';
import type { FileSummary } from '@shared/contract/files';
import type { ReferredEndorsement } from '@shared/contract/endorsements';
import type { ReferralReason } from '@shared/contract/lifecycle';
import { formatUsd } from '@shared/contract/money-format';
import type { Calculation } from '@shared/contract/rating';
import type { HistoryEntry, SubmissionStatus } from '@shared/contract/submissions';
import type { DecisionResult, Queue, QueueItem, Review } from '@shared/contract/underwriting';
import type { StoredState } from '@/api/session-store';
import { AUTH_URLS, authHandlers } from './auth-fixtures';
import { houstonOffice } from './edit-order-fixtures';
import { orderDetails, rateOption, SUBMISSION_ID, SUBMISSION_NUMBER } from './quote-fixtures';

/**
 * The underwriter's desk (src/api/underwriting.ts) as a small in-memory server: a queue of three
 * orders, and Ada's order 4217 (Architects in Houston, the quote the quote stories save) in the
 * status a story asks for. Decisions are checked as the server checks them (the version reviewed,
 * the status, a reason for an adjustment) and stick until the story's `beforeEach` resets them.
 */

export const DESK_URLS = {
  queue: '*/api/weborder/underwriting/queue',
  review: '*/api/weborder/underwriting/submission',
  approve: '*/api/weborder/underwriting/approve',
  requestInfo: '*/api/weborder/underwriting/requestinfo',
  decline: '*/api/weborder/underwriting/decline',
} as const;

// ---------------------------------------------------------------------------------------------
// Who is signed in

export const grace: User = {
  id: 41,
  email: 'grace.hopper@practiceshield.example',
  firstname: 'Grace',
  lastname: 'Hopper',
  role: 'underwriter',
};
export const alan: User = {
  id: 42,
  email: 'alan.turing@practiceshield.example',
  firstname: 'Alan',
  lastname: 'Turing',
  role: 'admin',
};

/** A browser that kept this user's session. */
export function storedSession(user: User): StoredState {
  return {
    user: {
      ...user,
      token: `access-${user.id}`,
      refreshToken: `refresh-${user.id}`,
      rememberMe: true,
      expiresAt: Date.now() + 3_600_000,
    },
    rememberCookie: 'true',
  };
}
export const graceStored = storedSession(grace);

/** The identity API, confirming `user`'s stored session (GET insured/isLogin answers who it is). */
export function deskAuthHandlers(user: User = grace): HttpHandler[] {
  return [http.get(AUTH_URLS.isLogin, () => HttpResponse.json(user)), ...authHandlers()];
}

// ---------------------------------------------------------------------------------------------
// The queue

const HOUR = 3_600_000;
/** A moment this long before the story runs, so "3 days ago" reads the same whenever it runs. */
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

export const harborRisk = { id: 3, name: 'Harbor Risk Partners' };
export const gulfCoast = { id: 5, name: 'Gulf Coast Brokers' };
export const architects = { id: 101, name: 'Architects' };
export const engineers = { id: 102, name: 'Engineers' };

export const priorClaims: ReferralReason = {
  code: 'prior_claims',
  label: 'Prior claims',
  detail: '2 claims in the last 5 years (answer to “How many claims…?”)',
};
export const aboveAuthority: ReferralReason = {
  code: 'premium_above_authority',
  label: 'Premium above the automatic authority',
  detail: `${formatUsd(orderDetails.premiumCents!)} against an authority of $2,500.00`,
};
const publicWorks: ReferralReason = {
  code: 'referral_answer',
  label: 'Works on public structures',
  detail: 'Answered “Yes” to “Do you design public structures?”',
};

export const adaItem: QueueItem = {
  submissionId: SUBMISSION_ID,
  number: SUBMISSION_NUMBER,
  status: 'underwriter_review',
  waitingSince: ago(3 * 24 + 2),
  insuredName: 'Ada Lovelace',
  companyName: 'Lovelace Architects',
  broker: harborRisk,
  speciality: architects,
  stateCode: 'TX',
  premiumCents: orderDetails.premiumCents,
  reasons: [priorClaims, aboveAuthority],
};
export const charlesItem: QueueItem = {
  submissionId: 4302,
  number: 'Q-2026-004302',
  status: 'missing_info',
  waitingSince: ago(26),
  insuredName: 'Charles Babbage',
  companyName: 'Difference Engines LLC',
  broker: gulfCoast,
  speciality: engineers,
  stateCode: 'LA',
  premiumCents: 418_950,
  reasons: [publicWorks],
};
export const maryItem: QueueItem = {
  submissionId: 4388,
  number: 'Q-2026-004388',
  status: 'application_under_review',
  waitingSince: ago(5),
  insuredName: 'Mary Somerville',
  companyName: null,
  broker: gulfCoast,
  speciality: architects,
  stateCode: 'TX',
  premiumCents: null,
  reasons: [],
};
/** Oldest first, as the server lists them. */
export const queueItems: QueueItem[] = [adaItem, charlesItem, maryItem];

export const QUEUE_DOWN_MESSAGE = 'The underwriting service is unavailable.';

/**
 * GET underwriting/queue over `items`, filtered by the query as the server filters; the brokers
 * and specialities to filter by are those of every order waiting. `failOnce`: the first call is a 503.
 */
/** How many referred mid-term changes wait on the desk's own page (its link counts them). */
export const REFERRED_CHANGES_WAITING = 2;

/** A referred change as GET underwriting/endorsements answers it; the queue only counts them. */
const referredChange = (id: number): ReferredEndorsement => ({
  id,
  policyId: 4217,
  number: `P-2026-004217-E0${id - 80}`,
  kind: 'change',
  status: 'referred',
  effectiveDate: '2026-12-01',
  changes: [{ field: 'limitCode', before: '1M/1M', after: '2M/4M' }],
  annualPremiumBeforeCents: 264_900,
  annualPremiumAfterCents: 370_800,
  premiumChangeCents: 63_200,
  taxChangeCents: 3_065,
  feeChangeCents: 113,
  totalChangeCents: 66_378,
  returnPremiumStatus: null,
  invoiceId: null,
  invoiceNumber: null,
  createdAt: ago(30 + id),
  issuedAt: null,
  hasDocument: false,
  policyNumber: 'P-2026-004217',
  insuredName: 'Ada Lovelace Architects LLC',
  reason: 'The annual premium after the change, $3,708.00, is above the automatic authority of $3,178.00.',
});

/** GET underwriting/endorsements: the referred changes the queue's link counts. */
const referredChangesHandler = http.get('*/api/weborder/underwriting/endorsements', () =>
  HttpResponse.json(Array.from({ length: REFERRED_CHANGES_WAITING }, (_, index) => referredChange(81 + index))),
);

export function queueHandlers(options: { items?: QueueItem[]; failOnce?: boolean } = {}): {
  handlers: HttpHandler[];
  asked: string[];
  reset: () => void;
} {
  const items = options.items ?? queueItems;
  const asked: string[] = [];
  let failures = options.failOnce ? 1 : 0;
  const unique = <T extends { id: number }>(list: T[]) => [...new Map(list.map((entry) => [entry.id, entry])).values()];
  const handlers = [
    http.get(DESK_URLS.queue, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query.toString());
      if (failures > 0) {
        failures--;
        return HttpResponse.json({ status: 503, message: QUEUE_DOWN_MESSAGE }, { status: 503 });
      }
      const brokerId = query.get('brokerId');
      const specialityId = query.get('specialityId');
      const status = query.get('status');
      const answer: Queue = {
        items: items.filter(
          (item) =>
            (!brokerId || String(item.broker?.id) === brokerId) &&
            (!specialityId || String(item.speciality.id) === specialityId) &&
            (!status || item.status === status),
        ),
        brokers: unique(items.flatMap((item) => (item.broker ? [item.broker] : []))),
        specialities: unique(items.map((item) => item.speciality)),
      };
      return HttpResponse.json(answer);
    }),
    referredChangesHandler,
  ];
  return {
    handlers,
    asked,
    reset: () => {
      asked.length = 0;
      failures = options.failOnce ? 1 : 0;
    },
  };
}

/** The queue never answers: the screen stays loading. */
export const pendingQueueHandlers: HttpHandler[] = [
  http.get(DESK_URLS.queue, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
  referredChangesHandler,
];

// ---------------------------------------------------------------------------------------------
// One submission

/** The premium an adjustment applies to: before the policy fee, taxes and state fees. */
export const PREMIUM_CENTS = orderDetails.rating!.premiumCents;
export const REVIEW_ROUTE = `/underwriting/${SUBMISSION_ID}`;

const QUOTED_AT = '2026-06-24T15:02:11.000Z';

const baseHistory: HistoryEntry[] = [
  {
    id: 1,
    event: 'quote',
    actor: 'insured',
    actorName: 'Ada Lovelace',
    fromStatus: null,
    toStatus: 'quoted',
    reason: null,
    at: QUOTED_AT,
  },
  {
    id: 2,
    event: 'order.buyNow',
    actor: 'insured',
    actorName: 'Ada Lovelace',
    fromStatus: 'quoted',
    toStatus: 'checks',
    reason: null,
    at: adaItem.waitingSince,
  },
  {
    id: 3,
    event: 'order.refer',
    actor: 'system',
    actorName: null,
    fromStatus: 'checks',
    toStatus: 'underwriter_review',
    reason: 'Prior claims; premium above the automatic authority',
    at: adaItem.waitingSince,
  },
];

export const LOSS_RUNS_REQUEST = 'Please upload your loss runs for the last five years and a note on each claim.';
export const ADA_REPLY = 'Loss runs attached; both claims were closed without payment.';

const lossRuns: FileSummary = {
  id: 901,
  module: 'submission',
  moduleId: SUBMISSION_ID,
  filename: 'loss-runs-2021-2026.pdf',
  mime: 'application/pdf',
  size: 184_320,
  uploadedAt: ago(20),
  uploadedBy: 'insured',
};
const planOfOffice: FileSummary = {
  ...lossRuns,
  id: 900,
  filename: 'office-floor-plan.png',
  mime: 'image/png',
  size: 52_224,
  uploadedAt: QUOTED_AT,
};

const OPEN_TO_DECIDE: readonly SubmissionStatus[] = ['underwriter_review', 'application_under_review'];

export interface DeskWorldOptions {
  /** Where the order starts (underwriter_review by default); earlier moves are in its history. */
  status?: SubmissionStatus;
  /** Another underwriter approves the order just before this story's first decision arrives: it is a 409. */
  othersDecideFirst?: boolean;
  /** The server's own rule, beyond the form's: a request for information of fewer than 10 characters is a 400. */
  shortMessagesRefused?: boolean;
  /** The first load fails (500): Try again works. */
  loadFailsOnce?: boolean;
  /** The order does not exist (404). */
  missing?: boolean;
}

interface World {
  status: SubmissionStatus;
  version: number;
  rating: Calculation;
  history: HistoryEntry[];
  conversation: Review['conversation'];
  files: FileSummary[];
  othersFirst: boolean;
  failLoad: boolean;
}

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

/** The moves that brought an order to `status`, after the referral. */
function startingWorld(status: SubmissionStatus): Pick<World, 'history' | 'conversation' | 'files'> {
  const asked = { from: 'underwriter' as const, name: 'Grace Hopper', message: LOSS_RUNS_REQUEST, at: ago(30) };
  const askedEntry: HistoryEntry = {
    id: 4,
    event: 'order.requestInfo',
    actor: 'underwriter',
    actorName: 'Grace Hopper',
    fromStatus: 'underwriter_review',
    toStatus: 'missing_info',
    reason: LOSS_RUNS_REQUEST,
    at: asked.at,
  };
  switch (status) {
    case 'missing_info':
      return { history: [...baseHistory, askedEntry], conversation: [asked], files: [planOfOffice] };
    case 'application_under_review':
      return {
        history: [
          ...baseHistory,
          askedEntry,
          {
            id: 5,
            event: 'order.resubmit',
            actor: 'insured',
            actorName: 'Ada Lovelace',
            fromStatus: 'missing_info',
            toStatus: 'application_under_review',
            reason: ADA_REPLY,
            at: ago(20),
          },
        ],
        conversation: [asked, { from: 'insured', name: 'Ada Lovelace', message: ADA_REPLY, at: ago(20) }],
        files: [planOfOffice, lossRuns],
      };
    case 'approved':
      return {
        history: [
          ...baseHistory,
          {
            id: 4,
            event: 'order.approve',
            actor: 'underwriter',
            actorName: 'Grace Hopper',
            fromStatus: 'underwriter_review',
            toStatus: 'approved',
            reason: null,
            at: ago(2),
          },
        ],
        conversation: [],
        files: [planOfOffice],
      };
    default:
      return { history: baseHistory, conversation: [], files: [planOfOffice] };
  }
}

/**
 * The order priced again with the underwriter's adjustment, as the server's approval does it
 * (server/underwriting/decisions.ts): by the engine, the taxes and payment plans following.
 */
function adjusted(rating: Calculation, bps: number, reason: string): Calculation {
  const choice = { limitCode: rating.limit.code, deductibleCode: rating.deductible.code };
  return rateOption(choice, orderDetails, orderDetails.zipcode ?? undefined, { bps, reason });
}

/**
 * The in-memory server for one story. `handlers` go in parameters.msw.handlers, `reset` in the
 * story's beforeEach; `decisions` lists every decision that reached it (the body sent).
 */
export function deskWorld(options: DeskWorldOptions = {}) {
  const fresh = (): World => ({
    status: options.status ?? 'underwriter_review',
    version: 5,
    rating: orderDetails.rating!,
    ...startingWorld(options.status ?? 'underwriter_review'),
    othersFirst: options.othersDecideFirst ?? false,
    failLoad: options.loadFailsOnce ?? false,
  });
  let world = fresh();
  const decisions: { path: string; body: Record<string, unknown> }[] = [];

  const review = (): Review => {
    const open = OPEN_TO_DECIDE.includes(world.status);
    return {
      order: {
        ...orderDetails,
        status: world.status,
        version: world.version,
        rating: world.rating,
        premiumCents: world.rating.totalCents,
        history: world.history,
      },
      insured: {
        id: 7,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        companyName: 'Lovelace Architects',
        phone: '(512) 555-0142',
      },
      broker: harborRisk,
      questions: [
        { code: 'years_in_practice', text: 'How many years have you practised?', answer: '12', effect: null },
        { code: 'public_structures', text: 'Do you design public structures?', answer: 'No', effect: null },
        {
          code: 'prior_claims_count',
          text: 'How many claims in the last five years?',
          answer: '2',
          effect: 'Experience ×1.35; refers to an underwriter',
        },
        {
          code: 'risk_management',
          text: 'Do you follow a written risk-management plan?',
          answer: 'Yes',
          effect: 'Schedule credit −5%',
        },
      ],
      locations: [
        {
          id: 501,
          locationId: houstonOffice.id,
          title: houstonOffice.title,
          address1: houstonOffice.address1,
          address2: houstonOffice.address2,
          city: houstonOffice.city,
          state: houstonOffice.state,
          zipcode: houstonOffice.zipcode,
          isprimary: true,
        },
      ],
      reasons: [priorClaims, aboveAuthority],
      requiredItems: [],
      conversation: world.conversation,
      latestRequest: null,
      files: world.files,
      allowed: { approve: open, requestInfo: open, decline: open },
    };
  };

  /** Moves the order as the lifecycle machine allows, or answers the server's 409. */
  const decide = (
    path: string,
    body: Record<string, unknown>,
    to: SubmissionStatus,
    event: string,
    reason: string | null,
  ) => {
    decisions.push({ path, body });
    if (world.othersFirst) {
      world.othersFirst = false;
      world.status = 'approved';
      world.version++;
      world.history = [
        ...world.history,
        {
          id: 90,
          event: 'order.approve',
          actor: 'underwriter',
          actorName: 'Alan Turing',
          fromStatus: 'underwriter_review',
          toStatus: 'approved',
          reason: null,
          at: new Date().toISOString(),
        },
      ];
    }
    if (!OPEN_TO_DECIDE.includes(world.status))
      return apiError(409, `The order is ${world.status}`, { status: `is ${world.status}` });
    if (body.version !== undefined && body.version !== world.version) {
      return apiError(409, 'The order was changed since you loaded it', { version: `is ${world.version}` });
    }
    world.history = [
      ...world.history,
      {
        id: world.history.length + 10,
        event,
        actor: 'underwriter',
        actorName: 'Grace Hopper',
        fromStatus: world.status,
        toStatus: to,
        reason,
        at: new Date().toISOString(),
      },
    ];
    world.status = to;
    world.version++;
    const result: DecisionResult = {
      submissionId: SUBMISSION_ID,
      number: SUBMISSION_NUMBER,
      status: to,
      version: world.version,
      premiumCents: world.rating.premiumCents,
    };
    return HttpResponse.json(result);
  };

  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

  const handlers: HttpHandler[] = [
    http.get(DESK_URLS.review, ({ request }) => {
      const id = new URL(request.url).searchParams.get('submissionid');
      if (options.missing || id !== String(SUBMISSION_ID)) return apiError(404, 'No such submission');
      if (world.failLoad) {
        world.failLoad = false;
        return apiError(500, 'Database unavailable');
      }
      return HttpResponse.json(review());
    }),
    http.post(DESK_URLS.approve, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const bps = typeof body.adjustmentBps === 'number' ? body.adjustmentBps : 0;
      const reason = text(body.reason);
      if (bps !== 0 && !reason) {
        decisions.push({ path: 'approve', body });
        return apiError(400, 'Invalid body', { reason: 'is required when the premium is adjusted' });
      }
      const answer = decide('approve', body, 'approved', 'order.approve', reason || null);
      if (answer.status === 200 && bps !== 0) world.rating = adjusted(world.rating, bps, reason);
      return answer;
    }),
    http.post(DESK_URLS.requestInfo, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const message = text(body.message);
      if (options.shortMessagesRefused && message.length < 10) {
        decisions.push({ path: 'requestinfo', body });
        return apiError(400, 'Invalid body', {
          message: 'must be at least 10 characters: say what the insured must send',
        });
      }
      const answer = decide('requestinfo', body, 'missing_info', 'order.requestInfo', message);
      if (answer.status === 200)
        world.conversation = [
          ...world.conversation,
          { from: 'underwriter', name: 'Grace Hopper', message, at: new Date().toISOString() },
        ];
      return answer;
    }),
    http.post(DESK_URLS.decline, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      return decide('decline', body, 'declined', 'order.decline', text(body.reason));
    }),
  ];

  return {
    handlers,
    decisions,
    reset: () => {
      world = fresh();
      decisions.length = 0;
    },
  };
}

/** The submission never answers: the review stays loading. */
export const pendingReviewHandlers: HttpHandler[] = [
  http.get(DESK_URLS.review, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
];
