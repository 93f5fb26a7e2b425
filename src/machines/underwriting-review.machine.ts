import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import type { SubmissionStatus } from '@shared/contract/submissions';
import type { DecisionResult, Review } from '@shared/contract/underwriting';
import { approve, decline, requestInfo, review } from '@/api/underwriting';
import { errorOf } from '@/machines/actor-events';

/** The decisions of the desk, as `allowed` names them. */
export type DecisionKind = keyof Review['allowed'];

/** What a decision dialog sends; the machine adds the order and the version reviewed. */
export type DecisionRequest =
  | { kind: 'approve'; adjustmentBps: number; reason: string | null }
  | { kind: 'requestInfo'; message: string }
  | { kind: 'decline'; reason: string };

/** A decision the server refused without moving the order: its words and its messages by field. */
export interface DecisionFailure {
  message: string;
  fields: Record<string, string>;
}

/** The decision made, for the screen's status message. */
export interface DecisionOutcome {
  kind: DecisionKind;
  number: string;
  status: SubmissionStatus;
}

export interface UnderwritingReviewContext {
  submissionId: number | undefined;
  review: Review | undefined;
  /** Loading (or reloading) failed, in words. */
  errorMessage: string | undefined;
  /** The decision whose dialog is open. */
  dialog: DecisionKind | null;
  /** What the server said to the decision tried in the open dialog (a 400 names the field). */
  failure: DecisionFailure | undefined;
  /** A 409: someone else decided meanwhile, or the order moved since it was loaded; the server's words. */
  conflict: string | undefined;
  outcome: DecisionOutcome | undefined;
  /** Counts decisions made, so a second one alike is announced again. */
  decisions: number;
}

export type UnderwritingReviewEvent =
  | { type: 'review.retry' }
  | { type: 'decision.open'; kind: DecisionKind }
  | { type: 'decision.cancel' }
  | { type: 'decision.submit'; request: DecisionRequest };

/** The call a decision makes, with the order and the version the underwriter looked at. */
export function sendDecision(submissionid: number, version: number, request: DecisionRequest): Promise<DecisionResult> {
  switch (request.kind) {
    case 'approve':
      return approve({ submissionid, version, adjustmentBps: request.adjustmentBps, reason: request.reason });
    case 'requestInfo':
      return requestInfo({ submissionid, version, message: request.message });
    case 'decline':
      return decline({ submissionid, version, reason: request.reason });
  }
}

/**
 * One submission on the underwriter's desk (issue 7): loads it, opens the decision dialogs that
 * `allowed` permits, sends the decision with the version loaded, and loads it again afterwards so
 * the page shows the order as it now is. A 409 (another underwriter decided, or the order moved)
 * keeps the server's words and reloads; a 400 goes back to the dialog with the fields it names.
 * A missing order (or an id that cannot be one) is "not found".
 */
export const underwritingReviewMachine = setup({
  types: {
    context: {} as UnderwritingReviewContext,
    input: {} as { submissionId: number | undefined },
    events: {} as UnderwritingReviewEvent,
  },
  actors: {
    /** GET underwriting/submission. */
    loadReview: fromPromise<Review, { submissionId: number }>(({ input }) => review(input.submissionId)),
    /** POST underwriting/approve, requestinfo or decline. */
    decide: fromPromise<DecisionResult, { submissionId: number; version: number; request: DecisionRequest }>(
      ({ input }) => sendDecision(input.submissionId, input.version, input.request),
    ),
  },
  actions: {
    // Leaves `conflict` and `outcome` alone: they describe the reload they caused.
    storeReview: assign((_, loaded: Review) => ({ review: loaded, errorMessage: undefined })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    openDialog: assign((_, kind: DecisionKind) => ({ dialog: kind, failure: undefined, conflict: undefined })),
    closeDialog: assign({ dialog: null, failure: undefined }),
    clearFailure: assign({ failure: undefined }),
    storeFailure: assign((_, error: unknown) => ({
      failure: {
        message: serverMessage(error) ?? errorText(error),
        fields: errorStatus(error) === 400 ? errorFields(error) : {},
      },
    })),
    storeConflict: assign((_, error: unknown) => ({
      conflict: serverMessage(error) ?? errorText(error),
      outcome: undefined,
    })),
    storeOutcome: assign(({ context }, result: DecisionResult) => ({
      outcome: { kind: context.dialog ?? 'approve', number: result.number, status: result.status },
      decisions: context.decisions + 1,
      conflict: undefined,
    })),
  },
  guards: {
    hasSubmission: ({ context }) => context.submissionId !== undefined,
    isNotFound: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
    isGone: (_, error: unknown) => errorStatus(error) === 404,
    // The order is no longer where it was: someone else's decision, or a stale version.
    isConflict: (_, error: unknown) => errorStatus(error) === 409 || errorStatus(error) === 404,
    isAllowed: ({ context }, kind: DecisionKind) => context.review?.allowed[kind] === true,
    isOpenDecision: ({ context }, kind: DecisionKind) => context.dialog === kind,
    reloadFailed: ({ context }) => context.errorMessage !== undefined,
  },
}).createMachine({
  id: 'underwritingReview',
  context: ({ input }) => ({
    submissionId: input.submissionId,
    review: undefined,
    errorMessage: undefined,
    dialog: null,
    failure: undefined,
    conflict: undefined,
    outcome: undefined,
    decisions: 0,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'A moment’s check of whether the address names an order.',
      always: [
        { guard: 'hasSubmission', target: 'loading', description: 'It does: the order is fetched.' },
        { target: 'notFound', description: 'It names none.' },
      ],
    },
    loading: {
      description:
        'The order under review is being fetched: the application, the rating, the referral reasons and the decisions allowed.',
      invoke: {
        id: 'loadReview',
        src: 'loadReview',
        input: ({ context }) => ({ submissionId: context.submissionId! }),
        onDone: {
          target: 'ready',
          description: 'The order arrived.',
          actions: { type: 'storeReview', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: errorOf },
            target: 'notFound',
            description: 'There is no such order.',
          },
          {
            target: 'loadFailed',
            description: 'The order could not be fetched.',
            actions: { type: 'storeLoadError', params: errorOf },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The order could not be fetched; the reason shows with Try again.',
      on: { 'review.retry': { target: 'loading', description: 'The underwriter tries again.' } },
    },
    notFound: { description: 'There is no such order.' },
    ready: {
      description:
        'The underwriter reviews the order and can approve it, ask the insured for more information, or decline it, as its status allows.',
      on: {
        'decision.open': {
          description: 'The underwriter opens the dialog for a decision (approve, ask for information, decline).',
          guard: { type: 'isAllowed', params: ({ event }) => event.kind },
          target: 'deciding',
          actions: { type: 'openDialog', params: ({ event }) => event.kind },
        },
        // After a reload that failed: what is shown may be out of date.
        'review.retry': {
          guard: 'reloadFailed',
          target: 'refreshing',
          description: 'After a failed reload, the underwriter fetches the order again.',
        },
      },
    },
    deciding: {
      description:
        'The decision dialog is open: a price adjustment and reason to approve, a message to ask for information, or a reason to decline.',
      on: {
        'decision.cancel': {
          target: 'ready',
          description: 'The underwriter closes the dialog without deciding.',
          actions: 'closeDialog',
        },
        // Only the open dialog's decision is sent.
        'decision.submit': {
          description: 'The underwriter submits the decision.',
          guard: { type: 'isOpenDecision', params: ({ event }) => event.request.kind },
          target: 'submitting',
          actions: 'clearFailure',
        },
      },
    },
    submitting: {
      description: 'The decision is being recorded against the order as it was loaded.',
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context, event }) => ({
          submissionId: context.submissionId!,
          version: context.review!.order.version,
          request: (event as Extract<UnderwritingReviewEvent, { type: 'decision.submit' }>).request,
        }),
        onDone: {
          target: 'refreshing',
          description: 'Recorded: the order is fetched again to show it as it now is.',
          actions: [{ type: 'storeOutcome', params: ({ event }) => event.output }, 'closeDialog'],
        },
        onError: [
          {
            description:
              'Another underwriter decided, or the order moved, meanwhile: the reason shows and the order is fetched again.',
            guard: { type: 'isConflict', params: errorOf },
            target: 'refreshing',
            actions: [{ type: 'storeConflict', params: errorOf }, 'closeDialog'],
          },
          {
            target: 'deciding',
            description: 'Refused or not reached: the dialog says why, field by field.',
            actions: { type: 'storeFailure', params: errorOf },
          },
        ],
      },
    },
    refreshing: {
      description: 'The order is fetched again after a decision; what is shown stays meanwhile.',
      invoke: {
        id: 'reloadReview',
        src: 'loadReview',
        input: ({ context }) => ({ submissionId: context.submissionId! }),
        onDone: {
          target: 'ready',
          description: 'The order arrived as it now is.',
          actions: { type: 'storeReview', params: ({ event }) => event.output },
        },
        onError: [
          { guard: { type: 'isGone', params: errorOf }, target: 'notFound', description: 'The order is gone.' },
          // What is shown stays; the screen says it may be out of date and offers Try again.
          {
            target: 'ready',
            description:
              'It could not be fetched: what is shown stays, marked as possibly out of date, with Try again.',
            actions: { type: 'storeLoadError', params: errorOf },
          },
        ],
      },
    },
  },
});
