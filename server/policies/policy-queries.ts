/**
 * A policy read with its order: owned through the order (as everywhere, someone else's is not
 * found), optionally with its row locked for the rest of the transaction. Certificates,
 * endorsements and cancellation each pick their own columns and lock strength from this one
 * statement:
 * - 'share': issuing a certificate — a cancellation committing meanwhile waits;
 * - 'no key update': a cancellation — a second one, or an endorsement, waits and then sees it;
 * - 'update': an endorsement — endorsements of one policy take turns, each priced on the last.
 */
import { and, eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Queryable } from '@server/db/connection';
import { policies, submissions } from '@server/db/schema';

export type PolicyLock = 'share' | 'no key update' | 'update';

export async function policyWithOrderRow<T extends SelectedFields>(
  db: Queryable,
  columns: T,
  /** Without `userId`, whoever owns it (a payment settling it). */
  { policyId, userId }: { policyId: number; userId?: number },
  lock?: PolicyLock,
): Promise<SelectResultFields<T> | undefined> {
  // Widened for the builder (its types do not follow a generic selection); the answer is typed again below.
  const query = db
    .select(columns as SelectedFields)
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .where(and(eq(policies.id, policyId), userId === undefined ? undefined : eq(submissions.userId, userId)));
  const [row] = await (lock ? query.for(lock, { of: policies }) : query);
  return row as SelectResultFields<T> | undefined;
}
