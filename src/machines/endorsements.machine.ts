import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import type { DownloadedDocument } from '@/api/documents';
import {
  downloadEndorsementPdf,
  endorse,
  getEndorsementOptions,
  payEndorsement,
  previewEndorsement,
} from '@/api/endorsements';
import { newSaveKey } from '@/api/saved-quote';
import type { Checkout } from '@shared/contract/billing';
import {
  endorsementRequestSchema,
  type Endorsement,
  type EndorsementOptions,
  type EndorsementQuote,
  type EndorsementRequest,
} from '@shared/contract/endorsements';
import { errorOf, outputOf } from '@/machines/actor-events';
import { PREVIEW_DELAY_MS } from '@/machines/preview-delay';

/** The change as the form sends it: everything of the request but the policy. */
export type ChangeRequest = Omit<EndorsementRequest, 'policyid'>;

export interface EndorsementsInput {
  policyId: number;
  /** The broker's client id on a branded route: the checkout then returns to the branded screens. */
  clientId?: string | undefined;
}

/** Why a call was refused: the server's words, and its messages by field (limitCode, effectiveDate…). */
export interface Refusal {
  message: string;
  fields: Record<string, string>;
}

/** An endorsement waiting for its additional premium: the one just made, or one made before. */
export type Payable = Pick<Endorsement, 'id' | 'number'> & { totalCents: number };

export interface EndorsementsContext extends EndorsementsInput {
  /** What a change of the policy may be; null until loaded. */
  options: EndorsementOptions | null;
  /** Why the policy could not load (or cannot change: not in force), in words. */
  errorMessage: string | undefined;
  /** The change the form holds now; null while it holds none (or one it cannot send yet). */
  draft: ChangeRequest | null;
  /** The last preview, and the change it prices (what Confirm commits). */
  quote: EndorsementQuote | null;
  quoted: ChangeRequest | null;
  previewFailure: Refusal | null;
  /** The Idempotency-Key of the current confirmation, and the change it was sent with. */
  idempotencyKey: string;
  lastSent: ChangeRequest | null;
  endorseFailure: Refusal | null;
  /** The endorsement made (issued, or awaiting its payment). */
  endorsement: Endorsement | null;
  /** The endorsement to pay: the one made here, or one left waiting before; its attempt's key. */
  payable: Payable | null;
  payKey: string;
  payFailure: string | null;
  /** Whether the endorsement's PDF was saved, or why it was not. */
  downloaded: boolean;
  downloadFailure: string | null;
}

export type EndorsementsEvent =
  | { type: 'policy.retry' }
  | { type: 'change.edit'; request: ChangeRequest | null }
  | { type: 'preview.retry' }
  | { type: 'change.confirm' }
  | { type: 'endorsement.download' }
  | { type: 'endorsement.pay' };

const changeSchema = v.omit(endorsementRequestSchema, ['policyid']);

/** A change as the server reads it (trimmed, empty lines as none): two that read alike are one request. */
const asRead = (change: ChangeRequest) => {
  const parsed = v.safeParse(changeSchema, change);
  return JSON.stringify(parsed.success ? parsed.output : change);
};

const same = (a: ChangeRequest | null, b: ChangeRequest | null) =>
  a === null || b === null ? a === b : asRead(a) === asRead(b);

/** Whether the change changes anything the server prices or corrects (a date alone does not). */
const changesSomething = (change: ChangeRequest | null) =>
  change !== null &&
  (change.limitCode !== undefined ||
    change.deductibleCode !== undefined ||
    change.insuredName !== undefined ||
    change.address !== undefined);

function refusalOf(error: unknown): Refusal {
  // A refusal the server explained reads without its status; anything else as errorText says it.
  return { message: serverMessage(error) ?? errorText(error), fields: errorFields(error) };
}

/**
 * A mid-term change of one policy (endorsements screen): the policy's options load (its period,
 * the limits and deductibles its rate table offers, the name and address it holds, the days a
 * change may take effect); a policy not in force cannot change and says so. Each change the form
 * makes is priced once the form rests (PREVIEW_DELAY_MS): a new change meanwhile restarts the
 * wait or cancels the preview under way, so only the last change's price is ever shown. Confirm
 * commits exactly the change previewed, with an Idempotency-Key kept while the same change is
 * sent again (a lost answer retried never makes two endorsements). A change that costs nothing or
 * returns premium is issued at once (its PDF to download); one that costs more waits for its
 * additional premium, paid through the hosted checkout (the `goToCheckout` action the component
 * provides leaves for it). A change left waiting earlier is offered to pay first.
 */
export const endorsementsMachine = setup({
  types: {
    context: {} as EndorsementsContext,
    input: {} as EndorsementsInput,
    events: {} as EndorsementsEvent,
  },
  actors: {
    loadOptions: fromPromise<EndorsementOptions, { policyId: number }>(({ input }) =>
      getEndorsementOptions(input.policyId),
    ),
    previewEndorsement: fromPromise<EndorsementQuote, { request: EndorsementRequest }>(({ input, signal }) =>
      previewEndorsement(input.request, signal),
    ),
    endorse: fromPromise<Endorsement, { request: EndorsementRequest; idempotencyKey: string }>(({ input }) =>
      endorse(input.request, input.idempotencyKey),
    ),
    payEndorsement: fromPromise<
      Checkout,
      { endorsementId: number; clientId: string | undefined; idempotencyKey: string }
    >(({ input }) =>
      payEndorsement(input.endorsementId, { clientId: input.clientId, idempotencyKey: input.idempotencyKey }),
    ),
    fetchEndorsement: fromPromise<DownloadedDocument, { endorsement: Endorsement }>(({ input }) =>
      downloadEndorsementPdf(input.endorsement),
    ),
  },
  actions: {
    /** Provided by the component: hands the file to the browser under its name. */
    saveFile: (_, _params: { blob: Blob; filename: string }) => {},
    /** Provided by the component: window.location.assign(url), leaving for the hosted checkout. */
    goToCheckout: (_, _params: { url: string }) => {},
    storeOptions: assign((_, options: EndorsementOptions) => ({
      options,
      errorMessage: undefined,
      payable: options.awaitingPayment && {
        id: options.awaitingPayment.id,
        number: options.awaitingPayment.number,
        totalCents: options.awaitingPayment.totalChangeCents,
      },
      payKey: options.awaitingPayment ? newSaveKey() : '',
    })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: serverMessage(error) ?? errorText(error) })),
    storeDraft: assign((_, draft: ChangeRequest | null) => ({ draft, previewFailure: null, endorseFailure: null })),
    storeQuote: assign(({ context }, quote: EndorsementQuote) => ({ quote, quoted: context.draft })),
    storePreviewFailure: assign((_, error: unknown) => ({
      previewFailure: refusalOf(error),
      quote: null,
      quoted: null,
    })),
    startConfirmation: assign(({ context }) => ({
      idempotencyKey: same(context.lastSent, context.quoted) ? context.idempotencyKey : newSaveKey(),
      lastSent: context.quoted,
      endorseFailure: null,
    })),
    storeEndorseFailure: assign((_, error: unknown) => ({ endorseFailure: refusalOf(error) })),
    storeEndorsement: assign((_, endorsement: Endorsement) => ({
      endorsement,
      lastSent: null,
      payable:
        endorsement.status === 'awaiting_payment'
          ? { id: endorsement.id, number: endorsement.number, totalCents: endorsement.totalChangeCents }
          : null,
      payKey: endorsement.status === 'awaiting_payment' ? newSaveKey() : '',
    })),
    startPayment: assign({ payFailure: null }),
    storePayFailure: assign((_, error: unknown) => ({ payFailure: serverMessage(error) ?? errorText(error) })),
    startDownload: assign({ downloadFailure: null }),
    storeDownloaded: assign({ downloaded: true }),
    storeDownloadFailure: assign((_, error: unknown) => ({ downloadFailure: errorText(error) })),
  },
  guards: {
    /** The server refuses to change a policy not in force (cancelled, expired…) with a 409. */
    notInForce: (_, error: unknown) => errorStatus(error) === 409,
    hasWaitingChange: (_, options: EndorsementOptions) => options.awaitingPayment !== null,
    hasReferredChange: (_, options: EndorsementOptions) => Boolean(options.referred),
    unchanged: ({ context }, draft: ChangeRequest | null) => same(context.draft, draft),
    changesSomething: (_, draft: ChangeRequest | null) => changesSomething(draft),
    isIssued: (_, endorsement: Endorsement) => endorsement.status === 'issued',
    awaitsPayment: (_, endorsement: Endorsement) => endorsement.status === 'awaiting_payment',
  },
  delays: { previewDelay: PREVIEW_DELAY_MS },
}).createMachine({
  id: 'endorsements',
  context: ({ input }) => ({
    policyId: input.policyId,
    clientId: input.clientId,
    options: null,
    errorMessage: undefined,
    draft: null,
    quote: null,
    quoted: null,
    previewFailure: null,
    idempotencyKey: '',
    lastSent: null,
    endorseFailure: null,
    endorsement: null,
    payable: null,
    payKey: '',
    payFailure: null,
    downloaded: false,
    downloadFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'The policy’s options are being fetched: its period, the limits and deductibles it offers, the name and address it holds.',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ policyId: context.policyId }),
        onDone: [
          {
            guard: { type: 'hasWaitingChange', params: outputOf<EndorsementOptions> },
            target: 'awaitingPayment',
            description: 'An earlier change still waits for its additional premium: it is to be paid first.',
            actions: { type: 'storeOptions', params: outputOf<EndorsementOptions> },
          },
          {
            guard: { type: 'hasReferredChange', params: outputOf<EndorsementOptions> },
            target: 'referred',
            description: 'An earlier change is still with the underwriter: no other until it is decided.',
            actions: { type: 'storeOptions', params: outputOf<EndorsementOptions> },
          },
          {
            target: 'editing',
            description: 'The options arrived: the insured can make a change.',
            actions: { type: 'storeOptions', params: outputOf<EndorsementOptions> },
          },
        ],
        onError: [
          {
            guard: { type: 'notInForce', params: errorOf },
            target: 'notInForce',
            description: 'The policy is not in force (cancelled, expired…), so it can no longer change.',
            actions: { type: 'storeLoadError', params: errorOf },
          },
          {
            target: 'loadFailed',
            description: 'They could not be fetched (or the policy is not the insured’s).',
            actions: { type: 'storeLoadError', params: errorOf },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The policy could not be fetched; the reason shows with Try again.',
      on: { 'policy.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    notInForce: {
      description: 'The policy is not in force: the insured is told so plainly, and no form is shown.',
      type: 'final',
    },
    editing: {
      description:
        'The insured composes the change — a limit, a deductible, a corrected name or address, the day it takes effect — and sees its price.',
      initial: 'choosing',
      on: {
        'change.edit': [
          {
            guard: { type: 'unchanged', params: ({ event }) => event.request },
            description: 'The form holds the same change as before: nothing to price again.',
          },
          {
            guard: { type: 'changesSomething', params: ({ event }) => event.request },
            target: '.waiting',
            reenter: true,
            description: 'The change is different: it is priced once the form rests, any preview under way dropped.',
            actions: { type: 'storeDraft', params: ({ event }) => event.request },
          },
          {
            target: '.choosing',
            description: 'The form changes nothing (or holds a field still to correct): there is nothing to price.',
            actions: { type: 'storeDraft', params: ({ event }) => event.request },
          },
        ],
      },
      states: {
        choosing: {
          description: 'Nothing to price yet: the insured chooses what to change.',
        },
        waiting: {
          description: 'The form has just changed; it is priced if it rests a moment.',
          after: { previewDelay: { target: 'previewing', description: 'The form rested: the change is priced.' } },
        },
        previewing: {
          description: 'The change is being priced (nothing is written); a new change cancels it.',
          invoke: {
            id: 'previewEndorsement',
            src: 'previewEndorsement',
            input: ({ context }) => ({ request: { ...context.draft!, policyid: context.policyId } }),
            onDone: {
              target: 'previewed',
              description: 'Priced: the worksheet shows what the change costs or returns.',
              actions: { type: 'storeQuote', params: outputOf<EndorsementQuote> },
            },
            onError: {
              target: 'previewFailed',
              description: 'Refused (a date outside the period, a policy no longer in force…) or not reached.',
              actions: { type: 'storePreviewFailure', params: errorOf },
            },
          },
        },
        previewFailed: {
          description: 'The price could not be worked out: the server’s reason shows, beside the field it names.',
          on: { 'preview.retry': { target: 'previewing', description: 'The insured asks for the price again.' } },
        },
        previewed: {
          description:
            'The insured reads the worksheet — the annual premium before and after, the days left, tax and fees, the total — and may confirm.',
          on: {
            'change.confirm': {
              target: 'confirming',
              description: 'The insured confirms the change exactly as priced.',
              actions: 'startConfirmation',
            },
          },
        },
        confirming: {
          description:
            'The change is being made; sending the same change again never makes a second endorsement. The form waits.',
          on: { 'change.edit': { description: 'A change of the form while it is being made is ignored.' } },
          invoke: {
            id: 'endorse',
            src: 'endorse',
            input: ({ context }) => ({
              request: { ...context.lastSent!, policyid: context.policyId },
              idempotencyKey: context.idempotencyKey,
            }),
            onDone: [
              {
                guard: { type: 'isIssued', params: outputOf<Endorsement> },
                target: '#endorsements.issued',
                description: 'It cost nothing or returns premium: it is issued at once.',
                actions: { type: 'storeEndorsement', params: outputOf<Endorsement> },
              },
              {
                guard: { type: 'awaitsPayment', params: outputOf<Endorsement> },
                target: '#endorsements.awaitingPayment',
                description: 'It costs more: it waits for its additional premium.',
                actions: { type: 'storeEndorsement', params: outputOf<Endorsement> },
              },
              {
                target: '#endorsements.referred',
                description: 'The rules sent it to an underwriter before it can be issued.',
                actions: { type: 'storeEndorsement', params: outputOf<Endorsement> },
              },
            ],
            onError: {
              target: 'previewed',
              description: 'Refused or not reached: the reason shows above Confirm, which tries again.',
              actions: { type: 'storeEndorseFailure', params: errorOf },
            },
          },
        },
      },
    },
    issued: {
      description: 'The change is issued: its number, its PDF to download and the way to the policy.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The insured reads that the change is made.',
          on: {
            'endorsement.download': {
              target: 'downloading',
              description: 'The insured downloads the endorsement.',
              actions: 'startDownload',
            },
          },
        },
        downloading: {
          description: 'The endorsement’s PDF is being fetched.',
          invoke: {
            id: 'fetchEndorsement',
            src: 'fetchEndorsement',
            input: ({ context }) => ({ endorsement: context.endorsement! }),
            onDone: {
              target: 'idle',
              description: 'The file is handed to the browser to save.',
              actions: [
                'storeDownloaded',
                {
                  type: 'saveFile',
                  params: ({ event }) => ({ blob: event.output.blob, filename: event.output.filename }),
                },
              ],
            },
            onError: {
              target: 'idle',
              description: 'The download failed: the reason shows, with Download to try again.',
              actions: { type: 'storeDownloadFailure', params: errorOf },
            },
          },
        },
      },
    },
    referred: {
      description: 'The change waits for an underwriter; the insured is told it will be mailed the outcome.',
      type: 'final',
    },
    awaitingPayment: {
      description: 'The change waits for its additional premium: Pay opens the hosted checkout.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The insured sees what is due now and Pay.',
          on: {
            'endorsement.pay': {
              target: 'opening',
              description: 'The insured pays the additional premium.',
              actions: 'startPayment',
            },
          },
        },
        opening: {
          description:
            'The hosted checkout is being opened; trying again after a lost answer opens the same one, never a second.',
          invoke: {
            id: 'payEndorsement',
            src: 'payEndorsement',
            input: ({ context }) => ({
              endorsementId: context.payable!.id,
              clientId: context.clientId,
              idempotencyKey: context.payKey,
            }),
            onDone: {
              target: 'leaving',
              description: 'The checkout is open: the browser goes to it.',
              actions: { type: 'goToCheckout', params: ({ event }) => ({ url: event.output.url }) },
            },
            onError: {
              target: 'idle',
              description: 'The checkout could not be opened: the reason shows, with Pay to try again.',
              actions: { type: 'storePayFailure', params: errorOf },
            },
          },
        },
        leaving: {
          description: 'The browser is on its way to the hosted checkout.',
          type: 'final',
        },
      },
    },
  },
});
