/**
 * Additional insureds on an order and their certificates of insurance (the additionally-insured
 * screen; issue 6). Signed-in only, and only the caller's own orders and records: someone
 * else's id is the same 404 as a missing one. The rules live in server/account/.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  additionalInsuredListSchema,
  additionalInsuredSchema,
  additionalInsuredsQuerySchema,
  certificateRequestSchema,
  saveAdditionalInsuredRequestSchema,
} from '@shared/contract/additional-insureds';
import { deletedSchema, idQuerySchema } from '@shared/contract/address';
import {
  certificateOfInsurance,
  deleteAdditionalInsured,
  listAdditionalInsureds,
  saveAdditionalInsured,
} from '@server/account/additional-insureds';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';

const frozen =
  'The order is bound, complete, declined or closed (`fields.status` names it): its list no longer changes';

/** What the OpenAPI document shows for the PDF answer (the route sends the bytes itself). */
const pdfBytesSchema = v.pipe(
  v.string(),
  v.description('The certificate as application/pdf bytes, sent as an attachment'),
);

export async function additionalInsuredRoutes(app: FastifyInstance) {
  const deps = { db: app.db, clock: app.clock };
  const tags = ['account'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/additionalinsureds',
    summary: 'An order’s additional insureds, oldest first, and whether the list may change and certificates exist',
    description:
      'Someone else’s or a missing order is a 404. `editable` is true until the order is bound (or declined or closed); ' +
      '`certificatesAvailable` once its policy is issued (bound or complete).',
    tags,
    public: false,
    query: additionalInsuredsQuerySchema,
    response: additionalInsuredListSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return listAdditionalInsureds(app.db, currentUser(request), query.submissionid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/saveupdateadditionalinsured',
    summary: 'Add an additional insured to an order (no id) or change one (id)',
    description:
      'Without id: adds one to the order (201). With an Idempotency-Key header, repeating the create answers the record ' +
      'made the first time (200) and creates nothing; the same key with a different request is a 422 naming ' +
      'Idempotency-Key. With id: changes that record (200); it must be the caller’s and ' +
      'on this order (404 otherwise, as for someone else’s order). The address is optional, but when any part is given ' +
      'address1, city, state and zipcode all are (400 naming the missing ones) and the ZIP must lie in the state.',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: saveAdditionalInsuredRequestSchema,
    response: additionalInsuredSchema,
    status: 201,
    errors: { 409: frozen, 422: KEY_REUSED_DOC },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const creating = body.id === undefined || body.id === null;
      const keyHash = creating ? idempotencyKeyHash(request) : null;
      const { created, record } = await saveAdditionalInsured(deps, currentUser(request), body, keyHash);
      if (!created) setStatus(200);
      return record;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/insured/deleteadditionalinsured',
    summary: 'Remove an additional insured from its order',
    description:
      'Answers the id deleted; primaryId is always null (additional insureds have no primary one). Someone else’s or a ' +
      'missing id is a 404.',
    tags,
    public: false,
    query: idQuerySchema,
    response: deletedSchema,
    errors: { 409: frozen },
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return deleteAdditionalInsured(app.db, currentUser(request), query.id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents/certificateofinsurance',
    summary: 'A certificate of insurance naming one additional insured of a bound order, as a PDF',
    description:
      'JSON or form body. Answers application/pdf as an attachment named certificate-{policy}-{name}.pdf. The order ' +
      'and the additional insured (on that order) must be the caller’s (404 otherwise); the order must be bound or ' +
      'complete with its policy issued (409 naming the status otherwise). The same data always gives the same bytes.',
    tags: ['documents'],
    public: false,
    body: certificateRequestSchema,
    response: pdfBytesSchema,
    binary: {
      types: ['application/pdf'],
      headers: {
        'Content-Disposition': 'attachment; filename="certificate-{policy}-{name}.pdf"',
        'Cache-Control': 'no-store',
      },
    },
    errors: { 409: 'The order’s policy is not issued yet (`fields.status` names the order’s status)' },
    handler: async ({ body, request, reply }) => {
      const { fileName, pdf } = await certificateOfInsurance(
        app.db,
        currentUser(request),
        body,
        app.config.trust,
        app.config.publicUrl,
      );
      // The file name is already [a-z0-9.-] only: no quoting or encoding issues.
      return reply
        .code(200)
        .headers({
          ...noStore,
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${fileName}"`,
        })
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  });
}
