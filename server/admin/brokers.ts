/**
 * Brokers for administrators (issue 9): the list; creating and editing one (its storefront's
 * client URL, name, abbreviation, logo and what it sells); deactivating or reactivating it. The
 * storefront follows the flag everywhere it is read (server/auth/brokers.ts, routes/brokers.ts):
 * a deactivated broker's client URL is unknown, its orders and policies untouched. Every change
 * is one transaction with its audit entry, and a request that changes nothing records nothing.
 */
import type * as v from 'valibot';
import type { AdminBroker, brokerRequestSchema, ClientUrlCheck } from '@shared/contract/admin-brokers';
import { changedFields, recordAudit } from '@server/admin/audit';
import type { StoredLogo } from '@server/admin/broker-logo';
import {
  brokerRows,
  brokerSpecialityRows,
  clientUrlHolder,
  existingSpecialityIds,
  insertBroker,
  insertBrokerSpeciality,
  lockBroker,
  orderCountsOf,
  setBrokerSpecialitiesActive,
  specialitiesSoldBy,
  updateBrokerRow,
} from '@server/admin/broker-queries';
import { createOnce } from '@server/admin/create-once';
import { randomCode } from '@server/admin/random-code';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { badRequest, conflict, notFound } from '@server/http/http-error';

type BrokerInput = v.InferOutput<typeof brokerRequestSchema>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type BrokerAdminDeps = { db: Database; clock: Clock };

async function brokersWhere(db: Queryable, ids?: number[]): Promise<AdminBroker[]> {
  const rows = await brokerRows(db, ids);
  if (rows.length === 0) return [];
  const ofThese = rows.map((row) => row.id);
  const sold = await specialitiesSoldBy(db, ofThese);
  const orders = await orderCountsOf(db, ofThese);
  return rows.map(({ image, imageMime, ...row }) => ({
    ...row,
    logo:
      image && (imageMime === 'image/png' || imageMime === 'image/jpeg') ? { mime: imageMime, base64: image } : null,
    specialities: sold.filter((entry) => entry.brokerId === row.id).map(({ brokerId: _broker, ...entry }) => entry),
    orders: orders.find((entry) => entry.brokerId === row.id)?.n ?? 0,
  }));
}

export const listBrokers = (db: Queryable) => brokersWhere(db);

export async function setBrokerActive(
  deps: BrokerAdminDeps,
  actor: AuthUser,
  ip: string,
  id: number,
  active: boolean,
): Promise<AdminBroker> {
  await deps.db.transaction(async (tx) => {
    const broker = await lockBroker(tx, id);
    if (!broker) throw notFound('No such broker');
    // Already so (a retry, or a second administrator): nothing changes, nothing is recorded.
    if (broker.active === active) return;
    const now = deps.clock.now();
    await updateBrokerRow(tx, id, { active, updatedAt: now });
    await recordAudit(tx, actor, ip, now, {
      action: active ? 'broker.reactivate' : 'broker.deactivate',
      entity: 'broker',
      entityId: id,
      data: { active },
    });
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
export async function checkClientUrl(
  db: Queryable,
  clientUrl: string,
  except: number | undefined,
): Promise<ClientUrlCheck> {
  const holder = await clientUrlHolder(db, clientUrl, except);
  return { clientUrl, available: !holder, takenBy: holder?.name ?? null };
}

/** 400 naming specialityIds when one of them is not a speciality at all; retired ones may still be chosen. */
async function requireSpecialities(tx: Tx, ids: number[]): Promise<void> {
  const found = await existingSpecialityIds(tx, ids);
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length > 0) {
    throw badRequest(`No speciality has the id ${missing.join(', ')}`, {
      specialityIds: `names no speciality: ${missing.join(', ')}`,
    });
  }
}

/**
 * Makes the broker sell exactly `ids`: a new one gets a fresh code (retried on the rare
 * collision), one sold before and left out is switched off with its code kept, one switched off
 * before and named again is switched back on with its old code. Answers what changed.
 */
async function sellExactly(tx: Tx, brokerId: number, ids: number[]): Promise<{ added: number[]; removed: number[] }> {
  const existing = await brokerSpecialityRows(tx, brokerId);
  const wanted = new Set(ids);
  const removed = existing.filter((row) => row.active && !wanted.has(row.specialityId));
  const revived = existing.filter((row) => !row.active && wanted.has(row.specialityId));
  const fresh = ids.filter((id) => !existing.some((row) => row.specialityId === id));
  if (removed.length > 0) {
    await setBrokerSpecialitiesActive(
      tx,
      removed.map((row) => row.id),
      false,
    );
  }
  if (revived.length > 0) {
    await setBrokerSpecialitiesActive(
      tx,
      revived.map((row) => row.id),
      true,
    );
  }
  for (const specialityId of fresh) {
    // Codes are unique across brokers; a collision (1 in 32^8 per pair) draws again.
    let sold = false;
    while (!sold) sold = await insertBrokerSpeciality(tx, brokerId, specialityId, randomCode());
  }
  return {
    added: [...fresh, ...revived.map((row) => row.specialityId)].sort((a, b) => a - b),
    removed: removed.map((row) => row.specialityId).sort((a, b) => a - b),
  };
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** Whether `broker` already is what `input` asks for: a retried create answers it instead of a 409. */
const isAlready = (broker: AdminBroker, input: BrokerInput) =>
  broker.name === input.name &&
  broker.abbreviation === input.abbreviation &&
  sameSet(
    broker.specialities.filter((entry) => entry.active).map((entry) => entry.id),
    input.specialityIds,
  );

/**
 * POST admin/brokers. The client URL is the broker's natural key: a create repeated (a retry
 * after a lost answer) finds the broker it made and answers it with `created: false`; a
 * different broker already holding the client URL is a 409 naming clientUrl.
 */
export async function createBroker(
  deps: BrokerAdminDeps,
  actor: AuthUser,
  ip: string,
  input: BrokerInput,
): Promise<{ created: boolean; broker: AdminBroker }> {
  const holderOf = async () => {
    const holder = await clientUrlHolder(deps.db, input.clientUrl);
    if (!holder) return null;
    const broker = await brokerById(deps.db, holder.id);
    if (isAlready(broker, input)) return { created: false, broker };
    throw clientUrlTaken(input.clientUrl, holder.name);
  };
  return createOnce(holderOf, async () => {
    const id = await deps.db.transaction(async (tx) => {
      await requireSpecialities(tx, input.specialityIds);
      const now = deps.clock.now();
      const id = await insertBroker(tx, {
        name: input.name,
        abbreviation: input.abbreviation,
        clientUrl: input.clientUrl,
        createdAt: now,
        updatedAt: now,
      });
      await sellExactly(tx, id, input.specialityIds);
      await recordAudit(tx, actor, ip, now, {
        action: 'broker.create',
        entity: 'broker',
        entityId: id,
        data: { ...input },
      });
      return id;
    });
    return { created: true, broker: await brokerById(deps.db, id) };
  });
}

/**
 * PUT admin/brokers/{id}: the whole editable record. Only what differs is written and recorded
 * (the audit entry lists each changed field, from → to); a repeat records nothing.
 */
export async function updateBroker(
  deps: BrokerAdminDeps,
  actor: AuthUser,
  ip: string,
  id: number,
  input: BrokerInput,
): Promise<AdminBroker> {
  try {
    await deps.db.transaction(async (tx) => {
      const broker = await lockBroker(tx, id);
      if (!broker) throw notFound('No such broker');
      await requireSpecialities(tx, input.specialityIds);
      const holder = await clientUrlHolder(tx, input.clientUrl, id);
      if (holder) throw clientUrlTaken(input.clientUrl, holder.name);
      const changes = changedFields(broker, input, ['name', 'abbreviation', 'clientUrl']);
      const now = deps.clock.now();
      if (Object.keys(changes).length > 0) {
        await updateBrokerRow(tx, id, {
          name: input.name,
          abbreviation: input.abbreviation,
          clientUrl: input.clientUrl,
          updatedAt: now,
        });
      }
      const sold = await sellExactly(tx, id, input.specialityIds);
      const soldChanged = sold.added.length > 0 || sold.removed.length > 0;
      if (Object.keys(changes).length === 0 && !soldChanged) return;
      await recordAudit(tx, actor, ip, now, {
        action: 'broker.update',
        entity: 'broker',
        entityId: id,
        data: {
          ...changes,
          ...(soldChanged ? { specialitiesAdded: sold.added, specialitiesRemoved: sold.removed } : {}),
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw clientUrlTaken(input.clientUrl, 'another broker');
    throw error;
  }
  return brokerById(deps.db, id);
}

/** PUT admin/brokers/{id}/logo and DELETE: the logo replaced (already redrawn) or removed; the same again records nothing. */
export async function setBrokerLogo(
  deps: BrokerAdminDeps,
  actor: AuthUser,
  ip: string,
  id: number,
  logo: StoredLogo | null,
): Promise<AdminBroker> {
  await deps.db.transaction(async (tx) => {
    const broker = await lockBroker(tx, id);
    if (!broker) throw notFound('No such broker');
    if ((broker.image ?? null) === (logo?.base64 ?? null) && (logo === null || broker.mime === logo.mime)) return;
    const now = deps.clock.now();
    await updateBrokerRow(tx, id, {
      profileImage: logo?.base64 ?? null,
      profileImageMime: logo?.mime ?? null,
      updatedAt: now,
    });
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
