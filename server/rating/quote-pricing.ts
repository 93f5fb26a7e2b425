/**
 * From a quote's inputs to the engine's inputs, refusing on the way everything the engine must
 * not guess: a speciality not on sale, a ZIP in another state, a state with no rate table,
 * answers missing or of the wrong type. Shared by auth/calculate, auth/ilfdlf and the
 * submission calls, so all of them price the same inputs the same way.
 */
import type { Calculation, QuoteInput } from '@shared/contract/rating';
import type { Queryable } from '@server/db/connection';
import { lookupZip } from '@server/geo/zip-codes';
import { badRequest, HttpError } from '@server/http/http-error';
import { answerProblems } from '@server/rating/answers';
import { isUsState, rateTableById } from '@server/rating/rating-queries';
import type { Answers } from '@shared/rating/answers';
import { rate, RatingError, type PremiumAdjustment, type RatingRequest, type RatingTable } from '@shared/rating/engine';
import { paymentPlans } from '@shared/rating/payment-plans';
import type { RatingCatalog, RatingCatalogEntry } from '@server/rating/rating-catalog';

/** The general application questions that give the experience modifier its claims count. */
export const PRIOR_CLAIMS = 'prior_claims';
export const PRIOR_CLAIMS_COUNT = 'prior_claims_count';

export const unprocessable = (message: string, fields?: Record<string, string>) => new HttpError(422, message, fields);

export interface PricedQuote {
  entry: RatingCatalogEntry;
  table: RatingTable;
  request: Omit<RatingRequest, 'limitCode' | 'deductibleCode'>;
}

type Input = Required<Pick<QuoteInput, 'specialityId' | 'state' | 'zipcode'>> & {
  answers?: Answers;
  applicationAnswers?: Answers;
  /** Pricing an order that exists: a speciality retired since is still priced for it. */
  existingOrder?: boolean;
};

export async function prepareQuote(db: Queryable, catalog: RatingCatalog, input: Input): Promise<PricedQuote> {
  const entry = await catalog.get(input.specialityId, input.state);
  if (!entry || (!entry.onSale && !input.existingOrder)) {
    // Only on this error path: a second look says which of the two does not exist.
    if (!entry && !(await isUsState(db, input.state)))
      throw badRequest(`${input.state} is not a US state code`, { state: 'is not a US state code' });
    throw badRequest(`Speciality ${input.specialityId} is not on sale`, {
      specialityId: 'is not a speciality on sale',
    });
  }
  const zip = lookupZip(input.zipcode);
  if (!zip) throw badRequest(`${input.zipcode} is not a known US ZIP code`, { zipcode: 'is not a known US ZIP code' });
  if (zip.stateCode !== entry.state.code) {
    throw badRequest(`ZIP ${input.zipcode} is in ${zip.stateName}, not ${entry.state.name}`, {
      zipcode: `is in ${zip.stateName}, not ${entry.state.name}`,
    });
  }
  if (!entry.table) {
    throw unprocessable(`${entry.speciality.name} cover is not offered in ${entry.state.name} yet`, {
      state: `${entry.speciality.name} cover is not offered in ${entry.state.name} yet`,
    });
  }
  const answers = input.answers ?? {};
  const applicationAnswers = input.applicationAnswers ?? {};
  const problems = Object.assign(
    answerProblems(entry.specialityQuestions, answers, 'answers'),
    answerProblems(entry.applicationQuestions, applicationAnswers, 'applicationAnswers'),
  );
  if (Object.keys(problems).length) {
    const [first] = Object.entries(problems);
    throw badRequest(`Check the answers: ${first![0]} ${first![1]}`, problems);
  }
  return {
    entry,
    table: entry.table,
    request: {
      zipcode: zip.zipcode,
      questions: entry.specialityQuestions,
      answers,
      applicationQuestions: entry.applicationQuestions,
      applicationAnswers,
      priorClaims: priorClaimsCount(entry, applicationAnswers),
    },
  };
}

/** 0 when the application says no claims, else the count it gives; never assumed. */
function priorClaimsCount(entry: RatingCatalogEntry, answers: Answers): number {
  const asked = entry.applicationQuestions.some((question) => question.code === PRIOR_CLAIMS);
  if (!asked) {
    throw unprocessable('The application questions have no prior-claims question, so experience cannot be rated', {
      applicationAnswers: `needs ${PRIOR_CLAIMS}`,
    });
  }
  const said = answers[PRIOR_CLAIMS];
  if (said === 'no' || said === false) return 0;
  const counted = answers[PRIOR_CLAIMS_COUNT];
  if (typeof counted === 'number' && Number.isInteger(counted) && counted >= 0) return counted;
  throw badRequest(`Check the answers: applicationAnswers.${PRIOR_CLAIMS_COUNT} is required`, {
    [`applicationAnswers.${PRIOR_CLAIMS_COUNT}`]: 'is required',
  });
}

/**
 * auth/calculate's answer for one limit and deductible: the premium, its worksheet and the
 * payment plans. What the submission calls store and answer too, so they cannot disagree.
 * `adjustment` is an underwriter's, at approval only: the payment plans follow it too.
 */
export async function calculateQuote(
  db: Queryable,
  catalog: RatingCatalog,
  input: Input & { limitCode: string; deductibleCode: string; adjustment?: PremiumAdjustment; tableId?: number | null },
): Promise<{ entry: RatingCatalogEntry; calculation: Calculation }> {
  const quote = await prepareQuote(db, catalog, input);
  const table =
    input.tableId && input.tableId !== quote.table.id
      ? await savedTable(db, quote.table, input.specialityId, input.tableId)
      : quote.table;
  try {
    // Written out rather than spread: a spread of a dozen keys is a slow copy per request (issue 17).
    const { request } = quote;
    const rating = rate(table, {
      zipcode: request.zipcode,
      limitCode: input.limitCode,
      deductibleCode: input.deductibleCode,
      questions: request.questions,
      answers: request.answers,
      applicationQuestions: request.applicationQuestions,
      applicationAnswers: request.applicationAnswers,
      priorClaims: request.priorClaims,
      adjustment: input.adjustment,
    });
    // The rating is this call's own: the payment plans go on it, last, as a spread would put them.
    const calculation: Calculation = Object.assign(rating, {
      paymentPlans: paymentPlans(rating.totalCents, quote.entry.paymentTerms),
    });
    return { entry: quote.entry, calculation };
  } catch (error) {
    throw asHttpError(error);
  }
}

/**
 * The version of the table a quote was priced with (`tableId`), when it is the same speciality's
 * in the same state as the one in force: priced again as saved, a quote keeps its version after
 * a rate change. Another's (the address moved to another state) prices with the one in force.
 */
async function savedTable(
  db: Queryable,
  inForce: RatingTable,
  specialityId: number,
  tableId: number,
): Promise<RatingTable> {
  const saved = await rateTableById(db, tableId);
  if (!saved || saved.stateCode !== inForce.stateCode || saved.specialityId !== specialityId) return inForce;
  const { basePremiumCents, minPremiumCents, policyFeeCents, taxRateBps, feeRateBps, factors } = saved;
  return {
    ...inForce,
    id: saved.id,
    version: saved.version,
    basePremiumCents,
    minPremiumCents,
    policyFeeCents,
    taxRateBps,
    feeRateBps,
    factors,
  };
}

/** The engine's refusals, as the API answers them. */
export function asHttpError(error: unknown): unknown {
  if (error instanceof RatingError) return unprocessable(error.message, { [error.field]: error.message });
  return error;
}
