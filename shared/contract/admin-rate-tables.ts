import * as v from 'valibot';
import { recordIdInputSchema, recordIdSchema, stateCodeSchema } from '@shared/contract/address';

/**
 * Rating tables for administrators (issue 9; beyond the specification): role admin only. A table
 * is never edited in place: a change is a new version, and the one before stops pricing new
 * quotes. A quote keeps the version it was priced with (submissions.rate_table_id), so an old
 * quote's price never changes behind its insured's back.
 */

const integer = v.pipe(v.number(), v.integer());
/** Whole cents, up to ten million dollars. */
const centsSchema = v.pipe(
  v.number('must be a number of cents'),
  v.integer('must be whole cents'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(1_000_000_000, 'must be at most 1000000000 (ten million dollars)'),
);
/** Basis points of a rate, 0 to 100 %. */
const bpsSchema = v.pipe(
  v.number('must be a number of basis points'),
  v.integer('must be whole basis points'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(10_000, 'must be at most 10000 (100 %)'),
);

/** A tail's price, in basis points of the annual premium: up to 500 %. */
const erpBpsSchema = v.pipe(
  v.number('must be a number of basis points'),
  v.integer('must be whole basis points'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(50_000, 'must be at most 50000 (500 %)'),
);

/**
 * The Extended Reporting Period (tail) a cancelled or expired claims-made policy priced with the
 * table can buy, by its length in years, in basis points of the annual premium (16 000 = 160 %):
 * a longer tail never costs less.
 */
export const erpPercentBpsSchema = v.pipe(
  v.object({ '1': erpBpsSchema, '2': erpBpsSchema, '3': erpBpsSchema }),
  v.check(
    (bps) => bps['1'] <= bps['2'] && bps['2'] <= bps['3'],
    'must not fall as the tail lengthens (1 ≤ 2 ≤ 3 years)',
  ),
);

/** GET admin/ratetables?specialityId&state: every version, newest first. */
export const rateTableQuerySchema = v.object({ specialityId: recordIdInputSchema, state: stateCodeSchema });

export const rateTableVersionSchema = v.object({
  id: integer,
  version: integer,
  /** The one that prices new quotes (at most one per speciality and state). */
  active: v.boolean(),
  createdAt: v.string(),
  createdBy: v.nullable(v.object({ id: integer, email: v.string() })),
  basePremiumCents: integer,
  minPremiumCents: integer,
  policyFeeCents: integer,
  taxRateBps: integer,
  feeRateBps: integer,
  /** The tail's price by its length in years ("1", "2", "3"), in basis points of the annual premium. */
  erpPercentBps: v.object({ '1': integer, '2': integer, '3': integer }),
  /** Territory, limit (ILF), deductible (DLF) and experience factors, and the schedule cap. */
  factors: v.record(v.string(), v.unknown()),
  /** Orders priced with this version. */
  quotes: integer,
});
export type RateTableVersion = v.InferOutput<typeof rateTableVersionSchema>;

export const rateTableVersionsSchema = v.array(rateTableVersionSchema);

/**
 * POST admin/ratetables: a new version of the table of one speciality in one state, from the
 * version the administrator looked at (`basedOnVersion`: 409 naming it when another change came
 * first). What is left out is kept. Sending what is already in force answers the version in
 * force and makes none (a retry is safe).
 */
export const newRateTableVersionSchema = v.object({
  specialityId: recordIdSchema,
  stateCode: stateCodeSchema,
  basedOnVersion: v.pipe(
    v.number('must be the version you changed'),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be at least 1'),
  ),
  // A table never prices cover at nothing.
  basePremiumCents: v.optional(v.pipe(centsSchema, v.minValue(1, 'must be at least 1 cent'))),
  minPremiumCents: v.optional(v.pipe(centsSchema, v.minValue(1, 'must be at least 1 cent'))),
  policyFeeCents: v.optional(centsSchema),
  taxRateBps: v.optional(bpsSchema),
  feeRateBps: v.optional(bpsSchema),
  erpPercentBps: v.optional(erpPercentBpsSchema),
});
export type NewRateTableVersion = v.InferOutput<typeof newRateTableVersionSchema>;

/** GET admin/ratetables/export?specialityId&state&version: a version as CSV (the one in force when none is named). */
export const rateTableExportQuerySchema = v.object({
  ...rateTableQuerySchema.entries,
  version: v.optional(recordIdInputSchema),
});

/** The largest CSV taken: far more than any table's rows. */
export const MAX_RATE_CSV_CHARACTERS = 500_000;

/**
 * POST admin/ratetables/import: the whole table from a CSV (its format: the export's), as a new
 * version from `basedOnVersion`. A file with any problem is refused whole: a 400 naming the first
 * problem's row and column, and every problem in `fields` ("csv row 5 factor_bps").
 */
export const rateTableImportSchema = v.object({
  specialityId: recordIdSchema,
  stateCode: stateCodeSchema,
  basedOnVersion: newRateTableVersionSchema.entries.basedOnVersion,
  csv: v.pipe(
    v.string('must be the CSV’s text'),
    v.nonEmpty('is required'),
    v.maxLength(MAX_RATE_CSV_CHARACTERS, `must be at most ${MAX_RATE_CSV_CHARACTERS} characters`),
  ),
});
