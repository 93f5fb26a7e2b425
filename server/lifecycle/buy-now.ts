/**
 * PUT insured/buynow (DESIGN.md §4): two recorded moves in one transaction. The insured's
 * `order.buyNow` puts the order in `checks`; the rules then decide, and the system's outcome
 * moves it on: a knock-out answer declines, anything still missing makes it incomplete, a
 * referral rule sends it to an underwriter, otherwise it is approved. The outcome's event keeps
 * `{ reasons, requiredItems }`, which the insured's screens and the underwriter's desk read back.
 *
 * Repeating it changes nothing: while the order stands where a buy now left it (that buy now and
 * its outcome are its latest events), the same answer is read back from that outcome — for an
 * incomplete order, as long as it still misses exactly the items recorded.
 */
import * as v from 'valibot';
import {
  referralReasonSchema,
  requiredItemSchema,
  type BuyNowResult,
  type ReferralReason,
  type RequiredItem,
} from '@shared/contract/lifecycle';
import type { LifecycleEvent, LifecycleEventType } from '@shared/lifecycle/order-lifecycle.machine';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { lockedOrder, moveAnswer } from '@server/lifecycle/locked-order';
import { latestEvents, type OrderEvent } from '@server/lifecycle/order-events';
import { knockoutReasons, referralReasons } from '@server/lifecycle/referral-rules';
import { answeredSets, orderQuestions, requiredItemsOf, sameItems } from '@server/lifecycle/required-items';
import type { SubmissionRow } from '@server/submissions/access';
import { canMove, illegalMove, moveSubmission } from '@server/submissions/lifecycle';

export type BuyNowDeps = {
  db: Database;
  clock: Clock;
  /** The largest premium approved without an underwriter (UNDERWRITING_AUTHORITY_CENTS). */
  authorityCents: number;
};

const BUY_NOW: LifecycleEvent = { type: 'order.buyNow', actor: 'insured' };

type Outcome = BuyNowResult['outcome'];

/** The system's outcome events, by the status each leaves the order in. */
const OUTCOME_EVENTS = {
  'order.requireItems': 'incomplete',
  'order.refer': 'underwriter_review',
  'order.decline': 'declined',
  'order.approve': 'approved',
} as const satisfies Partial<Record<LifecycleEventType, Outcome>>;

type OutcomeEvent = keyof typeof OUTCOME_EVENTS;

const isOutcomeEvent = (event: string): event is OutcomeEvent => Object.hasOwn(OUTCOME_EVENTS, event);

export type Verdict = { event: OutcomeEvent; reasons: ReferralReason[]; requiredItems: RequiredItem[] };

/** The rules, in their order: knock-out, then what is missing, then referral, else approval. */
export async function decide(db: Queryable, row: SubmissionRow, authorityCents: number): Promise<Verdict> {
  const questions = await orderQuestions(db, row);
  const sets = answeredSets(questions, row);
  const knockouts = knockoutReasons(sets);
  if (knockouts.length) return { event: 'order.decline', reasons: knockouts, requiredItems: [] };
  const requiredItems = await requiredItemsOf(db, row, questions);
  if (requiredItems.length) return { event: 'order.requireItems', reasons: [], requiredItems };
  const referrals = referralReasons(sets, row.premiumCents, authorityCents);
  if (referrals.length) return { event: 'order.refer', reasons: referrals, requiredItems: [] };
  return { event: 'order.approve', reasons: [], requiredItems: [] };
}

/** The history's words for the outcome: the insured-facing reasons, or what is missing. */
function outcomeReason(verdict: Verdict): string | null {
  if (verdict.requiredItems.length)
    return `Still missing: ${verdict.requiredItems.map((item) => item.label).join('; ')}`;
  if (verdict.reasons.length) return verdict.reasons.map((reason) => reason.label).join('; ');
  return null;
}

const outcomeDataSchema = v.object({
  reasons: v.fallback(v.array(referralReasonSchema), []),
  requiredItems: v.fallback(v.array(requiredItemSchema), []),
});

/** The reasons and items an outcome event kept (none when its data does not read as such). */
export function outcomeData(event: Pick<OrderEvent, 'data'> | undefined): {
  reasons: ReferralReason[];
  requiredItems: RequiredItem[];
} {
  const parsed = v.safeParse(outcomeDataSchema, event?.data ?? {});
  return parsed.success ? parsed.output : { reasons: [], requiredItems: [] };
}

const answer = (
  row: Pick<SubmissionRow, 'id' | 'number' | 'status' | 'version'>,
  verdict: Omit<Verdict, 'event'> & { outcome: Outcome },
): BuyNowResult => ({
  ...moveAnswer(row),
  outcome: verdict.outcome,
  requiredItems: verdict.requiredItems,
  reasons: forInsured(verdict.reasons),
});

/**
 * Reasons as the insured sees them: the words, without the underwriter's detail (which names
 * the automatic authority, and so would show how to price just under it). The history keeps it.
 */
export const forInsured = (reasons: ReferralReason[]): ReferralReason[] =>
  reasons.map((reason) => ({ ...reason, detail: null }));

/**
 * What the earlier buy now answered, when the order stands exactly where it left it: its two
 * latest events are that buy now and its outcome, and the status is the outcome's.
 */
function earlierOutcome(row: SubmissionRow, [last, previous]: OrderEvent[]): BuyNowResult | undefined {
  if (!last || !isOutcomeEvent(last.event) || last.actor !== 'system' || previous?.event !== 'order.buyNow')
    return undefined;
  const outcome = OUTCOME_EVENTS[last.event];
  return row.status === outcome ? answer(row, { outcome, ...outcomeData(last) }) : undefined;
}

export async function buyNow(deps: BuyNowDeps, user: AuthUser, submissionId: number): Promise<BuyNowResult> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedOrder(tx, user, submissionId);
    const earlier = earlierOutcome(row, await latestEvents(tx, row.id, 2));
    if (earlier && earlier.outcome !== 'incomplete') return earlier;
    if (!canMove(row, BUY_NOW)) throw illegalMove(row, BUY_NOW.type);

    const verdict = await decide(tx, row, deps.authorityCents);
    // Incomplete, and still missing exactly what that buy now found: the same answer. The
    // insured may have supplied something without a recorded event (a contact), so it is
    // judged again rather than taken on trust.
    if (earlier && verdict.event === 'order.requireItems' && sameItems(earlier.requiredItems, verdict.requiredItems))
      return earlier;

    const now = deps.clock.now();
    const checking = await moveSubmission(tx, user, row, now, { event: BUY_NOW });
    const moved = await moveSubmission(tx, null, checking, now, {
      event: { type: verdict.event, actor: 'system' },
      reason: outcomeReason(verdict),
      data: { reasons: verdict.reasons, requiredItems: verdict.requiredItems },
    });
    return answer(moved, { outcome: OUTCOME_EVENTS[verdict.event], ...verdict });
  });
}
