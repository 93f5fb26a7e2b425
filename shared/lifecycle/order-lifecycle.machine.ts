import { setup, transition, type SnapshotFrom } from 'xstate';
import type { SubmissionStatus } from '@shared/contract/submissions';

/**
 * The order lifecycle of DESIGN.md §4, pure and free of I/O: one machine that the server asks
 * before it moves a submission (issue 7) and that the client asks which status screen to show.
 * Every event says who sends it; a move is legal only from the right status AND by the right
 * actor (an insured cannot approve, the rules engine cannot resubmit).
 *
 * Buy now is two recorded moves: the insured's `order.buyNow` puts the order in `checks`, and
 * the rules' outcome (`order.requireItems`, `order.refer`, `order.decline`, `order.approve`,
 * sent by `system`) moves it on, so the history shows both what was asked and what was decided.
 */

export type LifecycleActor = 'insured' | 'underwriter' | 'system';

export type LifecycleEvent =
  | { type: 'order.rate'; actor: LifecycleActor }
  | { type: 'order.draft'; actor: LifecycleActor }
  | { type: 'order.buyNow'; actor: LifecycleActor }
  | { type: 'order.requireItems'; actor: LifecycleActor }
  | { type: 'order.supplyItems'; actor: LifecycleActor }
  | { type: 'order.refer'; actor: LifecycleActor }
  | { type: 'order.approve'; actor: LifecycleActor }
  | { type: 'order.requestInfo'; actor: LifecycleActor }
  | { type: 'order.resubmit'; actor: LifecycleActor }
  | { type: 'order.decline'; actor: LifecycleActor }
  | { type: 'order.generateInvoice'; actor: LifecycleActor }
  | { type: 'order.paymentSucceeded'; actor: LifecycleActor }
  | { type: 'order.issueDocuments'; actor: LifecycleActor }
  | { type: 'order.sendToCloseLost'; actor: LifecycleActor };

export type LifecycleEventType = LifecycleEvent['type'];

/** The status screens of the specification, by the status each shows (others show `order`). */
export type StatusScreen =
  | 'order'
  | 'incomplete-order'
  | 'incomplete-missing-info'
  | 'incomplete-review-underwriter'
  | 'application-under-review'
  | 'complete-order';

// Named by who may send the event, so the diagram reads "[byUnderwriter]".
const byInsured = 'byInsured';
const byUnderwriter = 'byUnderwriter';
const bySystem = 'bySystem';
const byInsuredOrUnderwriter = 'byInsuredOrUnderwriter';
const byInsuredOrSystem = 'byInsuredOrSystem';

const sentBy =
  (...allowed: LifecycleActor[]) =>
  ({ event }: { event: LifecycleEvent }) =>
    allowed.includes(event.actor);

/**
 * What an underwriter decides, on a first review and on a review of what the insured sent alike.
 * Written once and given to both states rather than nested under a parent: Mermaid draws a move
 * into a nested state from outside its box (resubmit) outside the box.
 */
const underwriterDecides = {
  'order.approve': { guard: byUnderwriter, target: '#approved', description: 'The underwriter approves the order.' },
  'order.requestInfo': {
    guard: byUnderwriter,
    target: '#missing_info',
    description: 'The underwriter asks the insured for more information.',
  },
  'order.decline': { guard: byUnderwriter, target: '#declined', description: 'The underwriter declines the order.' },
} as const;

export const orderLifecycleMachine = setup({
  types: {
    events: {} as LifecycleEvent,
    meta: {} as { screen: StatusScreen; open: boolean },
  },
  guards: {
    byInsured: sentBy('insured'),
    byUnderwriter: sentBy('underwriter'),
    bySystem: sentBy('system'),
    byInsuredOrUnderwriter: sentBy('insured', 'underwriter'),
    byInsuredOrSystem: sentBy('insured', 'system'),
  },
}).createMachine({
  id: 'orderLifecycle',
  description: 'An order from its first answers to a bound policy, or to its end (declined, closed as lost).',
  initial: 'open',
  states: {
    // Every status a person can still close as lost sits in here, so the move is written once.
    // Each status carries its own id (#draft, #checks…): a status names one state wherever it sits.
    open: {
      description: 'The order is open: the insured or an underwriter can still close it as lost.',
      initial: 'draft',
      on: {
        'order.sendToCloseLost': {
          guard: byInsuredOrUnderwriter,
          target: '#close_lost',
          description: 'The insured or an underwriter closes the order as lost.',
        },
      },
      states: {
        draft: {
          id: 'draft',
          description: 'The order is being filled in and cannot be priced yet.',
          meta: { screen: 'order', open: true },
          on: {
            'order.rate': {
              guard: byInsured,
              target: '#quoted',
              description: 'The insured’s answers price the order.',
            },
            'order.draft': {
              guard: byInsured,
              target: '#draft',
              description: 'The insured changes an answer; the order still cannot be priced.',
            },
          },
        },
        quoted: {
          id: 'quoted',
          description: 'The order is priced; the insured can still change it, or buy it now.',
          meta: { screen: 'order', open: true },
          on: {
            'order.rate': {
              guard: byInsured,
              target: '#quoted',
              description: 'The insured changes an answer and the order is priced again.',
            },
            // An answer changed so that the quote no longer prices: back to draft until it does.
            'order.draft': {
              guard: byInsured,
              target: '#draft',
              description: 'The insured changes an answer so that the order no longer prices.',
            },
            'order.buyNow': { guard: byInsured, target: '#checks', description: 'The insured buys the order now.' },
          },
        },
        incomplete: {
          id: 'incomplete',
          description: 'Buy now found something missing; the insured supplies it and buys again.',
          meta: { screen: 'incomplete-order', open: true },
          on: {
            'order.supplyItems': {
              guard: byInsured,
              target: '#incomplete',
              description: 'The insured supplies something that was missing.',
            },
            'order.buyNow': { guard: byInsured, target: '#checks', description: 'The insured buys the order again.' },
          },
        },
        underwriter_review: {
          id: 'underwriter_review',
          description: 'An underwriter is reviewing the referred order.',
          meta: { screen: 'incomplete-review-underwriter', open: true },
          on: underwriterDecides,
        },
        application_under_review: {
          id: 'application_under_review',
          description: 'The underwriter is reviewing the order again, with what the insured sent.',
          meta: { screen: 'application-under-review', open: true },
          on: underwriterDecides,
        },
        missing_info: {
          id: 'missing_info',
          description: 'The underwriter asked for more information; the insured supplies it and sends the order back.',
          meta: { screen: 'incomplete-missing-info', open: true },
          on: {
            'order.supplyItems': {
              guard: byInsured,
              target: '#missing_info',
              description: 'The insured supplies some of what was asked for.',
            },
            'order.resubmit': {
              guard: byInsured,
              target: '#application_under_review',
              description: 'The insured sends the order back to the underwriter.',
            },
          },
        },
        approved: {
          id: 'approved',
          description: 'The order is approved and waits for its invoice.',
          meta: { screen: 'order', open: true },
          on: {
            'order.generateInvoice': {
              guard: byInsuredOrSystem,
              target: '#awaiting_payment',
              description: 'The invoice is generated (the insured pressing Pay, or the system).',
            },
          },
        },
        awaiting_payment: {
          id: 'awaiting_payment',
          description: 'The order is invoiced and waits for the insured’s payment.',
          meta: { screen: 'order', open: true },
          on: {
            'order.paymentSucceeded': {
              guard: bySystem,
              target: '#bound',
              description: 'The payment provider confirms the payment.',
            },
          },
        },
      },
    },
    // Only ever inside buy now's transaction: the rules' outcome follows at once, so nobody closes it meanwhile.
    checks: {
      id: 'checks',
      description: 'Buy now’s checks and rules are deciding the order; their outcome follows at once.',
      meta: { screen: 'order', open: true },
      on: {
        'order.requireItems': {
          guard: bySystem,
          target: '#incomplete',
          description: 'The rules find something missing (a file, an answer, an address).',
        },
        'order.refer': {
          guard: bySystem,
          target: '#underwriter_review',
          description: 'The rules refer the order to an underwriter.',
        },
        'order.decline': { guard: bySystem, target: '#declined', description: 'The rules decline the order.' },
        'order.approve': { guard: bySystem, target: '#approved', description: 'The rules approve the order.' },
      },
    },
    bound: {
      id: 'bound',
      description: 'Paid: the cover is bound and the policy documents are being issued.',
      meta: { screen: 'complete-order', open: false },
      on: {
        'order.issueDocuments': {
          guard: bySystem,
          target: '#complete',
          description: 'The policy documents are issued.',
        },
      },
    },
    complete: {
      id: 'complete',
      description: 'The policy is in force and its documents are issued.',
      meta: { screen: 'complete-order', open: false },
      type: 'final',
    },
    declined: {
      id: 'declined',
      description: 'The order was declined; it cannot be bought.',
      meta: { screen: 'order', open: false },
      type: 'final',
    },
    close_lost: {
      id: 'close_lost',
      description: 'The order was closed as lost by the insured or an underwriter.',
      meta: { screen: 'order', open: false },
      type: 'final',
    },
  },
});

type OrderSnapshot = SnapshotFrom<typeof orderLifecycleMachine>;

/** The status a snapshot stands for: its innermost state, each named for the status it is. */
export function orderStatusOf(snapshot: OrderSnapshot): SubmissionStatus {
  let value: unknown = snapshot.value;
  while (typeof value === 'object' && value !== null) value = Object.values(value)[0];
  return value as SubmissionStatus;
}

/** A status's state node (found by its id, wherever the status sits). */
const nodeOf = (status: SubmissionStatus) => orderLifecycleMachine.getStateNodeById(status);

/** `{ open: { withUnderwriter: 'underwriter_review' } }` for underwriter_review: where a status sits. */
const stateValueOf = (status: SubmissionStatus) =>
  nodeOf(status)
    .path.slice(0, -1)
    .reduceRight<string | Record<string, unknown>>((inner, key) => ({ [key]: inner }), status);

const snapshotAt = (status: SubmissionStatus) =>
  orderLifecycleMachine.resolveState({ value: stateValueOf(status) as never, context: undefined });

/**
 * Where `event` takes an order in `status`, or null when the move is not allowed (wrong status,
 * or the wrong actor). A self-move (supplying items, re-rating) answers the same status.
 */
export function nextStatus(status: SubmissionStatus, event: LifecycleEvent): SubmissionStatus | null {
  const snapshot = snapshotAt(status);
  if (!snapshot.can(event)) return null;
  const [next] = transition(orderLifecycleMachine, snapshot, event);
  return orderStatusOf(next);
}

/** The status screen that shows an order in `status` (DESIGN.md §4). */
export function statusScreen(status: SubmissionStatus): StatusScreen {
  return nodeOf(status).meta?.screen ?? 'order';
}

/** Whether the insured or an underwriter can still move the order on. */
export function isOpenStatus(status: SubmissionStatus): boolean {
  return nodeOf(status).meta?.open ?? false;
}
