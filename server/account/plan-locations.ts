/**
 * The locations an order covers (specification §3 Add locations, Plan location update; §7
 * insured/locations, addlocation, updateplanlocation, deleteplanlocation). An order keeps copies
 * of the insured's master locations, so editing a master record later does not rewrite an order.
 *
 * Its primary plan location is its rating address. Every change runs in one transaction that
 * first locks the insured (lockOwner: the account's one lock order, the insured before the
 * order, so a contact or location delete cannot deadlock with it), then claims the order's
 * version (so two changes at once give one 409, not a mixed state or a unique-index 500), then
 * checks again the master records it links to (gone meanwhile: a 404, not a foreign-key
 * failure), writes the plan locations, then, when the primary's state or ZIP is no longer the
 * order's, prices it again there through the submission pricing (a draft only takes the new
 * address) and saves it with its history event. A refusal anywhere, a state that cannot be
 * priced above all, undoes the whole change.
 */
import type * as v from 'valibot';
import type {
  addLocationsRequestSchema,
  PlanLocation,
  PlanLocations,
  updatePlanLocationRequestSchema,
} from '@shared/contract/locations';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { checkAddress } from '@server/account/address-check';
import { updateUsersLocation, usersLocations, type LocationRow } from '@server/account/location-queries';
import {
  addPlanLocations,
  claimSubmissionVersion,
  deletePlanLocationOn,
  deletePlanLocationsOf,
  insertPlanLocation,
  makeLinkedPlanPrimary,
  markPlanLocationPrimary,
  oldestPlanLocationId,
  planLocationLinks,
  planLocationOn,
  planOrderRow,
  planRows,
  primaryPlanLocation,
  updatePlanAddress,
} from '@server/account/plan-location-queries';
import { lockOwner } from '@server/account/primary-records';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable, Transaction } from '@server/db/connection';
import { badRequest, conflict, notFound } from '@server/http/http-error';
import { createRatingCatalog, type RatingCatalog } from '@server/rating/rating-catalog';
import {
  changedMeanwhile,
  ownedSubmission,
  type SubmissionCaller,
  type SubmissionRow,
} from '@server/submissions/access';
import { priceAt } from '@server/submissions/submission-pricing';
import { saveWithHistory } from '@server/submissions/versioned-save';

export type PlanLocationDeps = { db: Database; catalog: RatingCatalog; clock: Clock };

type AddInput = v.InferOutput<typeof addLocationsRequestSchema>;
type UpdateInput = v.InferOutput<typeof updatePlanLocationRequestSchema>;
type SubmissionChanges = Parameters<typeof saveWithHistory>[4];

/** The statuses in which an order's locations may change: its price is not settled yet. */
export const PLAN_EDITABLE_STATUSES = ['draft', 'quoted', 'incomplete'] as const satisfies readonly SubmissionStatus[];
/** Orders priced already: a new rating address prices them again. A draft only takes the address. */
const RATED_STATUSES: readonly SubmissionStatus[] = ['quoted', 'incomplete'];

export const callerOf = (user: AuthUser): SubmissionCaller => ({ user, quoteKeyHash: undefined });

/** The caller's order, when its locations may change (404 when not theirs, 409 naming its status). */
export async function editableOrder(db: Queryable, user: AuthUser, submissionId: number): Promise<SubmissionRow> {
  const row = await ownedSubmission(db, callerOf(user), submissionId);
  if (!(PLAN_EDITABLE_STATUSES as readonly string[]).includes(row.status)) {
    throw conflict(
      `Order ${row.number} is ${row.status}: its locations change only while it is draft, quoted or incomplete`,
      {
        status: `is ${row.status}`,
      },
    );
  }
  return row;
}

export const noSuchLocation = () => notFound('No such location (or it is not yours)');
const noSuchPlanLocation = () => notFound('No such location on this order');

/** The caller's master locations with these ids; 404 when any is missing or someone else's. */
export async function ownLocations(db: Queryable, userId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await usersLocations(db, userId, unique);
  if (rows.length !== unique.length) throw noSuchLocation();
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Reading an order's plan

/**
 * The order's locations, the primary (its rating address) first, then as they were added. No
 * ownership check: callers check who may read the order (the owner here, the desk's role).
 */
export async function planOf(db: Queryable, submissionId: number): Promise<PlanLocation[]> {
  return planRows(db, submissionId);
}

/** The price the answer shows: none while a draft (a draft's premium is not a price yet). */
const totalOf = (row: { status: SubmissionStatus; premiumCents: number | null }) =>
  row.status === 'draft' ? null : row.premiumCents;

async function answer(
  db: Queryable,
  submissionId: number,
  previousTotalCents: number | null,
  rerated: boolean,
): Promise<PlanLocations> {
  const row = await planOrderRow(db, submissionId);
  const totalCents = totalOf(row!);
  return {
    submissionId: row!.id,
    number: row!.number,
    status: row!.status,
    version: row!.version,
    stateCode: row!.stateCode,
    zipcode: row!.zipcode,
    totalCents,
    previousTotalCents: rerated ? previousTotalCents : totalCents,
    rerated,
    locations: await planOf(db, submissionId),
  };
}

/** GET insured/locations?submissionid. */
export async function orderLocations(
  deps: PlanLocationDeps,
  user: AuthUser,
  submissionId: number,
): Promise<PlanLocations> {
  const row = await ownedSubmission(deps.db, callerOf(user), submissionId);
  return answer(deps.db, row.id, null, false);
}

// ---------------------------------------------------------------------------------------------
// The one way an order's plan changes

/** What a change did to the plan; `changed` false answers the order as it is (a retry, say). */
export type PlanEdit = { changed: boolean; submission?: SubmissionChanges };

/**
 * Runs `edit` on the order's plan in one transaction with the re-rate and the versioned save.
 * `row` is the order as just read (editableOrder): a change since then is a 409. `edit` runs
 * with the insured's row locked, which every delete of their contacts and locations takes
 * first: a master record it finds there stays until the transaction ends.
 */
export async function changePlan(
  deps: PlanLocationDeps,
  user: AuthUser,
  row: SubmissionRow,
  edit: (tx: Transaction) => Promise<PlanEdit>,
): Promise<PlanLocations> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The insured before the order, as every change of the account locks them (lockOwner).
    // The order is theirs (editableOrder checked it), so this is its owner's row.
    await lockOwner(tx, user.id);
    // Claimed next: a concurrent change waits here, then finds the version moved on.
    if (!(await claimSubmissionVersion(tx, row.id, row.version))) throw changedMeanwhile();

    const { changed, submission = {} } = await edit(tx);
    if (!changed) return answer(tx, row.id, null, false);

    await ensurePrimary(tx, row.id);
    const primary = await primaryPlanLocation(tx, row.id);
    const moved = primary !== undefined && (primary.state !== row.stateCode || primary.zipcode !== row.zipcode);
    const fromTotalCents = totalOf(row);
    let totalCents = fromTotalCents;
    let rerated = false;
    const changes: SubmissionChanges = { ...submission };
    if (moved) {
      changes.stateCode = primary.state;
      changes.zipcode = primary.zipcode;
      if (RATED_STATUSES.includes(row.status)) {
        // Priced through this transaction (a catalog of its own): on PGlite, a query on the
        // database outside it would wait for it to end.
        const calculation = await priceAt({ db: tx, catalog: createRatingCatalog(tx) }, row, primary);
        Object.assign(changes, {
          worksheet: calculation,
          premiumCents: calculation.totalCents,
          rateTableId: calculation.rateTableId,
        });
        totalCents = calculation.totalCents;
        rerated = true;
      }
    }
    const state = changes.stateCode ?? row.stateCode;
    const zipcode = changes.zipcode ?? row.zipcode;
    await saveWithHistory(tx, callerOf(user), row, now, changes, {
      event: 'locations',
      toStatus: row.status,
      data: { fromTotalCents, totalCents, zipcode, state },
    });
    return answer(tx, row.id, fromTotalCents, rerated);
  });
}

/** One primary whenever the order has any location: the oldest remaining one, when none is. */
async function ensurePrimary(tx: Transaction, submissionId: number): Promise<void> {
  if (await primaryPlanLocation(tx, submissionId)) return;
  const oldest = await oldestPlanLocationId(tx, submissionId);
  if (oldest !== undefined) await markPlanLocationPrimary(tx, oldest);
}

/** An order's copy of a master location: the address as it is now. */
export const copyOf = (location: LocationRow) => ({
  address1: location.address1,
  address2: location.address2,
  city: location.city,
  state: location.state,
  zipcode: location.zipcode,
});

// ---------------------------------------------------------------------------------------------
// The calls

/**
 * POST insured/addlocation. Both lists hold master location ids, all the caller's (404 before
 * anything changes otherwise, also when one is deleted while this waits for the insured's lock:
 * they are read again under it). Removing the primary promotes the oldest location left from
 * before; an order left with no primary takes the insured's primary location when it is among
 * those added, else the first one added.
 */
export async function addLocations(deps: PlanLocationDeps, user: AuthUser, input: AddInput): Promise<PlanLocations> {
  const addIds = [...new Set(input.addLocationsIds)];
  const removeIds = [...new Set(input.removeLocationsIds)];
  const both = addIds.filter((id) => removeIds.includes(id));
  if (both.length) {
    throw badRequest(`Location ${both[0]} is both added and removed: send it in one list only`, {
      removeLocationsIds: `also lists ${both.join(', ')}, which addLocationsIds adds`,
    });
  }
  const row = await editableOrder(deps.db, user, input.submissionid);
  // Checked before the transaction too, so a wrong id is a 404 without waiting for any lock.
  await ownLocations(deps.db, user.id, [...addIds, ...removeIds]);

  return changePlan(deps, user, row, async (tx) => {
    // Read again under the insured's lock: deleted meanwhile is a 404, not a broken foreign key.
    const masters = await ownLocations(tx, user.id, [...addIds, ...removeIds]);
    const byId = new Map(masters.map((location) => [location.id, location]));
    const removed = removeIds.length ? await deletePlanLocationsOf(tx, row.id, removeIds) : [];
    if (removed.some((plan) => plan.isPrimary)) await ensurePrimary(tx, row.id);

    const present = addIds.length ? await planLocationLinks(tx, row.id) : [];
    const toAdd = addIds.filter((id) => !present.some((plan) => plan.locationId === id));
    if (toAdd.length) {
      const now = deps.clock.now();
      const hasPrimary = present.some((plan) => plan.isPrimary);
      const primaryId = hasPrimary ? undefined : (toAdd.find((id) => byId.get(id)!.isPrimary) ?? toAdd[0]);
      // Already there (a retry): the copy it has stays as it is.
      await addPlanLocations(
        tx,
        toAdd.map((id) => ({
          submissionId: row.id,
          locationId: id,
          ...copyOf(byId.get(id)!),
          isPrimary: id === primaryId,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    return { changed: removed.length > 0 || toAdd.length > 0 };
  });
}

/**
 * PUT insured/updateplanlocation: the order's copy takes the address; with isupdatemaster the
 * master location it was copied from does too (none left to change once that was deleted).
 */
export async function updatePlanLocation(
  deps: PlanLocationDeps,
  user: AuthUser,
  input: UpdateInput,
): Promise<PlanLocations> {
  const row = await editableOrder(deps.db, user, input.submissionId);
  // Read before the transaction: its version claim then vouches that nobody changed it since.
  const plan = await planLocationOn(deps.db, row.id, input.id);
  if (!plan) throw noSuchPlanLocation();
  await checkAddress(deps.db, input);
  const address = {
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    state: input.state,
    zipcode: input.zipcode,
  };
  const now = deps.clock.now();

  return changePlan(deps, user, row, async (tx) => {
    if (input.isupdatemaster && plan.locationId !== null) {
      await updateUsersLocation(tx, user.id, plan.locationId, { ...address, updatedAt: now });
    }
    const same = (Object.keys(address) as (keyof typeof address)[]).every((key) => plan[key] === address[key]);
    if (same) return { changed: false };
    await updatePlanAddress(tx, plan.id, address, now);
    return { changed: true };
  });
}

/** DELETE insured/deleteplanlocation: the primary gone, the oldest remaining location is. */
export async function deletePlanLocation(
  deps: PlanLocationDeps,
  user: AuthUser,
  input: { planlocationid: number; submissionid: number },
): Promise<PlanLocations> {
  const row = await editableOrder(deps.db, user, input.submissionid);
  return changePlan(deps, user, row, async (tx) => {
    if (!(await deletePlanLocationOn(tx, row.id, input.planlocationid))) throw noSuchPlanLocation();
    return { changed: true };
  });
}

/**
 * The order's primary plan location takes `address` (insured/updateprimaryinsuredwithlocation).
 * An order without one gets one, linked to `locationId` when given; an existing one keeps the
 * master record it was copied from. Answers whether anything changed.
 */
export async function setPrimaryAddress(
  tx: Transaction,
  submissionId: number,
  address: { address1: string; address2: string | null; city: string; state: string; zipcode: string },
  locationId: number | null,
  now: Date,
): Promise<boolean> {
  const primary = await primaryPlanLocation(tx, submissionId);
  if (!primary) {
    // An order with locations always has a primary; should an old one lack it, the location
    // named is made primary rather than copied twice.
    const linked =
      locationId === null ? undefined : await makeLinkedPlanPrimary(tx, submissionId, locationId, address, now);
    if (linked === undefined) {
      await insertPlanLocation(tx, {
        submissionId,
        locationId,
        ...address,
        isPrimary: true,
        createdAt: now,
        updatedAt: now,
      });
    }
    return true;
  }
  const same = (Object.keys(address) as (keyof typeof address)[]).every((key) => primary[key] === address[key]);
  if (same) return false;
  await updatePlanAddress(tx, primary.id, address, now);
  return true;
}
