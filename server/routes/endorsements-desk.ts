/**
 * The underwriter's side of mid-term changes (issue 19): the changes the rules referred, and the
 * decision on one. Role underwriter or admin (403 for anyone else, before the input is read; 401
 * without a token), as the underwriter's desk (server/routes/underwriting.ts). The rules live in
 * server/endorsements/endorsement-referrals.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  endorsementDecisionRequestSchema,
  endorsementSchema,
  referredEndorsementsSchema,
} from '@shared/contract/endorsements';
import { decideEndorsement, listReferred } from '@server/endorsements/endorsement-referrals';
import type { EndorsementDeps } from '@server/endorsements/endorsements';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';

export async function endorsementDeskRoutes(app: FastifyInstance, { deps }: { deps: EndorsementDeps }) {
  guardRoutes(app, 'underwriter', 'admin');
  const noStore = { 'cache-control': 'no-store' };
  const tags = ['underwriting'];

  defineRoute(app, {
    method: 'GET',
    url: '/underwriting/endorsements',
    summary: 'The mid-term changes referred to an underwriter, oldest first, each with why',
    description:
      'Every endorsement with status referred: the change (as insured/policyhistory shows it), its policy number, ' +
      'the named insured and the reason it was referred (a change raising the annual premium above the automatic ' +
      'authority).',
    tags,
    public: false,
    response: referredEndorsementsSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ reply }) => {
      reply.headers(noStore);
      return listReferred(deps.db, deps.authorityCents);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/underwriting/endorsementdecision',
    summary: 'Approve or decline a referred mid-term change',
    description:
      'JSON: endorsementid, decision (approve | decline), reason (required to decline; the insured is told it). ' +
      'Approved, the change proceeds as it would have: issued at once (its PDF, the declarations reissued, the ' +
      'issued mail) or awaiting payment with an invoice for its additional premium (the insured is mailed to pay). ' +
      'Declined, it stays declined with its reason, and the insured is mailed. Repeating the same decision answers ' +
      'the endorsement as it stands (200) and does nothing more; a different decision on a decided change is a 409 ' +
      'naming `fields.status`, as is approving a change of a policy no longer in force. A missing endorsement is a 404.',
    tags,
    public: false,
    body: endorsementDecisionRequestSchema,
    response: endorsementSchema,
    errors: {
      403: FORBIDDEN_DOC,
      409: 'Decided already, or the policy is no longer in force (`fields.status` names it)',
    },
    handler: async ({ body, reply }) => {
      reply.headers(noStore);
      return (await decideEndorsement(deps, body)).endorsement;
    },
  });
}
