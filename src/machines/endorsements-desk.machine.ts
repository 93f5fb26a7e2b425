import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import { decideEndorsement, getReferredEndorsements, type EndorsementDecision } from '@/api/endorsements-desk';
import type { Endorsement, ReferredEndorsement } from '@shared/contract/endorsements';
import { errorOf, outputOf } from '@/machines/actor-events';

export type DeskDecisionKind = EndorsementDecision['decision'];

/** A decision the server refused for a reason the underwriter can act on: its words, by field. */
export interface DeskFailure {
  message: string;
  fields: Record<string, string>;
}

/** The decision made, for the screen's announcement: which change, and where it stands now. */
export interface DeskOutcome {
  number: string;
  kind: DeskDecisionKind;
  endorsement: Endorsement;
}

export interface EndorsementsDeskContext {
  /** The referred changes, oldest waiting first; kept while the list reloads after a decision. */
  items: ReferredEndorsement[] | undefined;
  errorMessage: string | undefined;
  /** The change being decided and how: its dialog is open. */
  chosen: { endorsementId: number; kind: DeskDecisionKind } | undefined;
  /** What is sent (the reason of a decline with it), kept for the call. */
  request: EndorsementDecision | undefined;
  /** The last decision refused (not a conflict): shown in its dialog, which stays open. */
  failure: DeskFailure | undefined;
  /** A 409: someone else decided the change first, or it was withdrawn; the server's words. */
  conflict: string | undefined;
  outcome: DeskOutcome | undefined;
  /** Counts decisions ended (made or refused as a conflict), so focus moves and each is announced. */
  decisions: number;
}

export type EndorsementsDeskEvent =
  | { type: 'desk.retry' }
  /** Approve or Decline pressed on one change: its dialog opens (a deliberate second step). */
  | { type: 'decision.start'; endorsementId: number; kind: DeskDecisionKind }
  | { type: 'decision.cancel' }
  /** The dialog's submit: a decline carries its reason (required; the insured reads it). */
  | { type: 'decision.submit'; reason?: string };

/** Oldest waiting first: the change asked for first, then by number. */
export function oldestFirst(items: readonly ReferredEndorsement[]): ReferredEndorsement[] {
  return [...items].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}

const numberOf = (context: EndorsementsDeskContext) =>
  context.items?.find((item) => item.id === context.chosen?.endorsementId)?.number ?? '';

/**
 * The referred-changes desk (underwriting/endorsements): the mid-term changes the rules sent to an
 * underwriter, oldest waiting first. Approve or Decline opens a dialog — a decline needs its
 * reason — whose submit sends the decision; then the list loads again, and the outcome is
 * announced. A 409 (another underwriter decided first, or the policy was cancelled and the change
 * withdrawn) closes the dialog, reloads the list and says so; any other refusal stays in the
 * dialog to try again.
 */
export const endorsementsDeskMachine = setup({
  types: {
    context: {} as EndorsementsDeskContext,
    events: {} as EndorsementsDeskEvent,
  },
  actors: {
    loadReferred: fromPromise<ReferredEndorsement[]>(() => getReferredEndorsements()),
    decide: fromPromise<Endorsement, { endorsementId: number; request: EndorsementDecision }>(({ input }) =>
      decideEndorsement(input.endorsementId, input.request),
    ),
  },
  actions: {
    storeItems: assign((_, items: ReferredEndorsement[]) => ({ items: oldestFirst(items), errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    choose: assign((_, chosen: { endorsementId: number; kind: DeskDecisionKind }) => ({
      chosen,
      failure: undefined,
      conflict: undefined,
    })),
    forget: assign({ chosen: undefined, request: undefined, failure: undefined }),
    storeRequest: assign(({ context }, reason: string | undefined) => ({
      request:
        context.chosen!.kind === 'approve'
          ? ({ decision: 'approve' } as const)
          : ({ decision: 'decline', reason: reason!.trim() } as const),
      failure: undefined,
    })),
    storeOutcome: assign(({ context }, endorsement: Endorsement) => ({
      outcome: { number: endorsement.number, kind: context.chosen!.kind, endorsement },
      chosen: undefined,
      request: undefined,
      decisions: context.decisions + 1,
    })),
    storeConflict: assign(({ context }, error: unknown) => ({
      conflict: `${numberOf(context)}: ${serverMessage(error) ?? errorText(error)}`,
      outcome: undefined,
      chosen: undefined,
      request: undefined,
      decisions: context.decisions + 1,
    })),
    storeFailure: assign((_, error: unknown) => ({
      failure: { message: serverMessage(error) ?? errorText(error), fields: errorFields(error) },
    })),
  },
  guards: {
    isEmpty: (_, items: ReferredEndorsement[]) => items.length === 0,
    /** Approving needs nothing more; declining needs a reason that is not blank. */
    complete: ({ context }, reason: string | undefined) =>
      context.chosen?.kind === 'approve' || (reason ?? '').trim().length > 0,
    isConflict: (_, error: unknown) => errorStatus(error) === 409,
  },
}).createMachine({
  id: 'endorsementsDesk',
  context: {
    items: undefined,
    errorMessage: undefined,
    chosen: undefined,
    request: undefined,
    failure: undefined,
    conflict: undefined,
    outcome: undefined,
    decisions: 0,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The referred changes are being fetched.',
      invoke: {
        id: 'loadReferred',
        src: 'loadReferred',
        onDone: [
          {
            guard: { type: 'isEmpty', params: outputOf<ReferredEndorsement[]> },
            target: 'empty',
            description: 'No change is waiting for an underwriter.',
            actions: { type: 'storeItems', params: outputOf<ReferredEndorsement[]> },
          },
          {
            target: 'ready',
            description: 'The referred changes arrived, oldest waiting first.',
            actions: { type: 'storeItems', params: outputOf<ReferredEndorsement[]> },
          },
        ],
        onError: {
          target: 'loadFailed',
          description: 'The list could not be fetched.',
          actions: { type: 'storeError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The list could not be fetched; the reason shows with Try again.',
      on: { 'desk.retry': { target: 'loading', description: 'The underwriter tries again.' } },
    },
    empty: { description: 'No change waits for a decision (the last decision’s outcome is still said).' },
    ready: {
      description: 'The underwriter reads the referred changes, each with Approve and Decline.',
      initial: 'browsing',
      states: {
        browsing: {
          description: 'No decision under way.',
          on: {
            'decision.start': {
              target: 'confirming',
              description: 'Approve or Decline pressed on a change: its dialog opens.',
              actions: {
                type: 'choose',
                params: ({ event }) => ({ endorsementId: event.endorsementId, kind: event.kind }),
              },
            },
          },
        },
        confirming: {
          description: 'The decision’s dialog is open: approve as it stands, or decline with a reason.',
          on: {
            'decision.cancel': {
              target: 'browsing',
              description: 'The underwriter closes the dialog: nothing is decided.',
              actions: 'forget',
            },
            'decision.submit': {
              guard: { type: 'complete', params: ({ event }) => event.reason },
              target: 'deciding',
              description: 'The decision is sent (a decline with its reason).',
              actions: { type: 'storeRequest', params: ({ event }) => event.reason },
            },
          },
        },
        deciding: {
          description: 'The decision is being sent; the dialog waits and cannot be closed.',
          invoke: {
            id: 'decide',
            src: 'decide',
            input: ({ context }) => ({ endorsementId: context.chosen!.endorsementId, request: context.request! }),
            onDone: {
              target: '#endorsementsDesk.refreshing',
              description: 'Decided: the list loads again without it, and the outcome is said.',
              actions: { type: 'storeOutcome', params: outputOf<Endorsement> },
            },
            onError: [
              {
                guard: { type: 'isConflict', params: errorOf },
                target: '#endorsementsDesk.refreshing',
                description: 'Decided by someone else first, or withdrawn: the list loads again and says so.',
                actions: { type: 'storeConflict', params: errorOf },
              },
              {
                target: 'confirming',
                description: 'Refused or not reached: the reason shows in the dialog, to try again.',
                actions: { type: 'storeFailure', params: errorOf },
              },
            ],
          },
        },
      },
    },
    refreshing: {
      description: 'After a decision, the list loads again; the one shown stays until it arrives.',
      invoke: {
        id: 'loadReferred',
        src: 'loadReferred',
        onDone: [
          {
            guard: { type: 'isEmpty', params: outputOf<ReferredEndorsement[]> },
            target: 'empty',
            description: 'That was the last change waiting.',
            actions: { type: 'storeItems', params: outputOf<ReferredEndorsement[]> },
          },
          {
            target: 'ready',
            description: 'The changes still waiting.',
            actions: { type: 'storeItems', params: outputOf<ReferredEndorsement[]> },
          },
        ],
        onError: {
          target: 'loadFailed',
          description: 'The list could not be fetched again.',
          actions: { type: 'storeError', params: errorOf },
        },
      },
    },
  },
});
