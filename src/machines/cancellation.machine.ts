import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import {
  buyTail,
  cancelPolicy,
  downloadCancellationNotice,
  getCancellationOptions,
  payTail,
  previewCancellation,
} from '@/api/cancellation';
import type { DownloadedDocument } from '@/api/documents';
import { newSaveKey } from '@/api/saved-quote';
import type { Checkout } from '@shared/contract/billing';
import type {
  Cancellation,
  CancellationOptions,
  CancellationQuote,
  TailOption,
  TailPurchase,
  TailYears,
} from '@shared/contract/cancellation';
import { errorOf, outputOf } from '@/machines/actor-events';

export interface CancellationInput {
  policyId: number;
  /** The broker's client id in a branded site, so the tail's checkout comes back there. */
  clientId?: string | undefined;
}

/** Why a call was refused: the server's words, and its messages by field (cancellationDate, reason…). */
export interface CancellationFailure {
  message: string;
  fields: Record<string, string>;
}

/** A tail bought: its endorsement, awaiting payment until its invoice is paid, then issued. */
export interface BoughtTail {
  endorsementId: number;
  number: string;
  status: 'awaiting_payment' | 'referred' | 'issued' | 'declined';
  years: TailYears;
  startsOn: string;
  reportingUntil: string;
  totalCents: number;
}

export interface CancellationContext {
  policyId: number;
  clientId: string | undefined;
  /** Where the policy stands and the days it can be cancelled from; null until loaded. */
  options: CancellationOptions | null;
  /** Why the policy could not be loaded, in words. */
  loadError: string | undefined;
  /** The cancellation date chosen (YYYY-MM-DD) and why it cannot be one, checked before asking. */
  date: string;
  dateProblem: string | null;
  /** Why the insured is cancelling, as they said it (optional). */
  reason: string;
  /** What cancelling from `date` returns, and the tail it offers; null while it is asked. */
  quote: CancellationQuote | null;
  /** The last refusal of a preview or the cancellation itself. */
  failure: CancellationFailure | null;
  /** The Idempotency-Key of this confirmation: a retry of it cancels once. */
  cancelKey: string;
  /** The cancellation made here; null when the policy came cancelled (or expired). */
  cancellation: Cancellation | null;
  /** The cancellation's endorsement, whose PDF is the notice; null when there is none. */
  noticeEndorsementId: number | null;
  noticeFailure: string | null;
  /** The tails on offer (none once one is bought), and the one bought. */
  tailOffer: TailOption[];
  tail: BoughtTail | null;
  /** The tail asked for and the key it was asked with; the same length again is a retry of it. */
  tailYears: TailYears | null;
  tailKey: string;
  /** The key of this attempt to open the tail's checkout. */
  payKey: string;
  tailFailure: CancellationFailure | null;
}

export type CancellationEvent =
  | { type: 'cancellation.retry' }
  | { type: 'cancellation.date'; date: string }
  | { type: 'cancellation.reason'; reason: string }
  | { type: 'cancellation.review' }
  | { type: 'cancellation.back' }
  | { type: 'cancellation.confirm' }
  | { type: 'notice.download' }
  | { type: 'tail.buy'; years: TailYears }
  | { type: 'tail.pay' };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why `date` cannot be the cancellation date, in the server's words; null when it can. */
export function dateProblemOf(options: CancellationOptions, date: string): string | null {
  const earliest = options.earliestCancellationDate;
  const latest = options.latestCancellationDate;
  if (!earliest || !latest) return 'cannot be chosen: the policy cannot be cancelled';
  if (!ISO_DAY.test(date) || Number.isNaN(Date.parse(date))) return 'is required: choose a day';
  if (date < earliest) {
    return earliest === options.effectiveDate
      ? `must be on or after the effective date (${earliest})`
      : `must be today (${earliest}) or later`;
  }
  if (date > latest) return `must be before the expiration date (${options.expirationDate})`;
  return null;
}

function describe(error: unknown): CancellationFailure {
  return { message: serverMessage(error) ?? errorText(error), fields: errorFields(error) };
}

const tailOf = (purchase: TailPurchase): BoughtTail => ({
  endorsementId: purchase.endorsement.id,
  number: purchase.endorsement.number,
  status: purchase.endorsement.status,
  years: purchase.tail.years,
  startsOn: purchase.startsOn,
  reportingUntil: purchase.tail.reportingUntil,
  totalCents: purchase.tail.totalCents,
});

/**
 * Cancelling one policy, honestly (cancellation screen). Where the policy stands is asked first.
 * One that can be cancelled shows the day it would end (the earliest allowed by default) and what
 * that returns, asked again whenever the day changes (a day outside the allowed range is refused
 * before asking); the insured reviews it and confirms in a deliberate second step, which cancels
 * with an Idempotency-Key made once per confirmation (a retry after a lost answer cancels once).
 * Cancelled (here or before) or expired, the policy shows its standing, the notice of
 * cancellation to download and the tail: the one bought (to pay, while it waits for payment), or
 * 1, 2 or 3 years on offer; buying one makes its endorsement and invoice, then opens the hosted
 * checkout, where the browser goes (the `goToCheckout` action the component provides). A move
 * the policy can no longer make (409) shows the server's words with a way back to its standing.
 */
export const cancellationMachine = setup({
  types: {
    context: {} as CancellationContext,
    input: {} as CancellationInput,
    events: {} as CancellationEvent,
  },
  actors: {
    loadOptions: fromPromise<CancellationOptions, { policyId: number }>(({ input }) =>
      getCancellationOptions(input.policyId),
    ),
    previewCancellation: fromPromise<CancellationQuote, { policyId: number; date: string }>(({ input, signal }) =>
      previewCancellation({ policyid: input.policyId, cancellationDate: input.date }, signal),
    ),
    cancelPolicy: fromPromise<Cancellation, { policyId: number; date: string; reason: string; key: string }>(
      ({ input }) =>
        cancelPolicy(
          {
            policyid: input.policyId,
            cancellationDate: input.date,
            ...(input.reason.trim() ? { reason: input.reason.trim() } : {}),
          },
          input.key,
        ),
    ),
    fetchNotice: fromPromise<DownloadedDocument, { endorsementId: number; policyNumber: string }>(({ input }) =>
      downloadCancellationNotice(input.endorsementId, input.policyNumber),
    ),
    buyTail: fromPromise<TailPurchase, { policyId: number; years: TailYears; key: string }>(({ input }) =>
      buyTail(input.policyId, input.years, input.key),
    ),
    payTail: fromPromise<Checkout, { endorsementId: number; clientId: string | undefined; key: string }>(({ input }) =>
      payTail(input.endorsementId, { clientId: input.clientId, idempotencyKey: input.key }),
    ),
  },
  actions: {
    /** Provided by the component: hands the file to the browser under its name. */
    saveFile: (_, _params: { blob: Blob; filename: string }) => {},
    /** Provided by the component: window.location.assign(url), leaving for the hosted checkout. */
    goToCheckout: (_, _params: { url: string }) => {},
    storeOptions: assign((_, options: CancellationOptions) => ({
      options,
      loadError: undefined,
      date: options.earliestCancellationDate ?? '',
      dateProblem: null,
      quote: null,
      failure: null,
      cancellation: null,
      noticeEndorsementId: options.cancellation?.id ?? null,
      tailOffer: options.tail ? [] : options.tailOffer,
      tail: options.tail && {
        endorsementId: options.tail.id,
        number: options.tail.number,
        status: options.tail.status,
        years: options.tail.years,
        startsOn: options.tail.startsOn,
        reportingUntil: options.tail.reportingUntil,
        totalCents: options.tail.totalChangeCents,
      },
    })),
    storeLoadError: assign((_, error: unknown) => ({ loadError: errorText(error) })),
    chooseDate: assign((_, date: string) => ({ date, dateProblem: null, quote: null, failure: null })),
    refuseDate: assign(({ context }, date: string) => ({
      date,
      dateProblem: dateProblemOf(context.options!, date),
      quote: null,
      failure: null,
    })),
    storeReason: assign((_, reason: string) => ({ reason })),
    storeQuote: assign((_, quote: CancellationQuote) => ({ quote, failure: null })),
    storeFailure: assign((_, error: unknown) => ({ failure: describe(error) })),
    startConfirmation: assign({ cancelKey: () => newSaveKey(), failure: null }),
    clearFailure: assign({ failure: null }),
    storeCancellation: assign((_, cancellation: Cancellation) => ({
      cancellation,
      failure: null,
      noticeEndorsementId: cancellation.endorsement.id,
      tailOffer: cancellation.tailOffer,
      tail: null,
    })),
    startNotice: assign({ noticeFailure: null }),
    storeNoticeFailure: assign((_, error: unknown) => ({ noticeFailure: errorText(error) })),
    startTail: assign(({ context }, years: TailYears) => ({
      tailKey: context.tailYears === years && context.tailKey ? context.tailKey : newSaveKey(),
      tailYears: years,
      tailFailure: null,
    })),
    storeTail: assign((_, purchase: TailPurchase) => ({
      tail: tailOf(purchase),
      tailOffer: [],
      payKey: newSaveKey(),
    })),
    startPayment: assign(({ context }) => ({
      // A retry after a failure keeps its key: the server opens one checkout for it.
      payKey: context.tailFailure && context.payKey ? context.payKey : newSaveKey(),
      tailFailure: null,
    })),
    storeTailFailure: assign((_, error: unknown) => ({ tailFailure: describe(error) })),
  },
  guards: {
    cancellable: (_, options: CancellationOptions) => options.earliestCancellationDate !== null,
    dateAllowed: ({ context }, date: string) => dateProblemOf(context.options!, date) === null,
    refusedAsConflict: (_, error: unknown) => errorStatus(error) === 409,
    hasNotice: ({ context }) => context.noticeEndorsementId !== null,
    offered: ({ context }, years: TailYears) =>
      context.tail === null && context.tailOffer.some((option) => option.years === years),
    awaitingPayment: ({ context }) => context.tail?.status === 'awaiting_payment',
  },
}).createMachine({
  id: 'cancellation',
  context: ({ input }) => ({
    policyId: input.policyId,
    clientId: input.clientId,
    options: null,
    loadError: undefined,
    date: '',
    dateProblem: null,
    reason: '',
    quote: null,
    failure: null,
    cancelKey: '',
    cancellation: null,
    noticeEndorsementId: null,
    noticeFailure: null,
    tailOffer: [],
    tail: null,
    tailYears: null,
    tailKey: '',
    payKey: '',
    tailFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'Where the policy stands, the days it can be cancelled from, its cancellation and its tail are fetched.',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ policyId: context.policyId }),
        onDone: [
          {
            guard: { type: 'cancellable', params: outputOf<CancellationOptions> },
            target: 'cancelling',
            description: 'The policy can be cancelled: its earliest day is chosen to start with.',
            actions: { type: 'storeOptions', params: outputOf<CancellationOptions> },
          },
          {
            target: 'concluded',
            description: 'Cancelled or expired already: the policy shows its standing and its tail.',
            actions: { type: 'storeOptions', params: outputOf<CancellationOptions> },
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
      description: 'The policy could not be fetched; the reason shows with Try again.',
      on: { 'cancellation.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    cancelling: {
      description: 'The policy can be cancelled: the insured chooses the day, sees what comes back, and confirms.',
      initial: 'choosing',
      states: {
        choosing: {
          description:
            'The insured chooses the day cover ends and, if they like, says why; what it returns shows beside it.',
          initial: 'previewing',
          on: {
            'cancellation.date': [
              {
                guard: { type: 'dateAllowed', params: ({ event }) => event.date },
                target: '.previewing',
                description: 'A day the policy can be cancelled from: what it returns is asked again.',
                actions: { type: 'chooseDate', params: ({ event }) => event.date },
              },
              {
                target: '.dateRefused',
                description: 'A day outside the allowed range (or none): the field says why, nothing is asked.',
                actions: { type: 'refuseDate', params: ({ event }) => event.date },
              },
            ],
            'cancellation.reason': {
              description: 'The insured says why they are cancelling (optional).',
              actions: { type: 'storeReason', params: ({ event }) => event.reason },
            },
          },
          states: {
            previewing: {
              description: 'What cancelling from the day returns, and the tail it offers, is being worked out.',
              invoke: {
                id: 'previewCancellation',
                src: 'previewCancellation',
                input: ({ context }) => ({ policyId: context.policyId, date: context.date }),
                onDone: {
                  target: 'previewed',
                  description: 'The return premium and its working arrived.',
                  actions: { type: 'storeQuote', params: outputOf<CancellationQuote> },
                },
                onError: [
                  {
                    guard: { type: 'refusedAsConflict', params: errorOf },
                    target: '#cancellation.refused',
                    description: 'The policy can no longer be cancelled (cancelled or expired meanwhile).',
                    actions: { type: 'storeFailure', params: errorOf },
                  },
                  {
                    target: 'previewFailed',
                    description: 'Refused for the day, or not reached: the reason shows by the date.',
                    actions: { type: 'storeFailure', params: errorOf },
                  },
                ],
              },
            },
            previewed: {
              description:
                'The return premium with its working and the warning about cover show; the insured may go on.',
              on: {
                'cancellation.review': {
                  target: '#cancellation.cancelling.confirming',
                  description: 'The insured goes on to confirm: a new confirmation, with its own key.',
                  actions: 'startConfirmation',
                },
              },
            },
            previewFailed: {
              description: 'The preview could not be had; the reason shows, and another day (or the same) asks again.',
              on: {
                'cancellation.retry': { target: 'previewing', description: 'The insured asks again for the same day.' },
              },
            },
            dateRefused: {
              description: 'The day typed cannot be a cancellation date; the field says which days can.',
            },
          },
        },
        confirming: {
          description: 'The deliberate second step: “Cancel policy P-… from <day>”, with what it returns, or Back.',
          initial: 'asking',
          states: {
            asking: {
              description: 'The insured reads what cancelling means and confirms, or goes back.',
              on: {
                'cancellation.confirm': { target: 'submitting', description: 'The insured confirms the cancellation.' },
                'cancellation.back': {
                  target: '#cancellation.cancelling.choosing.previewed',
                  description: 'The insured goes back to change the day or the reason.',
                  actions: 'clearFailure',
                },
              },
            },
            submitting: {
              description: 'The policy is being cancelled; the same confirmation sent again cancels it once.',
              invoke: {
                id: 'cancelPolicy',
                src: 'cancelPolicy',
                input: ({ context }) => ({
                  policyId: context.policyId,
                  date: context.date,
                  reason: context.reason,
                  key: context.cancelKey,
                }),
                onDone: {
                  target: '#cancellation.concluded',
                  description: 'Cancelled: what is owed back, the notice and the tail offer show.',
                  actions: { type: 'storeCancellation', params: outputOf<Cancellation> },
                },
                onError: [
                  {
                    guard: { type: 'refusedAsConflict', params: errorOf },
                    target: '#cancellation.refused',
                    description: 'The policy cannot be cancelled now (cancelled or expired meanwhile).',
                    actions: { type: 'storeFailure', params: errorOf },
                  },
                  {
                    target: 'failed',
                    description: 'Refused or not reached: the reason shows, with the same confirmation to try again.',
                    actions: { type: 'storeFailure', params: errorOf },
                  },
                ],
              },
            },
            failed: {
              description: 'The cancellation did not go through; confirming again retries it with the same key.',
              on: {
                'cancellation.confirm': {
                  target: 'submitting',
                  description: 'The insured tries the same confirmation again.',
                },
                'cancellation.back': {
                  target: '#cancellation.cancelling.choosing.previewed',
                  description: 'The insured goes back to change the day or the reason.',
                  actions: 'clearFailure',
                },
              },
            },
          },
        },
      },
    },
    refused: {
      description:
        'The server refused the move for the policy’s status; its words show, with a way to see its standing.',
      on: {
        'cancellation.retry': { target: 'loading', description: 'The insured looks at where the policy stands now.' },
      },
    },
    concluded: {
      description:
        'Cancelled (here or before) or expired: the standing, the notice of cancellation to download, and the tail — the one bought, or those on offer.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The insured reads the standing; they may download the notice, buy a tail or pay for it.',
          on: {
            'notice.download': {
              guard: 'hasNotice',
              target: 'downloadingNotice',
              description: 'The insured downloads the notice of cancellation.',
              actions: 'startNotice',
            },
            'tail.buy': {
              guard: { type: 'offered', params: ({ event }) => event.years },
              target: 'buyingTail',
              description: 'The insured buys a tail of 1, 2 or 3 years.',
              actions: { type: 'startTail', params: ({ event }) => event.years },
            },
            'tail.pay': {
              guard: 'awaitingPayment',
              target: 'payingTail',
              description: 'The insured pays for the tail bought, still waiting for its payment.',
              actions: 'startPayment',
            },
          },
        },
        downloadingNotice: {
          description: 'The notice of cancellation (PDF) is being fetched.',
          invoke: {
            id: 'fetchNotice',
            src: 'fetchNotice',
            input: ({ context }) => ({
              endorsementId: context.noticeEndorsementId!,
              policyNumber: context.options!.policyNumber,
            }),
            onDone: {
              target: 'idle',
              description: 'The file is handed to the browser to save.',
              actions: {
                type: 'saveFile',
                params: ({ event }) => ({ blob: event.output.blob, filename: event.output.filename }),
              },
            },
            onError: {
              target: 'idle',
              description: 'The download failed: the reason shows beside the button.',
              actions: { type: 'storeNoticeFailure', params: errorOf },
            },
          },
        },
        buyingTail: {
          description: 'The tail’s endorsement and invoice are being made; the same length sent again makes one.',
          invoke: {
            id: 'buyTail',
            src: 'buyTail',
            input: ({ context }) => ({ policyId: context.policyId, years: context.tailYears!, key: context.tailKey }),
            onDone: {
              target: 'payingTail',
              description: 'Bought, awaiting payment: its checkout is opened at once.',
              actions: { type: 'storeTail', params: outputOf<TailPurchase> },
            },
            onError: {
              target: 'idle',
              description: 'Refused or not reached: the reason shows by the offer.',
              actions: { type: 'storeTailFailure', params: errorOf },
            },
          },
        },
        payingTail: {
          description: 'The hosted checkout for the tail’s invoice is being opened.',
          invoke: {
            id: 'payTail',
            src: 'payTail',
            input: ({ context }) => ({
              endorsementId: context.tail!.endorsementId,
              clientId: context.clientId,
              key: context.payKey,
            }),
            onDone: {
              target: 'leavingForCheckout',
              description: 'The checkout is open: the browser goes to it.',
              actions: { type: 'goToCheckout', params: ({ event }) => ({ url: event.output.url }) },
            },
            onError: {
              target: 'idle',
              description: 'The checkout could not be opened: the reason shows, with Pay to try again.',
              actions: { type: 'storeTailFailure', params: errorOf },
            },
          },
        },
        leavingForCheckout: {
          description: 'The browser is on its way to the hosted checkout; it comes back to the payment receipt.',
        },
      },
    },
  },
});
