import type { SubmissionStatus } from '@shared/contract/submissions';
import type { LifecycleActor, LifecycleEventType } from '@shared/lifecycle/order-lifecycle.machine';

/**
 * DESIGN.md §4 written out as data, independently of the machine: status → event → who may send
 * it → where it goes; everything not listed is refused. One table drives both enforcers' tests:
 * the machine's (order-lifecycle.machine.test.ts) and the server's 409s
 * (server/routes/lifecycle-table.test.ts). Test data only: no screen imports it.
 */

export const eventTypes: LifecycleEventType[] = [
  'order.rate',
  'order.draft',
  'order.buyNow',
  'order.requireItems',
  'order.supplyItems',
  'order.refer',
  'order.approve',
  'order.requestInfo',
  'order.resubmit',
  'order.decline',
  'order.generateInvoice',
  'order.paymentSucceeded',
  'order.issueDocuments',
  'order.sendToCloseLost',
];
export const actors: LifecycleActor[] = ['insured', 'underwriter', 'system'];

/** The statuses an insured or underwriter can close as lost. */
export const OPEN: SubmissionStatus[] = [
  'draft',
  'quoted',
  'incomplete',
  'underwriter_review',
  'missing_info',
  'application_under_review',
  'approved',
  'awaiting_payment',
];

export const LEGAL: Partial<
  Record<SubmissionStatus, Partial<Record<LifecycleEventType, { by: LifecycleActor[]; to: SubmissionStatus }>>>
> = {
  draft: { 'order.rate': { by: ['insured'], to: 'quoted' }, 'order.draft': { by: ['insured'], to: 'draft' } },
  quoted: {
    'order.rate': { by: ['insured'], to: 'quoted' },
    'order.draft': { by: ['insured'], to: 'draft' },
    'order.buyNow': { by: ['insured'], to: 'checks' },
  },
  checks: {
    'order.requireItems': { by: ['system'], to: 'incomplete' },
    'order.refer': { by: ['system'], to: 'underwriter_review' },
    'order.decline': { by: ['system'], to: 'declined' },
    'order.approve': { by: ['system'], to: 'approved' },
  },
  incomplete: {
    'order.supplyItems': { by: ['insured'], to: 'incomplete' },
    'order.buyNow': { by: ['insured'], to: 'checks' },
  },
  underwriter_review: {
    'order.approve': { by: ['underwriter'], to: 'approved' },
    'order.requestInfo': { by: ['underwriter'], to: 'missing_info' },
    'order.decline': { by: ['underwriter'], to: 'declined' },
  },
  missing_info: {
    'order.supplyItems': { by: ['insured'], to: 'missing_info' },
    'order.resubmit': { by: ['insured'], to: 'application_under_review' },
  },
  application_under_review: {
    'order.approve': { by: ['underwriter'], to: 'approved' },
    'order.requestInfo': { by: ['underwriter'], to: 'missing_info' },
    'order.decline': { by: ['underwriter'], to: 'declined' },
  },
  approved: { 'order.generateInvoice': { by: ['insured', 'system'], to: 'awaiting_payment' } },
  awaiting_payment: { 'order.paymentSucceeded': { by: ['system'], to: 'bound' } },
  bound: { 'order.issueDocuments': { by: ['system'], to: 'complete' } },
};
for (const status of OPEN) {
  LEGAL[status] = { ...LEGAL[status], 'order.sendToCloseLost': { by: ['insured', 'underwriter'], to: 'close_lost' } };
}

/** Where the design takes `status` on `type` sent by `actor`; null when it is refused. */
export function expected(
  status: SubmissionStatus,
  type: LifecycleEventType,
  actor: LifecycleActor,
): SubmissionStatus | null {
  const move = LEGAL[status]?.[type];
  return move && move.by.includes(actor) ? move.to : null;
}
