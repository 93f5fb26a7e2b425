/**
 * What pricing one speciality in one state needs, read in a single query and kept until it
 * changes: the active rate table, the speciality's questions and the general application
 * questions, and the payment terms. A cached calculation touches the database not at all; a
 * miss, once.
 *
 * Kept per app instance until a 'catalogue' change notice (server/db/change-notices.ts): every
 * write to these tables raises one, in whichever process, so an edited table reaches every
 * process at once; while notices cannot be heard, every calculation reads afresh.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { NoticedCache, type ChangeNotices } from '@server/db/change-notices';
import type { Queryable } from '@server/db/connection';
import { rateTables, specialities, usStates, type QuestionCondition, type QuestionOption, type RateFactors } from '@server/db/schema';
import type { RatingQuestion } from '@shared/rating/answers';
import type { RateFactors as EngineFactors, RatingTable } from '@shared/rating/engine';
import type { PaymentTermRow } from '@shared/rating/payment-plans';

/**
 * The factors as stored (server/db/schema, which imports nothing but drizzle-orm) and as the
 * engine reads them (shared/rating/engine.ts) are written out twice: this fails to compile the
 * day they differ.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _StoredFactorsAreTheEngines = Holds<Same<RateFactors, EngineFactors>>;

export interface RatingCatalogEntry {
  speciality: { id: number; name: string };
  /** False once retired: new quotes are refused, orders it already has are still priced. */
  onSale: boolean;
  state: { code: string; name: string };
  /** Null when no active table prices the speciality in the state: not offered there. */
  table: RatingTable | null;
  specialityQuestions: RatingQuestion[];
  applicationQuestions: RatingQuestion[];
  paymentTerms: PaymentTermRow[];
}

type QuestionRow = {
  code: string;
  type: RatingQuestion['type'];
  required: boolean;
  options: QuestionOption[];
  condition: QuestionCondition | null;
  general: boolean;
};

/** One round trip: null when the speciality or the state does not exist. */
export async function loadRatingCatalogEntry(db: Queryable, specialityId: number, stateCode: string): Promise<RatingCatalogEntry | null> {
  const [row] = await db
    .select({
      specialityId: specialities.id,
      specialityName: specialities.name,
      specialityActive: specialities.active,
      stateCode: usStates.code,
      stateName: usStates.name,
      stateOffered: usStates.offered,
      table: {
        id: rateTables.id,
        version: rateTables.version,
        basePremiumCents: rateTables.basePremiumCents,
        minPremiumCents: rateTables.minPremiumCents,
        policyFeeCents: rateTables.policyFeeCents,
        taxRateBps: rateTables.taxRateBps,
        feeRateBps: rateTables.feeRateBps,
        factors: rateTables.factors,
      },
      questions: sql<QuestionRow[]>`(
        select coalesce(json_agg(json_build_object(
          'code', q.code, 'type', q.type, 'required', q.required, 'options', q.options,
          'condition', q.condition, 'general', q.speciality_id is null
        ) order by q.speciality_id nulls first, q.sort_order, q.id), '[]'::json)
        from questions q
        where q.active and (q.speciality_id = ${specialities.id} or q.speciality_id is null)
      )`,
      paymentTerms: sql<PaymentTermRow[]>`(
        select coalesce(json_agg(json_build_object(
          'code', t.code, 'name', t.name, 'installments', t.installments,
          'downPaymentBps', t.down_payment_bps, 'installmentFeeCents', t.installment_fee_cents
        ) order by t.sort_order, t.id), '[]'::json)
        from payment_terms t
        where t.active
      )`,
    })
    .from(specialities)
    .innerJoin(usStates, eq(usStates.code, stateCode))
    .leftJoin(
      rateTables,
      and(eq(rateTables.specialityId, specialities.id), eq(rateTables.stateCode, usStates.code), eq(rateTables.active, true)),
    )
    .where(eq(specialities.id, specialityId))
    .orderBy(asc(specialities.id));
  if (!row) return null;
  const questions = parseJson<QuestionRow[]>(row.questions).map(({ general, ...question }) => ({ general, question }));
  // A state switched off sells nothing, whatever tables it still has.
  const table = row.table?.id && row.stateOffered
    ? {
        ...row.table,
        basePremiumCents: Number(row.table.basePremiumCents),
        minPremiumCents: Number(row.table.minPremiumCents),
        policyFeeCents: Number(row.table.policyFeeCents),
        specialityName: row.specialityName,
        stateCode: row.stateCode,
        stateName: row.stateName,
      }
    : null;
  return {
    speciality: { id: row.specialityId, name: row.specialityName },
    onSale: row.specialityActive,
    state: { code: row.stateCode, name: row.stateName },
    table,
    specialityQuestions: questions.filter((entry) => !entry.general).map((entry) => entry.question),
    applicationQuestions: questions.filter((entry) => entry.general).map((entry) => entry.question),
    paymentTerms: parseJson<PaymentTermRow[]>(row.paymentTerms).map((term) => ({ ...term, installmentFeeCents: Number(term.installmentFeeCents) })),
  };
}

/** json_agg arrives parsed from one driver and as text from another. */
function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface RatingCatalog {
  get(specialityId: number, stateCode: string): Promise<RatingCatalogEntry | null>;
  /** Forgets everything (tests that write the tables behind the app's back use it; notices do the rest). */
  clear(): void;
  readonly stats: { hits: number; loads: number };
}

/** Far more than the specialities × states on sale; a bound all the same. */
export const RATING_CATALOG_MAX_ENTRIES = 2_000;

/** The app's catalogue: kept until a 'catalogue' notice (or a lost notice connection) says otherwise. */
export const ratingCatalogCache = (bus: ChangeNotices) =>
  new NoticedCache<RatingCatalogEntry | null>({ bus, kind: 'catalogue', maxEntries: RATING_CATALOG_MAX_ENTRIES });

/**
 * With `cache`, the app's long-lived catalogue. Without, a catalogue for one piece of work (a
 * transaction pricing several orders): it remembers what it read for as long as it is held.
 * Made-up ids must not fill a cache: an entry that found nothing is not kept.
 */
export function createRatingCatalog(db: Queryable, cache?: NoticedCache<RatingCatalogEntry | null>): RatingCatalog {
  if (cache) {
    return {
      stats: cache.stats,
      clear: () => cache.clear(),
      get: (specialityId, stateCode) =>
        cache.get(`${specialityId}:${stateCode}`, () => loadRatingCatalogEntry(db, specialityId, stateCode), { keep: (entry) => entry !== null }),
    };
  }
  const entries = new Map<string, Promise<RatingCatalogEntry | null>>();
  const stats = { hits: 0, loads: 0 };
  return {
    stats,
    clear: () => entries.clear(),
    get(specialityId, stateCode) {
      const key = `${specialityId}:${stateCode}`;
      const cached = entries.get(key);
      if (cached) {
        stats.hits++;
        return cached;
      }
      stats.loads++;
      const value = loadRatingCatalogEntry(db, specialityId, stateCode);
      entries.set(key, value);
      value.then((entry) => entry ?? entries.delete(key), () => entries.delete(key));
      return value;
    },
  };
}
