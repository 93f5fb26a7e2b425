/**
 * What the desk reads from an order's history (submission_events): why the rules referred it
 * (the `order.refer` / `order.decline` data buy now writes: `{ reasons, requiredItems }`), and
 * the conversation of requests for information and the insured's resubmissions. Data that does
 * not read as expected (older or foreign rows) counts as none rather than failing the page.
 */
import * as v from 'valibot';
import {
  referralReasonSchema,
  requiredItemSchema,
  type InfoRequest,
  type ReferralReason,
  type RequiredItem,
} from '@shared/contract/lifecycle';
import type { Review } from '@shared/contract/underwriting';
import type { Queryable } from '@server/db/connection';
import { conversationRows, outcomeData, referralData } from '@server/underwriting/underwriting-event-queries';

const reasonsSchema = v.array(referralReasonSchema);
const requiredItemsSchema = v.array(requiredItemSchema);

const reasonsIn = (data: unknown): ReferralReason[] | null => {
  const parsed = v.safeParse(reasonsSchema, (data as { reasons?: unknown } | null)?.reasons);
  return parsed.success ? parsed.output : null;
};

const requiredItemsIn = (data: unknown): RequiredItem[] => {
  const parsed = v.safeParse(requiredItemsSchema, (data as { requiredItems?: unknown } | null)?.requiredItems);
  return parsed.success ? parsed.output : [];
};

/** For the queue: the reasons of each order's latest referral (orders never referred: none). */
export async function referralReasons(
  db: Queryable,
  submissionIds: readonly number[],
): Promise<Map<number, ReferralReason[]>> {
  const found = new Map<number, ReferralReason[]>();
  if (!submissionIds.length) return found;
  const rows = await referralData(db, submissionIds);
  for (const row of rows) {
    if (!found.has(row.submissionId)) found.set(row.submissionId, reasonsIn(row.data) ?? []);
  }
  return found;
}

/**
 * For one order: the reasons and required items of the rules' latest outcome that gave reasons
 * (a referral, or a knock-out decline); an underwriter's own decline carries none and is skipped.
 */
export async function latestOutcome(
  db: Queryable,
  submissionId: number,
): Promise<{ reasons: ReferralReason[]; requiredItems: RequiredItem[] }> {
  const rows = await outcomeData(db, submissionId);
  for (const row of rows) {
    const reasons = reasonsIn(row.data);
    if (reasons) return { reasons, requiredItems: requiredItemsIn(row.data) };
  }
  return { reasons: [], requiredItems: [] };
}

const nameOf = (user: { firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || null;

/**
 * The underwriters' requests for information and the insured's resubmission messages, oldest
 * first, and the latest request. A resubmission without a message says nothing to read.
 */
export async function conversation(
  db: Queryable,
  submissionId: number,
): Promise<{ conversation: Review['conversation']; latestRequest: InfoRequest | null }> {
  const rows = await conversationRows(db, submissionId);
  const messages = rows.flatMap((row) =>
    row.reason
      ? [
          {
            from: row.event === 'order.requestInfo' ? ('underwriter' as const) : ('insured' as const),
            name: nameOf(row),
            message: row.reason,
            at: row.createdAt.toISOString(),
          },
        ]
      : [],
  );
  const last = messages.findLast((message) => message.from === 'underwriter');
  return {
    conversation: messages,
    latestRequest: last ? { message: last.message, requestedAt: last.at, requestedBy: last.name } : null,
  };
}
