import * as v from 'valibot';
import {
  addressInputEntries,
  flagInputSchema,
  optionalText,
  recordIdInputSchema,
  recordIdSchema,
  recordIdStringSchema,
} from '@shared/contract/address';
import { submissionStatusSchema } from '@shared/contract/submissions';

/**
 * The insured's locations (specification §3 Location, §7 insured/locationlist,
 * saveupdatelocation, deletelocation) and the locations covered by one order (plan locations:
 * §3 Add locations and Plan location update, §7 insured/locations, addlocation,
 * updateplanlocation, deleteplanlocation).
 *
 * Primary rules as for contacts: one primary whenever any exist. A location on a bound policy
 * cannot be deleted (409 with the reason). An order keeps copies of its locations (editing the
 * master record later does not rewrite an order); its primary plan location is the address the
 * order is rated at, so changing it re-rates a quoted order.
 */

export const locationSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  title: v.nullable(v.string()),
  address1: v.string(),
  address2: v.nullable(v.string()),
  city: v.string(),
  state: v.string(),
  zipcode: v.string(),
  isprimary: v.boolean(),
});
export type Location = v.InferOutput<typeof locationSchema>;
export const locationListSchema = v.array(locationSchema);

/**
 * POST insured/saveupdatelocation: create (no id; 201, Idempotency-Key makes a retry safe) or
 * update (id; 200). The ZIP must lie in the state (400 naming zipcode). isprimary as for contacts.
 */
export const saveLocationRequestSchema = v.object({
  id: v.optional(v.nullable(recordIdSchema)),
  title: optionalText(100),
  ...addressInputEntries,
  isprimary: v.optional(flagInputSchema),
});
export type SaveLocationRequest = v.InferInput<typeof saveLocationRequestSchema>;

/** One location as an order covers it: a copy of the master location (`locationId`, null once that is deleted). */
export const planLocationSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  locationId: v.nullable(v.pipe(v.number(), v.integer())),
  title: v.nullable(v.string()),
  address1: v.string(),
  address2: v.nullable(v.string()),
  city: v.string(),
  state: v.string(),
  zipcode: v.string(),
  isprimary: v.boolean(),
});
export type PlanLocation = v.InferOutput<typeof planLocationSchema>;

/**
 * What every plan-location call answers (and GET insured/locations?submissionid): the order's
 * locations after the change, and its price. `rerated` is true when the change moved the order's
 * rating address and the order was priced again; `totalCents` is the order's price for the year
 * (null while a draft). Plan locations change only while the order is draft, quoted or
 * incomplete (409 naming the status otherwise).
 */
export const planLocationsSchema = v.object({
  submissionId: v.pipe(v.number(), v.integer()),
  number: v.string(),
  status: submissionStatusSchema,
  version: v.pipe(v.number(), v.integer()),
  stateCode: v.nullable(v.string()),
  zipcode: v.nullable(v.string()),
  totalCents: v.nullable(v.pipe(v.number(), v.integer())),
  /** totalCents before this change (equal to it when nothing was re-rated). */
  previousTotalCents: v.nullable(v.pipe(v.number(), v.integer())),
  rerated: v.boolean(),
  locations: v.array(planLocationSchema),
});
export type PlanLocations = v.InferOutput<typeof planLocationsSchema>;

/** GET insured/locations?submissionid. */
export const planLocationsQuerySchema = v.object({ submissionid: recordIdInputSchema });

/**
 * A list of location ids as JSON (`[3, 4]`) or as a form sends it: one field repeated, or one
 * field holding "3,4". Empty means none.
 */
export const locationIdListSchema = v.pipe(
  v.union(
    [
      v.array(recordIdInputSchema),
      v.pipe(
        v.string(),
        v.transform((value) =>
          value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== ''),
        ),
        v.array(recordIdStringSchema),
      ),
    ],
    'must be a list of location ids',
  ),
  v.maxLength(100, 'must list at most 100 locations'),
);

/**
 * POST insured/addlocation (form or JSON): copies the insured's locations `addLocationsIds` onto
 * the order and takes `removeLocationsIds` off it. Adding one already on the order changes
 * nothing (a retry is safe). The first location on an order becomes its primary; removing the
 * primary promotes the oldest remaining one. Another insured's location or order is a 404.
 */
export const addLocationsRequestSchema = v.object({
  submissionid: recordIdInputSchema,
  addLocationsIds: v.optional(locationIdListSchema, []),
  removeLocationsIds: v.optional(locationIdListSchema, []),
});

/**
 * PUT insured/updateplanlocation: changes the order's copy of a location (`id` is the plan
 * location's id). With isupdatemaster true, the master location it was copied from changes too.
 */
export const updatePlanLocationRequestSchema = v.object({
  id: recordIdInputSchema,
  submissionId: recordIdInputSchema,
  ...addressInputEntries,
  isupdatemaster: v.optional(flagInputSchema, false),
});

/** DELETE insured/deleteplanlocation?planlocationid&submissionid. */
export const deletePlanLocationQuerySchema = v.object({
  planlocationid: recordIdInputSchema,
  submissionid: recordIdInputSchema,
});
