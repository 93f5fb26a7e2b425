/**
 * The rating domain's SQL: a question set as stored, everything pricing one speciality in one
 * state needs in one round trip, one rate table by id, and whether a state exists. Each function
 * answers plain rows (JSON aggregates as the driver gives them); what they mean for a price is
 * rating-catalog.ts's and quote-pricing.ts's. The catalogue's indicative prices are a subquery of
 * their own (indicative-prices.ts).
 */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '@server/db/connection';
import {
  questions,
  rateTables,
  specialities,
  usStates,
  type QuestionCondition,
  type QuestionOption,
} from '@server/db/schema';
import type { RatingQuestion } from '@shared/rating/answers';
import type { PaymentTermRow } from '@shared/rating/payment-plans';

/** A question as stored, effects and condition included (admin/question-set-queries.ts adds its place and state). */
export const storedQuestionColumns = {
  id: questions.id,
  code: questions.code,
  text: questions.text,
  helpText: questions.helpText,
  type: questions.type,
  required: questions.required,
  options: questions.options,
  condition: questions.condition,
};

/** What a rate table says about prices (admin/rate-table-queries.ts lists its versions with them). */
export const tablePriceColumns = {
  basePremiumCents: rateTables.basePremiumCents,
  minPremiumCents: rateTables.minPremiumCents,
  policyFeeCents: rateTables.policyFeeCents,
  taxRateBps: rateTables.taxRateBps,
  feeRateBps: rateTables.feeRateBps,
  factors: rateTables.factors,
};

/** A speciality's active questions, or (null) the general application's, in display order. */
export function activeQuestionSet(db: Queryable, specialityId: number | null) {
  return db
    .select(storedQuestionColumns)
    .from(questions)
    .where(
      and(
        eq(questions.active, true),
        specialityId === null ? isNull(questions.specialityId) : eq(questions.specialityId, specialityId),
      ),
    )
    .orderBy(asc(questions.sortOrder), asc(questions.id));
}

/** A question as the catalogue's aggregate carries it: `general` for the application's. */
export type CatalogQuestionRow = {
  code: string;
  type: RatingQuestion['type'];
  required: boolean;
  options: QuestionOption[];
  condition: QuestionCondition | null;
  general: boolean;
};

/**
 * The speciality and the state, the active table pricing one in the other (nulls when none), the
 * speciality's and the application's active questions and the payment terms on offer, in one
 * round trip; undefined when the speciality or the state does not exist. The questions and terms
 * are JSON aggregates: parsed by one driver, text from another.
 */
export async function ratingCatalogRow(db: Queryable, specialityId: number, stateCode: string) {
  const [row] = await db
    .select({
      specialityId: specialities.id,
      specialityName: specialities.name,
      specialityActive: specialities.active,
      stateCode: usStates.code,
      stateName: usStates.name,
      stateOffered: usStates.offered,
      table: { id: rateTables.id, version: rateTables.version, ...tablePriceColumns },
      questions: sql<CatalogQuestionRow[] | string>`(
        select coalesce(json_agg(json_build_object(
          'code', q.code, 'type', q.type, 'required', q.required, 'options', q.options,
          'condition', q.condition, 'general', q.speciality_id is null
        ) order by q.speciality_id nulls first, q.sort_order, q.id), '[]'::json)
        from questions q
        where q.active and (q.speciality_id = ${specialities.id} or q.speciality_id is null)
      )`,
      paymentTerms: sql<PaymentTermRow[] | string>`(
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
      and(
        eq(rateTables.specialityId, specialities.id),
        eq(rateTables.stateCode, usStates.code),
        eq(rateTables.active, true),
      ),
    )
    .where(eq(specialities.id, specialityId))
    .orderBy(asc(specialities.id));
  return row;
}

/** One rate table, any version, by id. */
export async function rateTableById(db: Queryable, id: number) {
  const [saved] = await db.select().from(rateTables).where(eq(rateTables.id, id));
  return saved;
}

/** Whether the state code is one of the US states. */
export async function isUsState(db: Queryable, stateCode: string): Promise<boolean> {
  const [state] = await db.select({ n: count() }).from(usStates).where(eq(usStates.code, stateCode));
  return (state?.n ?? 0) > 0;
}
