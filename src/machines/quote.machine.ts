import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import type { IlfDlfList } from '@shared/contract/lists';
import {
  isQuestionVisible,
  missingAnswers,
  numbersAsNumbers,
  type QuestionCondition,
} from '@shared/contract/question-rules';
import type { AnswerMap, AnswerValue, Calculation, IlfDlfMatrix } from '@shared/contract/rating';
import { getIlfDlfList } from '@/api/lists';
import { getApplicationQuestions, getQuestions } from '@/api/questions';
import { calculate, priceEveryOption } from '@/api/rating';
import { createSubmission, updateRating } from '@/api/submissions';
import { errorOf, outputOf } from '@/machines/actor-events';

/** A question as the quote flow needs it: what to ask, and when it shows. */
export interface QuoteQuestion {
  code: string;
  text: string;
  helpText?: string | null | undefined;
  type: string;
  required: boolean;
  options: { value: string; label: string }[];
  condition: QuestionCondition | null;
}

export interface Questionnaire {
  /** The speciality's own questions. */
  questions: QuoteQuestion[];
  /** The general application questions (years in practice, revenue, staff, prior claims). */
  applicationQuestions: QuoteQuestion[];
}

export type AnswerSet = 'answers' | 'applicationAnswers';

export type SaveIntent = 'buy' | 'save';

export interface SavedSubmission {
  submissionId: number;
  number: string;
  quoteKey?: string | undefined;
}

export interface QuoteChoice {
  limitCode: string;
  deductibleCode: string;
}

export interface QuoteContext extends Questionnaire {
  specialityId: number;
  resume: 'questions' | 'quote';
  /** The ZIP was just entered (not resumed): the flow moves on to the questions. */
  locatedByVisitor: boolean;
  zipcode: string;
  /** Where the ZIP is, and the limits and deductibles sold there. */
  location: IlfDlfList | undefined;
  answers: AnswerMap;
  applicationAnswers: AnswerMap;
  matrix: IlfDlfMatrix | undefined;
  choice: QuoteChoice | undefined;
  calculation: Calculation | undefined;
  paymentTerm: string | undefined;
  /** The broker's client id when quoting in its client area: the saved order is theirs too. */
  clientId: string | undefined;
  /** This save attempt's Idempotency-Key: a retried save is the same save. */
  saveKey: string | undefined;
  /** The saved order; quoteKey only while a visitor owns it. */
  submission: SavedSubmission | undefined;
  /** Why the quote is being saved: to buy it now (the primary action) or to keep it for later. */
  intent: SaveIntent;
  /** Field messages (`zipcode`, `answers.code`, …), from this screen's checks or the server's. */
  fieldErrors: Record<string, string>;
  errorMessage: string | undefined;
}

/** What a resumed quote starts from (a reload, or coming back after signing in). */
export interface QuoteInput {
  specialityId: number;
  zipcode?: string;
  answers?: AnswerMap;
  applicationAnswers?: AnswerMap;
  choice?: QuoteChoice;
  paymentTerm?: string;
  /** Where the quote was left: once priced, a reload prices again rather than asking again. */
  resume?: 'questions' | 'quote';
  clientId?: string | undefined;
  submission?: SavedSubmission | undefined;
  /** What the server said was wrong, carried to the questions screen. */
  fieldErrors?: Record<string, string>;
  /** A save that may have reached the server before a reload: repeated with the same key. */
  saveKey?: string | undefined;
}

export type QuoteEvent =
  | { type: 'quote.locate'; zipcode: string }
  | { type: 'quote.answer'; set: AnswerSet; code: string; value: AnswerValue }
  | { type: 'quote.price' }
  | { type: 'quote.choose'; limitCode: string; deductibleCode: string }
  | { type: 'quote.chooseTerm'; paymentTerm: string }
  | { type: 'quote.editAnswers' }
  | { type: 'quote.relocate' }
  | { type: 'quote.retry' }
  /** Save the quote as an order to come back to; the key makes a repeat of this same save harmless. */
  | { type: 'quote.save'; idempotencyKey: string }
  /** Save the quote as an order and go on to buy it (sign up first when a visitor). */
  | { type: 'quote.buyNow'; idempotencyKey: string };

type SaveInput = PricingInput &
  QuoteChoice & {
    paymentTerm: string;
    clientId: string | undefined;
    idempotencyKey: string;
    /** The order this quote was saved as before, if any. */
    submission: SavedSubmission | undefined;
  };

type PricingInput = {
  specialityId: number;
  state: string;
  zipcode: string;
  answers: AnswerMap;
  applicationAnswers: AnswerMap;
};

const pricingInput = (context: QuoteContext): PricingInput => ({
  specialityId: context.specialityId,
  state: context.location?.stateCode ?? '',
  zipcode: context.zipcode,
  answers: numbersAsNumbers(context.questions, context.answers),
  applicationAnswers: numbersAsNumbers(context.applicationQuestions, context.applicationAnswers),
});

/** The middle option of each list: a sensible first choice the insured then moves from. */
export function defaultChoice(matrix: IlfDlfMatrix): QuoteChoice | undefined {
  const limit = matrix.limits[Math.floor((matrix.limits.length - 1) / 2)];
  const deductible = matrix.deductibles[Math.floor((matrix.deductibles.length - 1) / 2)];
  return limit && deductible ? { limitCode: limit.code, deductibleCode: deductible.code } : undefined;
}

/** The matrix's own pricing of a choice: its total and payment plans, known without a call. */
export function pricedOption(matrix: IlfDlfMatrix | undefined, choice: QuoteChoice | undefined) {
  return matrix?.options.find(
    (option) => option.limitCode === choice?.limitCode && option.deductibleCode === choice?.deductibleCode,
  );
}

/** The plan kept when the prices change: the insured's when still offered, else the first. */
function keptTerm(paymentTerm: string | undefined, plans: readonly { code: string }[]): string | undefined {
  return paymentTerm && plans.some((plan) => plan.code === paymentTerm) ? paymentTerm : plans[0]?.code;
}

function offers(matrix: IlfDlfMatrix | undefined, choice: QuoteChoice | undefined): choice is QuoteChoice {
  return Boolean(
    matrix &&
    choice &&
    matrix.options.some(
      (option) => option.limitCode === choice.limitCode && option.deductibleCode === choice.deductibleCode,
    ),
  );
}

/**
 * The quote flow (issue 5): speciality → where the practice is (ZIP) → questions → every
 * limit × deductible priced → one option with its worksheet and payment plans. Field problems
 * the server finds come back to the step that can fix them.
 *
 * Its steps, in the order the visitor meets them: questionnaire, locating, answering, then
 * quoting (pricing, quoted, saving, saved). What several states share is written once on the
 * step holding them: going back to the answers on quoting (saving alone holds it back), and
 * choosing another option or plan, or going back to the answers or the ZIP, on quoted, whether
 * or not a save just failed.
 */
export const quoteMachine = setup({
  types: {
    context: {} as QuoteContext,
    input: {} as QuoteInput,
    events: {} as QuoteEvent,
  },
  actors: {
    loadQuestionnaire: fromPromise<Questionnaire, { specialityId: number }>(async ({ input }) => {
      const [questions, applicationQuestions] = await Promise.all([
        getQuestions(input.specialityId),
        getApplicationQuestions(),
      ]);
      return { questions, applicationQuestions };
    }),
    locate: fromPromise<IlfDlfList, { zipcode: string }>(({ input }) => getIlfDlfList(input.zipcode)),
    priceOptions: fromPromise<IlfDlfMatrix, PricingInput>(({ input }) => priceEveryOption(input)),
    calculate: fromPromise<Calculation, PricingInput & QuoteChoice>(({ input }) => calculate(input)),
    saveQuote: fromPromise<SavedSubmission, SaveInput>(async ({ input }) => {
      const { idempotencyKey, clientId, submission, ...request } = input;
      if (submission) {
        // Saved before: the same order takes the changes, rather than a second order.
        const { specialityId: _same, ...changes } = request;
        await updateRating({ submissionId: submission.submissionId, ...changes }, submission.quoteKey);
        return submission;
      }
      const saved = await createSubmission({ ...request, ...(clientId ? { clientId } : {}) }, idempotencyKey);
      return { submissionId: saved.submissionId, number: saved.number, quoteKey: saved.quoteKey };
    }),
  },
  actions: {
    storeQuestionnaire: assign((_, questionnaire: Questionnaire) => ({ ...questionnaire, errorMessage: undefined })),
    storeZipcode: assign((_, zipcode: string) => ({
      zipcode: zipcode.trim(),
      location: undefined,
      locatedByVisitor: true,
      saveKey: undefined,
    })),
    // The server's five digits: a ZIP+4 typed here is priced, and saved, as its ZIP.
    storeLocation: assign(({ context }, location: IlfDlfList) => ({
      location,
      zipcode: location.zipcode,
      // The place is settled; what the answers still lack stays said.
      fieldErrors: Object.fromEntries(
        Object.entries(context.fieldErrors).filter(([field]) => field !== 'zipcode' && field !== 'state'),
      ),
      errorMessage: undefined,
    })),
    storeAnswer: assign(({ context }, { set, code, value }: { set: AnswerSet; code: string; value: AnswerValue }) => {
      const answers = { ...context[set], [code]: value };
      const questions = set === 'answers' ? context.questions : context.applicationQuestions;
      // This answer is seen to; so is any question it hides.
      const settled = new Set([
        `${set}.${code}`,
        ...questions
          .filter((question) => !isQuestionVisible(question, answers))
          .map((question) => `${set}.${question.code}`),
      ]);
      const fieldErrors = Object.fromEntries(
        Object.entries(context.fieldErrors).filter(([field]) => !settled.has(field)),
      );
      return { [set]: answers, fieldErrors, saveKey: undefined };
    }),
    flagMissingAnswers: assign(({ context }) => ({
      fieldErrors: {
        ...missingAnswers(context.applicationQuestions, context.applicationAnswers, 'applicationAnswers'),
        ...missingAnswers(context.questions, context.answers, 'answers'),
      },
    })),
    storeMatrix: assign(({ context }, matrix: IlfDlfMatrix) => {
      // Keep the insured's choice when the new prices still offer it.
      const choice = offers(matrix, context.choice) ? context.choice : defaultChoice(matrix);
      return {
        matrix,
        choice,
        paymentTerm: keptTerm(context.paymentTerm, pricedOption(matrix, choice)?.paymentPlans ?? []),
        fieldErrors: {},
        errorMessage: undefined,
      };
    }),
    // Another quote than the one a failed save tried: its save is a new one, with a new key.
    storeChoice: assign((_, choice: QuoteChoice) => ({ choice, saveKey: undefined })),
    storeCalculation: assign(({ context }, calculation: Calculation) => ({
      calculation,
      paymentTerm: keptTerm(context.paymentTerm, calculation.paymentPlans),
      errorMessage: undefined,
    })),
    storeIntent: assign((_, intent: SaveIntent) => ({ intent })),
    storePaymentTerm: assign((_, paymentTerm: string) => ({ paymentTerm, saveKey: undefined })),
    storeFieldErrors: assign((_, error: unknown) => ({
      fieldErrors: errorFields(error),
      errorMessage: serverMessage(error) ?? errorText(error),
    })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    /** Provided at the router edge: the questions screen (questionlist). */
    showQuestions: () => {},
    /** Provided at the router edge: the quote screen (quotes). */
    showQuote: () => {},
    // A save already tried keeps its key until it lands: a repeat must find the first attempt.
    storeSaveKey: assign(({ context }, saveKey: string) => ({ saveKey: context.saveKey ?? saveKey })),
    flagBlankZip: assign(({ context }) => ({ fieldErrors: { ...context.fieldErrors, zipcode: 'is required' } })),
    storeSubmission: assign((_, submission: SavedSubmission) => ({
      submission,
      saveKey: undefined,
      errorMessage: undefined,
    })),
    /** Provided at the router edge: buying it (review and pay) or the order kept — a visitor signs up first either way. */
    showSaved: (_, _saved: { submission: SavedSubmission; intent: SaveIntent }) => {},
  },
  guards: {
    hasZipcode: ({ context }) => context.zipcode !== '',
    visitorLocatedOfferedZip: ({ context }, location: IlfDlfList) => location.offered && context.locatedByVisitor,
    /** A resumed quote that was priced, with every answer still there: price it again. */
    resumesPricedQuote: ({ context }, location: IlfDlfList) =>
      location.offered &&
      context.resume === 'quote' &&
      Object.keys(missingAnswers(context.applicationQuestions, context.applicationAnswers, 'applicationAnswers'))
        .length === 0 &&
      Object.keys(missingAnswers(context.questions, context.answers, 'answers')).length === 0,
    isOffered: (_, location: IlfDlfList) => location.offered,
    hasMissingAnswers: ({ context }) =>
      Object.keys(missingAnswers(context.applicationQuestions, context.applicationAnswers, 'applicationAnswers'))
        .length > 0 || Object.keys(missingAnswers(context.questions, context.answers, 'answers')).length > 0,
    /** The server named fields this flow can fix (a ZIP, an answer): back to that step. */
    namesAFixableField: (_, error: unknown) => errorStatus(error) === 400 && Object.keys(errorFields(error)).length > 0,
    namesTheZipcode: (_, error: unknown) =>
      errorStatus(error) === 400 && ('zipcode' in errorFields(error) || 'state' in errorFields(error)),
    /** 422: the table cannot price this (not offered, an option it lacks). */
    isUnpriceable: (_, error: unknown) => errorStatus(error) === 422,
    isOfferedChoice: ({ context }, choice: QuoteChoice) => offers(context.matrix, choice),
    isBlankZip: (_, zipcode: string) => zipcode.trim() === '',
    canSave: ({ context }) => Boolean(offers(context.matrix, context.choice) && context.paymentTerm),
    isOfferedTerm: ({ context }, paymentTerm: string) =>
      Boolean(
        pricedOption(context.matrix, context.choice)?.paymentPlans.some((plan) => plan.code === paymentTerm) ||
        context.calculation?.paymentPlans.some((plan) => plan.code === paymentTerm),
      ),
  },
}).createMachine({
  id: 'quote',
  // Too many ways to move for one readable picture in full: docs/machines draws it as an overview.
  meta: { diagram: 'overview' },
  context: ({ input }) => ({
    specialityId: input.specialityId,
    resume: input.resume ?? 'questions',
    locatedByVisitor: false,
    zipcode: input.zipcode ?? '',
    location: undefined,
    questions: [],
    applicationQuestions: [],
    answers: input.answers ?? {},
    applicationAnswers: input.applicationAnswers ?? {},
    matrix: undefined,
    choice: input.choice,
    calculation: undefined,
    paymentTerm: input.paymentTerm,
    clientId: input.clientId,
    saveKey: input.saveKey,
    submission: input.submission,
    intent: 'save',
    fieldErrors: input.fieldErrors ?? {},
    errorMessage: undefined,
  }),
  initial: 'questionnaire',
  states: {
    questionnaire: {
      description:
        'Getting the questions: the speciality’s own, and the general ones every applicant answers (years in practice, revenue, staff, claims).',
      initial: 'loading',
      states: {
        loading: {
          description: 'The questions are on their way; the visitor waits.',
          invoke: {
            id: 'loadQuestionnaire',
            src: 'loadQuestionnaire',
            input: ({ context }) => ({ specialityId: context.specialityId }),
            onDone: [
              // A resumed quote with its ZIP goes straight on to locate it again.
              {
                description: 'The questions arrived, and a resumed quote already has a ZIP code: it is checked again.',
                guard: 'hasZipcode',
                target: '#quote.locating.checking',
                actions: { type: 'storeQuestionnaire', params: ({ event }) => event.output },
              },
              {
                target: '#quote.locating',
                description: 'The questions arrived: the visitor is asked where the practice is.',
                actions: { type: 'storeQuestionnaire', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'failed',
              description: 'The questions could not be fetched.',
              actions: { type: 'storeError', params: errorOf },
            },
          },
        },
        failed: {
          description: 'The questions could not be fetched; the visitor sees why, with Try again.',
          on: { 'quote.retry': { target: 'loading', description: 'The visitor tries again.' } },
        },
      },
    },
    locating: {
      description:
        'Where the practice is: the visitor gives its ZIP code, which says the state and area, and whether cover is sold there.',
      initial: 'asking',
      states: {
        asking: {
          description: 'The visitor is asked for the ZIP code of the practice.',
          on: {
            'quote.locate': [
              {
                description:
                  'The visitor goes on with the ZIP left blank: they are asked for it, and nothing is checked.',
                guard: { type: 'isBlankZip', params: ({ event }) => event.zipcode },
                actions: 'flagBlankZip',
              },
              {
                target: 'checking',
                description: 'The visitor gives a ZIP code.',
                actions: { type: 'storeZipcode', params: ({ event }) => event.zipcode },
              },
            ],
          },
        },
        checking: {
          description:
            'The ZIP code is being checked: where it is, whether cover is sold there, and which limits and deductibles.',
          invoke: {
            id: 'locate',
            src: 'locate',
            input: ({ context }) => ({ zipcode: context.zipcode }),
            onDone: [
              {
                description: 'A resumed quote that was priced, with every answer still there: it is priced again.',
                guard: { type: 'resumesPricedQuote', params: ({ event }) => event.output },
                target: '#quote.quoting',
                actions: { type: 'storeLocation', params: ({ event }) => event.output },
              },
              {
                // Just located by the visitor: on to the questions. A resumed quote stays where it is shown.
                description: 'Cover is sold there: on to the questions, which the visitor answers next.',
                guard: { type: 'visitorLocatedOfferedZip', params: ({ event }) => event.output },
                target: '#quote.answering',
                actions: [{ type: 'storeLocation', params: ({ event }) => event.output }, 'showQuestions'],
              },
              {
                description: 'Cover is sold there: a resumed quote shows its questions again.',
                guard: { type: 'isOffered', params: ({ event }) => event.output },
                target: '#quote.answering',
                actions: { type: 'storeLocation', params: ({ event }) => event.output },
              },
              {
                target: 'notOffered',
                description: 'Cover is not sold there.',
                actions: { type: 'storeLocation', params: ({ event }) => event.output },
              },
            ],
            onError: [
              {
                description: 'The ZIP code is not a valid one: the field says why.',
                guard: { type: 'namesAFixableField', params: errorOf },
                target: 'asking',
                actions: { type: 'storeFieldErrors', params: errorOf },
              },
              {
                target: 'failed',
                description: 'The ZIP code could not be checked.',
                actions: { type: 'storeError', params: errorOf },
              },
            ],
          },
        },
        failed: {
          description: 'The ZIP code could not be checked; the visitor sees why, with Try again.',
          on: {
            'quote.retry': { target: 'checking', description: 'The visitor tries again.' },
            'quote.relocate': { target: 'asking', description: 'The visitor changes the ZIP code.' },
          },
        },
        notOffered: {
          description: 'Cover for this speciality is not sold at that ZIP code; the visitor can try another.',
          on: {
            'quote.locate': [
              {
                description:
                  'The visitor goes on with the ZIP left blank: they are asked for it, and nothing is checked.',
                guard: { type: 'isBlankZip', params: ({ event }) => event.zipcode },
                actions: 'flagBlankZip',
              },
              {
                target: 'checking',
                description: 'The visitor gives another ZIP code.',
                actions: { type: 'storeZipcode', params: ({ event }) => event.zipcode },
              },
            ],
            'quote.relocate': { target: 'asking', description: 'The visitor changes the ZIP code.' },
          },
        },
      },
    },
    answering: {
      description:
        'The visitor answers the questions about the practice; a question may show or hide depending on other answers.',
      on: {
        'quote.answer': {
          description: 'The visitor answers a question.',
          actions: { type: 'storeAnswer', params: ({ event }) => event },
        },
        'quote.relocate': { target: 'locating', description: 'The visitor changes the ZIP code.' },
        'quote.price': [
          {
            guard: 'hasMissingAnswers',
            description:
              'The visitor asks for prices with a required answer missing: each is named, and nothing is priced.',
            actions: 'flagMissingAnswers',
          },
          { target: 'quoting', description: 'The visitor asks for prices.', actions: 'showQuote' },
        ],
      },
    },
    quoting: {
      description:
        'The visitor asked for prices: every option is priced, one is chosen and saved as an order. Until the save is under way, they can go back to change an answer.',
      initial: 'pricing',
      on: {
        // Changing an answer need not wait for prices that are about to be replaced.
        'quote.editAnswers': {
          target: 'answering',
          description: 'The visitor changes an answer.',
          actions: 'showQuestions',
        },
      },
      states: {
        pricing: {
          description: 'All options priced at once: every limit and deductible, each with its payment plans.',
          initial: 'loading',
          states: {
            loading: {
              description: 'The prices are on their way; the visitor can still go back to change an answer.',
              invoke: {
                id: 'priceOptions',
                src: 'priceOptions',
                input: ({ context }) => pricingInput(context),
                onDone: {
                  target: '#quote.quoting.quoted',
                  description: 'The prices arrived.',
                  actions: { type: 'storeMatrix', params: outputOf<IlfDlfMatrix> },
                },
                onError: [
                  {
                    description: 'The ZIP code was refused: back to it, saying why.',
                    guard: { type: 'namesTheZipcode', params: errorOf },
                    target: '#quote.locating',
                    actions: { type: 'storeFieldErrors', params: errorOf },
                  },
                  {
                    description: 'An answer was refused: back to the questions, saying which.',
                    guard: { type: 'namesAFixableField', params: errorOf },
                    target: '#quote.answering',
                    actions: [{ type: 'storeFieldErrors', params: errorOf }, 'showQuestions'],
                  },
                  {
                    description: 'The practice cannot be priced here.',
                    guard: { type: 'isUnpriceable', params: errorOf },
                    target: 'unpriceable',
                    actions: { type: 'storeFieldErrors', params: errorOf },
                  },
                  {
                    target: 'failed',
                    description: 'The prices could not be fetched.',
                    actions: { type: 'storeError', params: errorOf },
                  },
                ],
              },
            },
            failed: {
              description: 'The prices could not be fetched; the visitor sees why, with Try again.',
              on: { 'quote.retry': { target: 'loading', description: 'The visitor tries again.' } },
            },
            unpriceable: {
              description:
                'This practice cannot be priced here (not offered, or an option the rate table lacks); the visitor can change the ZIP code or an answer.',
              on: { 'quote.relocate': { target: '#quote.locating', description: 'The visitor changes the ZIP code.' } },
            },
          },
        },
        quoted: {
          description:
            'The quote is on screen: the visitor can change the limit, deductible or payment plan, or go back to the answers or the ZIP code.',
          initial: 'choosing',
          on: {
            // From a failed save too: the quote is still there to change, and a changed quote is a new save.
            'quote.choose': {
              description: 'The visitor chooses another limit or deductible: its price shows at once.',
              guard: {
                type: 'isOfferedChoice',
                params: ({ event }) => ({ limitCode: event.limitCode, deductibleCode: event.deductibleCode }),
              },
              target: '.choosing.confirming',
              actions: {
                type: 'storeChoice',
                params: ({ event }) => ({ limitCode: event.limitCode, deductibleCode: event.deductibleCode }),
              },
            },
            'quote.chooseTerm': {
              description: 'The visitor chooses another payment plan, among those the option carries.',
              guard: { type: 'isOfferedTerm', params: ({ event }) => event.paymentTerm },
              actions: { type: 'storePaymentTerm', params: ({ event }) => event.paymentTerm },
            },
            'quote.relocate': { target: '#quote.locating', description: 'The visitor changes the ZIP code.' },
          },
          states: {
            choosing: {
              description:
                'The visitor chooses a limit and deductible; the price updates as they change, with Buy now and Save.',
              initial: 'confirming',
              on: {
                'quote.buyNow': {
                  description:
                    'The visitor chooses Buy now: the quote is saved as an order and bought next (a visitor signs up on the way).',
                  guard: 'canSave',
                  target: '#quote.quoting.saving',
                  actions: [
                    { type: 'storeSaveKey', params: ({ event }) => event.idempotencyKey },
                    { type: 'storeIntent', params: 'buy' },
                  ],
                },
                'quote.save': {
                  description: 'The visitor saves it for later: it is kept as an order to come back to.',
                  guard: 'canSave',
                  target: '#quote.quoting.saving',
                  actions: [
                    { type: 'storeSaveKey', params: ({ event }) => event.idempotencyKey },
                    { type: 'storeIntent', params: 'save' },
                  ],
                },
              },
              states: {
                confirming: {
                  description:
                    'The chosen option’s price shows at once; how it is worked out is fetched in the background.',
                  invoke: {
                    id: 'calculate',
                    src: 'calculate',
                    input: ({ context }) => ({ ...pricingInput(context), ...(context.choice as QuoteChoice) }),
                    onDone: {
                      target: 'confirmed',
                      description: 'The price breakdown arrived.',
                      actions: { type: 'storeCalculation', params: outputOf<Calculation> },
                    },
                    onError: [
                      {
                        description: 'The option cannot be priced.',
                        guard: { type: 'isUnpriceable', params: errorOf },
                        target: '#quote.quoting.pricing.unpriceable',
                        actions: { type: 'storeFieldErrors', params: errorOf },
                      },
                      {
                        // The price is known from the matrix: a worksheet that could not be fetched does not take it away.
                        target: 'unconfirmed',
                        description: 'The breakdown could not be fetched; the price stays.',
                        actions: { type: 'storeError', params: errorOf },
                      },
                    ],
                  },
                },
                confirmed: { description: 'The chosen option’s price shows with its breakdown: how it is worked out.' },
                unconfirmed: {
                  description: 'The price shows, but its breakdown could not be fetched; Try again fetches it.',
                  on: {
                    'quote.retry': { target: 'confirming', description: 'The visitor asks for the breakdown again.' },
                  },
                },
              },
            },
            saveFailed: {
              description:
                'The quote could not be saved; the visitor sees why, with Try again, and can still change it.',
              on: {
                // The same key again: if the first attempt did reach the server, this finds that order.
                'quote.retry': {
                  target: '#quote.quoting.saving',
                  description: 'The visitor tries again (never making a second order).',
                },
                // Buy now and Save are still on screen: pressing one is trying again, with the first
                // attempt's key (not the event's new one), so a save that did reach the server is found.
                'quote.buyNow': {
                  target: '#quote.quoting.saving',
                  description: 'The visitor chooses Buy now: the same save is tried again, then bought.',
                  actions: { type: 'storeIntent', params: 'buy' },
                },
                'quote.save': {
                  target: '#quote.quoting.saving',
                  description: 'The visitor chooses Save: the same save is tried again, then kept.',
                  actions: { type: 'storeIntent', params: 'save' },
                },
              },
            },
          },
        },
        saving: {
          description: 'The quote is being saved as an order (the same order again if it was saved before).',
          on: {
            // The order being made is this quote: it cannot change under the save.
            'quote.editAnswers': { description: 'The answers cannot be changed while the quote is being saved.' },
          },
          invoke: {
            id: 'saveQuote',
            src: 'saveQuote',
            input: ({ context }) => ({
              ...pricingInput(context),
              ...(context.choice as QuoteChoice),
              paymentTerm: context.paymentTerm ?? '',
              clientId: context.clientId,
              idempotencyKey: context.saveKey ?? '',
              submission: context.submission,
            }),
            onDone: {
              target: 'saved',
              description: 'Saved: on to buying it, or to the order kept (a visitor signs up first either way).',
              actions: [
                { type: 'storeSubmission', params: outputOf<SavedSubmission> },
                {
                  type: 'showSaved',
                  params: ({ context, event }: { context: QuoteContext; event: DoneActorEvent<SavedSubmission> }) => ({
                    submission: event.output,
                    intent: context.intent,
                  }),
                },
              ],
            },
            onError: {
              target: 'quoted.saveFailed',
              description: 'The quote could not be saved.',
              actions: { type: 'storeError', params: errorOf },
            },
          },
        },
        saved: {
          description: 'The quote is saved as an order and the next screen opens (buying it, or the order kept).',
        },
      },
    },
  },
});
