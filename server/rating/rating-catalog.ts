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
import { NoticedCache, type ChangeNotices } from '@server/db/change-notices';
import type { Queryable } from '@server/db/connection';
import type { RateFactors } from '@server/db/schema';
import { ratingCatalogRow, type CatalogQuestionRow } from '@server/rating/rating-queries';
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

/** One round trip: null when the speciality or the state does not exist. */
export async function loadRatingCatalogEntry(
  db: Queryable,
  specialityId: number,
  stateCode: string,
): Promise<RatingCatalogEntry | null> {
  const row = await ratingCatalogRow(db, specialityId, stateCode);
  if (!row) return null;
  const questions = parseJson<CatalogQuestionRow[]>(row.questions).map(({ general, ...question }) => ({
    general,
    question,
  }));
  // A state switched off sells nothing, whatever tables it still has.
  const table =
    row.table?.id && row.stateOffered
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
    paymentTerms: parseJson<PaymentTermRow[]>(row.paymentTerms).map((term) => ({
      ...term,
      installmentFeeCents: Number(term.installmentFeeCents),
    })),
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
        cache.get(`${specialityId}:${stateCode}`, () => loadRatingCatalogEntry(db, specialityId, stateCode), {
          keep: (entry) => entry !== null,
        }),
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
      value.then(
        (entry) => entry ?? entries.delete(key),
        () => entries.delete(key),
      );
      return value;
    },
  };
}
