import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import type { IlfDlfList } from '@/api/contract/lists';
import { isQuestionVisible, missingAnswers, numbersAsNumbers, type QuestionCondition } from '@/api/contract/question-rules';
import type { AnswerMap, AnswerValue, Calculation, IlfDlfMatrix } from '@/api/contract/rating';
import { getIlfDlfList } from '@/api/lists';
import { getApplicationQuestions, getQuestions } from '@/api/questions';
import { calculate, priceEveryOption } from '@/api/rating';
import { createSubmission, updateRating } from '@/api/submissions';

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
  return matrix?.options.find((option) => option.limitCode === choice?.limitCode && option.deductibleCode === choice?.deductibleCode);
}

/** The plan kept when the prices change: the insured's when still offered, else the first. */
function keptTerm(paymentTerm: string | undefined, plans: readonly { code: string }[]): string | undefined {
  return paymentTerm && plans.some((plan) => plan.code === paymentTerm) ? paymentTerm : plans[0]?.code;
}

function offers(matrix: IlfDlfMatrix | undefined, choice: QuoteChoice | undefined): choice is QuoteChoice {
  return Boolean(
    matrix &&
      choice &&
      matrix.options.some((option) => option.limitCode === choice.limitCode && option.deductibleCode === choice.deductibleCode),
  );
}

/**
 * The quote flow (issue 5): speciality → where the practice is (ZIP) → questions → every
 * limit × deductible priced → one option with its worksheet and payment plans. Field problems
 * the server finds come back to the step that can fix them.
 */
export const quoteMachine = setup({
  types: {
    context: {} as QuoteContext,
    input: {} as QuoteInput,
    events: {} as QuoteEvent,
  },
  actors: {
    loadQuestionnaire: fromPromise<Questionnaire, { specialityId: number }>(async ({ input }) => {
      const [questions, applicationQuestions] = await Promise.all([getQuestions(input.specialityId), getApplicationQuestions()]);
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
    storeZipcode: assign((_, zipcode: string) => ({ zipcode: zipcode.trim(), location: undefined, locatedByVisitor: true, saveKey: undefined })),
    // The server's five digits: a ZIP+4 typed here is priced, and saved, as its ZIP.
    storeLocation: assign(({ context }, location: IlfDlfList) => ({
      location,
      zipcode: location.zipcode,
      // The place is settled; what the answers still lack stays said.
      fieldErrors: Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => field !== 'zipcode' && field !== 'state')),
      errorMessage: undefined,
    })),
    storeAnswer: assign(({ context }, { set, code, value }: { set: AnswerSet; code: string; value: AnswerValue }) => {
      const answers = { ...context[set], [code]: value };
      const questions = set === 'answers' ? context.questions : context.applicationQuestions;
      // This answer is seen to; so is any question it hides.
      const settled = new Set([
        `${set}.${code}`,
        ...questions.filter((question) => !isQuestionVisible(question, answers)).map((question) => `${set}.${question.code}`),
      ]);
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([field]) => !settled.has(field)));
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
    storeFieldErrors: assign((_, error: unknown) => ({ fieldErrors: errorFields(error), errorMessage: serverMessage(error) ?? errorText(error) })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    /** Provided at the router edge: the questions screen (questionlist). */
    showQuestions: () => {},
    /** Provided at the router edge: the quote screen (quotes). */
    showQuote: () => {},
    // A save already tried keeps its key until it lands: a repeat must find the first attempt.
    storeSaveKey: assign(({ context }, saveKey: string) => ({ saveKey: context.saveKey ?? saveKey })),
    flagBlankZip: assign(({ context }) => ({ fieldErrors: { ...context.fieldErrors, zipcode: 'is required' } })),
    storeSubmission: assign((_, submission: SavedSubmission) => ({ submission, saveKey: undefined, errorMessage: undefined })),
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
      Object.keys(missingAnswers(context.applicationQuestions, context.applicationAnswers, 'applicationAnswers')).length === 0 &&
      Object.keys(missingAnswers(context.questions, context.answers, 'answers')).length === 0,
    isOffered: (_, location: IlfDlfList) => location.offered,
    hasMissingAnswers: ({ context }) =>
      Object.keys(missingAnswers(context.applicationQuestions, context.applicationAnswers, 'applicationAnswers')).length > 0 ||
      Object.keys(missingAnswers(context.questions, context.answers, 'answers')).length > 0,
    /** The server named fields this flow can fix (a ZIP, an answer): back to that step. */
    namesAFixableField: (_, error: unknown) => errorStatus(error) === 400 && Object.keys(errorFields(error)).length > 0,
    namesTheZipcode: (_, error: unknown) => errorStatus(error) === 400 && ('zipcode' in errorFields(error) || 'state' in errorFields(error)),
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
  initial: 'loadingQuestions',
  states: {
    loadingQuestions: {
      invoke: {
        id: 'loadQuestionnaire',
        src: 'loadQuestionnaire',
        input: ({ context }) => ({ specialityId: context.specialityId }),
        onDone: [
          // A resumed quote with its ZIP goes straight on to locate it again.
          {
            guard: 'hasZipcode',
            target: 'checkingZip',
            actions: { type: 'storeQuestionnaire', params: ({ event }) => event.output },
          },
          { target: 'locating', actions: { type: 'storeQuestionnaire', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'questionnaireFailed',
          actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    questionnaireFailed: {
      on: { 'quote.retry': 'loadingQuestions' },
    },
    locating: {
      on: {
        'quote.locate': [
          { guard: { type: 'isBlankZip', params: ({ event }) => event.zipcode }, actions: 'flagBlankZip' },
          { target: 'checkingZip', actions: { type: 'storeZipcode', params: ({ event }) => event.zipcode } },
        ],
      },
    },
    checkingZip: {
      invoke: {
        id: 'locate',
        src: 'locate',
        input: ({ context }) => ({ zipcode: context.zipcode }),
        onDone: [
          {
            guard: { type: 'resumesPricedQuote', params: ({ event }) => event.output },
            target: 'pricing',
            actions: { type: 'storeLocation', params: ({ event }) => event.output },
          },
          {
            // Just located by the visitor: on to the questions. A resumed quote stays where it is shown.
            guard: { type: 'visitorLocatedOfferedZip', params: ({ event }) => event.output },
            target: 'answering',
            actions: [{ type: 'storeLocation', params: ({ event }) => event.output }, 'showQuestions'],
          },
          {
            guard: { type: 'isOffered', params: ({ event }) => event.output },
            target: 'answering',
            actions: { type: 'storeLocation', params: ({ event }) => event.output },
          },
          { target: 'notOffered', actions: { type: 'storeLocation', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'namesAFixableField', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'locating',
            actions: { type: 'storeFieldErrors', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          {
            target: 'locateFailed',
            actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
        ],
      },
    },
    locateFailed: {
      on: {
        'quote.retry': 'checkingZip',
        'quote.relocate': 'locating',
      },
    },
    notOffered: {
      on: {
        'quote.locate': [
          { guard: { type: 'isBlankZip', params: ({ event }) => event.zipcode }, actions: 'flagBlankZip' },
          { target: 'checkingZip', actions: { type: 'storeZipcode', params: ({ event }) => event.zipcode } },
        ],
        'quote.relocate': 'locating',
      },
    },
    answering: {
      on: {
        'quote.answer': { actions: { type: 'storeAnswer', params: ({ event }) => event } },
        'quote.relocate': 'locating',
        'quote.price': [{ guard: 'hasMissingAnswers', actions: 'flagMissingAnswers' }, { target: 'pricing', actions: 'showQuote' }],
      },
    },
    pricing: {
      description: 'Every limit × deductible is priced at once, each with its payment plans.',
      // Changing an answer need not wait for prices that are about to be replaced.
      on: { 'quote.editAnswers': { target: 'answering', actions: 'showQuestions' } },
      invoke: {
        id: 'priceOptions',
        src: 'priceOptions',
        input: ({ context }) => pricingInput(context),
        onDone: {
          target: 'quoted',
          actions: { type: 'storeMatrix', params: ({ event }: { event: DoneActorEvent<IlfDlfMatrix> }) => event.output },
        },
        onError: [
          {
            guard: { type: 'namesTheZipcode', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'locating',
            actions: { type: 'storeFieldErrors', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          {
            guard: { type: 'namesAFixableField', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'answering',
            actions: [{ type: 'storeFieldErrors', params: ({ event }: { event: ErrorActorEvent }) => event.error }, 'showQuestions'],
          },
          {
            guard: { type: 'isUnpriceable', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'unpriceable',
            actions: { type: 'storeFieldErrors', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          {
            target: 'pricingFailed',
            actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
        ],
      },
    },
    pricingFailed: {
      on: {
        'quote.retry': 'pricing',
        'quote.editAnswers': { target: 'answering', actions: 'showQuestions' },
      },
    },
    unpriceable: {
      on: {
        'quote.relocate': 'locating',
        'quote.editAnswers': { target: 'answering', actions: 'showQuestions' },
      },
    },
    quoted: {
      description:
        'The price of the chosen option shows at once, from the matrix; the worksheet is confirmed by auth/calculate in the background.',
      initial: 'confirming',
      on: {
        'quote.choose': {
          description: 'Another limit or deductible: its price is already known; its worksheet is fetched again.',
          guard: { type: 'isOfferedChoice', params: ({ event }) => ({ limitCode: event.limitCode, deductibleCode: event.deductibleCode }) },
          target: '.confirming',
          reenter: true,
          actions: { type: 'storeChoice', params: ({ event }) => ({ limitCode: event.limitCode, deductibleCode: event.deductibleCode }) },
        },
        'quote.chooseTerm': {
          description: 'Another payment plan: a choice among what the option already carries.',
          guard: { type: 'isOfferedTerm', params: ({ event }) => event.paymentTerm },
          actions: { type: 'storePaymentTerm', params: ({ event }) => event.paymentTerm },
        },
        'quote.editAnswers': { target: 'answering', actions: 'showQuestions' },
        'quote.relocate': 'locating',
        'quote.buyNow': {
          description: 'The primary action: saved as an order, then on to buy it (a visitor signs up on the way).',
          guard: 'canSave',
          target: 'saving',
          actions: [{ type: 'storeSaveKey', params: ({ event }) => event.idempotencyKey }, { type: 'storeIntent', params: 'buy' }],
        },
        'quote.save': {
          description: 'Kept for later as an order.',
          guard: 'canSave',
          target: 'saving',
          actions: [{ type: 'storeSaveKey', params: ({ event }) => event.idempotencyKey }, { type: 'storeIntent', params: 'save' }],
        },
      },
      states: {
        confirming: {
          description: 'auth/calculate prices the chosen option with its worksheet; the price on screen does not wait for it.',
          invoke: {
            id: 'calculate',
            src: 'calculate',
            input: ({ context }) => ({ ...pricingInput(context), ...(context.choice as QuoteChoice) }),
            onDone: {
              target: 'confirmed',
              actions: { type: 'storeCalculation', params: ({ event }: { event: DoneActorEvent<Calculation> }) => event.output },
            },
            onError: [
              {
                guard: { type: 'isUnpriceable', params: ({ event }: { event: ErrorActorEvent }) => event.error },
                target: '#quote.unpriceable',
                actions: { type: 'storeFieldErrors', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              },
              {
                // The price is known from the matrix: a worksheet that could not be fetched does not take it away.
                target: 'unconfirmed',
                actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              },
            ],
          },
        },
        confirmed: { description: 'The worksheet on screen is the chosen option’s.' },
        unconfirmed: {
          description: 'The price shows from the matrix; its worksheet could not be fetched. Try again fetches it.',
          on: { 'quote.retry': { target: 'confirming', description: 'Fetch the chosen option’s worksheet again.' } },
        },
      },
    },
    saving: {
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
          actions: [
            { type: 'storeSubmission', params: ({ event }: { event: DoneActorEvent<SavedSubmission> }) => event.output },
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
          target: 'saveFailed',
          actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    saveFailed: {
      on: {
        // The same key again: if the first attempt did reach the server, this finds that order.
        'quote.retry': 'saving',
        'quote.editAnswers': { target: 'answering', actions: 'showQuestions' },
        'quote.relocate': 'locating',
        'quote.chooseTerm': {
          guard: { type: 'isOfferedTerm', params: ({ event }) => event.paymentTerm },
          actions: { type: 'storePaymentTerm', params: ({ event }) => event.paymentTerm },
        },
        'quote.choose': {
          guard: { type: 'isOfferedChoice', params: ({ event }) => ({ limitCode: event.limitCode, deductibleCode: event.deductibleCode }) },
          target: 'quoted.confirming',
          actions: { type: 'storeChoice', params: ({ event }) => ({ limitCode: event.limitCode, deductibleCode: event.deductibleCode }) },
        },
      },
    },
    saved: {
      on: {
        'quote.editAnswers': { target: 'answering', actions: 'showQuestions' },
      },
    },
  },
});
