import { describe, expect, it } from 'vitest';
import { demoSpecialities } from '@server/db/seed/demo-data';
import { generalQuestions, specialityQuestions, type DemoQuestion } from '@server/db/seed/demo-questions';
import {
  knockoutReasons,
  priorClaimsReported,
  referralReasons,
  type AnsweredSets,
  type RuleQuestion,
} from '@server/lifecycle/referral-rules';

/** The demo question sets as the rules read them (what the seed stores). */
const asStored = (questions: DemoQuestion[]): RuleQuestion[] =>
  questions.map((question) => ({
    code: question.code,
    text: question.text,
    options: question.options ?? [],
    condition: question.condition ?? null,
  }));

const code = (name: string) => demoSpecialities.find((speciality) => speciality.name === name)!.code;
const dentists = asStored(specialityQuestions[code('Dentists')]);
const application = asStored(generalQuestions);

/** A careful dentist's answers: nothing that refers or declines. */
const cleanDentist = { dnt_licence_action: 'no', dnt_sedation: 'no', dnt_implants: 'no', dnt_practice_type: 'general' };
const cleanApplication = {
  years_in_practice: 12,
  annual_revenue: 400_000,
  staff_count: 3,
  prior_claims: 'no',
  prior_coverage: 'yes',
};

const sets = (
  answers: Record<string, unknown> = {},
  applicationAnswers: Record<string, unknown> = {},
): AnsweredSets => ({
  speciality: { questions: dentists, answers: { ...cleanDentist, ...answers } },
  application: { questions: application, answers: { ...cleanApplication, ...applicationAnswers } },
});

const AUTHORITY = 2_500_000;

describe('knockoutReasons', () => {
  it('finds none in clean answers', () => {
    expect(knockoutReasons(sets())).toEqual([]);
  });

  it('declines on a licence action, naming the question and the answer', () => {
    const [reason, ...more] = knockoutReasons(sets({ dnt_licence_action: 'yes' }));
    expect(more).toEqual([]);
    const question = dentists.find((q) => q.code === 'dnt_licence_action')!;
    expect(reason).toEqual({
      code: 'knockout_answer',
      label: `Your answer to “${question.text}” means we cannot offer this cover`,
      detail: `${question.text} Yes. This answer declines the order.`,
    });
  });

  it('declines on the knock-out answer of every speciality that has one', () => {
    let tried = 0;
    for (const [speciality, questions] of Object.entries(specialityQuestions)) {
      const stored = asStored(questions);
      for (const question of stored.filter((q) => q.options.some((option) => option.knockout))) {
        const knockout = question.options.find((option) => option.knockout)!;
        const found = knockoutReasons({
          speciality: { questions: stored, answers: { [question.code]: knockout.value } },
          application: { questions: application, answers: cleanApplication },
        });
        expect(
          found.map((reason) => reason.code),
          `${speciality} ${question.code}`,
        ).toEqual(['knockout_answer']);
        tried += 1;
      }
    }
    // Most demo specialities have one (a licence or regulator action).
    expect(tried).toBeGreaterThan(5);
  });
});

describe('referralReasons', () => {
  it('finds none in clean answers below the authority', () => {
    expect(referralReasons(sets(), 250_000, AUTHORITY)).toEqual([]);
  });

  it('refers a premium above the authority, not one equal to it', () => {
    expect(referralReasons(sets(), AUTHORITY, AUTHORITY)).toEqual([]);
    expect(referralReasons(sets(), AUTHORITY + 1, AUTHORITY)).toEqual([
      {
        code: 'premium_above_authority',
        label: 'Your premium is above what we can approve automatically',
        detail: 'Premium $25,000.01 is above the automatic authority of $25,000.00.',
      },
    ]);
    // A draft has no premium: nothing to compare.
    expect(referralReasons(sets(), null, AUTHORITY)).toEqual([]);
  });

  it('refers an answer whose option refers, with the question and the answer in the detail', () => {
    const reasons = referralReasons(sets({ dnt_practice_type: 'oral_surgery' }), 250_000, AUTHORITY);
    expect(reasons).toEqual([
      {
        code: 'referral_answer',
        label: 'Your answer to “What best describes your practice?” needs an underwriter’s review',
        detail: 'What best describes your practice? Oral and maxillofacial surgery.',
      },
    ]);
  });

  it('refers prior claims once, with what the application says about them', () => {
    const reasons = referralReasons(
      sets(
        {},
        {
          prior_claims: 'yes',
          prior_claims_count: 2,
          prior_claims_details: '2019: missed diagnosis, closed, $40,000 paid.',
        },
      ),
      250_000,
      AUTHORITY,
    );
    // prior_claims "yes" is itself a referring option: its reason is the prior-claims one, not a second.
    expect(reasons.map((reason) => reason.code)).toEqual(['prior_claims']);
    expect(reasons[0]!.detail).toBe(
      'Has anyone made a claim against you or your firm in the last five years? Yes. How many claims? 2. ' +
        'For each claim: the date, what was alleged, the amount paid and whether it is closed. 2019: missed diagnosis, closed, $40,000 paid.',
    );
  });

  it('gives every rule that fires, premium first', () => {
    const reasons = referralReasons(
      sets({ dnt_practice_type: 'oral_surgery' }, { prior_claims: 'yes', prior_claims_count: 1 }),
      AUTHORITY + 100,
      AUTHORITY,
    );
    expect(reasons.map((reason) => reason.code)).toEqual([
      'premium_above_authority',
      'prior_claims',
      'referral_answer',
    ]);
  });

  it('reads prior claims from the answer or the count, not from a count the answer hides', () => {
    // prior_claims_count shows only after "yes": a stray count under "no" reports nothing.
    expect(priorClaimsReported({ prior_claims: 'no' })).toBe(false);
    expect(priorClaimsReported({ prior_claims: 'no', prior_claims_count: 1 })).toBe(false);
    expect(priorClaimsReported({ prior_claims: 'yes' })).toBe(true);
    expect(priorClaimsReported({ prior_claims_count: 1 })).toBe(true);
    expect(priorClaimsReported({ prior_claims: 'yes', prior_claims_count: 0 })).toBe(true);
  });
});
