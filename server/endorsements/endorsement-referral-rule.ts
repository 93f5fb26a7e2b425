/**
 * When a mid-term change goes to an underwriter (issue 19), as buy now's rule for an order
 * (server/lifecycle/referral-rules.ts): a change that raises the policy's annual premium above
 * the automatic authority (Config.underwritingAuthorityCents).
 */
import type { EndorsementQuote } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';

/** Why a change goes to the underwriter, in words; null when it needs no review. */
export function referralReason(
  quote: Pick<EndorsementQuote, 'annualPremiumBeforeCents' | 'annualPremiumAfterCents'>,
  authorityCents: number,
): string | null {
  if (quote.annualPremiumAfterCents <= quote.annualPremiumBeforeCents) return null;
  if (quote.annualPremiumAfterCents <= authorityCents) return null;
  return (
    `The annual premium after the change, ${formatUsd(quote.annualPremiumAfterCents)}, is above the automatic ` +
    `authority of ${formatUsd(authorityCents)}.`
  );
}
