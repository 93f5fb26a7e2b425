/**
 * Claims (specification §7 insured/claims; reporting and the policy list are beyond it; issue
 * 6). Signed-in only, and only the caller's own claims and policies: someone else's policy is
 * the same 404 as a missing one. The rules live in server/account/claims.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  claimablePolicyListSchema,
  claimListSchema,
  claimSchema,
  reportClaimRequestSchema,
} from '@shared/contract/claims';
import { listClaimablePolicies, listClaims, reportClaim } from '@server/account/claims';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';

export async function claimRoutes(app: FastifyInstance) {
  const deps = { db: app.db, clock: app.clock };
  const tags = ['account'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/claims',
    summary: 'The insured’s claims, most recently reported first',
    tags,
    public: false,
    response: claimListSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return listClaims(app.db, currentUser(request));
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/policies',
    summary: 'The policies a claim can be reported against: the insured’s own, of bound or complete orders',
    tags,
    public: false,
    response: claimablePolicyListSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return listClaimablePolicies(app.db, currentUser(request));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/reportclaim',
    summary: 'Report a claim against one of the insured’s policies',
    description:
      'Records the claim as reported with a number (C-YYYY-NNNNNN) and answers it (201). The policy must be the ' +
      'caller’s (404 otherwise) and its order bound or complete (409 naming the status). dateofloss must not be in the ' +
      'future nor before the policy’s effective date (400 naming dateofloss). With an Idempotency-Key header, ' +
      'repeating the call answers the claim recorded the first time (200) and records nothing; the same key with a ' +
      'different report is a 422 naming Idempotency-Key.',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: reportClaimRequestSchema,
    response: claimSchema,
    status: 201,
    errors: {
      409: 'The policy’s order is not bound or complete (`fields.status` names its status)',
      422: KEY_REUSED_DOC,
    },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const { created, claim } = await reportClaim(deps, currentUser(request), body, idempotencyKeyHash(request));
      if (!created) setStatus(200);
      return claim;
    },
  });
}
