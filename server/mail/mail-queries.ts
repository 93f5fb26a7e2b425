/**
 * The SQL of delivering the outbox (sender.ts): due rows claimed and leased, and what became of
 * each send. Queuing a mail is outbox.ts's one insert. Each function is one statement answering
 * plain rows.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '@server/db/connection';
import { mailOutbox } from '@server/db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Claims up to `limit` pending rows due at `now`, oldest due first: counts the attempt and hides
 * them from other senders until `leaseUntil`. Rows another process holds are skipped (FOR UPDATE
 * SKIP LOCKED), so each mail has one sender at a time.
 */
export function claimDueMail(db: Database, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function updateOutboxRow(
  db: Database,
  id: number,
  changes: Partial<typeof mailOutbox.$inferInsert>,
): Promise<void> {
  await db.update(mailOutbox).set(changes).where(eq(mailOutbox.id, id));
}
