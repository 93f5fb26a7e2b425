/**
 * Lists of values several contract modules and the router's search schemas share. Kept apart
 * (plain arrays, no valibot) so that validating a query string does not pull whole contract
 * modules into the first page's JavaScript.
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

/** A hosted checkout's session id, as the provider writes it (cs_…). */
export const checkoutSessionIdPattern = /^cs_[A-Za-z0-9_]{6,250}$/;
