/**
 * Brokers for administrators (issue 9): the list; creating and editing one (its storefront's
 * client URL, name, abbreviation, logo and what it sells); deactivating or reactivating it. The
 * storefront follows the flag everywhere it is read (server/auth/brokers.ts, routes/brokers.ts):
 * a deactivated broker's client URL is unknown, its orders and policies untouched. Every change
 * is one transaction with its audit entry, and a request that changes nothing records nothing.
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type * as v from 'valibot';
import type { AdminBroker, brokerRequestSchema, ClientUrlCheck } from '@/api/contract/admin-brokers';
import { changedFields, recordAudit } from '@server/admin/audit';
import type { StoredLogo } from '@server/admin/broker-logo';
import { createOnce } from '@server/admin/create-once';
import { randomCode } from '@server/admin/random-code';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { brokerSpecialities, brokers, specialities, submissions } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/errors';
import { badRequest, conflict, notFound } from '@server/http/http-error';

type BrokerInput = v.InferOutput<typeof brokerRequestSchema>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type BrokerAdminDeps = { db: Database; clock: Clock };

async function brokersWhere(db: Queryable, ids?: number[]): Promise<AdminBroker[]> {
  const rows = await db
    .select({
      id: brokers.id,
      name: brokers.name,
      abbreviation: brokers.abbreviation,
      clientUrl: brokers.clientUrl,
      active: brokers.active,
      image: brokers.profileImage,
      imageMime: brokers.profileImageMime,
    })
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
  return rows.map(({ image, imageMime, ...row }) => ({
    ...row,
    logo: image && (imageMime === 'image/png' || imageMime === 'image/jpeg') ? { mime: imageMime, base64: image } : null,
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
  return brokerById(deps.db, id);
}

async function brokerById(db: Queryable, id: number): Promise<AdminBroker> {
  const [broker] = await brokersWhere(db, [id]);
  if (!broker) throw notFound('No such broker');
  return broker;
}

const clientUrlTaken = (clientUrl: string, by: string) =>
  conflict(`The client URL "${clientUrl}" is already ${by}’s`, { clientUrl: `is already ${by}’s` });

/** GET admin/brokers/clienturl: whether a client URL is free, `except` the broker being edited. */
export async function checkClientUrl(db: Queryable, clientUrl: string, except: number | undefined): Promise<ClientUrlCheck> {
  const [holder] = await db
    .select({ name: brokers.name })
    .from(brokers)
    .where(and(eq(brokers.clientUrl, clientUrl), except === undefined ? undefined : ne(brokers.id, except)));
  return { clientUrl, available: !holder, takenBy: holder?.name ?? null };
}

/** 400 naming specialityIds when one of them is not a speciality at all; retired ones may still be chosen. */
async function requireSpecialities(tx: Tx, ids: number[]): Promise<void> {
  const found = await tx.select({ id: specialities.id }).from(specialities).where(inArray(specialities.id, ids));
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) {
    throw badRequest(`No speciality has the id ${missing.join(', ')}`, { specialityIds: `names no speciality: ${missing.join(', ')}` });
  }
}

/**
 * Makes the broker sell exactly `ids`: a new one gets a fresh code (retried on the rare
 * collision), one sold before and left out is switched off with its code kept, one switched off
 * before and named again is switched back on with its old code. Answers what changed.
 */
async function sellExactly(tx: Tx, brokerId: number, ids: number[]): Promise<{ added: number[]; removed: number[] }> {
  const existing = await tx
    .select({ id: brokerSpecialities.id, specialityId: brokerSpecialities.specialityId, active: brokerSpecialities.active })
    .from(brokerSpecialities)
    .where(eq(brokerSpecialities.brokerId, brokerId));
  const wanted = new Set(ids);
  const removed = existing.filter((row) => row.active && !wanted.has(row.specialityId));
  const revived = existing.filter((row) => !row.active && wanted.has(row.specialityId));
  const fresh = ids.filter((id) => !existing.some((row) => row.specialityId === id));
  if (removed.length > 0) {
    await tx.update(brokerSpecialities).set({ active: false }).where(inArray(brokerSpecialities.id, removed.map((row) => row.id)));
  }
  if (revived.length > 0) {
    await tx.update(brokerSpecialities).set({ active: true }).where(inArray(brokerSpecialities.id, revived.map((row) => row.id)));
  }
  for (const specialityId of fresh) {
    // Codes are unique across brokers; a collision (1 in 32^8 per pair) draws again.
    for (;;) {
      const inserted = await tx
        .insert(brokerSpecialities)
        .values({ brokerId, specialityId, randomCode: randomCode() })
        .onConflictDoNothing({ target: brokerSpecialities.randomCode })
        .returning({ id: brokerSpecialities.id });
      if (inserted.length > 0) break;
    }
  }
  return { added: [...fresh, ...revived.map((row) => row.specialityId)].sort((a, b) => a - b), removed: removed.map((row) => row.specialityId).sort((a, b) => a - b) };
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** Whether `broker` already is what `input` asks for: a retried create answers it instead of a 409. */
const isAlready = (broker: AdminBroker, input: BrokerInput) =>
  broker.name === input.name &&
  broker.abbreviation === input.abbreviation &&
  sameSet(broker.specialities.filter((entry) => entry.active).map((entry) => entry.id), input.specialityIds);

/**
 * POST admin/brokers. The client URL is the broker's natural key: a create repeated (a retry
 * after a lost answer) finds the broker it made and answers it with `created: false`; a
 * different broker already holding the client URL is a 409 naming clientUrl.
 */
export async function createBroker(deps: BrokerAdminDeps, actor: AuthUser, ip: string, input: BrokerInput): Promise<{ created: boolean; broker: AdminBroker }> {
  const holderOf = async () => {
    const [holder] = await deps.db.select({ id: brokers.id, name: brokers.name }).from(brokers).where(eq(brokers.clientUrl, input.clientUrl));
    if (!holder) return null;
    const broker = await brokerById(deps.db, holder.id);
    if (isAlready(broker, input)) return { created: false, broker };
    throw clientUrlTaken(input.clientUrl, holder.name);
  };
  return createOnce(holderOf, async () => {
    const id = await deps.db.transaction(async (tx) => {
      await requireSpecialities(tx, input.specialityIds);
      const now = deps.clock.now();
      const [row] = await tx
        .insert(brokers)
        .values({ name: input.name, abbreviation: input.abbreviation, clientUrl: input.clientUrl, createdAt: now, updatedAt: now })
        .returning({ id: brokers.id });
      await sellExactly(tx, row!.id, input.specialityIds);
      await recordAudit(tx, actor, ip, now, { action: 'broker.create', entity: 'broker', entityId: row!.id, data: { ...input } });
      return row!.id;
    });
    return { created: true, broker: await brokerById(deps.db, id) };
  });
}

/**
 * PUT admin/brokers/{id}: the whole editable record. Only what differs is written and recorded
 * (the audit entry lists each changed field, from → to); a repeat records nothing.
 */
export async function updateBroker(deps: BrokerAdminDeps, actor: AuthUser, ip: string, id: number, input: BrokerInput): Promise<AdminBroker> {
  try {
    await deps.db.transaction(async (tx) => {
      const [broker] = await tx
        .select({ name: brokers.name, abbreviation: brokers.abbreviation, clientUrl: brokers.clientUrl })
        .from(brokers)
        .where(eq(brokers.id, id))
        .for('update');
      if (!broker) throw notFound('No such broker');
      await requireSpecialities(tx, input.specialityIds);
      const [holder] = await tx
        .select({ name: brokers.name })
        .from(brokers)
        .where(and(eq(brokers.clientUrl, input.clientUrl), ne(brokers.id, id)));
      if (holder) throw clientUrlTaken(input.clientUrl, holder.name);
      const changes = changedFields(broker, input, ['name', 'abbreviation', 'clientUrl']);
      const now = deps.clock.now();
      if (Object.keys(changes).length > 0) {
        await tx.update(brokers).set({ name: input.name, abbreviation: input.abbreviation, clientUrl: input.clientUrl, updatedAt: now }).where(eq(brokers.id, id));
      }
      const sold = await sellExactly(tx, id, input.specialityIds);
      const soldChanged = sold.added.length > 0 || sold.removed.length > 0;
      if (Object.keys(changes).length === 0 && !soldChanged) return;
      await recordAudit(tx, actor, ip, now, {
        action: 'broker.update',
        entity: 'broker',
        entityId: id,
        data: { ...changes, ...(soldChanged ? { specialitiesAdded: sold.added, specialitiesRemoved: sold.removed } : {}) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw clientUrlTaken(input.clientUrl, 'another broker');
    throw error;
  }
  return brokerById(deps.db, id);
}

/** PUT admin/brokers/{id}/logo and DELETE: the logo replaced (already redrawn) or removed; the same again records nothing. */
export async function setBrokerLogo(deps: BrokerAdminDeps, actor: AuthUser, ip: string, id: number, logo: StoredLogo | null): Promise<AdminBroker> {
  await deps.db.transaction(async (tx) => {
    const [broker] = await tx
      .select({ image: brokers.profileImage, mime: brokers.profileImageMime })
      .from(brokers)
      .where(eq(brokers.id, id))
      .for('update');
    if (!broker) throw notFound('No such broker');
    if ((broker.image ?? null) === (logo?.base64 ?? null) && (logo === null || broker.mime === logo.mime)) return;
    const now = deps.clock.now();
    await tx
      .update(brokers)
      .set({ profileImage: logo?.base64 ?? null, profileImageMime: logo?.mime ?? null, updatedAt: now })
      .where(eq(brokers.id, id));
    await recordAudit(tx, actor, ip, now, {
      action: logo ? 'broker.logo' : 'broker.logo.remove',
      entity: 'broker',
      entityId: id,
      data: logo ? { mime: logo.mime, width: logo.width, height: logo.height } : {},
    });
  });
  return brokerById(deps.db, id);
}

/** GET admin/brokers/{id}: one broker as the list shows it. */
export const readBroker = (db: Queryable, id: number) => brokerById(db, id);
