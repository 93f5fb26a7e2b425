/**
 * Demo rating tables: one per speciality in each offered state. Illustrative figures, in cents
 * and basis points (10 000 = ×1.0), shaped like a real professional-liability manual.
 */
import type { DlfRow, ExperienceRow, IlfRow, RateFactors, TerritoryRow } from '@server/db/schema';
import type { DemoSpecialityCode, demoOfferedStates } from '@server/db/seed/demo-data';

type OfferedState = (typeof demoOfferedStates)[number];

/** Annual base premium at the base limit (1M/1M) and base deductible ($1,000). */
const basePremiumCents: Record<DemoSpecialityCode, number> = {
  UY5EL3R2: 185_000, // Dentists
  K52KZ5CY: 145_000, // Chiropractors
  RRTWDE7V: 95_000, // Physical therapists
  '6BSL4GRW': 320_000, // Lawyers
  AHQR55PD: 165_000, // Accountants
  RT852RA5: 210_000, // Financial advisors
  PVDZ39DH: 125_000, // IT consultants
  FLVL7CLK: 140_000, // Software developers
  '9YH4EA9L': 110_000, // Marketing and media agencies
  DUW6Y4E7: 260_000, // Architects
  '5PBNYKRG': 240_000, // Engineers
  FT739YNM: 90_000, // Real estate agents
};

const states: Record<
  OfferedState,
  { factorBps: number; taxRateBps: number; feeRateBps: number; territory: TerritoryRow[] }
> = {
  AZ: { factorBps: 9_500, taxRateBps: 300, feeRateBps: 20, territory: [{ zipPrefix: '850', factorBps: 10_500 }] },
  CA: {
    factorBps: 12_500,
    taxRateBps: 318,
    feeRateBps: 18,
    territory: [
      { zipPrefix: '900', factorBps: 11_500 },
      { zipPrefix: '941', factorBps: 11_000 },
      { zipPrefix: '921', factorBps: 10_500 },
    ],
  },
  CO: { factorBps: 9_500, taxRateBps: 300, feeRateBps: 0, territory: [{ zipPrefix: '802', factorBps: 10_500 }] },
  FL: {
    factorBps: 11_500,
    taxRateBps: 494,
    feeRateBps: 6,
    territory: [
      { zipPrefix: '331', factorBps: 11_500 },
      { zipPrefix: '328', factorBps: 10_250 },
    ],
  },
  GA: { factorBps: 10_000, taxRateBps: 400, feeRateBps: 0, territory: [{ zipPrefix: '303', factorBps: 10_500 }] },
  IL: { factorBps: 11_000, taxRateBps: 350, feeRateBps: 4, territory: [{ zipPrefix: '606', factorBps: 11_000 }] },
  NY: {
    factorBps: 13_000,
    taxRateBps: 360,
    feeRateBps: 15,
    territory: [
      { zipPrefix: '100', factorBps: 12_000 },
      { zipPrefix: '112', factorBps: 11_500 },
    ],
  },
  PA: { factorBps: 10_000, taxRateBps: 300, feeRateBps: 0, territory: [{ zipPrefix: '191', factorBps: 10_750 }] },
  TX: {
    factorBps: 10_500,
    taxRateBps: 485,
    feeRateBps: 18,
    territory: [
      { zipPrefix: '770', factorBps: 10_750 },
      { zipPrefix: '752', factorBps: 10_500 },
    ],
  },
  WA: { factorBps: 10_500, taxRateBps: 200, feeRateBps: 0, territory: [{ zipPrefix: '981', factorBps: 10_500 }] },
};

const ilf: IlfRow[] = [
  {
    code: '250K/500K',
    label: '$250,000 / $500,000',
    perClaimCents: 25_000_000,
    aggregateCents: 50_000_000,
    factorBps: 7_000,
  },
  {
    code: '500K/1M',
    label: '$500,000 / $1,000,000',
    perClaimCents: 50_000_000,
    aggregateCents: 100_000_000,
    factorBps: 8_500,
  },
  {
    code: '1M/1M',
    label: '$1,000,000 / $1,000,000',
    perClaimCents: 100_000_000,
    aggregateCents: 100_000_000,
    factorBps: 10_000,
  },
  {
    code: '1M/3M',
    label: '$1,000,000 / $3,000,000',
    perClaimCents: 100_000_000,
    aggregateCents: 300_000_000,
    factorBps: 11_500,
  },
  {
    code: '2M/4M',
    label: '$2,000,000 / $4,000,000',
    perClaimCents: 200_000_000,
    aggregateCents: 400_000_000,
    factorBps: 14_000,
  },
];

const dlf: DlfRow[] = [
  { code: '0', label: 'No deductible', deductibleCents: 0, factorBps: 10_500 },
  { code: '1000', label: '$1,000', deductibleCents: 100_000, factorBps: 10_000 },
  { code: '2500', label: '$2,500', deductibleCents: 250_000, factorBps: 9_500 },
  { code: '5000', label: '$5,000', deductibleCents: 500_000, factorBps: 9_000 },
  { code: '10000', label: '$10,000', deductibleCents: 1_000_000, factorBps: 8_500 },
];

const experience: ExperienceRow[] = [
  { minClaims: 0, maxClaims: 0, factorBps: 9_500 },
  { minClaims: 1, maxClaims: 1, factorBps: 11_000 },
  { minClaims: 2, maxClaims: null, factorBps: 13_500 },
];

/** Rounded to whole dollars: manuals quote whole dollars. */
const applyBps = (cents: number, bps: number) => Math.round((cents * bps) / 10_000 / 100) * 100;

export type DemoRateTable = {
  specialityCode: DemoSpecialityCode;
  stateCode: OfferedState;
  basePremiumCents: number;
  minPremiumCents: number;
  policyFeeCents: number;
  taxRateBps: number;
  feeRateBps: number;
  factors: RateFactors;
};

export function demoRateTables(): DemoRateTable[] {
  const tables: DemoRateTable[] = [];
  for (const [specialityCode, base] of Object.entries(basePremiumCents) as [DemoSpecialityCode, number][]) {
    for (const [stateCode, state] of Object.entries(states) as [OfferedState, (typeof states)[OfferedState]][]) {
      const statePremium = applyBps(base, state.factorBps);
      tables.push({
        specialityCode,
        stateCode,
        basePremiumCents: statePremium,
        minPremiumCents: Math.max(50_000, applyBps(statePremium, 6_000)),
        policyFeeCents: 7_500,
        taxRateBps: state.taxRateBps,
        feeRateBps: state.feeRateBps,
        factors: {
          ilf,
          dlf,
          territory: { defaultBps: 10_000, rows: state.territory },
          experience,
          scheduleCapBps: 2_500,
        },
      });
    }
  }
  return tables;
}
