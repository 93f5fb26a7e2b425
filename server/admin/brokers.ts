/**
 * Brokers for administrators (issue 9): the list, and deactivating or reactivating one. The
 * storefront follows the flag everywhere it is read (server/auth/brokers.ts, routes/brokers.ts):
 * a deactivated broker's client URL is unknown, its orders and policies untouched.
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { AdminBroker } from '@/api/contract/admin-brokers';
import { recordAudit } from '@server/admin/audit';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { brokerSpecialities, brokers, specialities, submissions } from '@server/db/schema';
import { notFound } from '@server/http/http-error';

export type BrokerAdminDeps = { db: Database; clock: Clock };

async function brokersWhere(db: Queryable, ids?: number[]): Promise<AdminBroker[]> {
  const rows = await db
    .select({ id: brokers.id, name: brokers.name, abbreviation: brokers.abbreviation, clientUrl: brokers.clientUrl, active: brokers.active })
    .from(brokers)
    .where(ids ? inArray(brokers.id, ids) : undefined)
    .orderBy(asc(brokers.name), asc(brokers.id));
  if (rows.length === 0) return [];
  const ofThese = rows.map((row) => row.id);
  const sold = await db
    .select({ brokerId: brokerSpecialities.brokerId, id: specialities.id, name: specialities.name, code: brokerSpecialities.randomCode, active: brokerSpecialities.active })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .where(inArray(brokerSpecialities.brokerId, ofThese))
    .orderBy(asc(specialities.sortOrder), asc(specialities.name));
  const orders = await db
    .select({ brokerId: submissions.brokerId, n: count() })
    .from(submissions)
    .where(inArray(submissions.brokerId, ofThese))
    .groupBy(submissions.brokerId);
  return rows.map((row) => ({
    ...row,
    specialities: sold.filter((entry) => entry.brokerId === row.id).map(({ brokerId: _broker, ...entry }) => entry),
    orders: orders.find((entry) => entry.brokerId === row.id)?.n ?? 0,
  }));
}

export const listBrokers = (db: Queryable) => brokersWhere(db);

export async function setBrokerActive(deps: BrokerAdminDeps, actor: AuthUser, ip: string, id: number, active: boolean): Promise<AdminBroker> {
  await deps.db.transaction(async (tx) => {
    const [broker] = await tx.select({ active: brokers.active }).from(brokers).where(eq(brokers.id, id)).for('update');
    if (!broker) throw notFound('No such broker');
    // Already so (a retry, or a second administrator): nothing changes, nothing is recorded.
    if (broker.active === active) return;
    const now = deps.clock.now();
    await tx.update(brokers).set({ active, updatedAt: now }).where(eq(brokers.id, id));
    await recordAudit(tx, actor, ip, now, { action: active ? 'broker.reactivate' : 'broker.deactivate', entity: 'broker', entityId: id, data: { active } });
  });
  const [broker] = await brokersWhere(deps.db, [id]);
  return broker!;
}
