/**
 * Certificates of insurance on demand (issue 19): issued by the insured on their own bound
 * policy, listed and downloaded again (signed in; someone else's policy or certificate is the
 * same 404 as a missing one), and checked by anyone holding the verification code (public, rate
 * limited per client address). The rules live in server/certificates/.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  certificateListQuerySchema,
  certificateListSchema,
  certificateSchema,
  certificateVerificationSchema,
  downloadCertificateRequestSchema,
  issueCertificateRequestSchema,
  verifyCertificateParamsSchema,
} from '@shared/contract/certificates';
import {
  certificateFile,
  issueCertificate,
  listCertificates,
  verifyCertificate,
  type CertificateDeps,
} from '@server/certificates/certificates';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';

/** What the OpenAPI document shows for the PDF answer (the route sends the bytes itself). */
const pdfBytesSchema = v.pipe(
  v.string(),
  v.description('The certificate as application/pdf bytes, as issued, sent as an attachment'),
);

export async function certificateRoutes(app: FastifyInstance) {
  const deps: CertificateDeps = {
    db: app.db,
    clock: app.clock,
    trust: app.config.trust,
    publicUrl: app.config.publicUrl,
  };
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'POST',
    url: '/insured/issuecertificate',
    summary: 'Issue a certificate of insurance on one of the insured’s policies, naming a certificate holder',
    description:
      'JSON or form body. Answers the certificate (201): its verification code (12 characters), the public page that ' +
      'checks it, when it was issued and the holder; the PDF is drawn now, kept, and downloaded with ' +
      'documents/downloadcertificate. additionalInsured (default false) also makes the holder an additional insured, ' +
      'with the standard wording. description (optional, plain text up to 500 characters; 400 naming it otherwise) says ' +
      'what the certificate is for, printed as the description of operations / project. The certificate marks the ' +
      'cover claims-made with its retroactive date, names the policy by its number, and names the broker as producer ' +
      '(for a direct sale the portal, with its support phone and site). ' +
      'The policy must be the caller’s (404 otherwise), its order bound or complete and the ' +
      'policy in force today or starting later (409 naming `fields.status`: is cancelled, is expired, or the order’s ' +
      'status). The ZIP must lie in the state (400 naming it). With an Idempotency-Key header, repeating the call ' +
      'answers the certificate issued the first time (200) and issues nothing; the same key with a different request ' +
      'is a 422 naming Idempotency-Key.',
    tags: ['account'],
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: issueCertificateRequestSchema,
    response: certificateSchema,
    status: 201,
    errors: {
      409: 'The policy is cancelled or expired, or its order not bound (`fields.status` names which)',
      422: KEY_REUSED_DOC,
    },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const { created, certificate } = await issueCertificate(
        deps,
        currentUser(request),
        body,
        idempotencyKeyHash(request),
      );
      if (!created) setStatus(200);
      return certificate;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/certificates',
    summary: 'A policy’s certificates of insurance, newest first, its standing today and whether another can be issued',
    description: 'Someone else’s or a missing policy is a 404.',
    tags: ['account'],
    public: false,
    query: certificateListQuerySchema,
    response: certificateListSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return listCertificates(deps, currentUser(request), query.policyid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents/downloadcertificate',
    summary: 'A certificate of insurance issued on demand, as a PDF: the bytes as issued',
    description:
      'JSON or form: certificateid. Answers application/pdf as an attachment named ' +
      'certificate-{policy}-{holder}-{code}.pdf, at any time, whatever the policy’s standing now. Someone else’s or a ' +
      'missing certificate is a 404.',
    tags: ['documents'],
    public: false,
    body: downloadCertificateRequestSchema,
    response: pdfBytesSchema,
    binary: {
      types: ['application/pdf'],
      headers: {
        'Content-Disposition': 'attachment; filename="certificate-{policy}-{holder}-{code}.pdf"',
        'Cache-Control': 'no-store',
      },
    },
    handler: async ({ body, request, reply }) => {
      const file = await certificateFile(app.db, currentUser(request), body.certificateid);
      // The file name is [a-z0-9.-] only: no quoting or encoding issues.
      return reply
        .code(200)
        .headers({
          ...noStore,
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${file.filename}"`,
        })
        .send(file.content);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/verifycertificate/:code',
    summary: 'Check a certificate of insurance by its verification code (public)',
    description:
      'No sign-in. The code as printed, in any case, with or without the hyphens (400 naming code when it cannot be ' +
      'one). Answers only the policy’s standing today (in_force, not_yet_in_force, cancelled with its date, expired), ' +
      'its period, its limits and the holder’s name; an unknown code is a 404. Rate-limited per client address, found ' +
      'or not (429 with Retry-After).',
    tags: ['certificates'],
    public: true,
    params: verifyCertificateParamsSchema,
    response: certificateVerificationSchema,
    errors: { 429: 'Too many checks from this address: see Retry-After' },
    handler: async ({ params, request, reply }) => {
      // The standing is today's: a cache must not answer it tomorrow.
      reply.headers(noStore);
      return verifyCertificate(deps, params.code, request.ip);
    },
  });
}
