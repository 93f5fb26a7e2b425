/**
 * The signed application (issue 16): the insured reviews the application as one record and signs
 * it electronically before paying. Signed-in insureds, on their own orders only: anyone else's
 * order is the same 404 as a missing one. The rules live in server/application/.
 */
import type { FastifyInstance } from 'fastify';
import {
  applicationQuerySchema,
  applicationSchema,
  applicationSignatureSchema,
  signApplicationRequestSchema,
} from '@shared/contract/application-signature';
import {
  applicationOf,
  CHANGED_MESSAGE,
  signApplication,
  SIGNABLE_STATUSES,
  type SignatureDeps,
} from '@server/application/signatures';
import { currentUser } from '@server/http/authenticate';
import { defineRoute } from '@server/http/route';

export async function applicationSignatureRoutes(app: FastifyInstance) {
  const deps: SignatureDeps = { db: app.db, clock: app.clock };
  const tags = ['application'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/application',
    summary: 'The order’s application as the insured signs it, its SHA-256, and its signature',
    description:
      'The record: speciality, the insured (name, company), the practice’s address when on file, every question that ' +
      'shows (both sets) with its answer in words, the cover chosen (limit, deductible, payment plan, total, start) and ' +
      'the declarations. recordHash is the SHA-256 (hex) of its canonical JSON (keys sorted, no spaces). signature is ' +
      'the newest signature, null before any; its `current` is false once the record changed after signing (an answer, ' +
      'the cover, the named insured or address), and the order must then be signed again before paying. A draft is a ' +
      '409 naming its status.',
    tags,
    public: false,
    query: applicationQuerySchema,
    response: applicationSchema,
    errors: { 409: 'The order is a draft: nothing is priced to sign yet (`fields.status`)' },
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return applicationOf(deps, currentUser(request), query.submissionid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/signapplication',
    summary:
      'Sign the order’s application electronically (ESIGN/UETA): typed name, consent, declarations, the record’s hash',
    description:
      'JSON: submissionid, signerName (the insured’s full name, 2 to 120 characters, with letters), ' +
      'consentToElectronicRecords: true, agreeToDeclarations: true, recordHash (the hash of the record reviewed, from ' +
      'GET insured/application). The signature keeps the record, its hash, the name, the time (server clock), the network ' +
      'address and the browser. 201 with a new signature; signing the record the newest signature already signed ' +
      `answers that signature with 200 (idempotent); a changed record makes a new one (earlier ones are kept). Only while ` +
      `the order is ${SIGNABLE_STATUSES.join(', ')}.`,
    tags,
    public: false,
    body: signApplicationRequestSchema,
    response: applicationSignatureSchema,
    status: 201,
    errors: {
      409:
        'The order is not open for signing (`fields.status`, e.g. "is bound"); or the application changed since it was ' +
        `reviewed (\`fields.recordHash\`: "${CHANGED_MESSAGE}")`,
    },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const userAgent = request.headers['user-agent'];
      const { signature, created } = await signApplication(deps, currentUser(request), body, {
        ip: request.ip,
        userAgent,
      });
      if (!created) setStatus(200);
      return signature;
    },
  });
}
