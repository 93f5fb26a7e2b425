/**
 * The insured's own locations (specification §7 insured/locationlist, saveupdatelocation,
 * deletelocation; issue 6). Signed-in only, and only ever the caller's own locations: someone
 * else's id is the same 404 as a missing one. An order's copies of them (plan locations) are
 * another route group. The rules live in server/account/.
 */
import type { FastifyInstance } from 'fastify';
import { deletedSchema, idQuerySchema } from '@shared/contract/address';
import { locationListSchema, locationSchema, saveLocationRequestSchema } from '@shared/contract/locations';
import { deleteLocation, listLocations, saveLocation } from '@server/account/locations';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHash, idempotencyKeyHeaderDoc, KEY_REUSED_DOC } from '@server/http/idempotency-key';
import { defineRoute } from '@server/http/route';

export async function locationRoutes(app: FastifyInstance) {
  const deps = { db: app.db, clock: app.clock };
  const tags = ['account'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/locationlist',
    summary: 'The insured’s locations: the primary first, then oldest first',
    tags,
    public: false,
    response: locationListSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return listLocations(app.db, currentUser(request).id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/saveupdatelocation',
    summary: 'Add a location (no id) or change one (id)',
    description:
      'Without id: creates the location (201); the first location becomes primary whatever isprimary says. With an ' +
      'Idempotency-Key header, repeating the create answers the location made the first time (200) and creates ' +
      'nothing; the same key with a different request is a 422 naming Idempotency-Key. With id: changes that location (200; someone else’s or a missing id is a 404); orders keep their own ' +
      'copies. The state must be a US state and the ZIP must exist and lie in it (400 naming state or zipcode). ' +
      'isprimary true makes it the primary and unmarks the old one; false on the primary is a 409 naming isprimary.',
    tags,
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: saveLocationRequestSchema,
    response: locationSchema,
    status: 201,
    errors: {
      409: 'isprimary false on the primary location (`fields.isprimary`): mark another one primary instead',
      422: KEY_REUSED_DOC,
    },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const keyHash = idempotencyKeyHash(request);
      const { created, record } = await saveLocation(deps, currentUser(request).id, body, keyHash);
      if (!created) setStatus(200);
      return record;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/insured/deletelocation',
    summary: 'Delete a location; the oldest remaining one becomes primary when it was the primary',
    description:
      'Answers the id deleted and the primary location now (null when none is left). Someone else’s or a missing id ' +
      'is a 404. A location covered by a bound order or issued policy is kept: 409 naming the policy and order. ' +
      'Orders not yet bound keep their copy of it.',
    tags,
    public: false,
    query: idQuerySchema,
    response: deletedSchema,
    errors: { 409: 'The location is covered by a bound policy (the message names it)' },
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return deleteLocation(deps, currentUser(request).id, query.id);
    },
  });
}
