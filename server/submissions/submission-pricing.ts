/**
 * Pricing a submission (DESIGN.md §4): every save prices through calculateQuote, the function
 * auth/calculate answers with, so a stored premium is always what calculate says for the same
 * inputs; plus the payment term check, which calculate does not make.
 */
import type { Calculation } from '@shared/contract/rating';
import type { Queryable } from '@server/db/connection';
import { badRequest } from '@server/http/http-error';
import type { Answers } from '@shared/rating/answers';
import type { PremiumAdjustment } from '@shared/rating/engine';
import { calculateQuote } from '@server/rating/quote-pricing';
import type { RatingCatalog, RatingCatalogEntry } from '@server/rating/rating-catalog';
import type { SubmissionRow } from '@server/submissions/access';

export type QuoteInputs = {
  specialityId: number;
  state: string | null;
  zipcode: string | null;
  answers: Answers;
  applicationAnswers: Answers;
  limitCode: string | null;
  deductibleCode: string | null;
  paymentTerm: string | null;
  /** An order that exists (re-priced), not a new quote: its speciality may since have been retired. */
  existing?: boolean;
};

/** What pricing reads: `db` may be a transaction in progress when `catalog` reads through it too. */
export type PricingDeps = { db: Queryable; catalog: RatingCatalog };

function checkPaymentTerm(entry: RatingCatalogEntry, paymentTerm: string): void {
  if (entry.paymentTerms.some((term) => term.code === paymentTerm)) return;
  const codes = entry.paymentTerms.map((term) => term.code).join(', ');
  throw badRequest(`${paymentTerm} is not a payment term on offer (${codes})`, {
    paymentTerm: `must be one of: ${codes}`,
  });
}

/** What a submission still lacks before it can be priced at all (only older rows lack any). */
function missingInputs(inputs: QuoteInputs): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const key of ['state', 'zipcode', 'limitCode', 'deductibleCode', 'paymentTerm'] as const) {
    if (!inputs[key]) missing[key] = 'is required';
  }
  return missing;
}

/**
 * calculateQuote plus the payment term check; the same refusals as auth/calculate. `adjustment`
 * only when an underwriter approves with one (server/underwriting/decisions.ts).
 */
export async function priceQuote(
  deps: PricingDeps,
  inputs: QuoteInputs,
  adjustment?: PremiumAdjustment,
  tableId?: number | null,
): Promise<Calculation> {
  const missing = missingInputs(inputs);
  if (Object.keys(missing).length) {
    throw badRequest(`The quote lacks ${Object.keys(missing).join(', ')}`, missing);
  }
  const { entry, calculation } = await calculateQuote(deps.db, deps.catalog, {
    specialityId: inputs.specialityId,
    state: inputs.state!,
    zipcode: inputs.zipcode!,
    answers: inputs.answers,
    applicationAnswers: inputs.applicationAnswers,
    limitCode: inputs.limitCode!,
    deductibleCode: inputs.deductibleCode!,
    ...(adjustment ? { adjustment } : {}),
    ...(tableId ? { tableId } : {}),
    ...(inputs.existing ? { existingOrder: true } : {}),
  });
  checkPaymentTerm(entry, inputs.paymentTerm!);
  return calculation;
}

/** The inputs of a saved submission, priced as the order that exists. */
export const rowInputs = (row: SubmissionRow): QuoteInputs => ({
  specialityId: row.specialityId,
  state: row.stateCode,
  zipcode: row.zipcode,
  answers: row.answers,
  applicationAnswers: row.applicationAnswers,
  limitCode: row.limitCode,
  deductibleCode: row.deductibleCode,
  paymentTerm: row.paymentTerm,
  existing: true,
});

/**
 * The submission as saved, priced at another rating address: an order's primary plan location
 * is its rating address (server/account/plan-locations.ts), and moving it prices the order again
 * exactly as updaterating would.
 */
export function priceAt(
  deps: PricingDeps,
  row: SubmissionRow,
  address: { state: string; zipcode: string },
): Promise<Calculation> {
  return priceQuote(deps, { ...rowInputs(row), state: address.state, zipcode: address.zipcode });
}

/**
 * The submission priced again exactly as it is saved — with the rate table version it was priced
 * with, whatever is in force since — and an underwriter's premium adjustment: what an approval
 * with an adjustment stores (issue 7; issue 9 for the version).
 */
export function priceAdjusted(
  deps: PricingDeps,
  row: SubmissionRow,
  adjustment: PremiumAdjustment,
): Promise<Calculation> {
  return priceQuote(deps, rowInputs(row), adjustment, row.rateTableId);
}
