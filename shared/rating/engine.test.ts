import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RatingQuestion } from '@shared/rating/answers';
import { rate, rateEveryOption, RatingError, type RatingRequest, type RatingTable } from '@shared/rating/engine';
import { formatUsd } from '@shared/contract/money-format';
import { applyBps, toWholeDollars } from '@shared/rating/money';
import { paymentPlan } from '@shared/rating/payment-plans';

/** A small Texas table whose figures the worked examples below multiply out by hand. */
const texas: RatingTable = {
  id: 7,
  version: 2,
  specialityName: 'Architects',
  stateCode: 'TX',
  stateName: 'Texas',
  basePremiumCents: 200_000,
  minPremiumCents: 120_000,
  policyFeeCents: 7_500,
  taxRateBps: 485,
  feeRateBps: 18,
  factors: {
    ilf: [
      {
        code: '250K/500K',
        label: '$250,000 / $500,000',
        perClaimCents: 25_000_000,
        aggregateCents: 50_000_000,
        factorBps: 7_000,
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
    ],
    dlf: [
      { code: '0', label: 'No deductible', deductibleCents: 0, factorBps: 10_500 },
      { code: '1000', label: '$1,000', deductibleCents: 100_000, factorBps: 10_000 },
      { code: '5000', label: '$5,000', deductibleCents: 500_000, factorBps: 9_000 },
    ],
    territory: { defaultBps: 10_000, rows: [{ zipPrefix: '770', factorBps: 10_750 }] },
    experience: [
      { minClaims: 0, maxClaims: 0, factorBps: 9_500 },
      { minClaims: 1, maxClaims: 1, factorBps: 11_000 },
      { minClaims: 2, maxClaims: null, factorBps: 13_500 },
    ],
    scheduleCapBps: 2_500,
  },
};

const questions: RatingQuestion[] = [
  {
    code: 'sedation',
    type: 'yesno',
    required: true,
    options: [
      { value: 'yes', label: 'Yes', modifierBps: 1_500 },
      { value: 'no', label: 'No' },
    ],
    condition: null,
  },
  {
    code: 'implants',
    type: 'yesno',
    required: true,
    options: [
      { value: 'yes', label: 'Yes', modifierBps: 1_500 },
      { value: 'no', label: 'No' },
    ],
    condition: null,
  },
  {
    code: 'coverage',
    type: 'yesno',
    required: true,
    options: [
      { value: 'yes', label: 'Yes', modifierBps: -250 },
      { value: 'no', label: 'No' },
    ],
    condition: null,
  },
  {
    // Shows only after "implants: yes"; its debit must count for nothing otherwise.
    code: 'implant_volume',
    type: 'select',
    required: true,
    options: [
      { value: 'few', label: 'Fewer than 50 a year' },
      { value: 'many', label: '50 or more a year', modifierBps: 700 },
    ],
    condition: { questionCode: 'implants', anyOf: ['yes'] },
  },
];

const noEffects = { sedation: 'no', implants: 'no', coverage: 'no' };

function request(overrides: Partial<RatingRequest> = {}): RatingRequest {
  return {
    zipcode: '77002',
    limitCode: '1M/3M',
    deductibleCode: '1000',
    questions,
    answers: noEffects,
    priorClaims: 0,
    ...overrides,
  };
}

const stepOf = (rating: ReturnType<typeof rate>, step: string) => rating.worksheet.find((line) => line.step === step)!;

describe('money', () => {
  it('rounds a product half up to the cent, exactly', () => {
    expect(applyBps(5, 5_000)).toBe(3); // 2.5 → 3
    expect(applyBps(5, 4_999)).toBe(2); // 2.4995 → 2
    expect(applyBps(247_250, 9_500)).toBe(234_888); // 234 887.5 → 234 888
    expect(applyBps(-5, 5_000)).toBe(-3);
    // Far beyond where a binary fraction would drift.
    expect(applyBps(9_007_199_254_740, 10_001)).toBe(9_008_099_974_665);
  });

  it('rounds to whole dollars half up', () => {
    expect(toWholeDollars(234_850)).toBe(234_900);
    expect(toWholeDollars(234_849)).toBe(234_800);
    expect(toWholeDollars(234_888)).toBe(234_900);
  });

  it('writes dollars the way a US quote does', () => {
    expect(formatUsd(258_519)).toBe('$2,585.19');
    expect(formatUsd(5)).toBe('$0.05');
  });

  it('refuses fractions of a cent rather than guessing', () => {
    expect(() => applyBps(1.5, 10_000)).toThrow(RangeError);
  });
});

describe('rate: worked examples', () => {
  it('multiplies each factor in turn (territory, limit, deductible, schedule, experience) and adds fee and taxes', () => {
    const rating = rate(texas, request());
    // Worked by hand:
    //   base 2 000.00 × territory 1.075 = 2 150.00 × ILF 1.15 = 2 472.50 × DLF 1.0 = 2 472.50
    //   × schedule 1.0 = 2 472.50 × experience 0.95 = 2 348.875 → 2 348.88 → whole dollars 2 349.00
    //   + policy fee 75.00 = 2 424.00; tax 4.85% = 117.564 → 117.56; state fees 0.18% = 4.3632 → 4.36
    //   total 2 424.00 + 117.56 + 4.36 = 2 545.92
    expect(rating.worksheet.map((line) => [line.step, line.factorBps ?? line.amountCents, line.runningCents])).toEqual([
      ['base', 200_000, 200_000],
      ['territory', 10_750, 215_000],
      ['limit', 11_500, 247_250],
      ['deductible', 10_000, 247_250],
      ['schedule', 10_000, 247_250],
      ['experience', 9_500, 234_888],
      ['minimum', undefined, 234_900],
      ['policyFee', 7_500, 242_400],
      ['tax', 11_756, 254_156],
      ['stateFee', 436, 254_592],
      ['total', undefined, 254_592],
    ]);
    expect(rating).toMatchObject({
      premiumCents: 234_900,
      policyFeeCents: 7_500,
      taxCents: 11_756,
      stateFeeCents: 436,
      totalCents: 254_592,
    });
    expect(rating.worksheet[0]!.text).toBe('Base premium for Architects in Texas: $2,000.00');
    expect(stepOf(rating, 'limit').text).toBe('$1M per claim / $3M in all ×1.15: $2,472.50');
    expect(stepOf(rating, 'total').text).toBe('Total for the year: $2,545.92');
  });

  it('words each line plainly for the insured, and keeps the table’s references in the sources for an underwriter', () => {
    const rating = rate(texas, request({ answers: { sedation: 'yes', implants: 'no', coverage: 'yes' } }));
    expect(rating.worksheet.map((line) => line.text)).toEqual([
      'Base premium for Architects in Texas: $2,000.00',
      'Practice location (ZIP 770xx) ×1.075: $2,150.00',
      '$1M per claim / $3M in all ×1.15: $2,472.50',
      '$1,000 deductible ×1.00: $2,472.50',
      'Credits and debits for your answers ×1.125: $2,781.56',
      'No claims in the last five years ×0.95: $2,642.48',
      'Premium, in whole dollars (minimum $1,200.00): $2,642.00',
      'Policy fee: +$75.00',
      'Texas premium tax 4.85%: +$131.77',
      'Texas state fees 0.18%: +$4.89',
      'Total for the year: $2,853.66',
    ]);
    for (const line of rating.worksheet)
      expect(line.text).not.toMatch(/rate table|version|band|\b(limit|deductible) [0-9]|=/);
    expect(rating.worksheet.map((line) => line.source)).toEqual(
      expect.arrayContaining([
        `rate table ${texas.id}, version ${texas.version}`,
        'limit 1M/3M',
        'deductible 1000',
        'experience band 0–0',
      ]),
    );
    expect(
      stepOf(rate(texas, request({ deductibleCode: '0', limitCode: '250K/500K', priorClaims: 1 })), 'deductible').text,
    ).toMatch(/^No deductible ×1\.05: /);
    expect(stepOf(rate(texas, request({ limitCode: '250K/500K' })), 'limit').text).toMatch(
      /^\$250,000 per claim \/ \$500,000 in all ×0\.70: /,
    );
    expect(stepOf(rate(texas, request({ priorClaims: 1 })), 'experience').text).toMatch(
      /^1 claim in the last five years ×1\.10: /,
    );
    expect(stepOf(rate(texas, request({ priorClaims: 7 })), 'experience').text).toMatch(
      /^7 claims in the last five years ×1\.35: /,
    );
  });

  it('uses the state’s default territory for a ZIP prefix the table does not list', () => {
    const rating = rate(texas, request({ zipcode: '75201' }));
    expect(stepOf(rating, 'territory')).toMatchObject({
      factorBps: 10_000,
      runningCents: 200_000,
      label: 'Practice location (rest of Texas)',
    });
  });

  it('applies the deductible factor: no deductible costs 5% more', () => {
    // 2 472.50 × 1.05 = 2 596.125 → 2 596.13
    expect(stepOf(rate(texas, request({ deductibleCode: '0' })), 'deductible').runningCents).toBe(259_613);
  });

  it('sums schedule credits and debits from the answers', () => {
    // +15% sedation − 2.5% current coverage = +12.5%: 2 472.50 × 1.125 = 2 781.5625 → 2 781.56
    const rating = rate(texas, request({ answers: { sedation: 'yes', implants: 'no', coverage: 'yes' } }));
    expect(stepOf(rating, 'schedule')).toMatchObject({ factorBps: 11_250, runningCents: 278_156 });
    expect(stepOf(rating, 'schedule').source).toBe('sedation=yes +15%, coverage=yes −2.5%');
  });

  it('caps the schedule modifier', () => {
    // +15% +15% = +30%, capped at +25%: 2 472.50 × 1.25 = 3 090.625 → 3 090.63
    const rating = rate(
      texas,
      request({ answers: { sedation: 'yes', implants: 'yes', implant_volume: 'few', coverage: 'no' } }),
    );
    expect(stepOf(rating, 'schedule')).toMatchObject({ factorBps: 12_500, runningCents: 309_063 });
    expect(stepOf(rating, 'schedule').source).toContain('+30% capped at +25%');
  });

  it('counts nothing for an answer to a question that does not show', () => {
    const shown = rate(texas, request({ answers: { ...noEffects, implants: 'no', implant_volume: 'many' } }));
    expect(stepOf(shown, 'schedule').factorBps).toBe(10_000);
  });

  it('applies the experience band of the prior claims', () => {
    // 2 472.50 × 1.10 = 2 719.75; × 1.35 = 3 337.875 → 3 337.88
    expect(stepOf(rate(texas, request({ priorClaims: 1 })), 'experience').runningCents).toBe(271_975);
    expect(stepOf(rate(texas, request({ priorClaims: 7 })), 'experience').runningCents).toBe(333_788);
  });

  it('charges at least the minimum premium', () => {
    // 2 000.00 × 1.0 × 0.70 × 0.90 × 1.0 × 0.95 = 1 197.00, below the 1 200.00 minimum
    const rating = rate(texas, request({ zipcode: '75201', limitCode: '250K/500K', deductibleCode: '5000' }));
    expect(stepOf(rating, 'experience').runningCents).toBe(119_700);
    expect(rating.premiumCents).toBe(120_000);
    expect(stepOf(rating, 'minimum').text).toBe('Minimum premium for Architects in Texas: $1,200.00');
  });

  it('prices every limit × deductible at once, each exactly as a single calculation', () => {
    const all = rateEveryOption(texas, request());
    expect(all).toHaveLength(9);
    for (const option of all) {
      expect(option).toEqual(
        rate(texas, request({ limitCode: option.limit.code, deductibleCode: option.deductible.code })),
      );
    }
  });
});

describe('rate: what it refuses', () => {
  it.each([
    ['limitCode', { limitCode: '5M/5M' }],
    ['deductibleCode', { deductibleCode: '250' }],
  ] as const)('a %s the table does not offer', (field, overrides) => {
    const attempt = () => rate(texas, request(overrides));
    expect(attempt).toThrow(RatingError);
    expect(attempt).toThrow(/not offered for Architects in Texas/);
    try {
      attempt();
    } catch (error) {
      expect((error as RatingError).field).toBe(field);
    }
  });

  it('a claims count no experience band covers, rather than a guessed factor', () => {
    const gappy: RatingTable = {
      ...texas,
      factors: { ...texas.factors, experience: [{ minClaims: 0, maxClaims: 0, factorBps: 9_500 }] },
    };
    expect(() => rate(gappy, request({ priorClaims: 3 }))).toThrow(/no experience band for 3 prior claims/);
  });
});

describe('rate: properties', () => {
  const bps = (min: number, max: number) => fc.integer({ min, max });
  const table = fc
    .record({
      base: fc.integer({ min: 0, max: 5_000_000 }),
      min: fc.integer({ min: 0, max: 1_000_000 }),
      fee: fc.integer({ min: 0, max: 50_000 }),
      tax: bps(0, 1_000),
      stateFee: bps(0, 200),
      territory: bps(5_000, 20_000),
      // Limits ordered from low to high, their factors rising with them.
      ilfSteps: fc.array(bps(0, 5_000), { minLength: 1, maxLength: 5 }),
      dlf: bps(5_000, 12_000),
      cap: bps(0, 5_000),
      experience: bps(5_000, 20_000),
    })
    .map((t): RatingTable => ({
      ...texas,
      basePremiumCents: t.base,
      minPremiumCents: t.min,
      policyFeeCents: t.fee,
      taxRateBps: t.tax,
      feeRateBps: t.stateFee,
      factors: {
        ilf: t.ilfSteps.map((step, index) => ({
          code: `L${index}`,
          label: `Limit ${index}`,
          perClaimCents: (index + 1) * 10_000_000,
          aggregateCents: (index + 1) * 20_000_000,
          factorBps: 5_000 + t.ilfSteps.slice(0, index + 1).reduce((sum, s) => sum + s, 0),
        })),
        dlf: [{ code: 'D', label: 'Deductible', deductibleCents: 100_000, factorBps: t.dlf }],
        territory: { defaultBps: t.territory, rows: [] },
        experience: [{ minClaims: 0, maxClaims: null, factorBps: t.experience }],
        scheduleCapBps: t.cap,
      },
    }));
  const answers = fc.record({
    sedation: fc.constantFrom('yes', 'no'),
    implants: fc.constantFrom('yes', 'no'),
    coverage: fc.constantFrom('yes', 'no'),
    implant_volume: fc.constantFrom('few', 'many'),
  });
  const priced = (t: RatingTable, a: Record<string, string>, limitCode: string) =>
    rate(t, request({ zipcode: '10001', answers: a, limitCode, deductibleCode: 'D', priorClaims: 0 }));

  it('never charges less than the minimum premium, nor anything negative, and the parts add up', () => {
    fc.assert(
      fc.property(table, answers, (t, a) => {
        for (const limit of t.factors.ilf) {
          const rating = priced(t, a, limit.code);
          expect(rating.premiumCents).toBeGreaterThanOrEqual(t.minPremiumCents);
          expect(rating.totalCents).toBeGreaterThanOrEqual(0);
          expect(rating.worksheet.every((line) => line.runningCents >= 0)).toBe(true);
          expect(rating.totalCents).toBe(
            rating.premiumCents + rating.policyFeeCents + rating.taxCents + rating.stateFeeCents,
          );
        }
      }),
    );
  });

  it('never charges less for a higher limit', () => {
    fc.assert(
      fc.property(table, answers, (t, a) => {
        const totals = t.factors.ilf.map((limit) => priced(t, a, limit.code).totalCents);
        for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeGreaterThanOrEqual(totals[i - 1]!);
      }),
    );
  });

  it('keeps the schedule modifier within its cap', () => {
    fc.assert(
      fc.property(table, answers, (t, a) => {
        const factor = stepOf(priced(t, a, 'L0'), 'schedule').factorBps!;
        expect(Math.abs(factor - 10_000)).toBeLessThanOrEqual(t.factors.scheduleCapBps);
      }),
    );
  });

  it('gives the same premium and worksheet for the same inputs, every time', () => {
    fc.assert(
      fc.property(table, answers, (t, a) => {
        expect(priced(structuredClone(t), { ...a }, 'L0')).toEqual(priced(t, a, 'L0'));
      }),
    );
  });
});

describe('paymentPlan', () => {
  it('takes the whole total at once when annual', () => {
    expect(
      paymentPlan(254_592, {
        code: 'annual',
        name: 'Annual',
        installments: 1,
        downPaymentBps: 10_000,
        installmentFeeCents: 0,
      }),
    ).toEqual({
      code: 'annual',
      name: 'Annual',
      installments: 1,
      downPaymentCents: 254_592,
      installmentCents: 0,
      lastInstallmentCents: 0,
      installmentFeeCents: 0,
      totalPayableCents: 254_592,
    });
  });

  it('splits the rest into equal installments, the last taking the rounding, each with its fee', () => {
    // 25% down of 2 545.92 = 636.48; 1 909.44 left over 3 payments = 636.48 each (+ $5 fee)
    const quarterly = paymentPlan(254_592, {
      code: 'quarterly',
      name: 'Quarterly',
      installments: 4,
      downPaymentBps: 2_500,
      installmentFeeCents: 500,
    });
    expect(quarterly).toMatchObject({
      downPaymentCents: 63_648,
      installmentCents: 64_148,
      lastInstallmentCents: 64_148,
      totalPayableCents: 256_092,
    });
    // 2 545.93: 636.48 down (636.4825 → 636.48), 1 909.45 left: 636.48, 636.48, 636.49
    const odd = paymentPlan(254_593, {
      code: 'quarterly',
      name: 'Quarterly',
      installments: 4,
      downPaymentBps: 2_500,
      installmentFeeCents: 0,
    });
    expect(odd).toMatchObject({ downPaymentCents: 63_648, installmentCents: 63_648, lastInstallmentCents: 63_649 });
  });

  it('always collects exactly the total plus the installment fees', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (total, n, down, fee) => {
          const plan = paymentPlan(total, {
            code: 'x',
            name: 'x',
            installments: n,
            downPaymentBps: down,
            installmentFeeCents: fee,
          });
          const paid = plan.downPaymentCents + plan.installmentCents * (n - 2) + plan.lastInstallmentCents;
          expect(paid).toBe(total + fee * (n - 1));
          expect(plan.totalPayableCents).toBe(paid);
        },
      ),
    );
  });
});

describe('rate: application questions', () => {
  it('counts their credits and debits with the speciality’s', () => {
    const application: RatingQuestion[] = [
      {
        code: 'prior_coverage',
        type: 'yesno',
        required: true,
        options: [
          { value: 'yes', label: 'Yes', modifierBps: -250 },
          { value: 'no', label: 'No' },
        ],
        condition: null,
      },
    ];
    // −2.5% current cover + 15% sedation = +12.5%: 2 472.50 × 1.125 = 2 781.5625 → 2 781.56
    const rating = rate(
      texas,
      request({
        answers: { sedation: 'yes', implants: 'no', coverage: 'no' },
        applicationQuestions: application,
        applicationAnswers: { prior_coverage: 'yes' },
      }),
    );
    expect(stepOf(rating, 'schedule')).toMatchObject({ factorBps: 11_250, runningCents: 278_156 });
    expect(stepOf(rating, 'schedule').source).toBe('prior_coverage=yes −2.5%, sedation=yes +15%');
  });
});
