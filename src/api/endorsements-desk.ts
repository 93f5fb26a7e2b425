import * as v from 'valibot';
import { http } from '@/api/client';
import {
  endorsementSchema,
  referredEndorsementsSchema,
  type Endorsement,
  type ReferredEndorsement,
} from '@shared/contract/endorsements';

/**
 * The referred-changes desk (underwriters and administrators, shared/contract/endorsements.ts):
 * the mid-term changes the rules sent to an underwriter, and the decision on one. A decision is
 * idempotent on the server (the same decision again answers the change as it stands), so it
 * needs no key of its own; a different decision on a decided change — or on a change withdrawn
 * when its policy was cancelled — is a 409 whose `fields.status` names where it stands.
 */

/** GET underwriting/endorsements: the referred changes, oldest first, each with why. */
export async function getReferredEndorsements(): Promise<ReferredEndorsement[]> {
  return v.parse(referredEndorsementsSchema, await http().get('underwriting/endorsements').json());
}

/** What the underwriter decides: approve, or decline with the reason the insured is told. */
export type EndorsementDecision = { decision: 'approve' } | { decision: 'decline'; reason: string };

/** POST underwriting/endorsementdecision: the change as it stands after the decision. */
export async function decideEndorsement(endorsementId: number, decision: EndorsementDecision): Promise<Endorsement> {
  const response = await http().post('underwriting/endorsementdecision', {
    json: { endorsementid: endorsementId, ...decision },
  });
  return v.parse(endorsementSchema, await response.json());
}
