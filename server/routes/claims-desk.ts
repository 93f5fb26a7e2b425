/**
 * Claims, the handler's side (issue 19 item 4): whoever handles claims — underwriters and
 * administrators; there is no separate claims role — reads the queue and any claim, moves it
 * through the lifecycle and writes to the insured, who is mailed each time. Every route needs a
 * bearer token (401), and the role is checked before params, query or body are read (403 for an
 * insured or a broker). The rules live in server/claims/.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  claimAttachmentQuerySchema,
  claimEventSchema,
  claimHandlerDetailSchema,
  claimMessageRequestSchema,
  claimMessageSchema,
  claimMoveRequestSchema,
  claimQuerySchema,
  claimQueueQuerySchema,
  claimQueueSchema,
} from '@shared/contract/claims';
import { claimAttachmentContent } from '@server/claims/claim-attachments';
import { handlerClaimDetail } from '@server/claims/claim-detail';
import { writeClaimMessage } from '@server/claims/claim-messages';
import { moveClaim } from '@server/claims/claim-moves';
import { claimQueue } from '@server/claims/claim-queue';
import type { ClaimDeps } from '@server/claims/claims';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';
import { attachmentBinaryDoc, attachmentHeaders, CLOSED_CLAIM_DOC } from '@server/routes/claims';

const OWN_CLAIM_DOC = `${FORBIDDEN_DOC}, or the claim is the handler’s own`;

export async function claimsDeskRoutes(app: FastifyInstance) {
  guardRoutes(app, 'underwriter', 'admin');
  const deps: ClaimDeps = { db: app.db, clock: app.clock, mail: app.mail, publicUrl: app.config.publicUrl };
  const tags = ['claims'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/claims/queue',
    summary: 'The claims queue: every claim not closed (or those in status), oldest report first',
    description:
      'Each item is the claim with its insured, when anything last happened on it, and awaitingHandler: reported and ' +
      'untouched, or the insured wrote or attached something after the handler’s last message or move.',
    tags,
    public: false,
    query: claimQueueQuerySchema,
    response: claimQueueSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ query, reply }) => {
      reply.headers(noStore);
      return claimQueue(app.db, query.status);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/claims/claim',
    summary: 'One claim as its handler reads it',
    description:
      'Whoever owns it: the claim, its timeline, messages and attachments, the insured, and the statuses the ' +
      'lifecycle allows a move to now (none on the handler’s own claim). 404 when there is no such claim.',
    tags,
    public: false,
    query: claimQuerySchema,
    response: claimHandlerDetailSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return handlerClaimDetail(app.db, currentUser(request), query.claimid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/claims/move',
    summary: 'Move a claim: acknowledge, start the review, close, or reopen it',
    description:
      'JSON or form body: the claim, the status to move it to, and an optional note the insured reads in the timeline ' +
      'and the mail. Only the lifecycle’s moves: reported → acknowledged → under_review, any open status → closed, ' +
      'closed → under_review (reopened); anything else is a 409 naming status. The move is made under the claim’s ' +
      'row lock: of two moves at once the second sees the first’s status. Answers the timeline entry (201) and mails ' +
      'the insured. With an Idempotency-Key header, repeating the call answers the first move (200) and changes ' +
      'nothing; the same key with another move is a 422. A claim that does not exist is a 404.',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: claimMoveRequestSchema,
    response: claimEventSchema,
    status: 201,
    errors: {
      403: OWN_CLAIM_DOC,
      409: 'The lifecycle does not allow this move from the claim’s status (`fields.status`)',
      422: KEY_REUSED_DOC,
    },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const { created, event } = await moveClaim(deps, currentUser(request), body, idempotencyKeyHash(request));
      if (!created) setStatus(200);
      return event;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/claims/message',
    summary: 'Write to the insured on a claim (mailed to them)',
    description:
      'JSON or form body. Answers the message (201); it shows on the insured’s claim and is mailed to them. A closed ' +
      'claim is a 409 naming status (reopen it first). With an Idempotency-Key header, repeating the call answers ' +
      'the first message (200) and writes nothing; the same key with another message is a 422. A claim that does not ' +
      'exist is a 404.',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: claimMessageRequestSchema,
    response: claimMessageSchema,
    status: 201,
    errors: { 403: OWN_CLAIM_DOC, 409: CLOSED_CLAIM_DOC, 422: KEY_REUSED_DOC },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const { created, message } = await writeClaimMessage(
        deps,
        currentUser(request),
        'handler',
        body,
        idempotencyKeyHash(request),
      );
      if (!created) setStatus(200);
      return message;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/claims/attachment',
    summary: 'A file attached to a claim, as an attachment',
    description:
      'Content-Type is the type detected when the file was uploaded; Content-Disposition names the file. A file of ' +
      'another claim, a deleted or a missing file is a 404.',
    tags,
    public: false,
    query: claimAttachmentQuerySchema,
    response: v.pipe(v.string(), v.description('The file’s bytes')),
    binary: attachmentBinaryDoc,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ query, request, reply }) => {
      const file = await claimAttachmentContent(app.db, currentUser(request), 'handler', query.claimid, query.fileid);
      return reply.code(200).headers(attachmentHeaders(file.filename, file.mime)).send(file.content);
    },
  });
}
