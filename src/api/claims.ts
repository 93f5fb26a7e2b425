import * as v from 'valibot';
import { http } from '@/api/client';
import {
  claimablePolicyListSchema,
  claimListSchema,
  claimSchema,
  type Claim,
  type ClaimablePolicy,
  type ReportClaimRequest,
} from '@shared/contract/claims';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contract/submissions';

/** GET insured/claims: the claims the insured has reported. */
export async function getClaims(): Promise<Claim[]> {
  return v.parse(claimListSchema, await http().get('insured/claims').json());
}

/** GET insured/policies: the bound policies a claim can be reported against (empty when none). */
export async function getClaimablePolicies(): Promise<ClaimablePolicy[]> {
  return v.parse(claimablePolicyListSchema, await http().get('insured/policies').json());
}

/**
 * POST insured/reportclaim. One Idempotency-Key per report the insured means to make: a retry
 * after a lost answer gets the same claim back (200) instead of a second claim.
 */
export async function reportClaim(request: ReportClaimRequest, idempotencyKey: string): Promise<Claim> {
  const response = await http().post('insured/reportclaim', {
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return v.parse(claimSchema, await response.json());
}
