/**
 * The rating engine (DESIGN.md §4), pure: one rate table and the answers in, one premium and its
 * worksheet out.
 *
 *   base(speciality, state) × territory(ZIP) × ILF(limit) × DLF(deductible)
 *     × schedule modifier from answers (credits/debits, capped) × experience modifier
 *     → rounded to whole dollars, at least the minimum premium
 *     × an underwriter's adjustment, only when one approved the order with one
 *     + policy fee + state taxes and fees on premium and fee
 *
 * Each multiplication is rounded half up to the cent (money.ts). Nothing is defaulted: a limit,
 * deductible or claims band the table lacks is a RatingError, which the API answers 422.
 *
 * Shared (shared/): the server prices with it, and so do the stories' fixtures
 * (stories/support/quote-fixtures.ts), so a story shows what the engine works out.
 */
import type { Rating, WorksheetLine } from '@shared/contract/rating';
import { chosenOptions, type Answers, type RatingQuestion } from '@shared/rating/answers';
import {
  applyBps,
  BPS_ONE,
  formatFactor,
  formatPercent,
  formatRate,
  formatUsdFast as formatUsd,
  toWholeDollars,
} from '@shared/rating/money';
import { formatLimitUsd, formatWholeUsd } from '@shared/contract/money-format';

/**
 * A rate table's factors as the engine reads them. The server stores them in rate_tables.factors
 * with this shape (server/db/schema's RateFactors: the schema imports nothing but drizzle-orm,
 * so it writes the shape out itself; server/rating/rating-catalog.ts checks the two agree).
 */
export interface RateFactors {
  /** Increased limits factors: one row per limit offered. */
  ilf: Array<{ code: string; label: string; perClaimCents: number; aggregateCents: number; factorBps: number }>;
  /** Deductible factors: one row per deductible offered. */
  dlf: Array<{ code: string; label: string; deductibleCents: number; factorBps: number }>;
  /** By the first three digits of the ZIP; unknown prefixes use defaultBps. */
  territory: { defaultBps: number; rows: Array<{ zipPrefix: string; factorBps: number }> };
  /** By prior claims in the last five years; maxClaims null: no upper bound. */
  experience: Array<{ minClaims: number; maxClaims: number | null; factorBps: number }>;
  /** The schedule modifier from answers is clamped to ±scheduleCapBps. */
  scheduleCapBps: number;
}

/** One rate table, for one speciality in one state: what rate() prices with. */
export interface RatingTable {
  id: number;
  version: number;
  specialityName: string;
  stateCode: string;
  stateName: string;
  basePremiumCents: number;
  minPremiumCents: number;
  policyFeeCents: number;
  taxRateBps: number;
  feeRateBps: number;
  factors: RateFactors;
}

export interface RatingRequest {
  zipcode: string;
  limitCode: string;
  deductibleCode: string;
  /** The speciality's questions and their answers: the schedule modifier. */
  questions: readonly RatingQuestion[];
  answers: Answers;
  /** The general application questions may carry credits and debits too (current cover, say). */
  applicationQuestions?: readonly RatingQuestion[];
  applicationAnswers?: Answers;
  /** How many claims in the last five years: the experience modifier. */
  priorClaims: number;
  /**
   * An underwriter's adjustment at approval (issue 7): applied to the premium after the
   * minimum and before the policy fee, so taxes follow it. Absent or 0: no adjustment, and the
   * rating is exactly what it would be without this field.
   */
  adjustment?: PremiumAdjustment;
}

/** bps: +1500 = +15 %; reason: why the underwriter adjusted (shown as the line's source). */
export interface PremiumAdjustment {
  bps: number;
  reason: string;
}

/** A quote the table cannot price; `field` names the input it concerns. */
export class RatingError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'RatingError';
  }
}

/**
 * The worksheet's words that depend on the table alone, written once per table: the table is
 * the rating catalogue's (server/rating/rating-catalog.ts), kept until a change notice replaces
 * it, and the next table gets words of its own (issue 17: less string building per quote).
 * Tables and their rows are never changed in place.
 */
interface TableWords {
  baseLabel: string;
  baseSource: string;
  baseText: string;
  minimumSource: string;
  minimumUsd: string;
  policyFeeSource: string;
  taxLabel: string;
  stateFeeLabel: string;
}

const tableWordsOf = new WeakMap<RatingTable, TableWords>();

function tableWords(table: RatingTable): TableWords {
  let words = tableWordsOf.get(table);
  if (!words) {
    const baseLabel = `Base premium for ${table.specialityName} in ${table.stateName}`;
    words = {
      baseLabel,
      baseSource: `rate table ${table.id}, version ${table.version}`,
      baseText: `${baseLabel}: ${formatUsd(table.basePremiumCents)}`,
      minimumSource: `minimum premium ${formatUsd(table.minPremiumCents)}`,
      minimumUsd: formatUsd(table.minPremiumCents),
      policyFeeSource: `rate table ${table.id}`,
      taxLabel: `${table.stateName} premium tax ${formatRate(table.taxRateBps)}`,
      stateFeeLabel: `${table.stateName} state fees ${formatRate(table.feeRateBps)}`,
    };
    tableWordsOf.set(table, words);
  }
  return words;
}

/** A limit's or a deductible's label and source, once per row of the table (as tableWords). */
const optionWordsOf = new WeakMap<object, { label: string; source: string }>();

function limitWords(limit: RateFactors['ilf'][number]) {
  let words = optionWordsOf.get(limit);
  if (!words) {
    // Labels in plain words from the amounts; the sources keep the table's codes for an underwriter.
    words = {
      label: `${formatLimitUsd(limit.perClaimCents)} per claim / ${formatLimitUsd(limit.aggregateCents)} in all`,
      source: `limit ${limit.code}`,
    };
    optionWordsOf.set(limit, words);
  }
  return words;
}

function deductibleWords(deductible: RateFactors['dlf'][number]) {
  let words = optionWordsOf.get(deductible);
  if (!words) {
    words = {
      label:
        deductible.deductibleCents === 0 ? 'No deductible' : `${formatWholeUsd(deductible.deductibleCents)} deductible`,
      source: `deductible ${deductible.code}`,
    };
    optionWordsOf.set(deductible, words);
  }
  return words;
}

export function rate(table: RatingTable, request: RatingRequest): Rating {
  const { factors } = table;
  const lines: WorksheetLine[] = [];
  const multiply = (step: WorksheetLine['step'], label: string, source: string, factorBps: number, running: number) => {
    const next = applyBps(running, factorBps);
    lines.push({
      step,
      label,
      source,
      factorBps,
      runningCents: next,
      text: `${label} ${formatFactor(factorBps)}: ${formatUsd(next)}`,
    });
    return next;
  };

  const limit = factors.ilf.find((row) => row.code === request.limitCode);
  if (!limit)
    throw new RatingError(
      `The limit ${request.limitCode} is not offered for ${table.specialityName} in ${table.stateName}`,
      'limitCode',
    );
  const deductible = factors.dlf.find((row) => row.code === request.deductibleCode);
  if (!deductible) {
    throw new RatingError(
      `The deductible ${request.deductibleCode} is not offered for ${table.specialityName} in ${table.stateName}`,
      'deductibleCode',
    );
  }
  const band = factors.experience.find(
    (row) => request.priorClaims >= row.minClaims && (row.maxClaims === null || request.priorClaims <= row.maxClaims),
  );
  if (!band)
    throw new RatingError(
      `The rate table has no experience band for ${request.priorClaims} prior claims`,
      'priorClaims',
    );

  const words = tableWords(table);
  let running = table.basePremiumCents;
  lines.push({
    step: 'base',
    label: words.baseLabel,
    source: words.baseSource,
    amountCents: running,
    runningCents: running,
    text: words.baseText,
  });

  const prefix = request.zipcode.slice(0, 3);
  const territory = factors.territory.rows.find((row) => row.zipPrefix === prefix);
  running = multiply(
    'territory',
    territory ? `Practice location (ZIP ${prefix}xx)` : `Practice location (rest of ${table.stateName})`,
    `ZIP ${request.zipcode}`,
    territory?.factorBps ?? factors.territory.defaultBps,
    running,
  );
  const limitLine = limitWords(limit);
  const deductibleLine = deductibleWords(deductible);
  running = multiply('limit', limitLine.label, limitLine.source, limit.factorBps, running);
  running = multiply('deductible', deductibleLine.label, deductibleLine.source, deductible.factorBps, running);

  const effects = [
    ...chosenOptions(request.applicationQuestions ?? [], request.applicationAnswers ?? {}),
    ...chosenOptions(request.questions, request.answers),
  ].filter(({ option }) => option.modifierBps);
  const sum = effects.reduce((total, { option }) => total + (option.modifierBps ?? 0), 0);
  const capped = Math.max(-factors.scheduleCapBps, Math.min(factors.scheduleCapBps, sum));
  const scheduleSource = effects.length
    ? effects
        .map(({ question, option }) => `${question.code}=${option.value} ${formatPercent(option.modifierBps ?? 0)}`)
        .join(', ') + (capped !== sum ? `; ${formatPercent(sum)} capped at ${formatPercent(capped)}` : '')
    : 'no credits or debits';
  running = multiply('schedule', 'Credits and debits for your answers', scheduleSource, BPS_ONE + capped, running);

  const claimsText =
    request.priorClaims === 0 ? 'No claims' : request.priorClaims === 1 ? '1 claim' : `${request.priorClaims} claims`;
  running = multiply(
    'experience',
    `${claimsText} in the last five years`,
    `experience band ${band.minClaims}–${band.maxClaims ?? '∞'}`,
    band.factorBps,
    running,
  );

  const rounded = toWholeDollars(running);
  const premium = Math.max(rounded, table.minPremiumCents);
  lines.push({
    step: 'minimum',
    label: premium > rounded ? `Minimum premium applies` : 'Premium, in whole dollars',
    source: words.minimumSource,
    runningCents: premium,
    text:
      premium > rounded
        ? `Minimum premium for ${table.specialityName} in ${table.stateName}: ${formatUsd(premium)}`
        : `Premium, in whole dollars (minimum ${words.minimumUsd}): ${formatUsd(premium)}`,
  });
  const adjusted = request.adjustment?.bps ? adjustPremium(lines, premium, request.adjustment) : premium;

  const add = (step: WorksheetLine['step'], label: string, source: string, amount: number) => {
    running += amount;
    lines.push({
      step,
      label,
      source,
      amountCents: amount,
      runningCents: running,
      text: `${label}: +${formatUsd(amount)}`,
    });
  };
  running = adjusted;
  add('policyFee', 'Policy fee', words.policyFeeSource, table.policyFeeCents);
  const taxable = adjusted + table.policyFeeCents;
  const tax = applyBps(taxable, table.taxRateBps);
  const stateFee = applyBps(taxable, table.feeRateBps);
  const taxableSource = `on ${formatUsd(taxable)}`;
  add('tax', words.taxLabel, taxableSource, tax);
  add('stateFee', words.stateFeeLabel, taxableSource, stateFee);
  lines.push({
    step: 'total',
    label: 'Total for the year',
    source: 'sum of the above',
    runningCents: running,
    text: `Total for the year: ${formatUsd(running)}`,
  });

  return {
    rateTableId: table.id,
    rateTableVersion: table.version,
    limit: { code: limit.code, label: limit.label },
    deductible: { code: deductible.code, label: deductible.label },
    premiumCents: adjusted,
    // Only when adjusted: an unadjusted rating keeps exactly the shape it always had.
    ...(request.adjustment?.bps ? { adjustmentBps: request.adjustment.bps } : {}),
    policyFeeCents: table.policyFeeCents,
    taxCents: tax,
    stateFeeCents: stateFee,
    totalCents: running,
    worksheet: lines,
  };
}

/**
 * The underwriter's adjustment line: the premium times (1 + bps), rounded to whole dollars as
 * premiums are, and deliberately not held to the minimum premium (the underwriter decides).
 */
function adjustPremium(lines: WorksheetLine[], premium: number, adjustment: PremiumAdjustment): number {
  const factorBps = BPS_ONE + adjustment.bps;
  if (factorBps <= 0)
    throw new RatingError('An adjustment cannot take the premium to nothing or below', 'adjustmentBps');
  const adjusted = toWholeDollars(applyBps(premium, factorBps));
  const label = 'Underwriter adjustment';
  lines.push({
    step: 'adjustment',
    label,
    source: `underwriter: ${adjustment.reason}`,
    factorBps,
    runningCents: adjusted,
    text: `${label} ${formatPercent(adjustment.bps)}, in whole dollars: ${formatUsd(adjusted)}`,
  });
  return adjusted;
}

/** Every limit × deductible the table offers, priced with the same answers (auth/ilfdlf). */
export function rateEveryOption(
  table: RatingTable,
  request: Omit<RatingRequest, 'limitCode' | 'deductibleCode'>,
): Rating[] {
  return table.factors.ilf.flatMap((limit) =>
    table.factors.dlf.map((deductible) =>
      rate(table, { ...request, limitCode: limit.code, deductibleCode: deductible.code }),
    ),
  );
}
