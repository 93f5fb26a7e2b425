/**
 * Indicative "from" prices for the catalogue: per speciality, the lowest and highest minimum
 * premium among the rate tables in force in the states we sell in (or in one state). A subquery
 * the speciality lists join, so a whole list is priced in its one query, never one per speciality.
 *
 * The minimum premium is what the rating engine never goes below (before fees and taxes), which
 * makes it an honest floor to show before a single question is answered.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/connection';
import { rateTables, usStates } from '@server/db/schema';

export function indicativePrices(db: Database, stateCode?: string) {
  return (
    db
      .select({
        specialityId: rateTables.specialityId,
        fromCents: sql<string | number>`min(${rateTables.minPremiumCents})`.as('indicative_from_cents'),
        toCents: sql<string | number>`max(${rateTables.minPremiumCents})`.as('indicative_to_cents'),
      })
      .from(rateTables)
      // A state switched off keeps its tables for old quotes; it sells nothing now.
      .innerJoin(usStates, and(eq(usStates.code, rateTables.stateCode), eq(usStates.offered, true)))
      .where(
        and(eq(rateTables.active, true), stateCode === undefined ? undefined : eq(rateTables.stateCode, stateCode)),
      )
      .groupBy(rateTables.specialityId)
      .as('indicative')
  );
}

export type IndicativeColumns = {
  indicativeFromCents: string | number | null;
  indicativeToCents: string | number | null;
};

/** bigint aggregates arrive as text from one driver: whole cents, or nothing when unpriced. */
export function withIndicative<T extends IndicativeColumns>(row: T) {
  const { indicativeFromCents, indicativeToCents, ...rest } = row;
  if (indicativeFromCents === null || indicativeToCents === null) return rest;
  return { ...rest, indicativeFromCents: Number(indicativeFromCents), indicativeToCents: Number(indicativeToCents) };
}
