import { setup, transition, type SnapshotFrom } from 'xstate';
import type { policyStatuses } from '@shared/contract/enums';

/**
 * The policy's lifecycle after the sale (DESIGN.md "The policy after the sale", issue 19), pure
 * and free of I/O like the order lifecycle: the server asks it before it moves a policy, and the
 * client asks it what the insured may still do. Every event says who sends it; a move is legal
 * only from the right status AND by the right actor.
 *
 * The policy's status is what is true of it now, not of a day: a cancellation takes effect on
 * its own date, so "in force today?" is answered from the status and the dates together.
 */

export type PolicyStatus = (typeof policyStatuses)[number];

export type PolicyActor = 'insured' | 'underwriter' | 'system';

export type PolicyEvent =
  | { type: 'policy.endorse'; actor: PolicyActor }
  | { type: 'policy.cancel'; actor: PolicyActor }
  | { type: 'policy.sendCancellationNotice'; actor: PolicyActor }
  | { type: 'policy.settleArrears'; actor: PolicyActor }
  | { type: 'policy.noticeEnds'; actor: PolicyActor }
  | { type: 'policy.expire'; actor: PolicyActor }
  | { type: 'policy.renew'; actor: PolicyActor }
  | { type: 'policy.buyTail'; actor: PolicyActor };

export type PolicyEventType = PolicyEvent['type'];

const sentBy =
  (...allowed: PolicyActor[]) =>
  ({ event }: { event: PolicyEvent }) =>
    allowed.includes(event.actor);

export const policyLifecycleMachine = setup({
  types: { events: {} as PolicyEvent },
  guards: {
    byInsured: sentBy('insured'),
    bySystem: sentBy('system'),
    byInsuredOrUnderwriter: sentBy('insured', 'underwriter'),
  },
}).createMachine({
  id: 'policyLifecycle',
  description: 'A bound policy from issue to the end of its period: changed, cancelled, expired or renewed.',
  initial: 'current',
  states: {
    current: {
      description: 'The policy is in its period and covers the insured.',
      initial: 'inForce',
      on: {
        'policy.cancel': {
          guard: 'byInsuredOrUnderwriter',
          target: 'cancelled',
          description: 'The insured asks to cancel, or an underwriter cancels, from a date within the period.',
        },
        'policy.expire': {
          guard: 'bySystem',
          target: 'expired',
          description: 'The period ends and the policy was not renewed.',
        },
      },
      states: {
        inForce: {
          description: 'In force: certificates can be issued and the cover changed.',
          on: {
            'policy.endorse': {
              guard: 'byInsuredOrUnderwriter',
              target: 'inForce',
              description: 'A change (limit, deductible, locations, named insured) from an effective date.',
            },
            'policy.sendCancellationNotice': {
              guard: 'bySystem',
              target: 'cancellationNotice',
              description: 'An instalment is past due beyond its grace: a notice of cancellation is sent.',
            },
            'policy.renew': {
              guard: 'bySystem',
              target: '#policyLifecycle.renewed',
              description:
                'The period ends with its renewal accepted and paid: the next period, a new policy term, takes over.',
            },
          },
        },
        cancellationNotice: {
          description: 'Still in force, under a notice of cancellation for an unpaid instalment.',
          on: {
            'policy.settleArrears': {
              guard: 'bySystem',
              target: 'inForce',
              description: 'The past-due instalment is paid: the notice is withdrawn.',
            },
            'policy.noticeEnds': {
              guard: 'bySystem',
              target: '#policyLifecycle.cancelled',
              description: 'The notice ends unpaid: the policy is cancelled for non-payment.',
            },
          },
        },
      },
    },
    cancelled: {
      description: 'Cancelled from its cancellation date; a claims-made policy can still buy a tail.',
      on: {
        'policy.buyTail': {
          guard: 'byInsured',
          target: 'cancelled',
          description: 'The insured buys an Extended Reporting Period (tail) for claims reported later.',
        },
      },
    },
    expired: {
      description: 'The period ended without renewal; a claims-made policy can still buy a tail.',
      on: {
        'policy.buyTail': {
          guard: 'byInsured',
          target: 'expired',
          description: 'The insured buys an Extended Reporting Period (tail) for claims reported later.',
        },
      },
    },
    renewed: {
      description: 'Renewed: the next period is a new policy term, and this one is history.',
      type: 'final',
    },
  },
});

type PolicySnapshot = SnapshotFrom<typeof policyLifecycleMachine>;

/** Where each stored status sits in the machine (the two "current" ones are nested). */
const stateValueOf = {
  in_force: { current: 'inForce' },
  cancellation_notice: { current: 'cancellationNotice' },
  cancelled: 'cancelled',
  expired: 'expired',
  renewed: 'renewed',
} as const satisfies Record<PolicyStatus, unknown>;

const statusOf = (snapshot: PolicySnapshot): PolicyStatus => {
  for (const [status, value] of Object.entries(stateValueOf)) {
    if (snapshot.matches(value as never)) return status as PolicyStatus;
  }
  throw new Error(`No policy status for ${JSON.stringify(snapshot.value)}`);
};

const snapshotAt = (status: PolicyStatus) =>
  policyLifecycleMachine.resolveState({ value: stateValueOf[status], context: undefined });

/**
 * Where `event` takes a policy in `status`, or null when the move is not allowed (wrong status,
 * or the wrong actor). A self-move (an endorsement, a tail) answers the same status.
 */
export function nextPolicyStatus(status: PolicyStatus, event: PolicyEvent): PolicyStatus | null {
  const snapshot = snapshotAt(status);
  if (!snapshot.can(event)) return null;
  const [next] = transition(policyLifecycleMachine, snapshot, event);
  return statusOf(next);
}

/** The stored status a snapshot of the machine stands for (for path tests and diagrams). */
export const policyStatusOf = statusOf;
