/**
 * Claims, the insured's side (specification §7 insured/claims; everything else is beyond it;
 * issues 6 and 19). Signed-in only, and only the caller's own claims and policies: someone
 * else's is the same 404 as a missing one, whatever the caller's role. The rules live in
 * server/claims/; the handler's side is server/routes/claims-desk.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  claimablePolicyListSchema,
  claimAttachmentFieldsSchema,
  claimAttachmentListSchema,
  claimAttachmentQuerySchema,
  claimDetailSchema,
  claimListSchema,
  claimMessageRequestSchema,
  claimMessageSchema,
  claimQuerySchema,
  claimSchema,
  reportClaimRequestSchema,
} from '@shared/contract/claims';
import { acceptedFileTypes, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@shared/contract/files';
import { claimAttachmentContent, uploadClaimAttachments } from '@server/claims/claim-attachments';
import { insuredClaimDetail } from '@server/claims/claim-detail';
import { writeClaimMessage } from '@server/claims/claim-messages';
import { listClaimablePolicies, listClaims, reportClaim, type ClaimDeps } from '@server/claims/claims';
import { attachmentDisposition } from '@server/files/file-names';
import { FILES_FIELD, MAX_FILE_MB, MAX_UPLOAD_MB, uploadLimits } from '@server/files/read-upload';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';

const ACCEPTED_TYPES = Object.keys(acceptedFileTypes);

export const CLOSED_CLAIM_DOC = 'The claim is closed: it takes no more messages or attachments (`fields.status`)';

/** How a claim attachment is sent back: the detected type, a safe name, nothing that runs. */
export const attachmentHeaders = (filename: string, mime: string) => ({
  'cache-control': 'private, no-store',
  'content-type': mime,
  'content-disposition': attachmentDisposition(filename),
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
});

export const attachmentBinaryDoc = {
  types: ACCEPTED_TYPES,
  headers: {
    'Content-Disposition': 'attachment; filename="…"; filename*=UTF-8\'\'…',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  },
};

export async function claimRoutes(app: FastifyInstance) {
  const deps: ClaimDeps = { db: app.db, clock: app.clock, mail: app.mail, publicUrl: app.config.publicUrl };
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
      'Records the claim as reported with a number (C-YYYY-NNNNNN), starts its timeline with the report, mails the ' +
      'insured a receipt and the claims desk (every underwriter, else the administrators) a notice with the report, and ' +
      'answers the claim (201). Claims-made: kind is claim (the default) or circumstance (notice of a circumstance that ' +
      'may become a claim); dateofloss is the day the claim was made (first demand or notice) or the circumstance came ' +
      'to light, required. Optional: actdate (the act or error), claimant, lawsuitfiled, amountdemandedcents. The ' +
      'policy must be the caller’s (404 otherwise) and its order bound or complete (409 naming the status). Dates are ' +
      'checked against the policy’s own dates and the server’s business day only: dateofloss not in the future nor ' +
      'before the policy’s effective date (400 naming dateofloss), actdate not after dateofloss (400 naming actdate); ' +
      'every other bad field is a 400 naming it. With an Idempotency-Key header, ' +
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

  defineRoute(app, {
    method: 'GET',
    url: '/insured/claim',
    summary: 'One of the insured’s claims: its timeline, messages and attachments',
    description:
      'The claim, every move of it oldest first (the report, then the handler’s moves with who made them, when and ' +
      'their note), the messages between the insured and the handler, the attached files, and whether it still takes ' +
      'messages and attachments (open: false once closed). Another insured’s claim is a 404.',
    tags,
    public: false,
    query: claimQuerySchema,
    response: claimDetailSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return insuredClaimDetail(app.db, currentUser(request), query.claimid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/claimmessage',
    summary: 'Write to whoever handles one of the insured’s claims',
    description:
      'JSON or form body. Answers the message (201); it shows to the handler, the claim is marked as waiting for ' +
      'them in their queue, and it is mailed to the handler who last moved or wrote on the claim (before anyone has, ' +
      'to every underwriter). Another insured’s claim is a 404; a closed claim a 409 naming status. With an ' +
      'Idempotency-Key header, repeating the call answers the first message (200) and writes nothing, even once the ' +
      'claim is closed; the same key with another message is a 422.',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: claimMessageRequestSchema,
    response: claimMessageSchema,
    status: 201,
    errors: { 409: CLOSED_CLAIM_DOC, 422: KEY_REUSED_DOC },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const { created, message } = await writeClaimMessage(
        deps,
        currentUser(request),
        'insured',
        body,
        idempotencyKeyHash(request),
      );
      if (!created) setStatus(200);
      return message;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/claimattachment',
    summary: 'A file attached to one of the insured’s claims, as an attachment',
    description:
      'Content-Type is the type detected when the file was uploaded; Content-Disposition names the file. Another ' +
      'insured’s claim, a file of another claim, a deleted or a missing file is a 404.',
    tags,
    public: false,
    query: claimAttachmentQuerySchema,
    response: v.pipe(v.string(), v.description('The file’s bytes')),
    binary: attachmentBinaryDoc,
    handler: async ({ query, request, reply }) => {
      const file = await claimAttachmentContent(app.db, currentUser(request), 'insured', query.claimid, query.fileid);
      return reply.code(200).headers(attachmentHeaders(file.filename, file.mime)).send(file.content);
    },
  });

  // The upload in a scope of its own: no other claims route takes multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits, throwFileSizeLimit: true });
    defineRoute(scope, {
      method: 'POST',
      url: '/insured/claimattachments',
      summary: 'Attach files to one of the insured’s claims',
      description:
        'multipart/form-data: the field claimid first, then one or more parts named files. Answers the attachments ' +
        'stored (201); they show to the handler, who is mailed their names (one mail per upload). The order upload’s rules: a file’s type is decided by its content ' +
        '(PDF, PNG, JPEG, Word .docx or Excel .xlsx; anything else a 415 naming files), an empty file is a 400, a file ' +
        `over ${MAX_FILE_MB} MB or an upload over ${MAX_UPLOAD_MB} MB in all a 413, and then nothing is stored. ` +
        'Another insured’s claim is a 404; a closed claim a 409 naming status. With an Idempotency-Key header, ' +
        'repeating the upload answers the files stored the first time (200) and stores nothing; the same key with ' +
        'other files is a 422.',
      tags,
      public: false,
      headers: idempotencyKeyHeaderDoc,
      multipart: {
        fields: claimAttachmentFieldsSchema,
        files: {
          name: FILES_FIELD,
          description: 'The files, one part each, each with its file name.',
          maxItems: MAX_FILES_PER_UPLOAD,
          maxBytes: MAX_FILE_BYTES,
          types: ACCEPTED_TYPES,
        },
      },
      response: claimAttachmentListSchema,
      status: 201,
      errors: {
        409: CLOSED_CLAIM_DOC,
        413: `A file is larger than ${MAX_FILE_MB} MB, or all of them together than ${MAX_UPLOAD_MB} MB (\`fields.files\`); nothing was stored`,
        415: 'A file is not of an accepted type by its content (`fields.files` names it), or the body is not multipart/form-data',
        422: KEY_REUSED_DOC,
      },
      handler: async ({ request, reply, setStatus }) => {
        reply.headers({ 'cache-control': 'private, no-store' });
        const user = currentUser(request);
        const stored = await uploadClaimAttachments(deps, user, request, idempotencyKeyHash(request));
        if (!stored.created) setStatus(200);
        return stored.attachments;
      },
    });
  });
}
