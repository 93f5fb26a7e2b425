/**
 * What a report told us, as people read it: the same lines on the claim's page, on the claims
 * desk and in the mails (the insured's receipt and the desk's notice of a new report), so the
 * three never word a claims-made report differently.
 */
import type { Claim, ClaimKind } from '@shared/contract/claims';
import { formatCalendarDay } from '@shared/contract/date-format';
import { formatUsd } from '@shared/contract/money-format';

export type ClaimFact = { label: string; value: string };

/** The kind in words: "Claim" or "Notice of circumstance". */
export const CLAIM_KIND_WORDS: Record<ClaimKind, string> = {
  claim: 'Claim',
  circumstance: 'Notice of circumstance',
};

/** The label of the report's required date, by kind. */
export const claimMadeLabel = (kind: ClaimKind) => (kind === 'circumstance' ? 'Learned of it on' : 'Claim made on');

type Reported = Pick<Claim, 'kind' | 'dateOfLoss' | 'actDate' | 'claimant' | 'lawsuitFiled' | 'amountDemandedCents'>;

/** The report's facts in order; what the insured left out is said as not given, never guessed. */
export function claimFacts(claim: Reported): ClaimFact[] {
  return [
    { label: 'Reported as', value: CLAIM_KIND_WORDS[claim.kind] },
    { label: claimMadeLabel(claim.kind), value: formatCalendarDay(claim.dateOfLoss) },
    { label: 'Act or error on', value: claim.actDate ? formatCalendarDay(claim.actDate) : 'Not known' },
    { label: 'Claimant', value: claim.claimant ?? 'Not given' },
    { label: 'Lawsuit filed', value: claim.lawsuitFiled ? 'Yes' : 'No' },
    {
      label: 'Amount demanded',
      value: claim.amountDemandedCents === null ? 'None stated' : formatUsd(claim.amountDemandedCents),
    },
  ];
}
