import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';
import { checkoutSessionIdPattern, queueStatuses, roles, submissionStatuses } from '@shared/contract/enums';

/** One value, or a key repeated in the query string (`?s=A&s=B` reads as "A,B"). */
const commaList = v.pipe(
  v.union([v.string(), v.array(v.string())]),
  v.transform((value) => (Array.isArray(value) ? value.join(',') : value)),
);

/**
 * `s`: one speciality random code, or several separated by commas (specification §2). The
 * default-speciality machine judges the codes: junk is its page-not-found, not a routing error.
 */
export const landingSearch = v.object({
  s: v.optional(commaList),
});

/** specialities: `s` as on landing, and `speciality`, the codes to show (all when absent). */
export const specialitiesSearch = v.object({
  s: v.optional(commaList),
  speciality: v.optional(commaList),
});

/** `redirect`: where to go once signed in; anything else in its place is ignored. */
export const loginSearch = v.object({
  redirect: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2048))), undefined),
});

/**
 * editorder: `submissionid`, the order to edit (a positive whole number). Anything else in its
 * place reads as no order, which the screen answers with "We could not find that order" rather
 * than a routing error.
 */
export const editOrderSearch = v.object({
  submissionid: v.fallback(v.optional(recordIdInputSchema), undefined),
});

/**
 * The five status screens (incomplete-order, incomplete-missing-info,
 * incomplete-review-underwriter, application-under-review, complete-order): `submissionid`, the
 * order shown, read like editorder's.
 */
export const orderSearch = editOrderSearch;

/**
 * payment: `submissionid`, the order to pay, read like editorder's; `cancelled`, set by the
 * hosted checkout's way back when the insured left it without paying (`1`). Anything else in
 * either place reads as absent.
 */
export const paymentSearch = v.object({
  submissionid: v.fallback(v.optional(recordIdInputSchema), undefined),
  cancelled: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.literal('1'), v.literal('true'), v.literal(1), v.literal(true)]),
        v.transform(() => true as const),
      ),
    ),
    undefined,
  ),
});

/**
 * paymentconfirm: where the hosted checkout sends the browser back, `submissionid` and the
 * checkout's `sessionid` (cs_…), and `endorsementid` when the payment was an endorsement's (a
 * mid-term change's additional premium, or a tail). Anything unusable reads as absent: the screen
 * says it could not find that payment rather than failing to route.
 */
export const paymentConfirmSearch = v.object({
  submissionid: v.fallback(v.optional(recordIdInputSchema), undefined),
  endorsementid: v.fallback(v.optional(recordIdInputSchema), undefined),
  sessionid: v.fallback(v.optional(v.pipe(v.string(), v.regex(checkoutSessionIdPattern))), undefined),
});

/**
 * pay-instalment: `invoiceid`, the instalment the mailed link pays; `sessionid` when the hosted
 * checkout sends the browser back; `cancelled` when the payer left it unpaid. Anything unusable
 * reads as absent: the screen says it cannot find that instalment.
 */
export const instalmentSearch = v.object({
  invoiceid: v.fallback(v.optional(recordIdInputSchema), undefined),
  sessionid: v.fallback(v.optional(v.pipe(v.string(), v.regex(checkoutSessionIdPattern))), undefined),
  cancelled: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.literal('1'), v.literal('true'), v.literal(1), v.literal(true)]),
        v.transform(() => true as const),
      ),
    ),
    undefined,
  ),
});

/**
 * certificates: `policyid`, the policy whose certificates are shown (a positive whole number).
 * Anything else in its place reads as none: the screen asks which policy.
 */
export const certificatesSearch = v.object({
  policyid: v.fallback(v.optional(recordIdInputSchema), undefined),
});

/**
 * policy-history, endorsements and cancellation: `policyid`, the insured's policy the screen is
 * about. Anything else in its place reads as none: the screen asks which policy.
 */
export const policySearch = v.object({
  policyid: v.fallback(v.optional(recordIdInputSchema), undefined),
  /** The endorsement (a change or a tail) whose hosted checkout was left unpaid: the screen says so beside Pay. */
  unpaid: v.fallback(v.optional(recordIdInputSchema), undefined),
});

/**
 * claims: `report`, a policy to report a claim against — the report form opens at once with it
 * chosen (the policy page's "Report a claim"). Anything else in its place reads as none: the list.
 */
export const claimsSearch = v.object({
  report: v.fallback(v.optional(recordIdInputSchema), undefined),
});

/** The underwriter's queue: filters by broker, speciality and status, each optional. */
export const underwritingSearch = v.object({
  brokerId: v.fallback(v.optional(recordIdInputSchema), undefined),
  specialityId: v.fallback(v.optional(recordIdInputSchema), undefined),
  status: v.fallback(v.optional(v.picklist(queueStatuses)), undefined),
});

/** The administrator's rate tables: the speciality and state whose table is shown, once chosen. */
export const adminRateTablesSearch = v.object({
  specialityId: v.fallback(v.optional(recordIdInputSchema), undefined),
  state: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))), undefined),
});

/** The administrator's users: found by words, narrowed by role, a page of 50. */
export const adminUsersSearch = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200))), undefined),
  role: v.fallback(v.optional(v.picklist(roles)), undefined),
  page: v.fallback(v.optional(recordIdInputSchema), undefined),
});

/** The audit log: narrowed to one kind of record (and one record), a page of 50. */
export const adminAuditSearch = v.object({
  entity: v.fallback(v.optional(v.picklist(['user', 'broker', 'rate_table'])), undefined),
  entityId: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined),
  page: v.fallback(v.optional(recordIdInputSchema), undefined),
});

/** The broker's book: filtered by one status, or not. */
export const brokerBookSearch = v.object({
  status: v.fallback(v.optional(v.picklist(submissionStatuses)), undefined),
});

/**
 * A redirect target only when it is a path of this site: "/x", never "//host", "/\host" or
 * "https://…", so a crafted login link cannot send a user elsewhere after signing in.
 */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  // No control characters (a smuggled newline or tab).
  return [...target].some((char) => char.charCodeAt(0) < 0x20) ? undefined : target;
}
