/**
 * Lists of values several contract modules, the router's search schemas and the database's enums
 * share: each written once, here (server/db/schema.ts makes its pgEnums of them). Kept apart
 * (plain arrays, no valibot, no imports) so that validating a query string does not pull whole
 * contract modules into the first page's JavaScript, and drizzle-kit can read them.
 */

export const roles = ['insured', 'underwriter', 'admin', 'broker'] as const;

/** The order lifecycle (DESIGN.md §4). */
export const submissionStatuses = [
  'draft',
  'quoted',
  'checks',
  'incomplete',
  'underwriter_review',
  'missing_info',
  'application_under_review',
  'approved',
  'declined',
  'awaiting_payment',
  'bound',
  'complete',
  'close_lost',
] as const;

/**
 * The policy lifecycle after the sale (DESIGN.md "The policy after the sale"): in force (endorsed
 * in place), under a notice of cancellation for an unpaid instalment, cancelled, expired at the
 * end of its period, or renewed into the next term.
 */
export const policyStatuses = ['in_force', 'cancellation_notice', 'cancelled', 'expired', 'renewed'] as const;

/**
 * What a row of a policy's history (endorsements) records: a mid-term change, a cancellation, or
 * an Extended Reporting Period (tail) bought on cancelling: one list, one numbering (P-…-E01).
 */
export const endorsementKinds = ['change', 'cancellation', 'tail'] as const;

/**
 * Where an endorsement stands: waiting for its additional premium to be paid, referred to an
 * underwriter, issued (in effect, documents made), or declined.
 */
export const endorsementStatuses = ['awaiting_payment', 'referred', 'issued', 'declined'] as const;

/**
 * A claim's lifecycle (issue 19): reported by the insured, acknowledged by whoever handles it,
 * under review (investigated, the insured asked for documents), closed. A closed claim may be
 * reopened for review; while closed it takes no more messages or attachments.
 */
export const claimStatuses = ['reported', 'acknowledged', 'under_review', 'closed'] as const;

/** The statuses an underwriter acts on (or waits on, for missing_info): the desk's queue. */
export const queueStatuses = ['underwriter_review', 'missing_info', 'application_under_review'] as const;

/** How a question is answered (server/db/schema.ts's question_type; the questions' contract). */
export const questionTypes = ['text', 'textarea', 'number', 'money', 'yesno', 'select', 'multiselect', 'date'] as const;

/** A hosted checkout's session id, as the provider writes it (cs_…). */
export const checkoutSessionIdPattern = /^cs_[A-Za-z0-9_]{6,250}$/;
