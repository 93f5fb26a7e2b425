import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorText, serverMessage } from '@/api/api-error';
import { acceptRenewal, getRenewal, previewRenewal } from '@/api/renewal';
import { newSaveKey } from '@/api/saved-quote';
import type { AnswerValue } from '@shared/contract/rating';
import type { Renewal, RenewalAccept, RenewalQuote, RenewalQuoteRequest } from '@shared/contract/renewal';
import { errorOf, outputOf } from '@/machines/actor-events';
import { PREVIEW_DELAY_MS } from '@/machines/preview-delay';

export interface RenewalInput {
  policyId: number;
  /** The broker's client id in a branded site, so the checkout comes back there. */
  clientId?: string | undefined;
}

/** Why the acceptance was refused: the server's words, and its messages by field. */
export interface RenewalFailure {
  message: string;
  fields: Record<string, string>;
}

export interface RenewalContext {
  policyId: number;
  clientId: string | undefined;
  renewal: Renewal | null;
  loadError: string | undefined;
  /** The asked questions' answers, by code (last year's where it still fits). */
  answers: Record<string, AnswerValue>;
  paymentTerm: string | null;
  signerName: string;
  /** Agreed to electronic records and declared the answers true (one box). */
  agreed: boolean;
  /** What must be done before accepting, by field: checked here before asking. */
  problems: Record<string, string>;
  failure: RenewalFailure | null;
  /** The renewal priced with the answers as they stand (insured/renewalquote); null until asked. */
  preview: RenewalQuote | null;
  /** Why the answers could not be priced: the server's words, and its messages by field. */
  previewFailure: RenewalFailure | null;
  /** The Idempotency-Key of this acceptance: a retry after a failure keeps it, so one checkout opens. */
  acceptKey: string;
}

export type RenewalEvent =
  | { type: 'renewal.retry' }
  | { type: 'renewal.reprice' }
  | { type: 'renewal.answer'; code: string; value: AnswerValue }
  | { type: 'renewal.term'; code: string }
  | { type: 'renewal.signer'; name: string }
  | { type: 'renewal.agree'; agreed: boolean }
  | { type: 'renewal.accept' };

/** Statuses where the insured can act: answer, accept and pay (or pay what they accepted). */
const ACTIONABLE = new Set<Renewal['status']>(['offered', 'needs_answers', 'awaiting_payment']);

/** The asked questions' answers to start from: last year's where it still fits. */
export function startingAnswers(renewal: Renewal): Record<string, AnswerValue> {
  const answers: Record<string, AnswerValue> = {};
  for (const question of renewal.offer?.questions ?? []) {
    if (question.answer !== undefined) answers[question.code] = question.answer as AnswerValue;
  }
  return answers;
}

/** A required question asked still blank: the answers cannot be priced (nor accepted) yet. */
function blankRequired(context: Pick<RenewalContext, 'renewal' | 'answers'>) {
  const problems: Record<string, string> = {};
  for (const question of context.renewal?.offer?.questions ?? []) {
    const value = context.answers[question.code];
    const blank = value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
    if (question.required && blank) problems[question.code] = 'is required';
  }
  return problems;
}

/** The asked questions' answers split as the server reads them: the speciality's, and the application's. */
function answerSets(context: Pick<RenewalContext, 'renewal' | 'answers'>) {
  const general = new Set(context.renewal?.offer?.questions.filter((q) => q.general).map((q) => q.code) ?? []);
  const pick = (wantGeneral: boolean) =>
    Object.fromEntries(Object.entries(context.answers).filter(([code]) => general.has(code) === wantGeneral));
  return { answers: pick(false), applicationAnswers: pick(true) };
}

/** What the preview prices: exactly what Accept and pay would send, less the signature. */
export function previewRequest(context: RenewalContext): RenewalQuoteRequest {
  return {
    policyid: context.policyId,
    ...answerSets(context),
    ...(context.paymentTerm ? { paymentTerm: context.paymentTerm } : {}),
  };
}

/** What stops an acceptance before asking: a required question unanswered, no signature, no agreement. */
export function problemsOf(context: Pick<RenewalContext, 'renewal' | 'answers' | 'signerName' | 'agreed'>) {
  const problems: Record<string, string> = {};
  if (context.renewal?.status !== 'awaiting_payment') Object.assign(problems, blankRequired(context));
  if (!context.signerName.trim()) problems.signerName = 'Type your full name to sign';
  if (!context.agreed) problems.agreed = 'Tick the box to agree';
  return problems;
}

/**
 * A renewal offer, accepted and paid in one step (renewal screen). The offer is fetched first; one
 * the insured can act on shows the new period, its premium and what changed from last year, the
 * questions new or changed since (last year's answers prefilled), the ways to pay and a signature.
 * Each answer is priced once the answers rest (PREVIEW_DELAY_MS) by insured/renewalquote — the
 * server's own rule for accepting, so the price shown is the price accepted — a newer answer
 * restarting the wait or cancelling the pricing under way, so only the last answers' price shows;
 * "Accept and pay" checks what it can here, then accepts with an Idempotency-Key made once per
 * acceptance (kept on a retry after a failure, so the server opens one checkout), and the browser
 * leaves for the hosted checkout (the `goToCheckout` action the component provides). Referred,
 * declined, renewed, lapsed or not offered yet, the screen says so and offers nothing to do.
 */
export const renewalMachine = setup({
  types: {
    context: {} as RenewalContext,
    input: {} as RenewalInput,
    events: {} as RenewalEvent,
  },
  actors: {
    loadRenewal: fromPromise<Renewal, { policyId: number }>(({ input }) => getRenewal(input.policyId)),
    previewRenewal: fromPromise<RenewalQuote, { request: RenewalQuoteRequest }>(({ input, signal }) =>
      previewRenewal(input.request, signal),
    ),
    acceptRenewal: fromPromise<RenewalAccept, { context: RenewalContext }>(({ input: { context } }) => {
      return acceptRenewal(
        {
          ...previewRequest(context),
          signerName: context.signerName.trim(),
          consentToElectronicRecords: true,
          agreeToDeclarations: true,
          ...(context.clientId ? { clientid: context.clientId } : {}),
        },
        context.acceptKey,
      );
    }),
  },
  actions: {
    /** Provided by the component: window.location.assign(url), leaving for the hosted checkout. */
    goToCheckout: (_, _params: { url: string }) => {},
    storeRenewal: assign((_, renewal: Renewal) => ({
      renewal,
      loadError: undefined,
      answers: startingAnswers(renewal),
      paymentTerm: renewal.offer?.paymentTerm ?? null,
      problems: {},
      failure: null,
      preview: null,
      previewFailure: null,
    })),
    storeLoadError: assign((_, error: unknown) => ({ loadError: errorText(error) })),
    storeAnswer: assign(({ context }, { code, value }: { code: string; value: AnswerValue }) => {
      const { [code]: _solved, ...problems } = context.problems;
      return { answers: { ...context.answers, [code]: value }, problems };
    }),
    storeTerm: assign((_, code: string) => ({ paymentTerm: code })),
    storeSigner: assign(({ context }, name: string) => {
      const { signerName: _solved, ...problems } = context.problems;
      return { signerName: name, problems };
    }),
    storeAgreed: assign(({ context }, agreed: boolean) => {
      const { agreed: _solved, ...problems } = context.problems;
      return { agreed, problems };
    }),
    refuse: assign(({ context }) => ({ problems: problemsOf(context) })),
    startAccepting: assign(({ context }) => ({
      acceptKey: context.failure && context.acceptKey ? context.acceptKey : newSaveKey(),
      problems: {},
    })),
    storeAccepted: assign((_, accepted: RenewalAccept) => ({ renewal: accepted.renewal, failure: null })),
    storeFailure: assign((_, error: unknown) => ({
      failure: { message: serverMessage(error) ?? errorText(error), fields: errorFields(error) },
    })),
    storePreview: assign((_, preview: RenewalQuote) => ({ preview, previewFailure: null })),
    storePreviewFailure: assign((_, error: unknown) => ({
      preview: null,
      previewFailure: { message: serverMessage(error) ?? errorText(error), fields: errorFields(error) },
    })),
    // A price for other answers than the ones on screen would mislead: it goes until these are priced.
    dropPreview: assign({ preview: null, previewFailure: null }),
  },
  guards: {
    actionable: (_, renewal: Renewal) => ACTIONABLE.has(renewal.status),
    complete: ({ context }) => Object.keys(problemsOf(context)).length === 0,
    priceable: ({ context }) => Object.keys(blankRequired(context)).length === 0,
    toCheckout: (_, accepted: RenewalAccept) => accepted.outcome === 'checkout' && accepted.checkout !== null,
  },
  delays: { previewDelay: PREVIEW_DELAY_MS },
}).createMachine({
  id: 'renewal',
  context: ({ input }) => ({
    policyId: input.policyId,
    clientId: input.clientId,
    renewal: null,
    loadError: undefined,
    answers: {},
    paymentTerm: null,
    signerName: '',
    agreed: false,
    problems: {},
    failure: null,
    preview: null,
    previewFailure: null,
    acceptKey: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The policy’s renewal offer is fetched.',
      invoke: {
        id: 'loadRenewal',
        src: 'loadRenewal',
        input: ({ context }) => ({ policyId: context.policyId }),
        onDone: [
          {
            guard: { type: 'actionable', params: outputOf<Renewal> },
            target: 'offered',
            description: 'An offer the insured can accept and pay (or pay, once accepted).',
            actions: { type: 'storeRenewal', params: outputOf<Renewal> },
          },
          {
            target: 'settled',
            description: 'Nothing to do: not offered yet, with an underwriter, declined, renewed or lapsed.',
            actions: { type: 'storeRenewal', params: outputOf<Renewal> },
          },
        ],
        onError: {
          target: 'loadFailed',
          description: 'It could not be fetched (or the policy is not the insured’s).',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The offer could not be fetched; the reason shows with Try again.',
      on: { 'renewal.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    offered: {
      description:
        'The offer: the new period and premium, what changed, the questions asked, the way to pay, the signature. Answers are priced as they are given.',
      initial: 'shown',
      on: {
        'renewal.answer': {
          target: '.waiting',
          reenter: true,
          description:
            'The insured answers one of the questions asked: priced once the answers rest, any pricing under way dropped.',
          actions: { type: 'storeAnswer', params: ({ event }) => ({ code: event.code, value: event.value }) },
        },
        'renewal.term': {
          description: 'The insured chooses how to pay the year (each plan is priced already).',
          actions: { type: 'storeTerm', params: ({ event }) => event.code },
        },
        'renewal.signer': {
          description: 'The insured types their name to sign.',
          actions: { type: 'storeSigner', params: ({ event }) => event.name },
        },
        'renewal.agree': {
          description: 'The insured agrees to electronic records and declares the answers true.',
          actions: { type: 'storeAgreed', params: ({ event }) => event.agreed },
        },
        'renewal.accept': [
          {
            guard: 'complete',
            target: 'accepting',
            description: 'Everything needed is there: the renewal is accepted.',
            actions: 'startAccepting',
          },
          {
            description: 'Something is missing: each field says what, nothing is sent.',
            actions: 'refuse',
          },
        ],
      },
      states: {
        shown: {
          description: 'The price on screen stands: the offer’s, or the one last worked out for these answers.',
        },
        waiting: {
          description: 'An answer has just changed; the renewal is priced if the answers rest a moment.',
          after: {
            previewDelay: [
              {
                guard: 'priceable',
                target: 'pricing',
                description: 'The answers rested, every required one given: they are priced.',
              },
              {
                target: 'unanswered',
                description: 'The answers rested with a required one blank: nothing to price yet.',
                actions: 'dropPreview',
              },
            ],
          },
        },
        unanswered: {
          description: 'A required question is blank: the screen asks for it before it shows a price.',
        },
        pricing: {
          description:
            'The server prices the answers as accepting would (nothing is written); a new answer cancels it.',
          invoke: {
            id: 'previewRenewal',
            src: 'previewRenewal',
            input: ({ context }) => ({ request: previewRequest(context) }),
            onDone: {
              target: 'priced',
              description: 'Priced: the premium, taxes, fees and total for these answers show.',
              actions: { type: 'storePreview', params: outputOf<RenewalQuote> },
            },
            onError: {
              target: 'priceFailed',
              description: 'Refused (an answer that does not fit, the renewal accepted meanwhile…) or not reached.',
              actions: { type: 'storePreviewFailure', params: errorOf },
            },
          },
        },
        priced: {
          description: 'The renewal’s price for the answers on screen shows, before the insured accepts.',
        },
        priceFailed: {
          description: 'The answers could not be priced: the server’s reason shows, with Try again.',
          on: { 'renewal.reprice': { target: 'pricing', description: 'The insured asks for the price again.' } },
        },
      },
    },
    accepting: {
      description: 'The renewal is accepted: priced with the answers, signed, checked by the rules, invoiced.',
      invoke: {
        id: 'acceptRenewal',
        src: 'acceptRenewal',
        input: ({ context }) => ({ context }),
        onDone: [
          {
            guard: { type: 'toCheckout', params: outputOf<RenewalAccept> },
            target: 'toCheckout',
            description: 'Accepted: the browser leaves for the hosted checkout to pay.',
            actions: [
              { type: 'storeAccepted', params: outputOf<RenewalAccept> },
              {
                type: 'goToCheckout',
                params: ({ event }: { event: { output: RenewalAccept } }) => ({ url: event.output.checkout!.url }),
              },
            ],
          },
          {
            target: 'settled',
            description: 'Referred to an underwriter, declined by the rules, or renewed already.',
            actions: { type: 'storeAccepted', params: outputOf<RenewalAccept> },
          },
        ],
        onError: {
          target: 'offered',
          description: 'Refused or not answered: the reason shows, and Accept and pay again keeps the same key.',
          actions: { type: 'storeFailure', params: errorOf },
        },
      },
    },
    toCheckout: {
      description: 'On the way to the hosted checkout; paid, the browser comes back to the payment confirmation.',
      type: 'final',
    },
    settled: {
      description:
        'Where the renewal stands, with nothing to do here: renewed, with an underwriter, declined, lapsed or not yet offered.',
      type: 'final',
    },
  },
});
