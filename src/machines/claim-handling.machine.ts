import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, errorText } from '@/api/api-error';
import { getHandledClaim, moveClaim, sendClaimMessage } from '@/api/claims';
import { newSaveKey } from '@/api/saved-quote';
import type { ClaimEvent, ClaimHandlerDetail, ClaimMessage, ClaimStatus } from '@shared/contract/claims';
import { claimIsOpen, claimMovesFrom } from '@shared/lifecycle/claim-lifecycle.machine';
import { errorOf, outputOf } from '@/machines/actor-events';
import {
  conversationRegion,
  conversationStart,
  messageStarted,
  messageStored,
  refusalOf,
  withRecords,
  type ConversationContext,
  type MessageFailure,
} from '@/machines/claim-conversation';

export interface ClaimHandlingInput {
  claimId: number;
}

/** A move as the handler asks it: the status to move to and the note the insured reads with it. */
export interface MoveRequest {
  to: ClaimStatus;
  note: string;
}

export interface ClaimHandlingContext extends ConversationContext {
  claimId: number;
  /** The claim as the handler sees it; null until loaded. */
  detail: ClaimHandlerDetail | null;
  errorMessage: string | undefined;
  /** The move being made (or refused last), with the Idempotency-Key made once for it. */
  move: (MoveRequest & { key: string }) | null;
  /** Why the last move was refused, in the server's words (a 409 names the status the claim is in). */
  moveFailure: MessageFailure | null;
  /** The last move made here, for the status message; `moves` counts them so each is announced. */
  moved: { number: string; event: ClaimEvent } | null;
  moves: number;
}

export type ClaimHandlingEvent =
  { type: 'claim.retry' } | { type: 'move.submit'; move: MoveRequest } | { type: 'message.send'; body: string };

const sameMove = (a: ClaimHandlingContext['move'], b: MoveRequest) =>
  a !== null && a.to === b.to && a.note.trim() === b.note.trim();

/** The moves the lifecycle allows a handler now (the server says the same in `moves`, and has the last word). */
export const legalMoves = (detail: ClaimHandlerDetail | null): ClaimStatus[] =>
  detail ? claimMovesFrom(detail.claim.status, 'handler') : [];

/**
 * One claim on the handler's claims desk (underwriting/claims?claimid): the insured, the claim,
 * its timeline, the conversation and the attachments, and the lifecycle's legal next moves as
 * buttons (shared/lifecycle/claim-lifecycle.machine.ts), each with an optional note the insured
 * reads. A move and a message each carry an Idempotency-Key made once for them. A move applied
 * shows at once (the answer is its timeline entry); a 409 means someone else moved the claim
 * meanwhile, so it is fetched again and the refusal says so. The handler writes to the insured
 * while the claim is open.
 */
export const claimHandlingMachine = setup({
  types: {
    context: {} as ClaimHandlingContext,
    input: {} as ClaimHandlingInput,
    events: {} as ClaimHandlingEvent,
  },
  actors: {
    loadClaim: fromPromise<ClaimHandlerDetail, { claimId: number }>(({ input }) => getHandledClaim(input.claimId)),
    moveClaim: fromPromise<ClaimEvent, { claimId: number; move: MoveRequest; idempotencyKey: string }>(({ input }) =>
      moveClaim(
        { claimid: input.claimId, to: input.move.to, ...(input.move.note.trim() ? { note: input.move.note } : {}) },
        input.idempotencyKey,
      ),
    ),
    sendMessage: fromPromise<ClaimMessage, { claimId: number; body: string; idempotencyKey: string }>(({ input }) =>
      sendClaimMessage('handler', input.claimId, input.body, input.idempotencyKey),
    ),
  },
  actions: {
    storeDetail: assign((_, detail: ClaimHandlerDetail) => ({ detail, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    startMove: assign(({ context }, move: MoveRequest) => ({
      move: { ...move, key: sameMove(context.move, move) ? context.move!.key : newSaveKey() },
      moveFailure: null,
    })),
    // The move's answer is its timeline entry: the claim is shown in its new status with its new moves.
    storeMoved: assign(({ context }, event: ClaimEvent) => {
      const detail = context.detail!;
      return {
        detail: {
          ...detail,
          claim: { ...detail.claim, status: event.to },
          timeline: withRecords(detail.timeline, [event]),
          open: claimIsOpen(event.to),
          moves: claimMovesFrom(event.to, 'handler'),
        },
        move: null,
        moved: { number: detail.claim.number, event },
        moves: context.moves + 1,
      };
    }),
    storeMoveFailure: assign((_, error: unknown) => ({ moveFailure: refusalOf(error) })),
    startMessage: assign(({ context }, body: string) => messageStarted(context, body)),
    storeMessage: assign(({ context }, message: ClaimMessage) => messageStored(context, message)),
    storeMessageFailure: assign((_, error: unknown) => ({ messageFailure: refusalOf(error) })),
  },
  guards: {
    isMissing: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
    isGone: (_, error: unknown) => errorStatus(error) === 404,
    isConflict: (_, error: unknown) => errorStatus(error) === 409,
    isLegal: ({ context }, move: MoveRequest) => legalMoves(context.detail).includes(move.to),
    hasWords: ({ context }, body: string) => context.detail?.open === true && body.trim() !== '',
  },
}).createMachine({
  id: 'claimHandling',
  context: ({ input }) => ({
    claimId: input.claimId,
    detail: null,
    errorMessage: undefined,
    move: null,
    moveFailure: null,
    moved: null,
    moves: 0,
    ...conversationStart,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The claim, the insured, the timeline, messages, attachments and allowed moves are being fetched.',
      invoke: {
        id: 'loadClaim',
        src: 'loadClaim',
        input: ({ context }) => ({ claimId: context.claimId }),
        onDone: {
          target: 'ready',
          description: 'The claim arrived.',
          actions: { type: 'storeDetail', params: outputOf<ClaimHandlerDetail> },
        },
        onError: [
          { guard: { type: 'isMissing', params: errorOf }, target: 'notFound', description: 'There is no such claim.' },
          {
            target: 'loadFailed',
            description: 'It could not be fetched.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The claim could not be fetched; the reason shows with Try again.',
      on: { 'claim.retry': { target: 'loading', description: 'The handler tries again.' } },
    },
    notFound: { description: 'No such claim: the screen says so, with the way back to the queue.', type: 'final' },
    refreshing: {
      description: 'Someone else changed the claim meanwhile: it is fetched again, still shown as it was.',
      invoke: {
        id: 'reloadClaim',
        src: 'loadClaim',
        input: ({ context }) => ({ claimId: context.claimId }),
        onDone: {
          target: 'ready',
          description: 'The claim as it is now, with the moves allowed now.',
          actions: { type: 'storeDetail', params: outputOf<ClaimHandlerDetail> },
        },
        onError: [
          { guard: { type: 'isMissing', params: errorOf }, target: 'notFound', description: 'The claim is gone.' },
          {
            target: 'ready',
            description: 'It could not be fetched again: the claim shows as it was, with the reason and Try again.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    ready: {
      description:
        'The handler sees the claim and the insured, the moves the lifecycle allows now, the conversation and the attachments.',
      type: 'parallel',
      on: {
        'claim.retry': {
          target: 'refreshing',
          description: 'The claim could not be fetched again: the handler tries again.',
        },
      },
      states: {
        moves: {
          description: 'The legal next moves as buttons, with a note for the insured.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The moves wait for the handler; a refused move says why.',
              on: {
                'move.submit': {
                  guard: { type: 'isLegal', params: ({ event }) => event.move },
                  target: 'moving',
                  description: 'The handler makes one of the moves the lifecycle allows, with or without a note.',
                  actions: { type: 'startMove', params: ({ event }) => event.move },
                },
              },
            },
            moving: {
              description: 'The move is being made; pressing it again never moves the claim twice.',
              invoke: {
                id: 'moveClaim',
                src: 'moveClaim',
                input: ({ context }) => ({
                  claimId: context.claimId,
                  move: { to: context.move!.to, note: context.move!.note },
                  idempotencyKey: context.move!.key,
                }),
                onDone: {
                  target: 'idle',
                  description: 'Moved: the claim shows its new status, its timeline entry and the moves allowed now.',
                  actions: { type: 'storeMoved', params: outputOf<ClaimEvent> },
                },
                onError: [
                  {
                    guard: { type: 'isGone', params: errorOf },
                    target: '#claimHandling.notFound',
                    description: 'The claim is gone.',
                  },
                  {
                    guard: { type: 'isConflict', params: errorOf },
                    target: '#claimHandling.refreshing',
                    description: 'Someone else moved it meanwhile (409): it is fetched again, and the refusal says so.',
                    actions: { type: 'storeMoveFailure', params: errorOf },
                  },
                  {
                    target: 'idle',
                    description: 'Refused or not reached: the reason shows beside the moves.',
                    actions: { type: 'storeMoveFailure', params: errorOf },
                  },
                ],
              },
            },
          },
        },
        conversation: conversationRegion('claimHandling', 'handler'),
      },
    },
  },
});
