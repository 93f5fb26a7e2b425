import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import type { IlfDlfList } from '@/api/contract/lists';
import { missingAnswers, type QuestionCondition } from '@/api/contract/question-rules';
import type { Calculation, IlfDlfMatrix } from '@/api/contract/rating';
import { getIlfDlfList } from '@/api/lists';
import { calculate, priceEveryOption } from '@/api/rating';

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

export interface QuoteChoice {
  limitCode: string;
  deductibleCode: string;
}

export interface QuoteContext extends Questionnaire {
  specialityId: number;
  zipcode: string;
  /** Where the ZIP is, and the limits and deductibles sold there. */
  location: IlfDlfList | undefined;
  answers: Record<string, unknown>;
  applicationAnswers: Record<string, unknown>;
  matrix: IlfDlfMatrix | undefined;
  choice: QuoteChoice | undefined;
  calculation: Calculation | undefined;
  paymentTerm: string | undefined;
  /** Field messages (`zipcode`, `answers.code`, …), from this screen's checks or the server's. */
  fieldErrors: Record<string, string>;
  errorMessage: string | undefined;
}

/** What a resumed quote starts from (a reload, or coming back after signing in). */
export interface QuoteInput {
  specialityId: number;
  zipcode?: string;
  answers?: Record<string, unknown>;
  applicationAnswers?: Record<string, unknown>;
  choice?: QuoteChoice;
  paymentTerm?: string;
}

export type QuoteEvent =
  | { type: 'quote.locate'; zipcode: string }
  | { type: 'quote.answer'; set: AnswerSet; code: string; value: unknown }
  | { type: 'quote.price' }
  | { type: 'quote.choose'; limitCode: string; deductibleCode: string }
  | { type: 'quote.chooseTerm'; paymentTerm: string }
  | { type: 'quote.editAnswers' }
  | { type: 'quote.relocate' }
  | { type: 'quote.retry' };

type PricingInput = {
  specialityId: number;
  state: string;
  zipcode: string;
  answers: Record<string, unknown>;
  applicationAnswers: Record<string, unknown>;
};

const pricingInput = (context: QuoteContext): PricingInput => ({
  specialityId: context.specialityId,
  state: context.location?.stateCode ?? '',
  zipcode: context.zipcode,
  answers: context.answers,
  applicationAnswers: context.applicationAnswers,
});

/** The middle option of each list: a sensible first choice the insured then moves from. */
export function defaultChoice(matrix: IlfDlfMatrix): QuoteChoice | undefined {
  const limit = matrix.limits[Math.floor((matrix.limits.length - 1) / 2)];
  const deductible = matrix.deductibles[Math.floor((matrix.deductibles.length - 1) / 2)];
  return limit && deductible ? { limitCode: limit.code, deductibleCode: deductible.code } : undefined;
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
    loadQuestionnaire: fromPromise<Questionnaire, { specialityId: number }>(async () => {
      throw new Error('loadQuestionnaire is provided where the questions API is wired');
    }),
    locate: fromPromise<IlfDlfList, { zipcode: string }>(({ input }) => getIlfDlfList(input.zipcode)),
    priceOptions: fromPromise<IlfDlfMatrix, PricingInput>(({ input }) => priceEveryOption(input)),
    calculate: fromPromise<Calculation, PricingInput & QuoteChoice>(({ input }) => calculate(input)),
  },
  actions: {
    storeQuestionnaire: assign((_, questionnaire: Questionnaire) => ({ ...questionnaire })),
    storeZipcode: assign((_, zipcode: string) => ({ zipcode: zipcode.trim(), location: undefined })),
    storeLocation: assign((_, location: IlfDlfList) => ({ location, fieldErrors: {}, errorMessage: undefined })),
    storeAnswer: assign(({ context }, { set, code, value }: { set: AnswerSet; code: string; value: unknown }) => {
      const { [`${set}.${code}`]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { [set]: { ...context[set], [code]: value }, fieldErrors };
    }),
    flagMissingAnswers: assign(({ context }) => ({
      fieldErrors: {
        ...missingAnswers(context.applicationQuestions, context.applicationAnswers, 'applicationAnswers'),
        ...missingAnswers(context.questions, context.answers, 'answers'),
      },
    })),
    storeMatrix: assign(({ context }, matrix: IlfDlfMatrix) => ({
      matrix,
      // Keep the insured's choice when the new prices still offer it.
      choice: offers(matrix, context.choice) ? context.choice : defaultChoice(matrix),
      fieldErrors: {},
      errorMessage: undefined,
    })),
    storeChoice: assign((_, choice: QuoteChoice) => ({ choice })),
    storeCalculation: assign(({ context }, calculation: Calculation) => ({
      calculation,
      paymentTerm:
        context.paymentTerm && calculation.paymentPlans.some((plan) => plan.code === context.paymentTerm)
          ? context.paymentTerm
          : calculation.paymentPlans[0]?.code,
      errorMessage: undefined,
    })),
    storePaymentTerm: assign((_, paymentTerm: string) => ({ paymentTerm })),
    storeFieldErrors: assign((_, error: unknown) => ({ fieldErrors: errorFields(error), errorMessage: serverMessage(error) ?? errorText(error) })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
  },
  guards: {
    hasZipcode: ({ context }) => context.zipcode !== '',
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
    isOfferedTerm: ({ context }, paymentTerm: string) =>
      Boolean(context.calculation?.paymentPlans.some((plan) => plan.code === paymentTerm)),
  },
}).createMachine({
  id: 'quote',
  context: ({ input }) => ({
    specialityId: input.specialityId,
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
    fieldErrors: {},
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
        'quote.locate': { target: 'checkingZip', actions: { type: 'storeZipcode', params: ({ event }) => event.zipcode } },
      },
    },
    checkingZip: {
      invoke: {
        id: 'locate',
        src: 'locate',
        input: ({ context }) => ({ zipcode: context.zipcode }),
        onDone: [
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
        'quote.locate': { target: 'checkingZip', actions: { type: 'storeZipcode', params: ({ event }) => event.zipcode } },
        'quote.relocate': 'locating',
      },
    },
    answering: {
      on: {
        'quote.answer': { actions: { type: 'storeAnswer', params: ({ event }) => event } },
        'quote.relocate': 'locating',
        'quote.price': [{ guard: 'hasMissingAnswers', actions: 'flagMissingAnswers' }, { target: 'pricing' }],
      },
    },
    pricing: {
      invoke: {
        id: 'priceOptions',
        src: 'priceOptions',
        input: ({ context }) => pricingInput(context),
        onDone: {
          target: 'calculating',
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
            actions: { type: 'storeFieldErrors', params: ({ event }: { event: ErrorActorEvent }) => event.error },
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
    calculating: {
      invoke: {
        id: 'calculate',
        src: 'calculate',
        input: ({ context }) => ({ ...pricingInput(context), ...(context.choice as QuoteChoice) }),
        onDone: {
          target: 'quoted',
          actions: { type: 'storeCalculation', params: ({ event }: { event: DoneActorEvent<Calculation> }) => event.output },
        },
        onError: [
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
        'quote.editAnswers': 'answering',
      },
    },
    unpriceable: {
      on: {
        'quote.relocate': 'locating',
        'quote.editAnswers': 'answering',
      },
    },
    quoted: {
      on: {
        'quote.choose': {
          guard: { type: 'isOfferedChoice', params: ({ event }) => ({ limitCode: event.limitCode, deductibleCode: event.deductibleCode }) },
          target: 'calculating',
          actions: { type: 'storeChoice', params: ({ event }) => ({ limitCode: event.limitCode, deductibleCode: event.deductibleCode }) },
        },
        'quote.chooseTerm': {
          guard: { type: 'isOfferedTerm', params: ({ event }) => event.paymentTerm },
          actions: { type: 'storePaymentTerm', params: ({ event }) => event.paymentTerm },
        },
        'quote.editAnswers': 'answering',
        'quote.relocate': 'locating',
      },
    },
  },
});
