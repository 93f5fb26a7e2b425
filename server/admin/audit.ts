/**
 * The audit log of administrative changes (issue 9): who did what to which record, when, and
 * from where. Written in the transaction of the change it records, so neither stands without
 * the other; read newest first by administrators (GET admin/audit).
 */
import type { AuditEntry } from '@shared/contract/admin-users';
import { auditRows, insertAuditEntry } from '@server/admin/audit-queries';
import type { AuthUser } from '@server/auth/user';
import type { Queryable } from '@server/db/connection';
import { canonicalJson } from '@server/http/idempotency-key';

export const AUDIT_PAGE_SIZE = 50;

export type AuditChange = {
  action: string;
  entity: string;
  entityId: number | string;
  data: Record<string, unknown>;
};

/**
 * What an edit changes, as the audit log records it: { field: { from, to } } for each of `fields`
 * whose value differs. Compared as canonical JSON, so a jsonb value read back with its keys in
 * another order is not a change.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Record<string, { from: unknown; to: unknown }> {
  return Object.fromEntries(
    fields
      .filter((field) => after[field] !== undefined && canonicalJson(before[field]) !== canonicalJson(after[field]))
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
}

export async function recordAudit(
  db: Queryable,
  actor: AuthUser,
  ip: string,
  at: Date,
  change: AuditChange,
): Promise<void> {
  await insertAuditEntry(db, {
    actorUserId: actor.id,
    action: change.action,
    entity: change.entity,
    entityId: String(change.entityId),
    data: change.data,
    ip,
    createdAt: at,
  });
}

export async function auditEntries(
  db: Queryable,
  filter: { entity?: string | undefined; entityId?: string | undefined; page: number },
): Promise<AuditEntry[]> {
  const rows = await auditRows(db, filter, AUDIT_PAGE_SIZE, (filter.page - 1) * AUDIT_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId === null || row.actorEmail === null ? null : { id: row.actorId, email: row.actorEmail },
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    data: row.data ?? null,
  }));
}
