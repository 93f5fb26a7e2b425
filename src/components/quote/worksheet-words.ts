import type { WorksheetLine } from '@shared/contract/rating';

/**
 * Why each line of the price is there, in words an insured reads without a rate manual: shown
 * under the line instead of its source (the rate table, version and codes an underwriter audits).
 */
export const worksheetWhy: Record<WorksheetLine['step'], string> = {
  base: 'Where every price for your speciality starts in your state.',
  territory: 'Claims cost more in some places than others: this reflects where you practise.',
  limit: 'The most the policy pays for one claim, and for all claims in the policy year. Higher limits cost more.',
  deductible: 'What you pay towards each claim yourself. A higher deductible lowers the price.',
  schedule: 'Your answers about your practice: some lower the price, some raise it, within a set range.',
  experience: 'The claims you told us were made against you in the last five years.',
  minimum: 'Premiums are in whole dollars, and never below the least this cover costs.',
  adjustment: 'An underwriter changed the premium after reviewing your application.',
  policyFee: 'A fixed charge for issuing the policy.',
  tax: 'The tax your state charges on insurance premiums.',
  stateFee: 'Other charges your state sets on insurance.',
  total: 'What the year costs, fees and taxes included. A payment plan may add instalment fees.',
};
