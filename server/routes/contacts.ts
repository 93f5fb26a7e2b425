/**
 * The insured's contacts (specification §7 insured/contactlist, saveupdatecontact,
 * deletecontacts; issue 6). Signed-in only, and only ever the caller's own contacts: someone
 * else's id is the same 404 as a missing one. The rules live in server/account/.
 */
import type { FastifyInstance } from 'fastify';
import { deletedSchema, idQuerySchema } from '@shared/contract/address';
import { contactListSchema, contactSchema, saveContactRequestSchema } from '@shared/contract/contacts';
import { deleteContact, listContacts, saveContact } from '@server/account/contacts';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';

export async function contactRoutes(app: FastifyInstance) {
  const deps = { db: app.db, clock: app.clock };
  const tags = ['account'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/contactlist',
    summary: 'The insured’s contacts: the primary first, then oldest first',
    tags,
    public: false,
    response: contactListSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return listContacts(app.db, currentUser(request).id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/saveupdatecontact',
    summary: 'Add a contact (no id) or change one (id)',
    description:
      'Without id: creates the contact (201); the first contact becomes primary whatever isprimary says. With an ' +
      'Idempotency-Key header, repeating the create answers the contact made the first time (200) and creates nothing; ' +
      'the same key with a different request is a 422 naming Idempotency-Key. ' +
      'With id: changes that contact (200; someone else’s or a missing id is a 404). isprimary true makes it the ' +
      'primary and unmarks the old one; false on the primary is a 409 naming isprimary. contactnumber is stored in ' +
      'E.164 (400 naming it when it cannot be a phone number).',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: saveContactRequestSchema,
    response: contactSchema,
    status: 201,
    errors: {
      409: 'isprimary false on the primary contact (`fields.isprimary`): mark another one primary instead',
      422: KEY_REUSED_DOC,
    },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const keyHash = idempotencyKeyHash(request);
      const { created, record } = await saveContact(deps, currentUser(request).id, body, keyHash);
      if (!created) setStatus(200);
      return record;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/insured/deletecontacts',
    summary: 'Delete a contact; the oldest remaining one becomes primary when it was the primary',
    description:
      'Answers the id deleted and the primary contact now (null when none is left). Someone else’s or a missing id ' +
      'is a 404. A contact named on a bound order or issued policy is kept: 409 naming the policy and order.',
    tags,
    public: false,
    query: idQuerySchema,
    response: deletedSchema,
    errors: { 409: 'The contact is named on a bound policy (the message names it)' },
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return deleteContact(deps, currentUser(request).id, query.id);
    },
  });
}
