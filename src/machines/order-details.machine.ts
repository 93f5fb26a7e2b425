import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import type { FileSummary } from '@shared/contract/files';
import type { BuyNowResult, LifecycleMove, OrderSummaryDetails } from '@shared/contract/lifecycle';
import { numbersAsNumbers } from '@shared/contract/question-rules';
import type { Question } from '@shared/contract/questions';
import type { AnswerValue } from '@shared/contract/rating';
import { uploadFiles } from '@/api/files';
import { buyNow, orderSummaryDetails, resubmit } from '@/api/lifecycle';
import { getApplicationQuestions, getQuestions, saveApplicationAnswers, saveQuestionAnswers } from '@/api/questions';
import { newSaveKey } from '@/api/saved-quote';
import { closeLostMachine, type CloseLostOutput } from '@/machines/close-lost.machine';
import { isOpenStatus, nextStatus, statusScreen, type StatusScreen } from '@shared/lifecycle/order-lifecycle.machine';
import { errorOf, outputOf } from '@/machines/actor-events';

/** The screens that show one order: its status screens, and the summary that shows any status. */
export type OrderScreenName = StatusScreen | 'ordersummary';

export interface OrderDetailsInput {
  submissionId: number;
  screen: OrderScreenName;
}

/** A move the insured asked for that did not happen, in words, by which button it belongs to. */
export interface MoveFailure {
  move: 'buyNow' | 'resubmit';
  message: string;
}

export type UploadOutcome = { kind: 'uploaded'; files: FileSummary[] } | { kind: 'refused'; message: string };

/** A required question the order has no answer to, and which of the two sets it belongs to. */
export type MissingQuestion = Question & { set: 'speciality' | 'application' };

/** The summary, and the questions its missing answers ask (none when no answer is missing). */
export type LoadedSummary = OrderSummaryDetails & { questions?: MissingQuestion[] };

/** Answers the insured gave on the screen, by question code. */
export type GivenAnswers = Record<string, AnswerValue>;

/** Answers the server refused, in words, and its messages by question code. */
export interface AnswersFailure {
  message: string;
  fields: Record<string, string>;
}

/**
 * GET dashboard/ordersummarydetails, and when answers are missing, the questions they belong to
 * (both sets, with the order's saved answers), so the screen can ask them.
 */
export async function loadOrderSummary(submissionId: number): Promise<LoadedSummary> {
  const details = await orderSummaryDetails(submissionId);
  const missing = new Set(
    details.requiredItems.flatMap((item) => (item.kind === 'answer' && item.field ? [item.field] : [])),
  );
  if (missing.size === 0) return details;
  const [speciality, application] = await Promise.all([
    getQuestions(details.order.speciality.id, { submissionId }),
    getApplicationQuestions(),
  ]);
  const questions: MissingQuestion[] = [
    ...speciality.map((question) => ({ ...question, set: 'speciality' as const })),
    ...application.map((question) => ({ ...question, set: 'application' as const })),
  ].filter((question) => missing.has(question.code));
  return { ...details, questions };
}

/** Saves answers to the set each question belongs to (both merge: other answers stay). */
async function saveMissingAnswers(input: {
  submissionId: number;
  questions: MissingQuestion[];
  answers: GivenAnswers;
}): Promise<void> {
  // Numbers are typed as text; the server takes them as numbers.
  const answers = numbersAsNumbers(input.questions, input.answers);
  const bySet = (set: MissingQuestion['set']) =>
    Object.fromEntries(
      input.questions
        .filter((question) => question.set === set && question.code in answers)
        .map((question) => [question.code, answers[question.code]]),
    );
  const speciality = bySet('speciality');
  const application = bySet('application');
  if (Object.keys(speciality).length > 0) await saveQuestionAnswers(input.submissionId, speciality);
  if (Object.keys(application).length > 0) await saveApplicationAnswers(input.submissionId, application);
}

/** A refused answer's field: the server names it `answers.code`, `applicationAnswers.code` or `code`. */
function answerFields(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errorFields(error)).map(([field, message]) => [
      field.replace(/^(answers|applicationAnswers)\./, ''),
      message,
    ]),
  );
}

export interface OrderDetailsContext extends OrderDetailsInput {
  details: OrderSummaryDetails | undefined;
  /** Why the order could not load, in words. */
  errorMessage: string | undefined;
  /** The last buy now's answer: its outcome, what is missing, why it was referred or declined. */
  bought: BuyNowResult | null;
  moveFailure: MoveFailure | null;
  /** A 400/422's messages by field (resubmit's `message`). */
  fieldErrors: Record<string, string>;
  /** Kept across retries of one press of Buy now (a lost answer must not buy twice); new after a refusal. */
  buyKey: string;
  resubmitKey: string;
  /** The last upload's outcome; `uploads` counts them so a repeat is announced again. */
  upload: UploadOutcome | null;
  uploads: number;
  /** The files going up now, and those chosen meanwhile, which go up next (never dropped). */
  sending: File[];
  queued: File[];
  /** How many times answers were saved here: the screen says so once they are. */
  answersSaved: number;
  /** The questions the missing answers ask. */
  questions: MissingQuestion[];
  answersFailure: AnswersFailure | null;
}

export type OrderDetailsEvent =
  | { type: 'order.retry' }
  | { type: 'order.buyNow' }
  | { type: 'order.resubmit'; message: string }
  | { type: 'files.upload'; files: File[] }
  | { type: 'answers.save'; answers: GivenAnswers }
  | { type: 'close.open' };

const insuredMay = (type: 'order.buyNow' | 'order.resubmit') => (details: OrderSummaryDetails | undefined) =>
  details !== undefined && nextStatus(details.order.status, { type, actor: 'insured' }) !== null;

/** Whether this screen shows the order as it is now; the summary shows every status. */
export function showsHere(screen: OrderScreenName, details: OrderSummaryDetails): boolean {
  return screen === 'ordersummary' || statusScreen(details.order.status) === screen;
}

const wasRefused = (error: unknown) => {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500;
};

/** A refused move in words: a 409 names the status the order is in now. */
function moveWords(move: MoveFailure['move'], error: unknown): string {
  const said = serverMessage(error);
  const what =
    move === 'buyNow' ? 'We could not go ahead with your order.' : 'We could not send your answer to the underwriter.';
  return `${what} ${said ?? errorText(error)}`;
}

/** An upload the server refused (413 too big, 415 not a type it takes, 400 empty) in its own words. */
function uploadWords(error: unknown): string {
  return serverMessage(error) ?? errorText(error);
}

/**
 * Where goToStatusScreen goes: the screen of the order's status as it is now. `replace`: the
 * order was opened on a screen that does not show it, so that address is not kept in the history.
 */
const statusScreenOf =
  ({ replace }: { replace: boolean }) =>
  ({ context }: { context: OrderDetailsContext }) => ({
    screen: statusScreen(context.details!.order.status),
    submissionId: context.submissionId,
    replace,
  });

/**
 * The summary arrived, on the first load or again after a change: it is kept, and the order shows
 * here, or, when its status has a screen of its own, goes there (`elsewhere`).
 */
const summaryArrived = (
  elsewhere: { target: string; description: string },
  here: { target: string; description: string },
) =>
  [
    {
      ...elsewhere,
      guard: { type: 'belongsElsewhere', params: outputOf<LoadedSummary> },
      actions: { type: 'storeDetails', params: outputOf<LoadedSummary> },
    },
    { ...here, actions: { type: 'storeDetails', params: outputOf<LoadedSummary> } },
  ] as const;

/** A change the server answered with 404: the order is gone (or was never this account's). */
const orderGone = {
  guard: { type: 'isGone', params: errorOf },
  target: 'notFound',
  description: 'The order is gone.',
} as const;

/**
 * A refused move (buy now, resubmit): a 404 is "not found"; a 409 means the order moved meanwhile
 * (another tab, an underwriter), so the summary loads to show where it is now; anything else
 * stays, saying why. One list for both moves, so they cannot drift apart.
 */
const moveRefused = (move: MoveFailure['move']) =>
  [
    orderGone,
    {
      description:
        'The order moved on meanwhile (another tab, an underwriter): it is fetched again to show where it is now.',
      guard: { type: 'isConflict', params: errorOf },
      target: 'showing.refreshing',
      actions: {
        type: 'storeMoveFailure',
        params: ({ event }: { event: ErrorActorEvent }) => ({ move, error: event.error }),
      },
    },
    {
      target: 'showing.ready',
      description: 'Refused or not reached: the screen says why.',
      actions: {
        type: 'storeMoveFailure',
        params: ({ event }: { event: ErrorActorEvent }) => ({ move, error: event.error }),
      },
    },
  ] as const;

/**
 * One order on the screens that show it: order/{id}, ordersummary/{id} and the five status screens
 * (incomplete-order, incomplete-missing-info, incomplete-review-underwriter,
 * application-under-review, complete-order). It loads dashboard/ordersummarydetails; when the
 * order's status belongs to another screen (the lifecycle machine's statusScreen) it goes there
 * instead, replacing the address. From a screen the insured can buy now (quoted, incomplete),
 * send the underwriter what was asked for (missing_info), answer the questions the order still
 * lacks answers to (incomplete, missing_info), upload files to the order, or close it
 * as lost; the lifecycle machine's own rules say which, and the server has the last word. After a
 * move it goes to the screen of the status the order is in now. Someone else's order, or none,
 * answers 404 alike: "not found", never "not yours".
 */
export const orderDetailsMachine = setup({
  types: {
    context: {} as OrderDetailsContext,
    input: {} as OrderDetailsInput,
    events: {} as OrderDetailsEvent,
  },
  actors: {
    loadSummary: fromPromise<LoadedSummary, { submissionId: number }>(({ input }) =>
      loadOrderSummary(input.submissionId),
    ),
    saveAnswers: fromPromise<void, { submissionId: number; questions: MissingQuestion[]; answers: GivenAnswers }>(
      ({ input }) => saveMissingAnswers(input),
    ),
    buyNow: fromPromise<BuyNowResult, { submissionId: number; idempotencyKey: string }>(({ input }) =>
      buyNow(input.submissionId, input.idempotencyKey),
    ),
    resubmit: fromPromise<LifecycleMove, { submissionId: number; message: string; idempotencyKey: string }>(
      ({ input }) => resubmit(input.submissionId, input.message, input.idempotencyKey),
    ),
    uploadFiles: fromPromise<FileSummary[], { submissionId: number; files: File[]; idempotencyKey: string }>(
      ({ input }) => uploadFiles('submission', input.submissionId, input.files, input.idempotencyKey),
    ),
    closeLost: closeLostMachine,
  },
  actions: {
    /** Provided at the router edge: the screen for `screen`, with the order's id (order screens take it as a param). */
    goToStatusScreen: (_, _params: { screen: StatusScreen; submissionId: number; replace: boolean }) => {},
    /** Provided at the router edge: the dashboard, after the order was closed. */
    goToDashboard: () => {},
    storeDetails: assign((_, { questions = [], ...details }: LoadedSummary) => ({
      details,
      questions,
      errorMessage: undefined,
    })),
    clearAnswersFailure: assign({ answersFailure: null }),
    storeAnswersFailure: assign((_, error: unknown) => ({
      answersFailure: {
        message: `We could not save your answers. ${serverMessage(error) ?? errorText(error)}`,
        fields: answerFields(error),
      },
    })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    clearMoveFailure: assign({ moveFailure: null, fieldErrors: {} }),
    storeBought: assign(({ context }, bought: BuyNowResult) => ({
      bought,
      buyKey: newSaveKey(),
      // Only the questions still missing are asked (the summary loaded next brings any new ones).
      questions: context.questions.filter((question) =>
        bought.requiredItems.some((item) => item.kind === 'answer' && item.field === question.code),
      ),
      // The order as buy now left it, until the summary is loaded again.
      details: context.details && {
        ...context.details,
        order: { ...context.details.order, status: bought.status, version: bought.version },
        requiredItems: bought.requiredItems,
        reasons: bought.reasons,
      },
    })),
    storeMoved: assign(({ context }, moved: LifecycleMove) => ({
      resubmitKey: newSaveKey(),
      details: context.details && {
        ...context.details,
        order: { ...context.details.order, status: moved.status, version: moved.version },
      },
    })),
    storeMoveFailure: assign(({ context }, params: { move: MoveFailure['move']; error: unknown }) => {
      const refused = wasRefused(params.error);
      const fields = refused ? errorFields(params.error) : {};
      return {
        moveFailure: { move: params.move, message: moveWords(params.move, params.error) },
        fieldErrors: fields,
        buyKey: params.move === 'buyNow' && refused ? newSaveKey() : context.buyKey,
        resubmitKey: params.move === 'resubmit' && refused ? newSaveKey() : context.resubmitKey,
      };
    }),
    startUpload: assign((_, files: File[]) => ({ upload: null, sending: files })),
    queueFiles: assign(({ context }, files: File[]) => ({ queued: [...context.queued, ...files] })),
    sendQueued: assign(({ context }) => ({ sending: context.queued, queued: [] })),
    dropQueued: assign({ queued: [] }),
    countAnswersSaved: assign(({ context }) => ({ answersSaved: context.answersSaved + 1 })),
    storeUploaded: assign(({ context }, files: FileSummary[]) => ({
      upload: { kind: 'uploaded', files } as const,
      uploads: context.uploads + 1,
      details: context.details && { ...context.details, files: [...context.details.files, ...files] },
    })),
    storeUploadRefusal: assign(({ context }, error: unknown) => ({
      upload: { kind: 'refused', message: uploadWords(error) } as const,
      uploads: context.uploads + 1,
    })),
  },
  guards: {
    /** Loading: a 400 is an id that could never be an order, so it is "not found" too. */
    isNotFound: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
    /** A move: the order is gone (or was never this account's). */
    isGone: (_, error: unknown) => errorStatus(error) === 404,
    isConflict: (_, error: unknown) => errorStatus(error) === 409,
    belongsElsewhere: ({ context }, details: OrderSummaryDetails) => !showsHere(context.screen, details),
    /** The order's status now has another screen (after a move). */
    movedElsewhere: ({ context }) => context.details !== undefined && !showsHere(context.screen, context.details),
    canBuyNow: ({ context }) => insuredMay('order.buyNow')(context.details),
    canResubmit: ({ context }) => insuredMay('order.resubmit')(context.details),
    canUpload: ({ context }, files: File[]) =>
      files.length > 0 && context.details !== undefined && isOpenStatus(context.details.order.status),
    hasQueuedFiles: ({ context }) => context.queued.length > 0,
    canCloseLost: ({ context }) => context.details?.canCloseLost === true,
    canAnswer: ({ context }, answers: GivenAnswers) =>
      Object.keys(answers).length > 0 &&
      context.questions.length > 0 &&
      ['incomplete', 'missing_info'].includes(context.details?.order.status ?? ''),
    wasClosed: (_, output: CloseLostOutput) => output.closed !== null,
  },
}).createMachine({
  id: 'orderDetails',
  context: ({ input }) => ({
    ...input,
    details: undefined,
    errorMessage: undefined,
    bought: null,
    moveFailure: null,
    fieldErrors: {},
    buyKey: newSaveKey(),
    resubmitKey: newSaveKey(),
    upload: null,
    uploads: 0,
    sending: [],
    queued: [],
    answersSaved: 0,
    questions: [],
    answersFailure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The order’s summary is being fetched: its status, what is still missing, its files and questions.',
      invoke: {
        id: 'loadSummary',
        src: 'loadSummary',
        input: ({ context }) => ({ submissionId: context.submissionId }),
        onDone: summaryArrived(
          { target: 'redirecting', description: 'The order’s status is shown on another screen.' },
          { target: 'showing.ready', description: 'The order arrived.' },
        ),
        onError: [
          {
            guard: { type: 'isNotFound', params: errorOf },
            target: 'notFound',
            description: 'There is no such order for this account.',
          },
          {
            target: 'failed',
            description: 'The order could not be fetched.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    failed: {
      description: 'The order could not be fetched; the reason shows with Try again.',
      on: { 'order.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    notFound: {
      description: 'There is no such order for this account (a missing order and someone else’s look the same).',
      type: 'final',
    },
    // This screen does not show the order's status: its own screen does, in place of this address.
    redirecting: {
      description: 'This screen does not show orders in this status: the order’s own status screen opens in its place.',
      type: 'final',
      entry: { type: 'goToStatusScreen', params: statusScreenOf({ replace: true }) },
    },
    // The order on the screen, as last fetched or being fetched again: what the insured can do
    // from here is written once, for both.
    showing: {
      description:
        'The insured sees the order and what it still needs, and can buy now, answer the underwriter, answer questions or upload files.',
      initial: 'ready',
      on: {
        'order.buyNow': {
          guard: 'canBuyNow',
          target: 'buying',
          description: 'The insured buys the order now.',
          actions: 'clearMoveFailure',
        },
        'order.resubmit': {
          guard: 'canResubmit',
          target: 'resubmitting',
          description: 'The insured sends the underwriter what was asked for.',
          actions: 'clearMoveFailure',
        },
        'files.upload': {
          description: 'The insured uploads files to the order.',
          guard: { type: 'canUpload', params: ({ event }) => event.files },
          target: 'uploading',
          actions: { type: 'startUpload', params: ({ event }) => event.files },
        },
        'answers.save': {
          description: 'The insured saves answers the order was missing.',
          guard: { type: 'canAnswer', params: ({ event }) => event.answers },
          target: 'savingAnswers',
          actions: 'clearAnswersFailure',
        },
      },
      states: {
        ready: {
          description: 'The order is shown as it is; the insured can also close it.',
          on: {
            'close.open': {
              guard: 'canCloseLost',
              target: '#orderDetails.closing',
              description: 'The insured chooses to close the order.',
            },
          },
        },
        // The summary again after a change: what is still missing, the files, where the order is now.
        // The screen stays usable meanwhile: a move asked for now goes ahead (the server judges it on
        // the order as it is) rather than being lost.
        refreshing: {
          description: 'The order is fetched again after a change; the screen stays usable meanwhile.',
          invoke: {
            id: 'refreshSummary',
            src: 'loadSummary',
            input: ({ context }) => ({ submissionId: context.submissionId }),
            onDone: summaryArrived(
              { target: '#orderDetails.moved', description: 'The order’s status is now shown on another screen.' },
              { target: 'ready', description: 'The order arrived as it is now.' },
            ),
            // What the screen shows is right as far as it goes: the change went through.
            onError: {
              target: 'ready',
              description: 'It could not be fetched; the change went through, and what is shown stays.',
            },
          },
        },
      },
    },
    // Answers the order was missing, to its two question sets; then the summary again (what is still missing).
    savingAnswers: {
      description: 'The answers the order was missing are being saved.',
      invoke: {
        id: 'saveAnswers',
        src: 'saveAnswers',
        input: ({ context, event }) => ({
          submissionId: context.submissionId,
          questions: context.questions,
          answers: (event as { answers?: GivenAnswers }).answers ?? {},
        }),
        onDone: {
          target: 'showing.refreshing',
          description: 'Saved: the order is fetched again to show what is still missing.',
          actions: 'countAnswersSaved',
        },
        onError: [
          orderGone,
          // The order moved meanwhile: where it is now.
          {
            guard: { type: 'isConflict', params: errorOf },
            target: 'showing.refreshing',
            description: 'The order moved on meanwhile: it is fetched again to show where it is now.',
          },
          {
            target: 'showing.ready',
            description: 'Refused or not reached: the questions say why.',
            actions: { type: 'storeAnswersFailure', params: errorOf },
          },
        ],
      },
    },
    buying: {
      description: 'Buy now: the checks and the rules decide the order (approved, incomplete, referred or declined).',
      invoke: {
        id: 'buyNow',
        src: 'buyNow',
        input: ({ context }) => ({ submissionId: context.submissionId, idempotencyKey: context.buyKey }),
        onDone: {
          target: 'afterMove',
          description: 'The rules decided.',
          actions: { type: 'storeBought', params: ({ event }) => event.output },
        },
        onError: moveRefused('buyNow'),
      },
    },
    resubmitting: {
      description: 'The insured’s answer is being sent back to the underwriter.',
      invoke: {
        id: 'resubmit',
        src: 'resubmit',
        input: ({ context, event }) => ({
          submissionId: context.submissionId,
          message: (event as { message?: string }).message ?? '',
          idempotencyKey: context.resubmitKey,
        }),
        onDone: {
          target: 'afterMove',
          description: 'Sent: the order is back with the underwriter.',
          actions: { type: 'storeMoved', params: ({ event }) => event.output },
        },
        onError: moveRefused('resubmit'),
      },
    },
    // The order moved: on to its status's screen, or, when that is this one, the summary again.
    afterMove: {
      description: 'A moment’s check of whether the order’s new status is shown on this screen or another.',
      always: [
        { guard: 'movedElsewhere', target: 'moved', description: 'Another screen shows it now.' },
        { target: 'showing.refreshing', description: 'This screen still shows it: the order is fetched again.' },
      ],
    },
    moved: {
      description: 'The order moved on: the screen for its new status opens.',
      type: 'final',
      entry: { type: 'goToStatusScreen', params: statusScreenOf({ replace: false }) },
    },
    uploading: {
      description: 'The chosen files are being uploaded to the order; files chosen meanwhile go up next.',
      on: {
        // Chosen while the last ones go up: they go up next.
        'files.upload': {
          description: 'The insured chooses more files while some are going up: they go up next.',
          guard: { type: 'canUpload', params: ({ event }) => event.files },
          actions: { type: 'queueFiles', params: ({ event }) => event.files },
        },
      },
      invoke: {
        id: 'uploadFiles',
        src: 'uploadFiles',
        input: ({ context }) => ({
          submissionId: context.submissionId,
          files: context.sending,
          // One key per chosen set of files.
          idempotencyKey: newSaveKey(),
        }),
        onDone: [
          {
            description: 'Uploaded, and more files are waiting: they go up now.',
            guard: 'hasQueuedFiles',
            target: 'uploading',
            reenter: true,
            actions: [{ type: 'storeUploaded', params: ({ event }) => event.output }, 'sendQueued'],
          },
          {
            target: 'showing.refreshing',
            description: 'Uploaded: the order is fetched again to show its files.',
            actions: { type: 'storeUploaded', params: ({ event }) => event.output },
          },
        ],
        onError: [
          orderGone,
          // The refusal names what it refused; files chosen meanwhile are left for the insured to choose again.
          {
            target: 'showing.ready',
            description:
              'Refused (too big, a type not taken, empty) or not reached: the screen says why, and files waiting are dropped.',
            actions: [{ type: 'storeUploadRefusal', params: errorOf }, 'dropQueued'],
          },
        ],
      },
    },
    closing: {
      description: 'The “Close this order” dialog is open.',
      invoke: {
        id: 'closeLost',
        src: 'closeLost',
        input: ({ context }) => ({ submissionId: context.submissionId, number: context.details!.order.number }),
        onDone: [
          {
            guard: { type: 'wasClosed', params: outputOf<CloseLostOutput> },
            target: 'closed',
            description: 'The order was closed.',
          },
          { target: 'showing.ready', description: 'The insured kept the order open.' },
        ],
      },
    },
    closed: { description: 'The order is closed as lost: the dashboard opens.', type: 'final', entry: 'goToDashboard' },
  },
});
