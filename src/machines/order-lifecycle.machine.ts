import { setup, transition } from 'xstate';
import type { SubmissionStatus } from '@/api/contract/submissions';

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

/** Any open status can be closed as lost, by the insured or an underwriter. */
const closeLost = { 'order.sendToCloseLost': { guard: byInsuredOrUnderwriter, target: '#orderLifecycle.close_lost' } } as const;

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
  initial: 'draft',
  states: {
    draft: {
      meta: { screen: 'order', open: true },
      on: {
        'order.rate': { guard: byInsured, target: 'quoted' },
        'order.draft': { guard: byInsured, target: 'draft' },
        ...closeLost,
      },
    },
    quoted: {
      meta: { screen: 'order', open: true },
      on: {
        'order.rate': { guard: byInsured, target: 'quoted' },
        // An answer changed so that the quote no longer prices: back to draft until it does.
        'order.draft': { guard: byInsured, target: 'draft' },
        'order.buyNow': { guard: byInsured, target: 'checks' },
        ...closeLost,
      },
    },
    // Only ever inside buy now's transaction: the rules' outcome follows at once.
    checks: {
      meta: { screen: 'order', open: true },
      on: {
        'order.requireItems': { guard: bySystem, target: 'incomplete' },
        'order.refer': { guard: bySystem, target: 'underwriter_review' },
        'order.decline': { guard: bySystem, target: 'declined' },
        'order.approve': { guard: bySystem, target: 'approved' },
      },
    },
    incomplete: {
      meta: { screen: 'incomplete-order', open: true },
      on: {
        'order.supplyItems': { guard: byInsured, target: 'incomplete' },
        'order.buyNow': { guard: byInsured, target: 'checks' },
        ...closeLost,
      },
    },
    underwriter_review: {
      meta: { screen: 'incomplete-review-underwriter', open: true },
      on: {
        'order.approve': { guard: byUnderwriter, target: 'approved' },
        'order.requestInfo': { guard: byUnderwriter, target: 'missing_info' },
        'order.decline': { guard: byUnderwriter, target: 'declined' },
        ...closeLost,
      },
    },
    missing_info: {
      meta: { screen: 'incomplete-missing-info', open: true },
      on: {
        'order.supplyItems': { guard: byInsured, target: 'missing_info' },
        'order.resubmit': { guard: byInsured, target: 'application_under_review' },
        ...closeLost,
      },
    },
    application_under_review: {
      meta: { screen: 'application-under-review', open: true },
      on: {
        'order.approve': { guard: byUnderwriter, target: 'approved' },
        'order.requestInfo': { guard: byUnderwriter, target: 'missing_info' },
        'order.decline': { guard: byUnderwriter, target: 'declined' },
        ...closeLost,
      },
    },
    approved: {
      meta: { screen: 'order', open: true },
      on: { 'order.generateInvoice': { guard: byInsuredOrSystem, target: 'awaiting_payment' }, ...closeLost },
    },
    awaiting_payment: {
      meta: { screen: 'order', open: true },
      on: { 'order.paymentSucceeded': { guard: bySystem, target: 'bound' }, ...closeLost },
    },
    bound: {
      meta: { screen: 'complete-order', open: false },
      on: { 'order.issueDocuments': { guard: bySystem, target: 'complete' } },
    },
    complete: { meta: { screen: 'complete-order', open: false }, type: 'final' },
    declined: { meta: { screen: 'order', open: false }, type: 'final' },
    close_lost: { meta: { screen: 'order', open: false }, type: 'final' },
  },
});

const snapshotAt = (status: SubmissionStatus) => orderLifecycleMachine.resolveState({ value: status, context: undefined });

/**
 * Where `event` takes an order in `status`, or null when the move is not allowed (wrong status,
 * or the wrong actor). A self-move (supplying items, re-rating) answers the same status.
 */
export function nextStatus(status: SubmissionStatus, event: LifecycleEvent): SubmissionStatus | null {
  const snapshot = snapshotAt(status);
  if (!snapshot.can(event)) return null;
  const [next] = transition(orderLifecycleMachine, snapshot, event);
  return next.value as SubmissionStatus;
}

/** The status screen that shows an order in `status` (DESIGN.md §4). */
export function statusScreen(status: SubmissionStatus): StatusScreen {
  return orderLifecycleMachine.getStateNodeById(`orderLifecycle.${status}`).meta?.screen ?? 'order';
}

/** Whether the insured or an underwriter can still move the order on. */
export function isOpenStatus(status: SubmissionStatus): boolean {
  return orderLifecycleMachine.getStateNodeById(`orderLifecycle.${status}`).meta?.open ?? false;
}
