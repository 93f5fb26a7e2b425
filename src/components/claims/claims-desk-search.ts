import { useSearch } from '@tanstack/react-router';
import * as v from 'valibot';
import { recordIdInputSchema } from '@shared/contract/address';
import type { ClaimStatus } from '@shared/contract/claims';
import { claimStatuses } from '@shared/contract/enums';

/**
 * The claims desk's address (underwriting/claims): `status`, the queue's filter, and `claimid`,
 * the claim opened from it. Anything malformed in either place reads as absent.
 */
const claimsDeskSearch = v.object({
  status: v.fallback(v.optional(v.picklist(claimStatuses)), undefined),
  claimid: v.fallback(v.optional(recordIdInputSchema), undefined),
});

export interface ClaimsDeskAddress {
  status?: ClaimStatus;
  claimid?: number;
}

/** The desk's address as it is now, only the keys that are set. */
export function useClaimsDeskAddress(): ClaimsDeskAddress {
  const parsed = v.safeParse(claimsDeskSearch, useSearch({ strict: false }));
  if (!parsed.success) return {};
  const { status, claimid } = parsed.output;
  return { ...(status ? { status } : {}), ...(claimid ? { claimid } : {}) };
}
