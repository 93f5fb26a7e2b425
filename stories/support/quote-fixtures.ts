import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { DeductibleOption, IlfDlfList, LimitOption } from '@shared/contract/lists';
import { zipCodePattern } from '@shared/contract/lists';
import { missingAnswers } from '@shared/contract/question-rules';
import type { Question } from '@shared/contract/questions';
import type { AnswerMap, CalculateRequest, Calculation, IlfDlfMatrix, QuoteInput } from '@shared/contract/rating';
import type { CreateSubmissionRequest, OrderDetails, SubmissionQuote } from '@shared/contract/submissions';
import { SAVED_QUOTE_KEY, type SavedQuote } from '@/api/saved-quote';
import { demoPaymentTerms, demoSpecialities } from '@server/db/seed/demo-data';
import { generalQuestions, specialityQuestions, type DemoQuestion } from '@server/db/seed/demo-questions';
import { demoRateTables } from '@server/db/seed/demo-rates';
import type { RatingQuestion } from '@shared/rating/answers';
import {
  rate,
  rateEveryOption,
  type PremiumAdjustment,
  type RatingRequest,
  type RatingTable,
} from '@shared/rating/engine';
import { paymentPlans } from '@shared/rating/payment-plans';

/**
 * The quote flow's API (src/api/questions.ts, lists.ts, rating.ts, submissions.ts) as the server
 * answers it, for Architects (the catalog's speciality 101) in Houston, Texas. The prices are
 * worked out by the server's own rating engine (shared/rating/engine.ts) with the demo data's
 * Texas Architects rate table, payment terms and answer effects (server/db/seed/), so the
 * matrix, the worksheet, the saved order and its details agree to the cent for whichever option
 * a story picks, and a change to the engine shows in the stories.
 */

/** Where each call goes, on any origin. */
export const QUOTE_URLS = {
  questions: '*/api/weborder/questions/list',
  applicationQuestions: '*/api/weborder/dataacquisition/questions',
  ilfdlfList: '*/api/weborder/insured/ilfdlflist/:zipcode',
  ilfdlf: '*/api/weborder/auth/ilfdlf',
  calculate: '*/api/weborder/auth/calculate',
  createSubmission: '*/api/weborder/insured/createsubmission',
  orderDetails: '*/api/weborder/insured/orderdetails',
} as const;

/** The catalog's Architects (stories/support/catalog-fixtures.ts), the same id in Harbor Risk's list. */
export const ARCHITECTS_ID = 101;

// ---------------------------------------------------------------------------------------------
// Questions

/** GET dataacquisition/questions: the general application questions (number, money, yes/no, and a conditional one). */
export const applicationQuestions: Question[] = [
  {
    id: 1,
    code: 'years_in_practice',
    text: 'How many years have you been in practice?',
    helpText: 'Whole years since you were first licensed.',
    type: 'number',
    required: true,
    options: [],
    condition: null,
  },
  {
    id: 2,
    code: 'annual_revenue',
    text: 'What was your gross revenue over the last 12 months (USD)?',
    helpText: null,
    type: 'money',
    required: true,
    options: [],
    condition: null,
  },
  {
    id: 4,
    code: 'prior_claims',
    text: 'Has anyone made a claim against you or your firm in the last five years?',
    helpText: null,
    type: 'yesno',
    required: true,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
    condition: null,
  },
  {
    id: 5,
    code: 'prior_claims_count',
    text: 'How many claims?',
    helpText: null,
    type: 'number',
    required: true,
    options: [],
    condition: { questionCode: 'prior_claims', anyOf: ['yes'] },
  },
];

/** GET questions/list?specialityId=101: the architects' own questions (a choice, and yes/no). */
export const architectQuestions: Question[] = [
  {
    id: 41,
    code: 'arc_project_type',
    text: 'What kind of projects make up most of your fees?',
    helpText: null,
    type: 'select',
    required: true,
    options: [
      { value: 'commercial', label: 'Commercial' },
      { value: 'residential', label: 'Single-family residential' },
      { value: 'condominium', label: 'Condominiums' },
      { value: 'public', label: 'Public buildings' },
    ],
    condition: null,
  },
  {
    id: 42,
    code: 'arc_written_contracts',
    text: 'Do you use AIA or similar written contracts on every project?',
    helpText: 'A signed contract that sets out the scope of your services.',
    type: 'yesno',
    required: true,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
    condition: null,
  },
];

/** Every question answered, no prior claims. */
export const completeApplicationAnswers: AnswerMap = {
  years_in_practice: 12,
  annual_revenue: 850000,
  prior_claims: 'no',
};
export const completeAnswers: AnswerMap = {
  arc_project_type: 'commercial',
  arc_written_contracts: 'yes',
};

/**
 * The questions as the server rates them: each option with what picking it does to the price,
 * taken from the demo data's question of the same code (server/db/seed/demo-questions.ts) and
 * never sent with the questions.
 */
function withEffects(questions: readonly Question[], demo: readonly DemoQuestion[]): RatingQuestion[] {
  return questions.map((question) => {
    const seeded = demo.find((candidate) => candidate.code === question.code);
    if (!seeded) throw new Error(`The demo data has no question ${question.code}`);
    return {
      ...question,
      options: question.options.map((option) => {
        const modifierBps = seeded.options?.find((candidate) => candidate.value === option.value)?.modifierBps;
        return modifierBps ? { ...option, modifierBps } : option;
      }),
    };
  });
}

/** The demo data's Architects (its random code keys their questions and rate tables). */
const demoArchitects = demoSpecialities.find((candidate) => candidate.name === 'Architects');
if (!demoArchitects) throw new Error('The demo data has no Architects');

const ratedArchitectQuestions = withEffects(architectQuestions, specialityQuestions[demoArchitects.code]);
const ratedApplicationQuestions = withEffects(applicationQuestions, generalQuestions);

// ---------------------------------------------------------------------------------------------
// Where the practice is, and what is sold there: the demo data's Architects table for Texas

const demoTable = demoRateTables().find(
  (candidate) => candidate.specialityCode === demoArchitects.code && candidate.stateCode === 'TX',
);
if (!demoTable) throw new Error('The demo data has no Architects rate table for Texas');

/** The table as the rating catalogue hands it to the engine (server/rating/rating-catalog.ts); id and version as the stories' database would number it. */
const table: RatingTable = {
  id: 58,
  version: 1,
  specialityName: 'Architects',
  stateCode: 'TX',
  stateName: 'Texas',
  basePremiumCents: demoTable.basePremiumCents,
  minPremiumCents: demoTable.minPremiumCents,
  policyFeeCents: demoTable.policyFeeCents,
  taxRateBps: demoTable.taxRateBps,
  feeRateBps: demoTable.feeRateBps,
  factors: demoTable.factors,
};

/** GET insured/ilfdlflist/77002: downtown Houston, where Architects cover is sold. */
export const houston: IlfDlfList = {
  zipcode: '77002',
  stateCode: 'TX',
  stateName: 'Texas',
  county: 'Harris',
  city: 'Houston',
  offered: true,
  limits: table.factors.ilf.map(({ factorBps: _factor, ...limit }): LimitOption => limit),
  deductibles: table.factors.dlf.map(({ factorBps: _factor, ...deductible }): DeductibleOption => deductible),
};

/** GET insured/ilfdlflist/99501: Anchorage, in a state we do not sell in yet (empty lists). */
export const anchorage: IlfDlfList = {
  zipcode: '99501',
  stateCode: 'AK',
  stateName: 'Alaska',
  county: 'Anchorage',
  city: 'Anchorage',
  offered: false,
  limits: [],
  deductibles: [],
};

const places: Record<string, IlfDlfList> = { [houston.zipcode]: houston, [anchorage.zipcode]: anchorage };

/** A ZIP of the right shape that no area has (a PO-box-only ZIP, say): the server's 400 names it. */
export const UNKNOWN_ZIP = '77001';

// ---------------------------------------------------------------------------------------------
// Rating, by the server's engine

interface PricingAnswers {
  answers?: Record<string, unknown> | undefined;
  applicationAnswers?: Record<string, unknown> | undefined;
}

/** The claims count the experience modifier rates, as server/rating/quote-pricing.ts reads it from the application answers. */
function priorClaims(applicationAnswers: Record<string, unknown>): number {
  if (applicationAnswers.prior_claims === 'no') return 0;
  const count = applicationAnswers.prior_claims_count;
  return typeof count === 'number' ? count : 0;
}

/** What the engine prices for these answers at this ZIP, the option aside. */
function ratingRequest(
  { answers = completeAnswers, applicationAnswers = completeApplicationAnswers }: PricingAnswers,
  zipcode: string,
): Omit<RatingRequest, 'limitCode' | 'deductibleCode'> {
  return {
    zipcode,
    questions: ratedArchitectQuestions,
    answers,
    applicationQuestions: ratedApplicationQuestions,
    applicationAnswers,
    priorClaims: priorClaims(applicationAnswers),
  };
}

/**
 * One option priced with its worksheet, and its payment plans: auth/calculate's answer. With an
 * underwriter's adjustment: the order as an approval with one prices it again.
 */
export function rateOption(
  choice: { limitCode: string; deductibleCode: string },
  pricing: PricingAnswers = {},
  zipcode = houston.zipcode,
  adjustment?: PremiumAdjustment,
): Calculation {
  const rating = rate(table, {
    ...ratingRequest(pricing, zipcode),
    limitCode: choice.limitCode,
    deductibleCode: choice.deductibleCode,
    adjustment,
  });
  return { ...rating, paymentPlans: paymentPlans(rating.totalCents, demoPaymentTerms) };
}

/** POST auth/ilfdlf: all 25 options priced with the same answers, shaped as server/routes/rating.ts shapes them. */
export function priceMatrix(pricing: PricingAnswers = {}, zipcode = houston.zipcode): IlfDlfMatrix {
  return {
    rateTableId: table.id,
    limits: table.factors.ilf.map(({ code, label }) => ({ code, label })),
    deductibles: table.factors.dlf.map(({ code, label }) => ({ code, label })),
    options: rateEveryOption(table, ratingRequest(pricing, zipcode)).map((option) => ({
      limitCode: option.limit.code,
      deductibleCode: option.deductible.code,
      premiumCents: option.premiumCents,
      totalCents: option.totalCents,
      paymentPlans: paymentPlans(option.totalCents, demoPaymentTerms),
    })),
  };
}

/** The option the screen starts on: the middle limit and the middle deductible. */
export const DEFAULT_CHOICE = { limitCode: '1M/1M', deductibleCode: '2500' } as const;
/** auth/calculate's answer for the complete answers and the default choice: $2,721.32 for the year. */
export const quotedCalculation: Calculation = rateOption(DEFAULT_CHOICE);

// ---------------------------------------------------------------------------------------------
// Saved orders

export const SUBMISSION_ID = 4217;
export const SUBMISSION_NUMBER = 'Q-2026-004217';
/** Given once, to the visitor who saved the quote (32 random bytes, base64url). */
export const VISITOR_QUOTE_KEY = 'Zr8kq2VbNw4xT1mPc7LsA0yHd5GfJ3uE9oRiW6nBvKt';
const EFFECTIVE_DATE = '2026-07-01';

/** POST insured/createsubmission's 201 for what the screen sends. */
export function savedSubmission(request: Partial<CreateSubmissionRequest> = {}, visitor = true): SubmissionQuote {
  const choice = {
    limitCode: request.limitCode ?? DEFAULT_CHOICE.limitCode,
    deductibleCode: request.deductibleCode ?? DEFAULT_CHOICE.deductibleCode,
  };
  return {
    submissionId: SUBMISSION_ID,
    number: SUBMISSION_NUMBER,
    status: 'quoted',
    version: 1,
    effectiveDate: request.effectiveDate ?? EFFECTIVE_DATE,
    ...(visitor ? { quoteKey: VISITOR_QUOTE_KEY } : {}),
    rating: rateOption(choice, request),
  };
}

/** GET insured/orderdetails?submissionid=4217: the saved quote, priced as the quote screen showed it. */
export const orderDetails: OrderDetails = {
  submissionId: SUBMISSION_ID,
  number: SUBMISSION_NUMBER,
  status: 'quoted',
  version: 1,
  speciality: { id: ARCHITECTS_ID, name: 'Architects' },
  state: { code: 'TX', name: 'Texas' },
  zipcode: houston.zipcode,
  limit: { code: quotedCalculation.limit.code, label: quotedCalculation.limit.label },
  deductible: { code: quotedCalculation.deductible.code, label: quotedCalculation.deductible.label },
  paymentTerm: 'annual',
  effectiveDate: EFFECTIVE_DATE,
  answers: completeAnswers,
  applicationAnswers: completeApplicationAnswers,
  rating: quotedCalculation,
  premiumCents: quotedCalculation.totalCents,
  createdAt: '2026-06-24T15:02:11.000Z',
  updatedAt: '2026-06-24T15:02:11.000Z',
  history: [],
};

// ---------------------------------------------------------------------------------------------
// The saved quote a tab resumes (sessionStorage 'ssp-quote', src/api/saved-quote.ts)

/** Removes the tab's saved quote: call first in every quote story's beforeEach. */
export function clearSavedQuote(): () => void {
  sessionStorage.removeItem(SAVED_QUOTE_KEY);
  return () => sessionStorage.removeItem(SAVED_QUOTE_KEY);
}

/** A beforeEach that leaves the tab with this saved quote (and removes it after the story). */
export function withSavedQuote(quote: Partial<SavedQuote> = {}): () => () => void {
  return () => {
    const saved: SavedQuote = {
      specialityId: ARCHITECTS_ID,
      zipcode: houston.zipcode,
      answers: completeAnswers,
      applicationAnswers: completeApplicationAnswers,
      resume: 'quote',
      ...quote,
    };
    sessionStorage.setItem(SAVED_QUOTE_KEY, JSON.stringify(saved));
    return () => sessionStorage.removeItem(SAVED_QUOTE_KEY);
  };
}

/** A quote that was priced before a reload: every answer given, in Houston. */
export const pricedQuote = withSavedQuote();
/** A ZIP given but no answers yet: the questions screen shows the questions. */
export const locatedQuote = withSavedQuote({ answers: {}, applicationAnswers: {}, resume: 'questions' });

/** The cover summary the price screen keeps with the saved quote, for the screens after it (the default choice, paid annually). */
export const savedQuoteSummary: NonNullable<SavedQuote['summary']> = {
  speciality: 'Architects',
  place: 'Houston, TX 77002',
  limit: '$1M / $1M',
  deductible: '$2,500 deductible',
  plan: 'Annual',
  totalCents: quotedCalculation.totalCents,
  dueNowCents: quotedCalculation.totalCents,
};

/**
 * A visitor's quote saved as order 4217 by Buy now (or Save for later) before an account: the tab
 * holds the order's quote key, which signing up or in hands over so the order becomes the account's.
 */
export const savedVisitorOrder = withSavedQuote({
  choice: DEFAULT_CHOICE,
  paymentTerm: 'annual',
  submission: { submissionId: SUBMISSION_ID, number: SUBMISSION_NUMBER, quoteKey: VISITOR_QUOTE_KEY },
  summary: savedQuoteSummary,
});

// ---------------------------------------------------------------------------------------------
// Handlers

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

/** What the server refuses before pricing: a ZIP it does not know or outside Texas, or a missing answer. */
function pricingProblem(input: QuoteInput): Response | undefined {
  if (!/^\d{5}$/.test(input.zipcode)) {
    return apiError(400, `Invalid body: zipcode must be a 5-digit ZIP code`, { zipcode: 'must be a 5-digit ZIP code' });
  }
  const place = places[input.zipcode];
  if (!place)
    return apiError(400, `${input.zipcode} is not a known US ZIP code`, { zipcode: 'is not a known US ZIP code' });
  if (place.stateCode !== 'TX' || input.state !== 'TX') {
    return apiError(400, `ZIP ${input.zipcode} is in ${place.stateName}, not Texas`, {
      zipcode: `is in ${place.stateName}, not Texas`,
    });
  }
  const problems = {
    ...missingAnswers(architectQuestions, input.answers ?? {}, 'answers'),
    ...missingAnswers(applicationQuestions, input.applicationAnswers ?? {}, 'applicationAnswers'),
  };
  const [first] = Object.entries(problems);
  return first ? apiError(400, `Check the answers: ${first[0]} ${first[1]}`, problems) : undefined;
}

/** The quote flow's API answering as the server does, from the questions to the saved order. */
export function quoteHandlers(): HttpHandler[] {
  return [
    http.get(QUOTE_URLS.questions, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('specialityId'));
      // Every catalog speciality is on sale; the stories quote Architects.
      return id === ARCHITECTS_ID
        ? HttpResponse.json(architectQuestions)
        : apiError(404, `Speciality ${id} is not on sale`);
    }),
    http.get(QUOTE_URLS.applicationQuestions, () => HttpResponse.json(applicationQuestions)),
    http.get(QUOTE_URLS.ilfdlfList, ({ params }) => {
      const zipcode = String(params.zipcode);
      const match = zipCodePattern.exec(zipcode);
      if (!match)
        return apiError(400, 'Invalid params: zipcode must be a 5-digit ZIP code', {
          zipcode: 'must be a 5-digit ZIP code',
        });
      const place = places[match[1]!];
      return place
        ? HttpResponse.json(place)
        : apiError(400, `${zipcode} is not a known US ZIP code`, { zipcode: 'is not a known US ZIP code' });
    }),
    http.post(QUOTE_URLS.ilfdlf, async ({ request }) => {
      const input = (await request.json()) as QuoteInput;
      return pricingProblem(input) ?? HttpResponse.json(priceMatrix(input, input.zipcode));
    }),
    http.post(QUOTE_URLS.calculate, async ({ request }) => {
      const input = (await request.json()) as CalculateRequest;
      return pricingProblem(input) ?? HttpResponse.json(rateOption(input, input, input.zipcode));
    }),
    http.post(QUOTE_URLS.createSubmission, async ({ request }) => {
      const input = (await request.json()) as CreateSubmissionRequest;
      if (!request.headers.get('idempotency-key'))
        return apiError(400, 'An Idempotency-Key header is required', { 'Idempotency-Key': 'is required' });
      // A visitor (no bearer token) is given the quote's key, once.
      const visitor = !request.headers.get('authorization');
      return pricingProblem(input) ?? HttpResponse.json(savedSubmission(input, visitor), { status: 201 });
    }),
    http.get(QUOTE_URLS.orderDetails, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('submissionid'));
      return id === SUBMISSION_ID
        ? HttpResponse.json(orderDetails)
        : apiError(404, 'No such submission (or it is not yours)');
    }),
  ];
}

type QuoteCall = keyof typeof QUOTE_URLS;

function handlerFor(call: QuoteCall, resolver: () => Response | Promise<Response> | undefined): HttpHandler {
  const method = call === 'ilfdlf' || call === 'calculate' || call === 'createSubmission' ? http.post : http.get;
  return method(QUOTE_URLS[call], resolver);
}

/** These calls never answer (the screen stays on its loading state); the rest answer as quoteHandlers. */
export function pendingQuoteHandlers(...calls: QuoteCall[]): HttpHandler[] {
  return [
    ...calls.map((call) =>
      handlerFor(call, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    ),
    ...quoteHandlers(),
  ];
}

export const RATING_DOWN_MESSAGE = 'The rating service is unavailable.';

/**
 * `call` answers the API's JSON error (a 500 by default) the first time, and as quoteHandlers
 * after that: a "Try again" that works. Call `reset` in the story's beforeEach so that every
 * showing of the story, in Storybook as in the tests, starts with the failure.
 */
export function failingOnceQuoteHandlers(call: QuoteCall, status = 500, message = RATING_DOWN_MESSAGE) {
  let failed = false;
  return {
    handlers: [
      handlerFor(call, () => {
        if (failed) return undefined; // Falls through to quoteHandlers below.
        failed = true;
        return apiError(status, message);
      }),
      ...quoteHandlers(),
    ],
    reset: () => {
      failed = false;
    },
  };
}

/** Texas sells cover, but there is no Architects rate table there: auth/ilfdlf's 422. */
export const NOT_PRICEABLE_MESSAGE = 'Architects cover is not offered in Texas yet';
export function unpriceableQuoteHandlers(): HttpHandler[] {
  return [
    handlerFor('ilfdlf', () => apiError(422, NOT_PRICEABLE_MESSAGE, { state: NOT_PRICEABLE_MESSAGE })),
    ...quoteHandlers(),
  ];
}

/**
 * auth/calculate answers the first call (the option the screen starts on) at once, and holds
 * every later one until the story calls `release`: the price of another option shows from the
 * matrix while its worksheet is still being worked out. Call `reset` in the story's beforeEach.
 */
export function heldCalculateHandlers() {
  let calls = 0;
  let release = () => {};
  let held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handlers: [
      http.post(QUOTE_URLS.calculate, async ({ request }) => {
        calls += 1;
        if (calls > 1) await held;
        const input = (await request.json()) as CalculateRequest;
        return pricingProblem(input) ?? HttpResponse.json(rateOption(input, input, input.zipcode));
      }),
      ...quoteHandlers(),
    ],
    /** How many times the screen asked auth/calculate. */
    calls: () => calls,
    release: () => release(),
    reset: () => {
      calls = 0;
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}

/** The Texas Architects table and the request its quotes price (issue 20's renewal stories price next year's on a new version of it). */
export { table as architectsTexasTable, ratingRequest as architectsRatingRequest };
