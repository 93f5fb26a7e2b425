import { setup, transition, type SnapshotFrom } from 'xstate';
import type { ClaimStatus } from '@shared/contract/claims';

/**
 * A claim's lifecycle (issue 19 item 4), pure and free of I/O like the order's and the policy's:
 * the server asks it before it moves a claim (POST claims/move), and the screens ask it which
 * moves to offer. Every event says who sends it; only whoever handles the claim (an underwriter
 * or an administrator) moves it. The insured reports it (the machine's start) and then writes
 * and attaches while it is open.
 */

export type ClaimActor = 'insured' | 'handler';

export type ClaimEvent =
  | { type: 'claim.acknowledge'; actor: ClaimActor }
  | { type: 'claim.review'; actor: ClaimActor }
  | { type: 'claim.close'; actor: ClaimActor }
  | { type: 'claim.reopen'; actor: ClaimActor };

export type ClaimEventType = ClaimEvent['type'];

const sentBy =
  (...allowed: ClaimActor[]) =>
  ({ event }: { event: ClaimEvent }) =>
    allowed.includes(event.actor);

export const claimLifecycleMachine = setup({
  types: { events: {} as ClaimEvent },
  guards: { byHandler: sentBy('handler') },
}).createMachine({
  id: 'claimLifecycle',
  description:
    'A claim from the insured’s report until it is closed: acknowledged, reviewed, closed, perhaps reopened.',
  initial: 'open',
  states: {
    open: {
      description:
        'The claim is being handled: the insured and the handler write to each other and the insured attaches files.',
      initial: 'reported',
      on: {
        'claim.close': {
          guard: 'byHandler',
          target: 'closed',
          description: 'The handler closes the claim (settled, paid, denied or withdrawn), saying why in the note.',
        },
      },
      states: {
        reported: {
          description: 'The insured reported it; nobody has taken it up yet.',
          on: {
            'claim.acknowledge': {
              guard: 'byHandler',
              target: 'acknowledged',
              description: 'A handler takes the claim up and tells the insured it is being handled.',
            },
          },
        },
        acknowledged: {
          description: 'A handler has the claim and tells the insured what happens next.',
          on: {
            'claim.review': {
              guard: 'byHandler',
              target: 'underReview',
              description: 'The handler starts reviewing it: coverage, documents, the facts of the loss.',
            },
          },
        },
        underReview: {
          description: 'Under review: the handler investigates and may ask the insured for documents.',
        },
      },
    },
    closed: {
      description: 'Closed: no more messages or attachments, unless a handler reopens it.',
      on: {
        'claim.reopen': {
          guard: 'byHandler',
          target: '#claimLifecycle.open.underReview',
          description: 'Something new came to light: the handler reopens the claim for review.',
        },
      },
    },
  },
});

type ClaimSnapshot = SnapshotFrom<typeof claimLifecycleMachine>;

/** Where each stored status sits in the machine (the open ones are nested). */
const stateValueOf = {
  reported: { open: 'reported' },
  acknowledged: { open: 'acknowledged' },
  under_review: { open: 'underReview' },
  closed: 'closed',
} as const satisfies Record<ClaimStatus, unknown>;

const statusOf = (snapshot: ClaimSnapshot): ClaimStatus => {
  for (const [status, value] of Object.entries(stateValueOf)) {
    if (snapshot.matches(value as never)) return status as ClaimStatus;
  }
  throw new Error(`No claim status for ${JSON.stringify(snapshot.value)}`);
};

const snapshotAt = (status: ClaimStatus) =>
  claimLifecycleMachine.resolveState({ value: stateValueOf[status], context: undefined });

/** Where `event` takes a claim in `status`, or null when the move is not allowed (wrong status or actor). */
export function nextClaimStatus(status: ClaimStatus, event: ClaimEvent): ClaimStatus | null {
  const snapshot = snapshotAt(status);
  if (!snapshot.can(event)) return null;
  const [next] = transition(claimLifecycleMachine, snapshot, event);
  return statusOf(next);
}

const eventTypes: readonly ClaimEventType[] = ['claim.acknowledge', 'claim.review', 'claim.close', 'claim.reopen'];

/**
 * The event that moves a claim from `from` to `to` when `actor` sends it, or null when no legal
 * move does (POST claims/move names the status it wants; this finds the move that gets there).
 */
export function claimMoveTo(from: ClaimStatus, to: ClaimStatus, actor: ClaimActor): ClaimEvent | null {
  for (const type of eventTypes) {
    const event = { type, actor };
    if (nextClaimStatus(from, event) === to) return event;
  }
  return null;
}

/** The statuses `actor` may move a claim in `status` to now, in lifecycle order. */
export function claimMovesFrom(status: ClaimStatus, actor: ClaimActor): ClaimStatus[] {
  const reachable = new Set(eventTypes.map((type) => nextClaimStatus(status, { type, actor })));
  return (Object.keys(stateValueOf) as ClaimStatus[]).filter((to) => reachable.has(to));
}

/** Whether a claim in `status` still takes messages and attachments. */
export const claimIsOpen = (status: ClaimStatus): boolean => snapshotAt(status).matches('open');

/** The stored status a snapshot of the machine stands for (for path tests and diagrams). */
export const claimStatusOf = statusOf;
