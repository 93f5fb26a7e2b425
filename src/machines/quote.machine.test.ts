import { HTTPError } from 'ky';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { ilfDlfListSchema, type IlfDlfList } from '@shared/contract/lists';
import type { Question } from '@shared/contract/questions';
import {
  calculateResponseSchema,
  ilfdlfResponseSchema,
  type AnswerMap,
  type Calculation,
  type IlfDlfMatrix,
} from '@shared/contract/rating';
import { getIlfDlfList } from '@/api/lists';
import { getApplicationQuestions, getQuestions } from '@/api/questions';
import { calculate, priceEveryOption } from '@/api/rating';
import { createSubmission } from '@/api/submissions';
import {
  defaultChoice,
  quoteMachine,
  type QuoteChoice,
  type QuoteContext,
  type QuoteInput,
  type Questionnaire,
  type QuoteQuestion,
  type SavedSubmission,
  type SaveIntent,
} from '@/machines/quote.machine';

// Only the machine's own calls (the last describe) reach these; every other test provides its calls.
vi.mock('@/api/questions', () => ({ getQuestions: vi.fn(), getApplicationQuestions: vi.fn() }));
vi.mock('@/api/lists', () => ({ getIlfDlfList: vi.fn() }));
vi.mock('@/api/rating', () => ({ priceEveryOption: vi.fn(), calculate: vi.fn() }));
vi.mock('@/api/submissions', () => ({ createSubmission: vi.fn() }));

// ---------------------------------------------------------------------------------------------
// Fixtures: a dentist in downtown Houston (the demo data's Texas table, territory 770).
// ---------------------------------------------------------------------------------------------

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const question = (code: string, text: string, type: string, extra: Partial<QuoteQuestion> = {}): QuoteQuestion => ({
  code,
  text,
  helpText: null,
  type,
  required: true,
  options: type === 'yesno' ? yesNo : [],
  condition: null,
  ...extra,
});

const dentists = 1;

/** The speciality's questions (one conditional) and the general application questions (one conditional). */
const questionnaire: Questionnaire = {
  questions: [
    question('dnt_sedation', 'Do you administer IV sedation or general anaesthesia?', 'yesno'),
    question('dnt_sedation_permit', 'Which sedation permit do you hold?', 'select', {
      options: [
        { value: 'moderate', label: 'Moderate (conscious) sedation' },
        { value: 'general', label: 'General anaesthesia' },
      ],
      condition: { questionCode: 'dnt_sedation', anyOf: ['yes'] },
    }),
    question('dnt_practice_type', 'What best describes your practice?', 'select', {
      options: [
        { value: 'general', label: 'General dentistry' },
        { value: 'orthodontics', label: 'Orthodontics' },
        { value: 'oral_surgery', label: 'Oral and maxillofacial surgery' },
      ],
    }),
    question('dnt_notes', 'Anything else an underwriter should know?', 'textarea', { required: false }),
  ],
  applicationQuestions: [
    question('years_in_practice', 'How many years have you been in practice?', 'number'),
    question('staff_count', 'How many professionals, you included, work in the firm?', 'number', { required: false }),
    question('prior_claims', 'Has anyone made a claim against you or your firm in the last five years?', 'yesno'),
    question('prior_claims_count', 'How many claims?', 'number', {
      condition: { questionCode: 'prior_claims', anyOf: ['yes'] },
    }),
  ],
};

const completeAnswers = { dnt_sedation: 'no', dnt_practice_type: 'general' };
const completeApplicationAnswers = { years_in_practice: 12, staff_count: 3, prior_claims: 'no' };

const houston: IlfDlfList = {
  zipcode: '77002',
  stateCode: 'TX',
  stateName: 'Texas',
  county: 'Harris',
  city: 'Houston',
  offered: true,
  limits: [
    { code: '500K/1M', label: '$500,000 / $1,000,000', perClaimCents: 50_000_000, aggregateCents: 100_000_000 },
    { code: '1M/1M', label: '$1,000,000 / $1,000,000', perClaimCents: 100_000_000, aggregateCents: 100_000_000 },
    { code: '1M/3M', label: '$1,000,000 / $3,000,000', perClaimCents: 100_000_000, aggregateCents: 300_000_000 },
  ],
  deductibles: [
    { code: '0', label: 'No deductible', deductibleCents: 0 },
    { code: '1000', label: '$1,000', deductibleCents: 100_000 },
    { code: '2500', label: '$2,500', deductibleCents: 250_000 },
  ],
};

const manhattan: IlfDlfList = {
  zipcode: '10001',
  stateCode: 'NY',
  stateName: 'New York',
  county: 'New York',
  city: 'New York',
  offered: false,
  limits: [],
  deductibles: [],
};

const limitFactorBps: Record<string, number> = { '500K/1M': 8_500, '1M/1M': 10_000, '1M/3M': 11_500 };
const deductibleFactorBps: Record<string, number> = { '0': 10_500, '1000': 10_000, '2500': 9_500 };
const policyFeeCents = 15_000;

/** Whole dollars, as the manuals quote. */
const premiumFor = (limitCode: string, deductibleCode: string, baseCents = 313_800) =>
  Math.round((baseCents * limitFactorBps[limitCode]! * deductibleFactorBps[deductibleCode]!) / 10_000 / 10_000 / 100) *
  100;
const taxFor = (premiumCents: number) => Math.round(((premiumCents + policyFeeCents) * 485) / 10_000);
const totalFor = (premiumCents: number) =>
  premiumCents + policyFeeCents + taxFor(premiumCents) + Math.round((premiumCents * 18) / 10_000);

const annual = { code: 'annual', name: 'Annual', installments: 1 };
const quarterly = { code: 'quarterly', name: 'Quarterly', installments: 4 };
const monthly = { code: 'monthly', name: 'Monthly', installments: 10 };

/** A total split by each plan: an even down payment, the rest in installments with a $5 fee each. */
function plansFor(totalCents: number, plans = [annual, quarterly]) {
  return plans.map(({ code, name, installments }) => {
    const installmentFeeCents = installments === 1 ? 0 : 500;
    const downPaymentCents = Math.round(totalCents / installments);
    const rest = totalCents - downPaymentCents;
    const later = installments - 1;
    const installmentCents = later ? Math.floor(rest / later) + installmentFeeCents : 0;
    const lastInstallmentCents = later ? rest - Math.floor(rest / later) * (later - 1) + installmentFeeCents : 0;
    return {
      code,
      name,
      installments,
      downPaymentCents,
      installmentCents,
      lastInstallmentCents,
      installmentFeeCents,
      totalPayableCents: totalCents + later * installmentFeeCents,
    };
  });
}

/** Every limit × deductible of the Texas table, 3 × 3, priced with the same answers. */
function matrixOf(limitCodes: string[], deductibleCodes: string[], baseCents = 313_800): IlfDlfMatrix {
  return {
    rateTableId: 14,
    limits: houston.limits
      .filter((limit) => limitCodes.includes(limit.code))
      .map(({ code, label }) => ({ code, label })),
    deductibles: houston.deductibles
      .filter((deductible) => deductibleCodes.includes(deductible.code))
      .map(({ code, label }) => ({ code, label })),
    options: limitCodes.flatMap((limitCode) =>
      deductibleCodes.map((deductibleCode) => {
        const premiumCents = premiumFor(limitCode, deductibleCode, baseCents);
        const totalCents = totalFor(premiumCents);
        return { limitCode, deductibleCode, premiumCents, totalCents, paymentPlans: plansFor(totalCents) };
      }),
    ),
  };
}

const matrix = matrixOf(['500K/1M', '1M/1M', '1M/3M'], ['0', '1000', '2500']);
/** Priced again after an answer changed: the same options, dearer. */
const repriced = matrixOf(['500K/1M', '1M/1M', '1M/3M'], ['0', '1000', '2500'], 345_200);
/** A table that sells less: no 1M/3M, no $2,500 deductible. */
const narrower = matrixOf(['500K/1M', '1M/1M'], ['0', '1000']);

/** One option's worksheet and payment plans (annual and quarterly unless told). */
function calculationFor(limitCode: string, deductibleCode: string, plans = [annual, quarterly]): Calculation {
  const base = 313_800;
  const territory = Math.round((base * 10_750) / 10_000 / 100) * 100;
  const afterLimit = Math.round((territory * limitFactorBps[limitCode]!) / 10_000 / 100) * 100;
  const premiumCents = Math.round((afterLimit * deductibleFactorBps[deductibleCode]!) / 10_000 / 100) * 100;
  const taxCents = taxFor(premiumCents);
  const stateFeeCents = Math.round((premiumCents * 18) / 10_000);
  const totalCents = premiumCents + policyFeeCents + taxCents + stateFeeCents;
  const limit = houston.limits.find((option) => option.code === limitCode)!;
  const deductible = houston.deductibles.find((option) => option.code === deductibleCode)!;
  const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  return {
    rateTableId: 14,
    rateTableVersion: 3,
    limit: { code: limit.code, label: limit.label },
    deductible: { code: deductible.code, label: deductible.label },
    premiumCents,
    policyFeeCents,
    taxCents,
    stateFeeCents,
    totalCents,
    worksheet: [
      {
        step: 'base',
        label: 'Base premium for Dentists in Texas',
        source: 'Rate table 14 v3',
        amountCents: base,
        runningCents: base,
        text: `Base premium for Dentists in Texas: ${dollars(base)}`,
      },
      {
        step: 'territory',
        label: 'Territory 770 (Houston)',
        source: 'ZIP prefix 770',
        factorBps: 10_750,
        runningCents: territory,
        text: `Territory 770 (Houston) ×1.075: ${dollars(territory)}`,
      },
      {
        step: 'limit',
        label: `Limit ${limit.label}`,
        source: 'ILF table',
        factorBps: limitFactorBps[limitCode],
        runningCents: afterLimit,
        text: `Limit ${limit.label}: ${dollars(afterLimit)}`,
      },
      {
        step: 'deductible',
        label: `Deductible ${deductible.label}`,
        source: 'DLF table',
        factorBps: deductibleFactorBps[deductibleCode],
        runningCents: premiumCents,
        text: `Deductible ${deductible.label}: ${dollars(premiumCents)}`,
      },
      {
        step: 'policyFee',
        label: 'Policy fee',
        source: 'Rate table 14 v3',
        amountCents: policyFeeCents,
        runningCents: premiumCents + policyFeeCents,
        text: `Policy fee: ${dollars(policyFeeCents)}`,
      },
      {
        step: 'tax',
        label: 'Texas premium tax 4.85%',
        source: 'State tax table',
        amountCents: taxCents,
        runningCents: premiumCents + policyFeeCents + taxCents,
        text: `Texas premium tax: ${dollars(taxCents)}`,
      },
      {
        step: 'stateFee',
        label: 'Texas stamping fee 0.18%',
        source: 'State fee table',
        amountCents: stateFeeCents,
        runningCents: totalCents,
        text: `Texas stamping fee: ${dollars(stateFeeCents)}`,
      },
      {
        step: 'total',
        label: 'Total for the year',
        source: 'Sum of the above',
        runningCents: totalCents,
        text: `Total for the year: ${dollars(totalCents)}`,
      },
    ],
    paymentPlans: plansFor(totalCents, plans),
  };
}

const calculation = calculationFor('1M/1M', '1000');

// ---------------------------------------------------------------------------------------------
// Errors as the API client (src/api/client.ts) hands them on.
// ---------------------------------------------------------------------------------------------

/**
 * A ky HTTPError as the client's beforeError leaves it: "status: message", and `fields` when the
 * body was the API's JSON error. The label keeps the traversal from merging errors that serialise alike.
 */
function httpError(
  status: number,
  message: string,
  fields?: Record<string, string>,
  url = 'http://localhost/api/weborder/auth/ilfdlf',
): HTTPError {
  const error = new HTTPError(new Response('{}', { status }), new Request(url, { method: 'POST' }), {} as never);
  error.message = `${status}: ${message}`;
  if (fields) Object.assign(error, { fields });
  return Object.assign(error, { label: `HTTP ${status} ${message}` });
}

function networkError(): TypeError {
  return Object.assign(new TypeError('fetch failed'), { label: 'network' });
}

const offline = 'The server could not be reached. Check your connection and try again.';

const ilfdlflistUrl = 'http://localhost/api/weborder/insured/ilfdlflist/77002';
const noSuchZip = () => httpError(400, 'No such ZIP code.', { zipcode: 'is not a US ZIP code' }, ilfdlflistUrl);
const zipBadRequest = () => httpError(400, 'Bad request', undefined, ilfdlflistUrl);
const zipServerDown = () => httpError(500, 'Database unavailable', {}, ilfdlflistUrl);

const zipRefused = () => httpError(400, 'The ZIP code is not in that state.', { zipcode: 'is not in TX' });
const stateRefused = () => httpError(400, 'We do not sell in that state.', { state: 'is not offered' });
const answerRefused = () =>
  httpError(400, 'Some answers need another look.', { 'answers.dnt_practice_type': 'is not one of the options' });
const unpriceable = () => httpError(422, 'No rate table prices Dentists in Texas for that limit.', {});
const pricingDown = () => httpError(500, 'Database unavailable', {});
const calculateUrl = 'http://localhost/api/weborder/auth/calculate';

// ---------------------------------------------------------------------------------------------
// The harness: a real actor whose five calls wait until the test answers them.
// ---------------------------------------------------------------------------------------------

const services = ['loadQuestionnaire', 'locate', 'priceOptions', 'calculate', 'saveQuote'] as const;
type Service = (typeof services)[number];
type Call = [service: Service, input: unknown];
/** The moves between screens the router edge provides. */
type Shown = ['showQuestions'] | ['showQuote'] | ['showSaved', SavedSubmission, SaveIntent];

type PricingCall = {
  specialityId: number;
  state: string;
  zipcode: string;
  answers: AnswerMap;
  applicationAnswers: AnswerMap;
};
type SaveCall = PricingCall &
  QuoteChoice & {
    paymentTerm: string;
    clientId: string | undefined;
    idempotencyKey: string;
    submission: SavedSubmission | undefined;
  };

type Waiting = { service: Service; resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * A real actor whose five calls wait until the test answers them. The calls, the screens it
 * moved to, and the calls it abandoned (the state left while they were under way) are recorded.
 */
function harness(input: QuoteInput) {
  const calls: Call[] = [];
  const shown: Shown[] = [];
  const abandoned: Waiting[] = [];
  const pending: Partial<Record<Service, Waiting>> = {};
  function waiting<TOutput, TInput>(service: Service) {
    return fromPromise<TOutput, TInput>(({ input: callInput, signal }) => {
      calls.push([service, callInput]);
      return new Promise<TOutput>((resolve, reject) => {
        const call: Waiting = { service, resolve: resolve as (value: unknown) => void, reject };
        pending[service] = call;
        signal.addEventListener('abort', () => {
          if (pending[service] === call) delete pending[service];
          abandoned.push(call);
        });
      });
    });
  }
  const actor = createActor(
    quoteMachine.provide({
      actors: {
        loadQuestionnaire: waiting<Questionnaire, { specialityId: number }>('loadQuestionnaire'),
        locate: waiting<IlfDlfList, { zipcode: string }>('locate'),
        priceOptions: waiting<IlfDlfMatrix, PricingCall>('priceOptions'),
        calculate: waiting<Calculation, PricingCall & QuoteChoice>('calculate'),
        saveQuote: waiting<SavedSubmission, SaveCall>('saveQuote'),
      },
      actions: {
        showQuestions: () => void shown.push(['showQuestions']),
        showQuote: () => void shown.push(['showQuote']),
        showSaved: (_, saved: { submission: SavedSubmission; intent: SaveIntent }) =>
          void shown.push(['showSaved', saved.submission, saved.intent]),
      },
    }),
    { input },
  ).start();

  /** Answers the call the machine is waiting on, and lets the actor take the answer in. */
  async function answer(service: Service, outcome: 'done' | 'error', value: unknown) {
    const call = pending[service];
    expect(call, `the machine is not waiting on ${service}`).toBeDefined();
    delete pending[service];
    if (outcome === 'done') call!.resolve(value);
    else call!.reject(value);
    await settle();
  }

  /** The state as a dotted path: 'quoting.quoted.choosing.confirming' while the chosen option's worksheet is fetched. */
  const value = () => statePath(actor.getSnapshot().value);
  const context = (): QuoteContext => actor.getSnapshot().context;
  const callsTo = (service: Service) => calls.filter(([name]) => name === service).map(([, callInput]) => callInput);
  const isWaiting = (service: Service) => service in pending;

  return { actor, calls, shown, abandoned, answer, value, context, callsTo, isWaiting };
}

function statePath(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value as Record<string, unknown>)[0]!;
  return `${key}.${statePath(child)}`;
}

/** Lets the actor take in what a call answered (the promise's callbacks run first). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

type Harness = ReturnType<typeof harness>;

const fresh: QuoteInput = { specialityId: dentists };
const answered: QuoteInput = {
  specialityId: dentists,
  answers: completeAnswers,
  applicationAnswers: completeApplicationAnswers,
};

/** Questions loaded, at the ZIP step. */
async function atLocating(input: QuoteInput = fresh): Promise<Harness> {
  const quote = harness(input);
  await quote.answer('loadQuestionnaire', 'done', questionnaire);
  expect(quote.value()).toBe('locating.asking');
  return quote;
}

/** Houston located, at the questions. */
async function atAnswering(input: QuoteInput = answered): Promise<Harness> {
  const quote = await atLocating(input);
  quote.actor.send({ type: 'quote.locate', zipcode: '77002' });
  await quote.answer('locate', 'done', houston);
  expect(quote.value()).toBe('answering');
  return quote;
}

/** Every option priced, waiting on the default option's calculation. */
async function atCalculating(input: QuoteInput = answered): Promise<Harness> {
  const quote = await atAnswering(input);
  quote.actor.send({ type: 'quote.price' });
  await quote.answer('priceOptions', 'done', matrix);
  expect(quote.value()).toBe('quoting.quoted.choosing.confirming');
  return quote;
}

/** A quote on screen: the default option calculated. */
async function atQuoted(input: QuoteInput = answered): Promise<Harness> {
  const quote = await atCalculating(input);
  await quote.answer(
    'calculate',
    'done',
    calculationFor(quote.context().choice!.limitCode, quote.context().choice!.deductibleCode),
  );
  expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
  return quote;
}

const houstonPricing: PricingCall = {
  specialityId: dentists,
  state: 'TX',
  zipcode: '77002',
  answers: completeAnswers,
  applicationAnswers: completeApplicationAnswers,
};

// ---------------------------------------------------------------------------------------------

describe('the fixtures', () => {
  it('are what the API sends', () => {
    expect(v.safeParse(ilfDlfListSchema, houston).issues).toBeUndefined();
    expect(v.safeParse(ilfDlfListSchema, manhattan).issues).toBeUndefined();
    for (const priced of [matrix, repriced, narrower])
      expect(v.safeParse(ilfdlfResponseSchema, priced).issues).toBeUndefined();
    expect(v.safeParse(calculateResponseSchema, calculation).issues).toBeUndefined();
    expect(matrix.options).toHaveLength(9);
    expect(calculation.paymentPlans.map((plan) => plan.code)).toEqual(['annual', 'quarterly']);
  });
});

describe('quoteMachine: start', () => {
  it('loads the questionnaire of the input speciality, then asks for the ZIP', async () => {
    const quote = harness({ specialityId: 6 });
    expect(quote.value()).toBe('questionnaire.loading');
    expect(quote.calls).toEqual([['loadQuestionnaire', { specialityId: 6 }]]);
    expect(quote.context()).toMatchObject({
      specialityId: 6,
      zipcode: '',
      location: undefined,
      answers: {},
      applicationAnswers: {},
    });

    await quote.answer('loadQuestionnaire', 'done', questionnaire);
    expect(quote.value()).toBe('locating.asking');
    expect(quote.context().questions).toEqual(questionnaire.questions);
    expect(quote.context().applicationQuestions).toEqual(questionnaire.applicationQuestions);
    expect(quote.calls).toHaveLength(1);
  });

  it('a resumed quote with its ZIP goes straight on to locate it, keeping what it resumed', async () => {
    const input: QuoteInput = {
      specialityId: dentists,
      zipcode: '77002',
      answers: completeAnswers,
      applicationAnswers: completeApplicationAnswers,
      choice: { limitCode: '1M/3M', deductibleCode: '2500' },
      paymentTerm: 'quarterly',
    };
    const quote = harness(input);
    expect(quote.context()).toMatchObject({
      zipcode: '77002',
      answers: completeAnswers,
      applicationAnswers: completeApplicationAnswers,
      choice: { limitCode: '1M/3M', deductibleCode: '2500' },
      paymentTerm: 'quarterly',
    });
    await quote.answer('loadQuestionnaire', 'done', questionnaire);
    expect(quote.value()).toBe('locating.checking');
    expect(quote.callsTo('locate')).toEqual([{ zipcode: '77002' }]);
    await quote.answer('locate', 'done', houston);
    expect(quote.value()).toBe('answering');
    expect(quote.context().location).toEqual(houston);
    // Resumed at the questions: the questions screen is already showing.
    expect(quote.shown).toEqual([]);
  });

  for (const [label, error, text] of [
    ['no connection', networkError(), offline],
    [
      'a 500',
      httpError(500, 'Database unavailable', {}, 'http://localhost/api/weborder/questions/list'),
      '500: Database unavailable',
    ],
  ] as const) {
    it(`a questionnaire that fails to load (${label}) says why; retry loads it again`, async () => {
      const quote = harness({ specialityId: dentists, zipcode: '77002' });
      await quote.answer('loadQuestionnaire', 'error', error);
      expect(quote.value()).toBe('questionnaire.failed');
      expect(quote.context().errorMessage).toBe(text);
      expect(quote.callsTo('locate')).toEqual([]);

      quote.actor.send({ type: 'quote.retry' });
      expect(quote.value()).toBe('questionnaire.loading');
      expect(quote.callsTo('loadQuestionnaire')).toEqual([{ specialityId: dentists }, { specialityId: dentists }]);
      await quote.answer('loadQuestionnaire', 'done', questionnaire);
      expect(quote.value()).toBe('locating.checking');
      expect(quote.callsTo('locate')).toEqual([{ zipcode: '77002' }]);
    });
  }

  it('a questionnaire loaded on retry leaves no failure message on the ZIP step', async () => {
    const quote = harness(fresh);
    await quote.answer('loadQuestionnaire', 'error', networkError());
    quote.actor.send({ type: 'quote.retry' });
    await quote.answer('loadQuestionnaire', 'done', questionnaire);
    expect(quote.value()).toBe('locating.asking');
    // Every call that succeeds clears the failure before it: the questionnaire's must not follow
    // the visitor to the ZIP step.
    expect(quote.context().errorMessage).toBeUndefined();
  });

  it('ignores retry and the quote events while loading', () => {
    const quote = harness(fresh);
    for (const event of [
      { type: 'quote.retry' },
      { type: 'quote.locate', zipcode: '77002' },
      { type: 'quote.price' },
      { type: 'quote.relocate' },
    ] as const) {
      quote.actor.send(event);
      expect(quote.value()).toBe('questionnaire.loading');
    }
    expect(quote.calls).toEqual([['loadQuestionnaire', { specialityId: dentists }]]);
    expect(quote.context().zipcode).toBe('');
  });
});

describe('quoteMachine: ZIP', () => {
  it('quote.locate trims and stores the ZIP, and checks it', async () => {
    const quote = await atLocating();
    quote.actor.send({ type: 'quote.locate', zipcode: '  77002 \t' });
    expect(quote.value()).toBe('locating.checking');
    expect(quote.context().zipcode).toBe('77002');
    expect(quote.callsTo('locate')).toEqual([{ zipcode: '77002' }]);
  });

  it('a ZIP+4 is kept as the five digits the server located', async () => {
    const quote = await atLocating(answered);
    quote.actor.send({ type: 'quote.locate', zipcode: ' 77002-1234 ' });
    expect(quote.callsTo('locate')).toEqual([{ zipcode: '77002-1234' }]);
    await quote.answer('locate', 'done', houston);
    expect(quote.context().zipcode).toBe('77002');
    quote.actor.send({ type: 'quote.price' });
    expect(quote.callsTo('priceOptions')).toEqual([houstonPricing]);
  });

  it('a new ZIP settles the place’s errors, not the answers’', async () => {
    const quote = await atAnswering();
    quote.actor.send({ type: 'quote.price' });
    const both = { zipcode: 'is not in TX', 'answers.dnt_practice_type': 'is not one of the options' };
    await quote.answer('priceOptions', 'error', httpError(400, 'Please check your answers.', both));
    expect(quote.value()).toBe('locating.asking');
    expect(quote.context().fieldErrors).toEqual(both);
    quote.actor.send({ type: 'quote.locate', zipcode: '77002' });
    await quote.answer('locate', 'done', houston);
    expect(quote.value()).toBe('answering');
    expect(quote.context().fieldErrors).toEqual({ 'answers.dnt_practice_type': 'is not one of the options' });
    expect(quote.context().errorMessage).toBeUndefined();
  });

  it('an offered ZIP: answering, the location stored and earlier field errors cleared', async () => {
    const quote = await atLocating();
    quote.actor.send({ type: 'quote.locate', zipcode: '77O02' });
    await quote.answer('locate', 'error', noSuchZip());
    expect(quote.context().fieldErrors).toEqual({ zipcode: 'is not a US ZIP code' });

    quote.actor.send({ type: 'quote.locate', zipcode: '77002' });
    await quote.answer('locate', 'done', houston);
    expect(quote.value()).toBe('answering');
    expect(quote.context().location).toEqual(houston);
    expect(quote.context().fieldErrors).toEqual({});
    expect(quote.context().errorMessage).toBeUndefined();
    // The ZIP the visitor just gave moves the flow on to the questions screen, once.
    expect(quote.shown).toEqual([['showQuestions']]);
  });

  it('a ZIP where the product is not sold: notOffered, the location kept so the screen can name the state', async () => {
    const quote = await atLocating();
    quote.actor.send({ type: 'quote.locate', zipcode: '10001' });
    await quote.answer('locate', 'done', manhattan);
    expect(quote.value()).toBe('locating.notOffered');
    expect(quote.context().location?.stateName).toBe('New York');
    expect(quote.context().zipcode).toBe('10001');
  });

  it('another ZIP from notOffered drops the previous location while it is checked', async () => {
    const quote = await atLocating();
    quote.actor.send({ type: 'quote.locate', zipcode: '10001' });
    await quote.answer('locate', 'done', manhattan);
    quote.actor.send({ type: 'quote.locate', zipcode: ' 77002' });
    expect(quote.value()).toBe('locating.checking');
    expect(quote.context().zipcode).toBe('77002');
    expect(quote.context().location).toBeUndefined();
    await quote.answer('locate', 'done', houston);
    expect(quote.value()).toBe('answering');
    expect(quote.context().location).toEqual(houston);
  });

  it('a 400 naming the ZIP: back to the ZIP with its field error and the server’s words', async () => {
    const quote = await atLocating();
    quote.actor.send({ type: 'quote.locate', zipcode: '00000' });
    await quote.answer('locate', 'error', noSuchZip());
    expect(quote.value()).toBe('locating.asking');
    expect(quote.context().fieldErrors).toEqual({ zipcode: 'is not a US ZIP code' });
    expect(quote.context().errorMessage).toBe('No such ZIP code.');
    expect(quote.context().location).toBeUndefined();
  });

  for (const [label, error, text] of [
    ['a 500', zipServerDown(), '500: Database unavailable'],
    ['no connection', networkError(), offline],
    ['a 400 naming no field', zipBadRequest(), '400: Bad request'],
  ] as const) {
    it(`${label} while checking the ZIP: locateFailed; retry checks the same ZIP again`, async () => {
      const quote = await atLocating();
      quote.actor.send({ type: 'quote.locate', zipcode: '77002' });
      await quote.answer('locate', 'error', error);
      expect(quote.value()).toBe('locating.failed');
      expect(quote.context().errorMessage).toBe(text);
      expect(quote.context().fieldErrors).toEqual({});

      quote.actor.send({ type: 'quote.retry' });
      expect(quote.value()).toBe('locating.checking');
      expect(quote.callsTo('locate')).toEqual([{ zipcode: '77002' }, { zipcode: '77002' }]);
      await quote.answer('locate', 'done', houston);
      expect(quote.value()).toBe('answering');
      expect(quote.context().errorMessage).toBeUndefined();
    });
  }

  it('relocate from locateFailed goes back to the ZIP without checking', async () => {
    const quote = await atLocating();
    quote.actor.send({ type: 'quote.locate', zipcode: '77002' });
    await quote.answer('locate', 'error', networkError());
    quote.actor.send({ type: 'quote.relocate' });
    expect(quote.value()).toBe('locating.asking');
    expect(quote.callsTo('locate')).toHaveLength(1);
  });

  const relocatable: Array<[string, () => Promise<Harness>]> = [
    [
      'locating.notOffered',
      async () => {
        const quote = await atLocating();
        quote.actor.send({ type: 'quote.locate', zipcode: '10001' });
        await quote.answer('locate', 'done', manhattan);
        return quote;
      },
    ],
    ['answering', () => atAnswering()],
    ['quoting.quoted.choosing.confirmed', () => atQuoted()],
  ];
  for (const [from, reach] of relocatable) {
    it(`relocate from ${from} goes back to the ZIP, and a new ZIP is checked`, async () => {
      const quote = await reach();
      expect(quote.value()).toBe(from);
      const before = quote.calls.length;
      quote.actor.send({ type: 'quote.relocate' });
      expect(quote.value()).toBe('locating.asking');
      expect(quote.calls).toHaveLength(before);
      quote.actor.send({ type: 'quote.locate', zipcode: '77002' });
      expect(quote.value()).toBe('locating.checking');
      expect(quote.callsTo('locate').at(-1)).toEqual({ zipcode: '77002' });
    });
  }

  it('quote.locate is taken only where a ZIP is asked for', async () => {
    const quote = await atAnswering();
    quote.actor.send({ type: 'quote.locate', zipcode: '10001' });
    expect(quote.value()).toBe('answering');
    expect(quote.context().zipcode).toBe('77002');
    expect(quote.callsTo('locate')).toHaveLength(1);
  });
});

describe('quoteMachine: answers', () => {
  it('quote.answer stores each answer in its own set', async () => {
    const quote = await atAnswering(fresh);
    quote.actor.send({ type: 'quote.answer', set: 'answers', code: 'dnt_sedation', value: 'yes' });
    quote.actor.send({ type: 'quote.answer', set: 'applicationAnswers', code: 'years_in_practice', value: 7 });
    quote.actor.send({ type: 'quote.answer', set: 'answers', code: 'dnt_sedation', value: 'no' });
    expect(quote.value()).toBe('answering');
    expect(quote.context().answers).toEqual({ dnt_sedation: 'no' });
    expect(quote.context().applicationAnswers).toEqual({ years_in_practice: 7 });
  });

  it('quote.price with required questions unanswered stays, naming exactly the missing ones', async () => {
    const quote = await atAnswering(fresh);
    quote.actor.send({ type: 'quote.answer', set: 'applicationAnswers', code: 'staff_count', value: 2 });
    quote.actor.send({ type: 'quote.price' });
    expect(quote.value()).toBe('answering');
    // Not the optional ones, nor the conditional ones whose condition does not hold.
    expect(quote.context().fieldErrors).toEqual({
      'answers.dnt_sedation': 'is required',
      'answers.dnt_practice_type': 'is required',
      'applicationAnswers.years_in_practice': 'is required',
      'applicationAnswers.prior_claims': 'is required',
    });
    expect(quote.callsTo('priceOptions')).toEqual([]);
    expect(quote.shown).toEqual([['showQuestions']]);
  });

  it('an answer clears only its own field’s error, in its own set', async () => {
    const quote = await atAnswering(fresh);
    quote.actor.send({ type: 'quote.price' });
    // The same code in the other set is another field.
    quote.actor.send({ type: 'quote.answer', set: 'applicationAnswers', code: 'dnt_sedation', value: 'yes' });
    expect(Object.keys(quote.context().fieldErrors)).toHaveLength(4);
    quote.actor.send({ type: 'quote.answer', set: 'answers', code: 'dnt_sedation', value: 'yes' });
    expect(quote.context().fieldErrors).toEqual({
      'answers.dnt_practice_type': 'is required',
      'applicationAnswers.years_in_practice': 'is required',
      'applicationAnswers.prior_claims': 'is required',
    });
    quote.actor.send({ type: 'quote.answer', set: 'applicationAnswers', code: 'prior_claims', value: 'no' });
    expect(quote.context().fieldErrors).toEqual({
      'answers.dnt_practice_type': 'is required',
      'applicationAnswers.years_in_practice': 'is required',
    });
  });

  it('blank text still counts as unanswered; a 0 counts as an answer', async () => {
    const quote = await atAnswering({
      specialityId: dentists,
      answers: { ...completeAnswers, dnt_practice_type: '   ' },
      applicationAnswers: { ...completeApplicationAnswers, years_in_practice: 0 },
    });
    quote.actor.send({ type: 'quote.price' });
    expect(quote.value()).toBe('answering');
    expect(quote.context().fieldErrors).toEqual({ 'answers.dnt_practice_type': 'is required' });
  });

  it('a conditional question is required only while its condition holds', async () => {
    const quote = await atAnswering();
    quote.actor.send({ type: 'quote.answer', set: 'applicationAnswers', code: 'prior_claims', value: 'yes' });
    quote.actor.send({ type: 'quote.answer', set: 'answers', code: 'dnt_sedation', value: 'yes' });
    quote.actor.send({ type: 'quote.price' });
    expect(quote.value()).toBe('answering');
    expect(quote.context().fieldErrors).toEqual({
      'applicationAnswers.prior_claims_count': 'is required',
      'answers.dnt_sedation_permit': 'is required',
    });

    quote.actor.send({ type: 'quote.answer', set: 'applicationAnswers', code: 'prior_claims', value: 'no' });
    quote.actor.send({ type: 'quote.answer', set: 'answers', code: 'dnt_sedation_permit', value: 'moderate' });
    quote.actor.send({ type: 'quote.price' });
    expect(quote.value()).toBe('quoting.pricing.loading');
    expect(quote.callsTo('priceOptions')).toEqual([
      {
        ...houstonPricing,
        answers: { ...completeAnswers, dnt_sedation: 'yes', dnt_sedation_permit: 'moderate' },
        applicationAnswers: { ...completeApplicationAnswers, prior_claims: 'no' },
      },
    ]);
  });

  it('a yes given as true shows the conditional question too', async () => {
    const quote = await atAnswering({
      ...answered,
      applicationAnswers: { ...completeApplicationAnswers, prior_claims: true },
    });
    quote.actor.send({ type: 'quote.price' });
    expect(quote.value()).toBe('answering');
    expect(quote.context().fieldErrors).toEqual({ 'applicationAnswers.prior_claims_count': 'is required' });
    quote.actor.send({ type: 'quote.answer', set: 'applicationAnswers', code: 'prior_claims_count', value: 2 });
    expect(quote.context().fieldErrors).toEqual({});
    quote.actor.send({ type: 'quote.price' });
    expect(quote.value()).toBe('quoting.pricing.loading');
  });

  it('complete answers price every option with the speciality, the located state and ZIP, and both answer sets', async () => {
    const quote = await atAnswering(fresh);
    for (const [code, value] of Object.entries(completeAnswers))
      quote.actor.send({ type: 'quote.answer', set: 'answers', code, value });
    for (const [code, value] of Object.entries(completeApplicationAnswers)) {
      quote.actor.send({ type: 'quote.answer', set: 'applicationAnswers', code, value });
    }
    quote.actor.send({ type: 'quote.price' });
    expect(quote.value()).toBe('quoting.pricing.loading');
    expect(quote.callsTo('priceOptions')).toEqual([houstonPricing]);
    expect(quote.shown).toEqual([['showQuestions'], ['showQuote']]);
  });

  it('an answer that hides a question clears that question’s error too, in its own set only', async () => {
    const quote = await atAnswering({
      ...answered,
      answers: { ...completeAnswers, dnt_sedation: 'yes' },
      applicationAnswers: { ...completeApplicationAnswers, prior_claims: 'yes' },
    });
    quote.actor.send({ type: 'quote.price' });
    expect(quote.context().fieldErrors).toEqual({
      'answers.dnt_sedation_permit': 'is required',
      'applicationAnswers.prior_claims_count': 'is required',
    });
    // An answer that hides nothing leaves the others' errors.
    quote.actor.send({ type: 'quote.answer', set: 'answers', code: 'dnt_practice_type', value: 'orthodontics' });
    expect(Object.keys(quote.context().fieldErrors)).toHaveLength(2);
    quote.actor.send({ type: 'quote.answer', set: 'applicationAnswers', code: 'prior_claims', value: 'no' });
    expect(quote.context().fieldErrors).toEqual({ 'answers.dnt_sedation_permit': 'is required' });
    quote.actor.send({ type: 'quote.answer', set: 'answers', code: 'dnt_sedation', value: 'no' });
    expect(quote.context().fieldErrors).toEqual({});
    quote.actor.send({ type: 'quote.price' });
    expect(quote.value()).toBe('quoting.pricing.loading');
  });

  it('the server’s field errors are cleared once the options are priced', async () => {
    const quote = await atAnswering();
    quote.actor.send({ type: 'quote.price' });
    await quote.answer('priceOptions', 'error', answerRefused());
    // Priced again as it is: this time the server takes it.
    quote.actor.send({ type: 'quote.price' });
    await quote.answer('priceOptions', 'done', matrix);
    expect(quote.context().fieldErrors).toEqual({});
    expect(quote.context().errorMessage).toBeUndefined();
  });

  it('a resumed quote carries the server’s field errors to the questions', async () => {
    const fieldErrors = { 'answers.dnt_practice_type': 'is not one of the options' };
    const quote = harness({ ...answered, zipcode: '77002', fieldErrors });
    expect(quote.context().fieldErrors).toEqual(fieldErrors);
    await quote.answer('loadQuestionnaire', 'done', questionnaire);
    await quote.answer('locate', 'done', houston);
    expect(quote.value()).toBe('answering');
    expect(quote.context().fieldErrors).toEqual(fieldErrors);
  });
});

describe('defaultChoice', () => {
  it('is the middle limit and the middle deductible', () => {
    expect(defaultChoice(matrix)).toEqual({ limitCode: '1M/1M', deductibleCode: '1000' });
  });

  it('takes the lower of the two middles of an even list, the one option of a single list, nothing of an empty one', () => {
    expect(defaultChoice(narrower)).toEqual({ limitCode: '500K/1M', deductibleCode: '0' });
    expect(defaultChoice(matrixOf(['1M/3M'], ['0', '1000', '2500']))).toEqual({
      limitCode: '1M/3M',
      deductibleCode: '1000',
    });
    expect(defaultChoice({ rateTableId: 14, limits: [], deductibles: [], options: [] })).toBeUndefined();
  });
});

describe('quoteMachine: pricing', () => {
  it('stores the matrix, chooses the middle option and calculates it', async () => {
    const quote = await atAnswering();
    quote.actor.send({ type: 'quote.price' });
    await quote.answer('priceOptions', 'done', matrix);
    expect(quote.value()).toBe('quoting.quoted.choosing.confirming');
    expect(quote.context().matrix).toEqual(matrix);
    expect(quote.context().choice).toEqual({ limitCode: '1M/1M', deductibleCode: '1000' });
    expect(quote.callsTo('calculate')).toEqual([{ ...houstonPricing, limitCode: '1M/1M', deductibleCode: '1000' }]);
  });

  it('keeps a resumed choice the matrix still offers', async () => {
    const quote = await atCalculating({ ...answered, choice: { limitCode: '1M/3M', deductibleCode: '2500' } });
    expect(quote.context().choice).toEqual({ limitCode: '1M/3M', deductibleCode: '2500' });
    expect(quote.callsTo('calculate')).toEqual([{ ...houstonPricing, limitCode: '1M/3M', deductibleCode: '2500' }]);
  });

  it('drops a resumed choice the matrix does not offer for its middle option', async () => {
    const quote = await atAnswering({ ...answered, choice: { limitCode: '1M/3M', deductibleCode: '2500' } });
    quote.actor.send({ type: 'quote.price' });
    await quote.answer('priceOptions', 'done', narrower);
    expect(quote.context().choice).toEqual({ limitCode: '500K/1M', deductibleCode: '0' });
    expect(quote.callsTo('calculate')).toEqual([{ ...houstonPricing, limitCode: '500K/1M', deductibleCode: '0' }]);
  });

  it('a limit and a deductible both offered, but not together, is no choice', async () => {
    const gappy: IlfDlfMatrix = {
      ...matrix,
      options: matrix.options.filter((o) => !(o.limitCode === '1M/3M' && o.deductibleCode === '2500')),
    };
    const quote = await atAnswering({ ...answered, choice: { limitCode: '1M/3M', deductibleCode: '2500' } });
    quote.actor.send({ type: 'quote.price' });
    await quote.answer('priceOptions', 'done', gappy);
    expect(quote.context().choice).toEqual({ limitCode: '1M/1M', deductibleCode: '1000' });
  });

  it('stores the calculation and pays by its first plan', async () => {
    const quote = await atCalculating();
    await quote.answer('calculate', 'done', calculation);
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.context().calculation).toEqual(calculation);
    expect(quote.context().paymentTerm).toBe('annual');
    expect(quote.context().errorMessage).toBeUndefined();
  });

  it('keeps a resumed payment term the plans still have', async () => {
    const quote = await atCalculating({ ...answered, paymentTerm: 'quarterly' });
    await quote.answer('calculate', 'done', calculation);
    expect(quote.context().paymentTerm).toBe('quarterly');
  });

  it('drops a resumed payment term the plans do not have for the first plan', async () => {
    const quote = await atCalculating({ ...answered, paymentTerm: 'monthly' });
    await quote.answer('calculate', 'done', calculation);
    expect(quote.context().paymentTerm).toBe('annual');
  });
});

describe('quoteMachine: server refusals', () => {
  for (const [label, error, fieldErrors] of [
    ['the ZIP', zipRefused(), { zipcode: 'is not in TX' }],
    ['the state', stateRefused(), { state: 'is not offered' }],
  ] as const) {
    it(`a 400 naming ${label} while pricing goes back to the ZIP with the field error`, async () => {
      const quote = await atAnswering();
      quote.actor.send({ type: 'quote.price' });
      await quote.answer('priceOptions', 'error', error);
      expect(quote.value()).toBe('locating.asking');
      expect(quote.context().fieldErrors).toEqual(fieldErrors);
      expect(quote.context().errorMessage).toBe(error.message.replace(/^400: /, ''));
      expect(quote.callsTo('calculate')).toEqual([]);
    });
  }

  it('a 400 naming an answer goes back to the questions with that error and the server’s words; answering it clears the error', async () => {
    const quote = await atAnswering();
    quote.actor.send({ type: 'quote.price' });
    await quote.answer('priceOptions', 'error', answerRefused());
    expect(quote.value()).toBe('answering');
    expect(quote.context().fieldErrors).toEqual({ 'answers.dnt_practice_type': 'is not one of the options' });
    expect(quote.context().errorMessage).toBe('Some answers need another look.');
    expect(quote.context().answers).toEqual(completeAnswers);
    expect(quote.shown).toEqual([['showQuestions'], ['showQuote'], ['showQuestions']]);

    quote.actor.send({ type: 'quote.answer', set: 'answers', code: 'dnt_practice_type', value: 'orthodontics' });
    expect(quote.context().fieldErrors).toEqual({});
    quote.actor.send({ type: 'quote.price' });
    expect(quote.value()).toBe('quoting.pricing.loading');
    expect(quote.callsTo('priceOptions').at(-1)).toEqual({
      ...houstonPricing,
      answers: { ...completeAnswers, dnt_practice_type: 'orthodontics' },
    });
    await quote.answer('priceOptions', 'done', matrix);
    expect(quote.context().errorMessage).toBeUndefined();
  });

  it('a 422 while pricing: unpriceable, with the server’s words', async () => {
    const quote = await atAnswering();
    quote.actor.send({ type: 'quote.price' });
    await quote.answer('priceOptions', 'error', unpriceable());
    expect(quote.value()).toBe('quoting.pricing.unpriceable');
    expect(quote.context().errorMessage).toBe('No rate table prices Dentists in Texas for that limit.');
    expect(quote.callsTo('calculate')).toEqual([]);
  });

  it('a 422 while calculating: unpriceable; from there the answers or the ZIP can change', async () => {
    const quote = await atCalculating();
    await quote.answer('calculate', 'error', httpError(422, 'That option is not sold in Texas.', {}, calculateUrl));
    expect(quote.value()).toBe('quoting.pricing.unpriceable');
    expect(quote.context().errorMessage).toBe('That option is not sold in Texas.');
    quote.actor.send({ type: 'quote.retry' });
    expect(quote.value()).toBe('quoting.pricing.unpriceable');
    quote.actor.send({ type: 'quote.editAnswers' });
    expect(quote.value()).toBe('answering');
    expect(quote.context().answers).toEqual(completeAnswers);
    expect(quote.shown.at(-1)).toEqual(['showQuestions']);
    quote.actor.send({ type: 'quote.relocate' });
    expect(quote.value()).toBe('locating.asking');
  });

  for (const [label, error, text] of [
    ['a 500', pricingDown(), '500: Database unavailable'],
    ['no connection', networkError(), offline],
    ['a 400 naming no field', httpError(400, 'Bad request'), '400: Bad request'],
  ] as const) {
    it(`${label} while pricing: pricingFailed; retry prices the same again`, async () => {
      const quote = await atAnswering();
      quote.actor.send({ type: 'quote.price' });
      await quote.answer('priceOptions', 'error', error);
      expect(quote.value()).toBe('quoting.pricing.failed');
      expect(quote.context().errorMessage).toBe(text);

      quote.actor.send({ type: 'quote.retry' });
      expect(quote.value()).toBe('quoting.pricing.loading');
      expect(quote.callsTo('priceOptions')).toEqual([houstonPricing, houstonPricing]);
      await quote.answer('priceOptions', 'done', matrix);
      await quote.answer('calculate', 'done', calculation);
      expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
      expect(quote.context().errorMessage).toBeUndefined();
    });
  }

  it('a failed worksheet keeps the price the matrix gave (unconfirmed, still buyable); retry fetches the worksheet again', async () => {
    const quote = await atCalculating();
    await quote.answer('calculate', 'error', httpError(503, 'Service Unavailable', {}, calculateUrl));
    expect(quote.value()).toBe('quoting.quoted.choosing.unconfirmed');
    expect(quote.context().errorMessage).toBe('503: Service Unavailable');
    expect(quote.context().matrix).toEqual(matrix);
    quote.actor.send({ type: 'quote.retry' });
    expect(quote.value()).toBe('quoting.quoted.choosing.confirming');
    expect(quote.callsTo('calculate')).toHaveLength(2);
    expect(quote.callsTo('priceOptions')).toHaveLength(1);
    await quote.answer('calculate', 'done', calculation);
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.context().errorMessage).toBeUndefined();
  });

  it('from pricingFailed the answers can be edited', async () => {
    const quote = await atAnswering();
    quote.actor.send({ type: 'quote.price' });
    await quote.answer('priceOptions', 'error', pricingDown());
    quote.actor.send({ type: 'quote.editAnswers' });
    expect(quote.value()).toBe('answering');
    expect(quote.context().answers).toEqual(completeAnswers);
    expect(quote.context().applicationAnswers).toEqual(completeApplicationAnswers);
    expect(quote.callsTo('priceOptions')).toHaveLength(1);
    expect(quote.shown).toEqual([['showQuestions'], ['showQuote'], ['showQuestions']]);
  });
});

describe('quoteMachine: quoted', () => {
  it('choosing an offered option calculates it and shows the new calculation', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.chooseTerm', paymentTerm: 'quarterly' });
    quote.actor.send({ type: 'quote.choose', limitCode: '1M/3M', deductibleCode: '2500' });
    expect(quote.value()).toBe('quoting.quoted.choosing.confirming');
    expect(quote.context().choice).toEqual({ limitCode: '1M/3M', deductibleCode: '2500' });
    expect(quote.callsTo('calculate').at(-1)).toEqual({
      ...houstonPricing,
      limitCode: '1M/3M',
      deductibleCode: '2500',
    });
    expect(quote.callsTo('priceOptions')).toHaveLength(1);

    const dearer = calculationFor('1M/3M', '2500');
    await quote.answer('calculate', 'done', dearer);
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.context().calculation).toEqual(dearer);
    expect(quote.context().matrix).toEqual(matrix);
    // The term the insured chose is kept: the new plans still have it.
    expect(quote.context().paymentTerm).toBe('quarterly');
  });

  it('a new calculation without the chosen term pays by its first plan', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.chooseTerm', paymentTerm: 'quarterly' });
    quote.actor.send({ type: 'quote.choose', limitCode: '500K/1M', deductibleCode: '0' });
    await quote.answer('calculate', 'done', calculationFor('500K/1M', '0', [monthly, annual]));
    expect(quote.context().paymentTerm).toBe('monthly');
  });

  for (const [label, limitCode, deductibleCode] of [
    ['a limit the table lacks', '2M/4M', '1000'],
    ['a deductible the table lacks', '1M/1M', '10000'],
    ['the codes swapped', '1000', '1M/1M'],
  ] as const) {
    it(`ignores an option the matrix does not offer (${label})`, async () => {
      const quote = await atQuoted();
      const before = quote.context();
      quote.actor.send({ type: 'quote.choose', limitCode, deductibleCode });
      expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
      expect(quote.context()).toBe(before);
      expect(quote.callsTo('calculate')).toHaveLength(1);
    });
  }

  it('chooses a payment term the plans offer, and ignores one they do not', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.chooseTerm', paymentTerm: 'quarterly' });
    expect(quote.context().paymentTerm).toBe('quarterly');
    quote.actor.send({ type: 'quote.chooseTerm', paymentTerm: 'monthly' });
    expect(quote.context().paymentTerm).toBe('quarterly');
    quote.actor.send({ type: 'quote.chooseTerm', paymentTerm: '' });
    expect(quote.context().paymentTerm).toBe('quarterly');
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.calls).toHaveLength(4);
  });

  it('editing the answers keeps them; pricing again keeps the choice and term the new prices still offer', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.choose', limitCode: '1M/3M', deductibleCode: '2500' });
    await quote.answer('calculate', 'done', calculationFor('1M/3M', '2500'));
    quote.actor.send({ type: 'quote.chooseTerm', paymentTerm: 'quarterly' });

    quote.actor.send({ type: 'quote.editAnswers' });
    expect(quote.value()).toBe('answering');
    expect(quote.context()).toMatchObject({
      answers: completeAnswers,
      applicationAnswers: completeApplicationAnswers,
      location: houston,
    });
    expect(quote.shown).toEqual([['showQuestions'], ['showQuote'], ['showQuestions']]);

    quote.actor.send({ type: 'quote.answer', set: 'answers', code: 'dnt_practice_type', value: 'orthodontics' });
    quote.actor.send({ type: 'quote.price' });
    expect(quote.callsTo('priceOptions').at(-1)).toEqual({
      ...houstonPricing,
      answers: { ...completeAnswers, dnt_practice_type: 'orthodontics' },
    });
    await quote.answer('priceOptions', 'done', repriced);
    expect(quote.context().choice).toEqual({ limitCode: '1M/3M', deductibleCode: '2500' });
    expect(quote.callsTo('calculate').at(-1)).toMatchObject({ limitCode: '1M/3M', deductibleCode: '2500' });
    await quote.answer('calculate', 'done', calculationFor('1M/3M', '2500'));
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.context().matrix).toEqual(repriced);
    expect(quote.context().paymentTerm).toBe('quarterly');
  });

  it('ignores price and retry on a quote', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.price' });
    quote.actor.send({ type: 'quote.retry' });
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.calls).toHaveLength(4);
  });
});

describe('quoteMachine: resuming', () => {
  const resumed = (extra: Partial<QuoteInput> = {}): QuoteInput => ({
    ...answered,
    zipcode: '77002',
    resume: 'quote',
    ...extra,
  });

  it('a priced quote resumed with every answer prices again straight after locating, without moving screens', async () => {
    const quote = harness(
      resumed({ choice: { limitCode: '1M/3M', deductibleCode: '2500' }, paymentTerm: 'quarterly' }),
    );
    await quote.answer('loadQuestionnaire', 'done', questionnaire);
    await quote.answer('locate', 'done', houston);
    expect(quote.value()).toBe('quoting.pricing.loading');
    expect(quote.context().location).toEqual(houston);
    expect(quote.callsTo('priceOptions')).toEqual([houstonPricing]);
    await quote.answer('priceOptions', 'done', matrix);
    expect(quote.callsTo('calculate')).toEqual([{ ...houstonPricing, limitCode: '1M/3M', deductibleCode: '2500' }]);
    await quote.answer('calculate', 'done', calculationFor('1M/3M', '2500'));
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.context().paymentTerm).toBe('quarterly');
    expect(quote.shown).toEqual([]);
  });

  it('a priced quote resumed with an answer missing stops at the questions', async () => {
    const quote = harness(resumed({ applicationAnswers: { ...completeApplicationAnswers, prior_claims: 'yes' } }));
    await quote.answer('loadQuestionnaire', 'done', questionnaire);
    await quote.answer('locate', 'done', houston);
    expect(quote.value()).toBe('answering');
    expect(quote.callsTo('priceOptions')).toEqual([]);
  });

  it('a priced quote resumed where the product is no longer sold is not offered', async () => {
    const quote = harness(resumed({ zipcode: '10001' }));
    await quote.answer('loadQuestionnaire', 'done', questionnaire);
    await quote.answer('locate', 'done', manhattan);
    expect(quote.value()).toBe('locating.notOffered');
    expect(quote.callsTo('priceOptions')).toEqual([]);
  });

  it('a quote resumed at the questions waits there, however complete its answers', async () => {
    const quote = harness(resumed({ resume: 'questions' }));
    await quote.answer('loadQuestionnaire', 'done', questionnaire);
    await quote.answer('locate', 'done', houston);
    expect(quote.value()).toBe('answering');
    expect(quote.callsTo('priceOptions')).toEqual([]);
    expect(quote.shown).toEqual([]);
  });
});

describe('quoteMachine: changing the answers while prices are on the way', () => {
  for (const [from, reach] of [
    [
      'quoting.pricing.loading',
      async () => {
        const quote = await atAnswering();
        quote.actor.send({ type: 'quote.price' });
        return quote;
      },
    ],
    ['quoting.quoted.choosing.confirming', () => atCalculating()],
  ] as const) {
    it(`editAnswers from ${from} goes to the questions, and the abandoned answer changes nothing`, async () => {
      const quote = await reach();
      expect(quote.value()).toBe(from);
      const before = quote.context();
      quote.actor.send({ type: 'quote.editAnswers' });
      expect(quote.value()).toBe('answering');
      expect(quote.shown.at(-1)).toEqual(['showQuestions']);
      expect(quote.abandoned.map((call) => call.service)).toEqual([invocationOf[from]]);

      // The server answers after all: too late.
      quote.abandoned[0]!.resolve(from === 'quoting.pricing.loading' ? repriced : calculationFor('1M/3M', '2500'));
      await settle();
      expect(quote.value()).toBe('answering');
      expect(quote.context()).toEqual(before);
      expect(quote.calls).toHaveLength(from === 'quoting.pricing.loading' ? 3 : 4);
    });
  }
});

const savedOrder: SavedSubmission = {
  submissionId: 4182,
  number: 'Q-2026-004182',
  quoteKey: 'hR2c0m9xq1V7bLwz4TnKfA8s3YpE6dJu5gWiOaNeXkM',
};
const saveKey = '0b6f1d5e-3c2a-4f8e-9a71-2d4c6b8e0f13';

describe('quoteMachine: saving', () => {
  it('saves the quote shown, with this save’s key, and shows the order', async () => {
    const quote = await atQuoted({ ...answered, clientId: 'harbor-risk' });
    quote.actor.send({ type: 'quote.chooseTerm', paymentTerm: 'quarterly' });
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    expect(quote.value()).toBe('quoting.saving');
    expect(quote.callsTo('saveQuote')).toEqual([
      {
        ...houstonPricing,
        limitCode: '1M/1M',
        deductibleCode: '1000',
        paymentTerm: 'quarterly',
        clientId: 'harbor-risk',
        idempotencyKey: saveKey,
      },
    ]);
    await quote.answer('saveQuote', 'done', savedOrder);
    expect(quote.value()).toBe('quoting.saved');
    expect(quote.context().submission).toEqual(savedOrder);
    expect(quote.context().errorMessage).toBeUndefined();
    expect(quote.shown.at(-1)).toEqual(['showSaved', savedOrder, 'save']);
  });

  it('keeps the answers while the save is under way: going back to them waits until it ends', async () => {
    // editAnswers is written once for the whole quoting step; saving is the one state that holds it back.
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    const shownBefore = quote.shown.length;
    quote.actor.send({ type: 'quote.editAnswers' });
    expect(quote.value()).toBe('quoting.saving');
    expect(quote.shown).toHaveLength(shownBefore);
    expect(quote.abandoned.map((call) => call.service)).not.toContain('saveQuote');
    await quote.answer('saveQuote', 'done', savedOrder);
    expect(quote.value()).toBe('quoting.saved');
  });

  it('buy now saves the quote shown the same way, and shows it as bought (review and pay, or sign up first)', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.buyNow', idempotencyKey: saveKey });
    expect(quote.value()).toBe('quoting.saving');
    expect(quote.context().intent).toBe('buy');
    expect(quote.callsTo('saveQuote')).toEqual([
      {
        ...houstonPricing,
        limitCode: '1M/1M',
        deductibleCode: '1000',
        paymentTerm: 'annual',
        clientId: undefined,
        idempotencyKey: saveKey,
      },
    ]);
    await quote.answer('saveQuote', 'done', savedOrder);
    expect(quote.shown.at(-1)).toEqual(['showSaved', savedOrder, 'buy']);
  });

  it('a failed save says why; retry saves again with the same key', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    await quote.answer('saveQuote', 'error', networkError());
    expect(quote.value()).toBe('quoting.quoted.saveFailed');
    expect(quote.context().errorMessage).toBe(offline);
    expect(quote.context().submission).toBeUndefined();

    quote.actor.send({ type: 'quote.retry' });
    expect(quote.value()).toBe('quoting.saving');
    const [first, second] = quote.callsTo('saveQuote') as SaveCall[];
    expect(second).toEqual(first);
    expect(second!.idempotencyKey).toBe(saveKey);
    await quote.answer('saveQuote', 'done', savedOrder);
    expect(quote.value()).toBe('quoting.saved');
    expect(quote.context().errorMessage).toBeUndefined();
    expect(quote.shown.filter(([screen]) => screen === 'showSaved')).toHaveLength(1);
  });

  it('after a failed save, Buy now tries the same save again (the first key, never a second order) and buys', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    await quote.answer('saveQuote', 'error', networkError());
    expect(quote.value()).toBe('quoting.quoted.saveFailed');

    quote.actor.send({ type: 'quote.buyNow', idempotencyKey: 'c1d2e3f4-0000-4000-8000-000000000009' });
    expect(quote.value()).toBe('quoting.saving');
    const [first, second] = quote.callsTo('saveQuote') as SaveCall[];
    expect(second).toEqual(first);
    expect(second!.idempotencyKey).toBe(saveKey);
    await quote.answer('saveQuote', 'done', savedOrder);
    expect(quote.shown.at(-1)).toEqual(['showSaved', savedOrder, 'buy']);
  });

  it('after a failed save another offered option can be chosen, and saved with a new key', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    await quote.answer(
      'saveQuote',
      'error',
      httpError(500, 'Database unavailable', {}, 'http://localhost/api/weborder/insured/createsubmission'),
    );
    quote.actor.send({ type: 'quote.choose', limitCode: '2M/4M', deductibleCode: '1000' });
    expect(quote.value()).toBe('quoting.quoted.saveFailed');
    quote.actor.send({ type: 'quote.choose', limitCode: '500K/1M', deductibleCode: '0' });
    expect(quote.value()).toBe('quoting.quoted.choosing.confirming');
    await quote.answer('calculate', 'done', calculationFor('500K/1M', '0'));
    quote.actor.send({ type: 'quote.save', idempotencyKey: 'c1d2e3f4-0000-4000-8000-000000000002' });
    expect(quote.callsTo('saveQuote').at(-1)).toMatchObject({
      limitCode: '500K/1M',
      deductibleCode: '0',
      idempotencyKey: 'c1d2e3f4-0000-4000-8000-000000000002',
    });
  });

  it('a quote without a payment plan cannot be saved', async () => {
    const quote = await atCalculating();
    await quote.answer('calculate', 'done', calculationFor('1M/1M', '1000', []));
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.context().paymentTerm).toBeUndefined();
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.callsTo('saveQuote')).toEqual([]);
  });

  it('buy now does not wait for the worksheet: the price is the matrix’s, the one the order is saved and bound at', async () => {
    const quote = await atCalculating();
    quote.actor.send({ type: 'quote.buyNow', idempotencyKey: saveKey });
    expect(quote.value()).toBe('quoting.saving');
    expect(quote.abandoned.map((call) => call.service)).toEqual(['calculate']);
    expect(quote.callsTo('saveQuote')).toHaveLength(1);
  });

  it('save and buy now are taken only once there is a price', async () => {
    const quote = await atAnswering();
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    quote.actor.send({ type: 'quote.buyNow', idempotencyKey: saveKey });
    expect(quote.value()).toBe('answering');
    quote.actor.send({ type: 'quote.price' });
    quote.actor.send({ type: 'quote.buyNow', idempotencyKey: saveKey });
    expect(quote.value()).toBe('quoting.pricing.loading');
    expect(quote.callsTo('saveQuote')).toEqual([]);
  });

  it('a saved quote can go back to its answers, keeping the order', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    await quote.answer('saveQuote', 'done', savedOrder);
    for (const ignored of [
      { type: 'quote.retry' },
      { type: 'quote.choose', limitCode: '500K/1M', deductibleCode: '0' },
      { type: 'quote.relocate' },
    ] as const) {
      quote.actor.send(ignored);
      expect(quote.value()).toBe('quoting.saved');
    }
    quote.actor.send({ type: 'quote.editAnswers' });
    expect(quote.value()).toBe('answering');
    expect(quote.shown.at(-1)).toEqual(['showQuestions']);
    expect(quote.context().submission).toEqual(savedOrder);
    expect(quote.context().answers).toEqual(completeAnswers);
  });

  it('saves a quote saved before onto the same order, not a second one', async () => {
    const quote = await atQuoted({ ...answered, submission: savedOrder });
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    expect((quote.callsTo('saveQuote') as SaveCall[])[0]!.submission).toEqual(savedOrder);
  });

  it('after a failed save the answers and the payment plan can still change', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.save', idempotencyKey: saveKey });
    await quote.answer('saveQuote', 'error', networkError());
    quote.actor.send({ type: 'quote.chooseTerm', paymentTerm: 'quarterly' });
    expect(quote.context().paymentTerm).toBe('quarterly');
    quote.actor.send({ type: 'quote.editAnswers' });
    expect(quote.value()).toBe('answering');
    expect(quote.shown.at(-1)).toEqual(['showQuestions']);
  });
});

// ---------------------------------------------------------------------------------------------
// Paths: the machine's own graph, replayed on a real actor.
// ---------------------------------------------------------------------------------------------

const done = (id: Service, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: Service, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** A sample of every event: the user's, and how each of the five calls can end. */
const sample = {
  questionnaireLoaded: done('loadQuestionnaire', questionnaire),
  questionnaireOffline: failed('loadQuestionnaire', networkError()),
  retry: { type: 'quote.retry' },
  locateHouston: { type: 'quote.locate', zipcode: ' 77002 ' },
  locateManhattan: { type: 'quote.locate', zipcode: '10001' },
  located: done('locate', houston),
  notOffered: done('locate', manhattan),
  noSuchZip: failed('locate', noSuchZip()),
  locateDown: failed('locate', zipServerDown()),
  relocate: { type: 'quote.relocate' },
  price: { type: 'quote.price' },
  priced: done('priceOptions', matrix),
  zipRefused: failed('priceOptions', zipRefused()),
  answerRefused: failed('priceOptions', answerRefused()),
  unpriceable: failed('priceOptions', unpriceable()),
  pricingDown: failed('priceOptions', pricingDown()),
  calculated: done('calculate', calculation),
  calculateUnpriceable: failed('calculate', httpError(422, 'That option is not sold in Texas.', {}, calculateUrl)),
  calculateDown: failed('calculate', networkError()),
  editAnswers: { type: 'quote.editAnswers' },
  choose: { type: 'quote.choose', limitCode: '1M/3M', deductibleCode: '2500' },
  chooseUnoffered: { type: 'quote.choose', limitCode: '2M/4M', deductibleCode: '1000' },
  chooseTerm: { type: 'quote.chooseTerm', paymentTerm: 'quarterly' },
  chooseUnknownTerm: { type: 'quote.chooseTerm', paymentTerm: 'monthly' },
  save: { type: 'quote.save', idempotencyKey: saveKey },
  buyNow: { type: 'quote.buyNow', idempotencyKey: saveKey },
  savedDone: done('saveQuote', savedOrder),
  saveDown: failed('saveQuote', networkError()),
} satisfies Record<string, AnyEventObject>;

const traversalEvents: AnyEventObject[] = Object.values(sample);

/** The samples each state is offered (filterEvents): every other event is left out of the traversal. */
type Plan = Record<string, readonly AnyEventObject[]>;

/** Every sample each state takes, for the shortest paths. */
const widePlan: Plan = {
  'questionnaire.loading': [sample.questionnaireLoaded, sample.questionnaireOffline],
  'questionnaire.failed': [sample.retry],
  'locating.asking': [sample.locateHouston, sample.locateManhattan],
  'locating.checking': [sample.located, sample.notOffered, sample.noSuchZip, sample.locateDown],
  'locating.failed': [sample.retry, sample.relocate],
  'locating.notOffered': [sample.locateHouston, sample.relocate],
  answering: [sample.price, sample.relocate],
  'quoting.pricing.loading': [
    sample.priced,
    sample.zipRefused,
    sample.answerRefused,
    sample.unpriceable,
    sample.pricingDown,
    sample.editAnswers,
  ],
  'quoting.quoted.choosing.confirming': [
    sample.calculated,
    sample.calculateUnpriceable,
    sample.calculateDown,
    sample.editAnswers,
    sample.choose,
    sample.buyNow,
  ],
  'quoting.pricing.failed': [sample.retry, sample.editAnswers],
  'quoting.pricing.unpriceable': [sample.editAnswers, sample.relocate],
  'quoting.quoted.choosing.unconfirmed': [sample.retry, sample.buyNow],
  'quoting.quoted.choosing.confirmed': [
    sample.choose,
    sample.chooseUnoffered,
    sample.chooseTerm,
    sample.chooseUnknownTerm,
    sample.editAnswers,
    sample.relocate,
    sample.save,
    sample.buyNow,
  ],
  'quoting.saving': [sample.savedDone, sample.saveDown],
  'quoting.quoted.saveFailed': [sample.retry, sample.choose],
  'quoting.saved': [sample.editAnswers],
};

/**
 * Simple paths multiply with every retry loop, so they are walked in two phases, each with few
 * samples: to the questions (every way a ZIP check ends, retries included), then from the
 * questions to a quote (every way pricing ends).
 */
const zipPlan: Plan = {
  'questionnaire.loading': [sample.questionnaireLoaded, sample.questionnaireOffline],
  'questionnaire.failed': [sample.retry],
  'locating.asking': [sample.locateHouston, sample.locateManhattan],
  'locating.checking': [sample.located, sample.notOffered, sample.noSuchZip, sample.locateDown],
  'locating.failed': [sample.retry],
  'locating.notOffered': [sample.locateHouston],
};
const pricePlan: Plan = {
  answering: [sample.price],
  'quoting.pricing.loading': [sample.priced, sample.unpriceable, sample.pricingDown],
  'quoting.quoted.choosing.confirming': [sample.calculated, sample.calculateDown],
  'quoting.quoted.choosing.unconfirmed': [sample.retry],
  'quoting.pricing.failed': [sample.retry],
  'quoting.pricing.unpriceable': [sample.editAnswers],
  'quoting.quoted.choosing.confirmed': [sample.choose, sample.chooseTerm, sample.save],
  'quoting.saving': [sample.savedDone, sample.saveDown],
  'quoting.quoted.saveFailed': [sample.retry],
};

/** Where each ZIP is: the located samples answer only the ZIP they are for. */
const locatedFor: Partial<Record<string, AnyEventObject>> = {
  [houston.zipcode]: sample.located,
  [manhattan.zipcode]: sample.notOffered,
};

const only =
  (plan: Plan) =>
  (snapshot: { value: unknown; context: QuoteContext }, event: AnyEventObject): boolean =>
    (plan[statePath(snapshot.value)] ?? []).includes(event) &&
    (event.type !== 'xstate.done.actor.locate' || locatedFor[snapshot.context.zipcode] === event);

/** Whether the matrix sells that limit with that deductible. */
const offered = (priced: IlfDlfMatrix | undefined, choice: QuoteChoice | undefined) =>
  Boolean(
    priced &&
    choice &&
    priced.options.some(
      (option) => option.limitCode === choice.limitCode && option.deductibleCode === choice.deductibleCode,
    ),
  );

interface Step {
  event: AnyEventObject;
  state: { value: unknown; context: QuoteContext };
}

const invocationOf: Partial<Record<string, Service>> = {
  'questionnaire.loading': 'loadQuestionnaire',
  'locating.checking': 'locate',
  'quoting.pricing.loading': 'priceOptions',
  'quoting.quoted.choosing.confirming': 'calculate',
  'quoting.saving': 'saveQuote',
};

/**
 * Replays one path on a real actor: each call waits until the path says how it ends. After every
 * step the actor must be where the path says, holding the same context, waiting on exactly the
 * call of its state; and the calls it made must be ones a quote can make.
 */
async function replay(input: QuoteInput, steps: readonly Step[]) {
  const quote = harness(input);
  let answeredCalls = 0;
  for (const { event, state } of steps) {
    const call = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (call) {
      answeredCalls++;
      const payload = event as { output?: unknown; error?: unknown };
      await quote.answer(
        call[2] as Service,
        call[1] as 'done' | 'error',
        call[1] === 'done' ? payload.output : payload.error,
      );
    } else if (event.type !== 'xstate.init') {
      quote.actor.send(event as never);
    }
    expect(quote.value(), `after ${event.type}`).toEqual(statePath(state.value));
    expect(quote.context(), `after ${event.type}`).toEqual(state.context);
    const waitingOn = invocationOf[quote.value() as string];
    for (const service of services) {
      expect(quote.isWaiting(service), `${service} in ${String(quote.value())}`).toBe(service === waitingOn);
    }
  }
  // Every call was answered by the path or abandoned, but the one the state waits on.
  expect(quote.calls.length - answeredCalls - quote.abandoned.length).toBe(
    invocationOf[quote.value() as string] ? 1 : 0,
  );
  // The order is shown once for each save that succeeded, and nothing else moves to it.
  const saves = steps
    .filter(({ event }) => event.type === 'xstate.done.actor.saveQuote')
    .map(({ event }) => (event as { output?: unknown }).output);
  expect(quote.shown.filter(([screen]) => screen === 'showSaved').map(([, order]) => order)).toEqual(saves);

  // Only a located, offered ZIP is priced, and only an option the matrix offers is calculated.
  for (const located of quote.callsTo('locate') as Array<{ zipcode: string }>)
    expect(located.zipcode).toMatch(/^\d{5}$/);
  for (const priced of quote.callsTo('priceOptions') as PricingCall[]) {
    expect(priced).toMatchObject({ specialityId: input.specialityId, state: 'TX', zipcode: '77002' });
  }
  for (const calculated of [...quote.callsTo('calculate'), ...quote.callsTo('saveQuote')] as Array<
    PricingCall & QuoteChoice
  >) {
    expect(offered(matrix, calculated)).toBe(true);
  }
  for (const saved of quote.callsTo('saveQuote') as SaveCall[]) {
    expect(saved).toMatchObject({
      ...houstonPricing,
      idempotencyKey: saveKey,
      paymentTerm: expect.stringMatching(/^(annual|quarterly)$/),
    });
  }
  return quote;
}

/** What must hold in each state, whichever way it was reached. */
function expectConsistent(value: string, context: QuoteContext) {
  if (value !== 'questionnaire.loading' && value !== 'questionnaire.failed')
    expect(context.questions).toEqual(questionnaire.questions);
  if (
    [
      'questionnaire.failed',
      'locating.failed',
      'quoting.pricing.failed',
      'quoting.pricing.unpriceable',
      'quoting.quoted.saveFailed',
    ].includes(value)
  )
    expect(context.errorMessage).toBeDefined();
  if (value === 'locating.notOffered') expect(context.location?.offered).toBe(false);
  if (
    [
      'answering',
      'quoting.pricing.loading',
      'quoting.quoted.choosing.confirming',
      'quoting.quoted.choosing.confirmed',
      'quoting.quoted.choosing.unconfirmed',
      'quoting.saving',
      'quoting.quoted.saveFailed',
      'quoting.saved',
    ].includes(value)
  )
    expect(context.location).toEqual(houston);
  if (
    [
      'quoting.quoted.choosing.confirming',
      'quoting.quoted.choosing.confirmed',
      'quoting.quoted.choosing.unconfirmed',
      'quoting.saving',
      'quoting.quoted.saveFailed',
      'quoting.saved',
    ].includes(value)
  )
    expect(offered(context.matrix, context.choice)).toBe(true);
  if (value === 'quoting.quoted.choosing.unconfirmed') expect(context.errorMessage).toBeDefined();
  if (value === 'quoting.saving') expect(context.saveKey).toBe(saveKey);
  if (value === 'quoting.saved') {
    expect(context.submission).toEqual(savedOrder);
    expect(context.errorMessage).toBeUndefined();
  }
  if (value === 'quoting.quoted.choosing.confirmed') {
    expect(context.calculation).toBeDefined();
    expect(context.calculation!.paymentPlans.map((plan) => plan.code)).toContain(context.paymentTerm);
    expect(context.errorMessage).toBeUndefined();
  }
}

/** The shortest of the paths to each state value. */
function shortestByValue<T extends { state: { value: unknown }; weight: number }>(paths: T[]): T[] {
  const best = new Map<string, T>();
  for (const path of paths) {
    const key = JSON.stringify(path.state.value);
    if (!best.has(key) || path.weight < best.get(key)!.weight) best.set(key, path);
  }
  return [...best.values()];
}

/** Every leaf state, as a dotted path (compound states hold their children's paths). */
const leafPaths = (states: Record<string, { states: Record<string, unknown> }>, prefix = ''): string[] =>
  Object.entries(states).flatMap(([key, node]) =>
    Object.keys(node.states).length
      ? leafPaths(node.states as Record<string, { states: Record<string, unknown> }>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
const machineStates = leafPaths(quoteMachine.root.states);

describe('quoteMachine paths', () => {
  it('has the states this file covers', () => {
    expect(new Set(machineStates)).toEqual(
      new Set([
        'questionnaire.loading',
        'questionnaire.failed',
        'locating.asking',
        'locating.checking',
        'locating.failed',
        'locating.notOffered',
        'answering',
        'quoting.pricing.loading',
        'quoting.pricing.failed',
        'quoting.pricing.unpriceable',
        'quoting.quoted.choosing.confirming',
        'quoting.quoted.choosing.confirmed',
        'quoting.quoted.choosing.unconfirmed',
        'quoting.saving',
        'quoting.quoted.saveFailed',
        'quoting.saved',
      ]),
    );
  });

  it('reaches every state by a shortest path, and the real actor agrees step by step', async () => {
    const paths = getShortestPaths(quoteMachine, {
      events: traversalEvents as never,
      filterEvents: only(widePlan) as never,
      input: answered,
    });
    expect(new Set(paths.map((path) => statePath(path.state.value)))).toEqual(new Set(machineStates));
    const chosen = shortestByValue(paths);
    expect(chosen).toHaveLength(machineStates.length);
    for (const path of chosen) {
      const quote = await replay(answered, path.steps as never);
      expectConsistent(quote.value() as string, quote.context());
    }
    // Every state holds what it must, however it is reached.
    for (const path of paths) expectConsistent(statePath(path.state.value), path.state.context);
  });

  it('from a fresh start the shortest way to a quote answers exactly the required questions', async () => {
    const answerEvents: AnyEventObject[] = [
      ...Object.entries(completeAnswers).map(([code, value]) => ({
        type: 'quote.answer',
        set: 'answers',
        code,
        value,
      })),
      ...Object.entries(completeApplicationAnswers).map(([code, value]) => ({
        type: 'quote.answer',
        set: 'applicationAnswers',
        code,
        value,
      })),
    ];
    const paths = getShortestPaths(quoteMachine, {
      events: [...traversalEvents, ...answerEvents] as never,
      filterEvents: ((snapshot: { value: unknown; context: QuoteContext }, event: AnyEventObject) =>
        snapshot.value === 'answering'
          ? answerEvents.includes(event) || event === sample.price
          : only(zipPlan)(snapshot, event) || only(pricePlan)(snapshot, event)) as never,
      input: fresh,
      toState: ((snapshot: { value: unknown }) =>
        statePath(snapshot.value) === 'quoting.quoted.choosing.confirmed') as never,
    });
    expect(paths.length).toBeGreaterThan(0);
    const [shortest] = shortestByValue(paths);
    const answeredCodes = shortest!.steps
      .filter((step) => step.event.type === 'quote.answer')
      .map((step) => (step.event as { code: string }).code);
    expect(new Set(answeredCodes)).toEqual(
      new Set(['dnt_sedation', 'dnt_practice_type', 'years_in_practice', 'prior_claims']),
    );
    const quote = await replay(fresh, shortest!.steps as never);
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.callsTo('priceOptions')).toEqual([
      { ...houstonPricing, applicationAnswers: { years_in_practice: 12, prior_claims: 'no' } },
    ]);
  });

  it('walks every simple path to the questions on a real actor, retries included', async () => {
    const paths = getSimplePaths(quoteMachine, {
      events: traversalEvents as never,
      filterEvents: only(zipPlan) as never,
      input: answered,
      stopWhen: ((snapshot: { value: unknown }) => snapshot.value === 'answering') as never,
    });
    expect(new Set(paths.map((path) => statePath(path.state.value)))).toEqual(
      new Set([
        'questionnaire.loading',
        'questionnaire.failed',
        'locating.asking',
        'locating.checking',
        'locating.failed',
        'locating.notOffered',
        'answering',
      ]),
    );
    // The questions are reached after each kind of trouble on the way.
    for (const trouble of [sample.questionnaireOffline, sample.noSuchZip, sample.locateDown, sample.notOffered]) {
      expect(
        paths.some(
          (path) => statePath(path.state.value) === 'answering' && path.steps.some((step) => step.event === trouble),
        ),
      ).toBe(true);
    }
    for (const path of paths) {
      const quote = await replay(answered, path.steps as never);
      expectConsistent(quote.value() as string, quote.context());
    }
  }, 60_000);

  it('walks every simple path from the questions to a saved quote on a real actor, retries included', async () => {
    const toQuestions = getShortestPaths(quoteMachine, {
      events: traversalEvents as never,
      filterEvents: only(zipPlan) as never,
      input: answered,
      toState: ((snapshot: { value: unknown }) => snapshot.value === 'answering') as never,
    });
    const [prefix] = shortestByValue(toQuestions);
    expect(prefix!.state.value).toBe('answering');

    const paths = getSimplePaths(quoteMachine, {
      events: traversalEvents as never,
      filterEvents: only(pricePlan) as never,
      input: answered,
      fromState: prefix!.state,
    });
    expect(new Set(paths.map((path) => statePath(path.state.value)))).toEqual(
      new Set([
        'answering',
        'quoting.pricing.loading',
        'quoting.quoted.choosing.confirming',
        'quoting.pricing.failed',
        'quoting.pricing.unpriceable',
        'quoting.quoted.choosing.confirmed',
        'quoting.quoted.choosing.unconfirmed',
        'quoting.saving',
        'quoting.quoted.saveFailed',
        'quoting.saved',
      ]),
    );
    expect(
      paths.some(
        (path) =>
          statePath(path.state.value) === 'quoting.quoted.choosing.confirmed' &&
          path.steps.some((step) => step.event === sample.retry),
      ),
    ).toBe(true);
    expect(
      paths.some(
        (path) =>
          statePath(path.state.value) === 'quoting.saved' && path.steps.some((step) => step.event === sample.saveDown),
      ),
    ).toBe(true);
    expect(
      paths.some(
        (path) =>
          statePath(path.state.value) === 'quoting.quoted.choosing.confirmed' &&
          path.steps.some((step) => step.event === sample.choose),
      ),
    ).toBe(true);
    for (const path of paths) {
      // The path starts where the prefix ends: its first step (xstate.init) is the prefix's last state.
      const quote = await replay(answered, [...(prefix!.steps as never[]), ...(path.steps.slice(1) as never[])]);
      expectConsistent(quote.value() as string, quote.context());
    }
  }, 60_000);
});

describe('quoteMachine’s own calls', () => {
  afterEach(() => vi.resetAllMocks());

  /** The questions as questions/list and dataacquisition/questions send them. */
  const onTheWire = (questions: QuoteQuestion[]): Question[] =>
    questions.map((asked, index) => ({
      ...asked,
      id: 100 + index,
      helpText: null,
      type: asked.type as Question['type'],
    }));

  function answerEveryCall() {
    vi.mocked(getQuestions).mockResolvedValue(onTheWire(questionnaire.questions));
    vi.mocked(getApplicationQuestions).mockResolvedValue(onTheWire(questionnaire.applicationQuestions));
    vi.mocked(getIlfDlfList).mockResolvedValue(houston);
    vi.mocked(priceEveryOption).mockResolvedValue(matrix);
    vi.mocked(calculate).mockResolvedValue(calculation);
  }

  it('load both question sets, locate, price every option and calculate the chosen one', async () => {
    answerEveryCall();
    const actor = createActor(quoteMachine, { input: answered }).start();
    await settle();
    expect(getQuestions).toHaveBeenCalledWith(dentists);
    expect(getApplicationQuestions).toHaveBeenCalledWith();
    expect(actor.getSnapshot().value).toEqual({ locating: 'asking' });
    expect(actor.getSnapshot().context.questions.map((asked) => asked.code)).toEqual(
      questionnaire.questions.map((asked) => asked.code),
    );
    expect(actor.getSnapshot().context.applicationQuestions.map((asked) => asked.code)).toEqual(
      questionnaire.applicationQuestions.map((asked) => asked.code),
    );

    actor.send({ type: 'quote.locate', zipcode: ' 77002 ' });
    await settle();
    expect(getIlfDlfList).toHaveBeenCalledWith('77002');
    expect(actor.getSnapshot().value).toBe('answering');

    actor.send({ type: 'quote.price' });
    await settle();
    await settle();
    expect(priceEveryOption).toHaveBeenCalledWith(houstonPricing);
    expect(calculate).toHaveBeenCalledWith({ ...houstonPricing, limitCode: '1M/1M', deductibleCode: '1000' });
    expect(actor.getSnapshot().value).toEqual({ quoting: { quoted: { choosing: 'confirmed' } } });
  });

  it('a questionnaire is not loaded when either set fails', async () => {
    answerEveryCall();
    vi.mocked(getApplicationQuestions).mockRejectedValue(
      httpError(503, 'Service Unavailable', {}, 'http://localhost/api/weborder/dataacquisition/questions'),
    );
    const actor = createActor(quoteMachine, { input: answered }).start();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ questionnaire: 'failed' });
    expect(actor.getSnapshot().context.errorMessage).toBe('503: Service Unavailable');
    expect(actor.getSnapshot().context.questions).toEqual([]);
  });

  for (const [label, clientId, quoteKey] of [
    ['a visitor on the plain site', undefined, savedOrder.quoteKey],
    ['in a broker’s client area, signed in', 'harbor-risk', undefined],
  ] as const) {
    it(`save creates the order with the save’s key and keeps its number and key (${label})`, async () => {
      answerEveryCall();
      vi.mocked(createSubmission).mockResolvedValue({
        submissionId: savedOrder.submissionId,
        number: savedOrder.number,
        status: 'quoted',
        version: 1,
        effectiveDate: '2026-12-01',
        ...(quoteKey ? { quoteKey } : {}),
        rating: calculation,
      });
      const actor = createActor(quoteMachine, {
        input: { ...answered, zipcode: '77002', resume: 'quote', clientId },
      }).start();
      for (let tick = 0; tick < 4; tick++) await settle();
      expect(actor.getSnapshot().value).toEqual({ quoting: { quoted: { choosing: 'confirmed' } } });

      actor.send({ type: 'quote.save', idempotencyKey: saveKey });
      await settle();
      const request = { ...houstonPricing, limitCode: '1M/1M', deductibleCode: '1000', paymentTerm: 'annual' };
      expect(createSubmission).toHaveBeenCalledWith(clientId ? { ...request, clientId } : request, saveKey);
      expect(actor.getSnapshot().value).toEqual({ quoting: 'saved' });
      expect(actor.getSnapshot().context.submission).toEqual({
        submissionId: savedOrder.submissionId,
        number: savedOrder.number,
        quoteKey,
      });
    });
  }
});

describe('quoteMachine: a blank ZIP', () => {
  it('is named on the ZIP step without asking the server', async () => {
    const quote = await atLocating();
    quote.actor.send({ type: 'quote.locate', zipcode: '   ' });
    expect(quote.value()).toBe('locating.asking');
    expect(quote.context().fieldErrors).toEqual({ zipcode: 'is required' });
    expect(quote.callsTo('locate')).toEqual([]);
  });
});

describe('quoteMachine: choosing while an option is being priced', () => {
  it('prices the latest choice and drops the earlier call', async () => {
    const quote = await atQuoted();
    quote.actor.send({ type: 'quote.choose', limitCode: '1M/3M', deductibleCode: '2500' });
    expect(quote.value()).toBe('quoting.quoted.choosing.confirming');
    quote.actor.send({ type: 'quote.choose', limitCode: '1M/3M', deductibleCode: '0' });
    expect(quote.value()).toBe('quoting.quoted.choosing.confirming');
    expect(quote.context().choice).toEqual({ limitCode: '1M/3M', deductibleCode: '0' });
    const calls = quote.callsTo('calculate') as Array<QuoteChoice>;
    expect(calls.at(-1)).toMatchObject({ limitCode: '1M/3M', deductibleCode: '0' });
    expect(quote.abandoned.some((call) => call.service === 'calculate')).toBe(true);
    await quote.answer('calculate', 'done', calculationFor('1M/3M', '0'));
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    expect(quote.context().calculation?.deductible.code).toBe('0');
  });
});

describe('quoteMachine: a save interrupted by a reload', () => {
  it('is repeated with the key it was first tried with, so the server finds that save', async () => {
    // Resumed as a reload resumes it: the ZIP and the priced quote come back without being re-entered.
    const quote = harness({
      ...answered,
      zipcode: '77002',
      resume: 'quote',
      choice: { limitCode: '1M/1M', deductibleCode: '1000' },
      saveKey: 'first-attempt-key-0123456789abcdef',
    });
    await quote.answer('loadQuestionnaire', 'done', questionnaire);
    await quote.answer('locate', 'done', houston);
    await quote.answer('priceOptions', 'done', matrix);
    await quote.answer('calculate', 'done', calculationFor('1M/1M', '1000'));
    expect(quote.value()).toBe('quoting.quoted.choosing.confirmed');
    quote.actor.send({ type: 'quote.save', idempotencyKey: 'a-new-key-that-must-not-be-used-0000' });
    expect((quote.callsTo('saveQuote') as SaveCall[])[0]!.idempotencyKey).toBe('first-attempt-key-0123456789abcdef');
  });

  it('is a new save, with a new key, once the quote itself changed', async () => {
    const quote = await atQuoted({ ...answered, saveKey: 'first-attempt-key-0123456789abcdef' });
    quote.actor.send({ type: 'quote.chooseTerm', paymentTerm: 'quarterly' });
    quote.actor.send({ type: 'quote.save', idempotencyKey: 'a-new-key-for-a-new-quote-000000000' });
    expect((quote.callsTo('saveQuote') as SaveCall[])[0]!.idempotencyKey).toBe('a-new-key-for-a-new-quote-000000000');
  });
});
