/**
 * The lists' SQL (server/routes/lists.ts): states, payment terms, and a state's rate tables with
 * their limit and deductible options. Rules about what to show live in server/lists/rate-options.ts.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/connection';
import { paymentTerms, rateTables, specialities, usStates, type DlfRow, type IlfRow } from '@server/db/schema';

/** Every US state, alphabetical by name, and whether we sell there. */
export function usStateList(db: Queryable) {
  return db
    .select({ code: usStates.code, name: usStates.name, offered: usStates.offered })
    .from(usStates)
    .orderBy(asc(usStates.name));
}

/** The payment terms on offer, in display order. */
export function activePaymentTerms(db: Queryable) {
  return db
    .select({
      code: paymentTerms.code,
      name: paymentTerms.name,
      installments: paymentTerms.installments,
      downPaymentBps: paymentTerms.downPaymentBps,
      installmentFeeCents: paymentTerms.installmentFeeCents,
    })
    .from(paymentTerms)
    .where(eq(paymentTerms.active, true))
    .orderBy(asc(paymentTerms.sortOrder), asc(paymentTerms.code));
}

export interface StateRateTableRow {
  name: string;
  offered: boolean;
  ilf: IlfRow[] | null;
  dlf: DlfRow[] | null;
  rateTableId: number | null;
}

/**
 * One round trip: the state with one row per rate table that prices something now (active, for
 * a speciality on sale), or one row of nulls when it has none. A territory (PR, GU…) has no
 * us_states row at all: no rows.
 */
export function stateRateTables(db: Queryable, stateCode: string): Promise<StateRateTableRow[]> {
  const specialitiesOnSale = db.select({ id: specialities.id }).from(specialities).where(eq(specialities.active, true));
  return db
    .select({
      name: usStates.name,
      offered: usStates.offered,
      ilf: sql<IlfRow[] | null>`${rateTables.factors} -> 'ilf'`,
      dlf: sql<DlfRow[] | null>`${rateTables.factors} -> 'dlf'`,
      rateTableId: rateTables.id,
    })
    .from(usStates)
    .leftJoin(
      rateTables,
      and(
        eq(rateTables.stateCode, usStates.code),
        eq(rateTables.active, true),
        inArray(rateTables.specialityId, specialitiesOnSale),
      ),
    )
    .where(eq(usStates.code, stateCode))
    .orderBy(asc(rateTables.id));
}
