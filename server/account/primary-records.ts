/**
 * The rules the insured's contacts and locations share (issue 6; shared/contract/contacts.ts
 * and locations.ts): whenever an insured has any, exactly one is primary; the first one saved
 * becomes it, marking another primary unmarks it, it cannot simply be unmarked, and deleting it
 * promotes the oldest remaining record (lowest id). A record a bound policy uses is kept.
 *
 * Every change runs in one transaction that first locks the insured's users row, so one
 * insured's changes run one after another: two simultaneous "mark primary" calls (or a delete
 * racing one) cannot both read the same old primary and leave two primaries or none. PGlite
 * runs one transaction at a time anyway; PostgreSQL needs the lock. The partial unique indexes
 * (contacts_one_primary_key, locations_one_primary_key) are the last line: the old primary is
 * always unmarked before the new one is marked.
 */
import type { Deleted } from '@shared/contract/address';
import {
  deleteRecordRow,
  lockUserRow,
  oldestRecordId,
  ownedRecordFlags,
  primaryIdOf,
  recordWithKey,
  setPrimaryFlag,
  type PrimaryTable,
} from '@server/account/primary-record-queries';
import type { Clock } from '@server/clock';
import type { Queryable, Transaction } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import type { submissions } from '@server/db/schema';
import { conflict, notFound, unauthorized } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';

export type { PrimaryTable };

export type AccountDeps = { db: Queryable; clock: Clock };

/** What differs between contacts and locations; the rules above are the same. */
export type PrimaryRecordKind<Row> = {
  table: PrimaryTable;
  /** 'contact', 'location': for messages. */
  noun: string;
  /** The unique index on (user_id, idempotency_key_hash): a lost race on it is a repeat. */
  idempotencyIndex: string;
  /** One record as the API answers it (ownership is checked before this is called). */
  read(db: Queryable, id: number): Promise<Row | undefined>;
  /**
   * Every order using the record, oldest first (`orderUseColumns`), its submissions row locked
   * with `lockOrders` (primary-record-queries.ts; see deleteRecord).
   */
  uses(tx: Transaction, id: number): Promise<OrderUse[]>;
};

/** An order using a record, with its policy when one was issued. */
export type OrderUse = { order: string; status: (typeof submissions.$inferSelect)['status']; policy: string | null };

/** How the service writes its own columns; the primary flag and the owner are decided here. */
export type RecordWriter<Row> = {
  insert(
    tx: Transaction,
    own: {
      userId: number;
      isPrimary: boolean;
      idempotencyKeyHash: string | null;
      idempotencyRequestHash: string | null;
      now: Date;
    },
  ): Promise<Row>;
  update(tx: Transaction, id: number, own: { isPrimary: boolean; now: Date }): Promise<Row>;
};

/** The columns of a new record that are decided here, as `insert` writes them beside its own. */
export const ownColumns = (own: Parameters<RecordWriter<unknown>['insert']>[1]) => ({
  userId: own.userId,
  isPrimary: own.isPrimary,
  idempotencyKeyHash: own.idempotencyKeyHash,
  idempotencyRequestHash: own.idempotencyRequestHash,
  createdAt: own.now,
  updatedAt: own.now,
});

export type SaveRequest = {
  /** Absent: create; present: update that record. */
  id: number | null | undefined;
  /** Absent: keep it (update), or primary only when it is the first (create). */
  isprimary: boolean | undefined;
  /** SHA-256 of the Idempotency-Key header, or null without one (used on create only). */
  idempotencyKeyHash: string | null;
  /** The request as the contract parsed it: a repeat with the key must be the same (requestHash). */
  body: unknown;
};

/**
 * FOR NO KEY UPDATE serialises this insured's changes without blocking other writes that only
 * reference the user (their foreign-key checks take KEY SHARE, which this lock allows).
 *
 * The one lock order of the insured's account: this row first, then whatever else a change
 * locks (the orders' rows: a contact or location delete takes those using it FOR SHARE, a
 * plan-location change its order FOR UPDATE, see changePlan). Taken the other way round
 * anywhere, two changes could each hold what the other waits for: a deadlock.
 */
export async function lockOwner(tx: Transaction, userId: number): Promise<void> {
  // authenticate saw the user a moment ago: only a deletion in between gets here.
  if (!(await lockUserRow(tx, userId))) throw unauthorized('Your account no longer exists');
}

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/** Someone else's record and a missing one are the same 404 (DESIGN.md §5). */
const noSuchRecord = (noun: string) => notFound(`No such ${noun} (or it is not yours)`);

async function ownedRecord(tx: Transaction, kind: PrimaryRecordKind<unknown>, userId: number, id: number) {
  const record = await ownedRecordFlags(tx, kind.table, userId, id);
  if (!record) throw noSuchRecord(kind.noun);
  return record;
}

/** The record an earlier create with this key made, when it was this same request (422 otherwise). */
async function byIdempotencyKey(
  db: Queryable,
  kind: PrimaryRecordKind<unknown>,
  userId: number,
  keyHash: string,
  bodyHash: string,
): Promise<number | undefined> {
  const earlier = await recordWithKey(db, kind.table, userId, keyHash);
  if (earlier && !sameRequest(earlier.requestHash, bodyHash)) throw keyUsedForAnotherRequest(kind.noun);
  return earlier?.id;
}

async function readOwned<Row>(db: Queryable, kind: PrimaryRecordKind<Row>, id: number): Promise<Row> {
  const record = await kind.read(db, id);
  // Only a deletion between our write and this read gets here.
  if (record === undefined) throw noSuchRecord(kind.noun);
  return record;
}

async function create<Row>(
  deps: AccountDeps,
  kind: PrimaryRecordKind<Row>,
  userId: number,
  request: SaveRequest,
  writer: RecordWriter<Row>,
): Promise<{ created: boolean; record: Row }> {
  const { table } = kind;
  const keyHash = request.idempotencyKeyHash;
  // Kept only with a key: without one there is nothing to repeat.
  const bodyHash = keyHash === null ? null : requestHash(request.body);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await lockOwner(tx, userId);
      if (keyHash !== null) {
        const earlier = await byIdempotencyKey(tx, kind, userId, keyHash, bodyHash!);
        if (earlier !== undefined) return { created: false, record: await readOwned(tx, kind, earlier) };
      }
      const primary = await primaryIdOf(tx, table, userId);
      // The first record is primary whatever was asked: one must be whenever any exist.
      const isPrimary = request.isprimary === true || primary === undefined;
      if (isPrimary && primary !== undefined) await setPrimaryFlag(tx, table, primary, false, now);
      const own = { userId, isPrimary, idempotencyKeyHash: keyHash, idempotencyRequestHash: bodyHash, now };
      return { created: true, record: await writer.insert(tx, own) };
    });
  } catch (error) {
    // The owner lock already makes a concurrent repeat wait and then find the first; this covers
    // whatever slips past it (the index is what guarantees one record per key).
    if (keyHash === null || !isUniqueViolation(error, kind.idempotencyIndex)) throw error;
    const earlier = await byIdempotencyKey(deps.db, kind, userId, keyHash, bodyHash!);
    if (earlier === undefined) throw error;
    return { created: false, record: await readOwned(deps.db, kind, earlier) };
  }
}

async function update<Row>(
  deps: AccountDeps,
  kind: PrimaryRecordKind<Row>,
  userId: number,
  id: number,
  isprimary: boolean | undefined,
  writer: RecordWriter<Row>,
): Promise<Row> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const record = await ownedRecord(tx, kind, userId, id);
    if (isprimary === false && record.isPrimary) {
      throw conflict(
        `${capitalised(kind.noun)} ${id} is the primary ${kind.noun}: mark another ${kind.noun} primary instead`,
        { isprimary: `mark another ${kind.noun} primary instead` },
      );
    }
    const isPrimary = record.isPrimary || isprimary === true;
    if (isPrimary && !record.isPrimary) {
      const primary = await primaryIdOf(tx, kind.table, userId);
      if (primary !== undefined) await setPrimaryFlag(tx, kind.table, primary, false, now);
    }
    return writer.update(tx, id, { isPrimary, now });
  });
}

/**
 * Creates (no id) or updates one of the insured's records under the primary rules. A create
 * with an Idempotency-Key already used by this insured creates nothing and answers that record
 * as it is now (`created: false`) when it is the same request; another request is a 422 naming
 * Idempotency-Key. Accepts a transaction too (it then runs in a savepoint).
 */
export async function saveRecord<Row>(
  deps: AccountDeps,
  kind: PrimaryRecordKind<Row>,
  userId: number,
  request: SaveRequest,
  writer: RecordWriter<Row>,
): Promise<{ created: boolean; record: Row }> {
  if (request.id === null || request.id === undefined) return create(deps, kind, userId, request, writer);
  return { created: false, record: await update(deps, kind, userId, request.id, request.isprimary, writer) };
}

/**
 * An order is past the point of no return once bound (or complete), or once a policy was issued
 * for it whatever its status says: what it uses then belongs to that policy.
 */
const BOUND_STATUSES: readonly OrderUse['status'][] = ['bound', 'complete'];
const isBound = (use: OrderUse) => BOUND_STATUSES.includes(use.status) || use.policy !== null;

const SHOWN_USES = 3;

/** Names the uses for a person: "policy P-1 (order Q-2026-000001)", or the order before issue. */
function describeUses(uses: OrderUse[]): string {
  const shown = uses
    .slice(0, SHOWN_USES)
    .map(({ order, policy }) => (policy ? `policy ${policy} (order ${order})` : `order ${order}`));
  return `${shown.join(', ')}${uses.length > SHOWN_USES ? ' and others' : ''}`;
}

/**
 * Deletes one of the insured's records; when it was the primary, the oldest remaining one
 * (lowest id) becomes primary. Refused (409) while a bound order or issued policy uses it: the
 * policy was issued with it. Orders not yet bound keep their own copies (or lose the reference).
 */
export async function deleteRecord(
  deps: AccountDeps,
  kind: PrimaryRecordKind<unknown>,
  userId: number,
  id: number,
): Promise<Deleted> {
  const { table } = kind;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const record = await ownedRecord(tx, kind, userId, id);
    const bound = (await kind.uses(tx, id)).filter(isBound);
    if (bound.length > 0) {
      const named = describeUses(bound);
      throw conflict(`This ${kind.noun} is used by ${named}, so it cannot be deleted`, { id: `is used by ${named}` });
    }
    await deleteRecordRow(tx, table, id);
    if (!record.isPrimary) return { deletedId: id, primaryId: (await primaryIdOf(tx, table, userId)) ?? null };
    const oldest = await oldestRecordId(tx, table, userId);
    if (oldest === undefined) return { deletedId: id, primaryId: null };
    await setPrimaryFlag(tx, table, oldest, true, now);
    return { deletedId: id, primaryId: oldest };
  });
}
