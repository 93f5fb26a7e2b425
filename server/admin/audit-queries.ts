/** The SQL of the audit log: an entry written, and a page of entries read with their actor. */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '@server/db/connection';
import { auditLog, users } from '@server/db/schema';

export async function insertAuditEntry(db: Queryable, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** Entries of this entity (and id) when given, newest first, `limit` from `offset`, with the actor's address. */
export function auditRows(
  db: Queryable,
  filter: { entity?: string | undefined; entityId?: string | undefined },
  limit: number,
  offset: number,
) {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  return db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      actorId: users.id,
      actorEmail: users.email,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      data: auditLog.data,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}
