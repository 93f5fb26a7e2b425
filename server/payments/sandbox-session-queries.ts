/**
 * The SQL on the sandbox provider's checkout sessions (sandbox_checkout_sessions: what a real
 * provider keeps on its side). Each function is one statement answering plain rows; what the
 * sandbox does with them is sandbox-provider.ts's and its checkout page's.
 */
import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '@server/db/connection';
import { sandboxCheckoutSessions } from '@server/db/schema';

export type SandboxSessionRow = typeof sandboxCheckoutSessions.$inferSelect;

export async function sandboxSessionRow(db: Queryable, sessionId: string): Promise<SandboxSessionRow | undefined> {
  const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId));
  return row;
}

/** A declined card on the sandbox's page: the reason kept for the page, one more attempt counted. */
export async function recordDeclinedAttempt(
  db: Queryable,
  session: SandboxSessionRow,
  message: string,
): Promise<SandboxSessionRow> {
  const [updated] = await db
    .update(sandboxCheckoutSessions)
    .set({ lastError: message, attempts: session.attempts + 1 })
    .where(eq(sandboxCheckoutSessions.id, session.id))
    .returning();
  return updated!;
}

/** The session paid, if it was still open; undefined when another submit of the form paid it first. */
export async function markSessionPaid(
  db: Queryable,
  session: SandboxSessionRow,
  paymentRef: string,
  paidAt: Date,
): Promise<SandboxSessionRow | undefined> {
  const [paid] = await db
    .update(sandboxCheckoutSessions)
    .set({ status: 'paid', paymentRef, paidAt, lastError: null, attempts: session.attempts + 1 })
    .where(and(eq(sandboxCheckoutSessions.id, session.id), eq(sandboxCheckoutSessions.status, 'open')))
    .returning();
  return paid;
}

/**
 * Stores a session unless one was made under its idempotency key already, and answers whichever
 * holds that key: a retried checkout gets the same session.
 */
export async function insertSessionOnce(
  db: Database,
  values: typeof sandboxCheckoutSessions.$inferInsert,
): Promise<SandboxSessionRow> {
  const [inserted] = await db
    .insert(sandboxCheckoutSessions)
    .values(values)
    .onConflictDoNothing({ target: sandboxCheckoutSessions.idempotencyKey })
    .returning();
  return (
    inserted ??
    (
      await db
        .select()
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.idempotencyKey, values.idempotencyKey))
    )[0]!
  );
}

/** Expires the session if it is still open. */
export async function expireOpenSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sandboxCheckoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')));
}
