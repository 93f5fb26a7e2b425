/**
 * The locations an order covers (specification §7 insured/locations, addlocation,
 * updateplanlocation, deleteplanlocation; issue 6). Signed-in insureds only, on their own
 * orders: anyone else's order or location is the same 404 as a missing one. The rules live in
 * server/account/plan-locations.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  addLocationsRequestSchema,
  deletePlanLocationQuerySchema,
  planLocationsQuerySchema,
  planLocationsSchema,
  updatePlanLocationRequestSchema,
} from '@shared/contract/locations';
import {
  addLocations,
  deletePlanLocation,
  orderLocations,
  updatePlanLocation,
  type PlanLocationDeps,
} from '@server/account/plan-locations';
import { currentUser } from '@server/http/authenticate';
import { defineRoute } from '@server/http/route';

const rules =
  'The primary location is the order’s rating address: when a change moves it to another state or ZIP, a quoted ' +
  '(or incomplete) order is priced again there, exactly as insured/updaterating prices (rerated true, with ' +
  'previousTotalCents, and a `locations` event in its history); a draft just takes the address. Every change bumps ' +
  'the order’s version. Only while the order is draft, quoted or incomplete.';

const changeErrors = {
  409: 'The order is not draft, quoted or incomplete (`fields.status`), or it changed meanwhile (`fields.version`)',
  422: 'The new rating address cannot be priced (no rate table in that state): nothing is changed',
};

export async function planLocationRoutes(app: FastifyInstance) {
  const deps: PlanLocationDeps = { db: app.db, catalog: app.ratingCatalog, clock: app.clock };
  const tags = ['account'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/locations',
    summary: 'The locations an order covers, its primary (rating address) first, with its price',
    description: 'The caller’s own order only (404 otherwise).',
    tags,
    public: false,
    query: planLocationsQuerySchema,
    response: planLocationsSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return orderLocations(deps, currentUser(request), query.submissionid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/addlocation',
    summary: 'Put the insured’s locations on an order and take others off (HTML form or JSON)',
    description:
      'addLocationsIds and removeLocationsIds are master location ids (insured/locationlist): a repeated form field, ' +
      'one field holding "3,4", or a JSON array. All must be the caller’s (404 otherwise, nothing changed). Adding a ' +
      'location already on the order changes nothing, so a retry is safe. An order with no primary location takes the ' +
      'insured’s primary location when it is among those added, else the first added; removing the primary promotes ' +
      `the oldest remaining one. ${rules}`,
    tags,
    public: false,
    body: addLocationsRequestSchema,
    response: planLocationsSchema,
    errors: changeErrors,
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return addLocations(deps, currentUser(request), body);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/insured/updateplanlocation',
    summary: 'Change the order’s copy of a location (and, with isupdatemaster, the master location)',
    description:
      '`id` is the plan location’s id, on the order `submissionId` (404 otherwise). The ZIP must lie in the state ' +
      '(400 naming state or zipcode). With isupdatemaster the master location it was copied from takes the address ' +
      `too (nothing more once that was deleted). ${rules}`,
    tags,
    public: false,
    body: updatePlanLocationRequestSchema,
    response: planLocationsSchema,
    errors: changeErrors,
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return updatePlanLocation(deps, currentUser(request), body);
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/insured/deleteplanlocation',
    summary: 'Take a location off an order (deleting the primary promotes the oldest remaining one)',
    description: `\`planlocationid\` must be a location of the order \`submissionid\` (404 otherwise). ${rules}`,
    tags,
    public: false,
    query: deletePlanLocationQuerySchema,
    response: planLocationsSchema,
    errors: changeErrors,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return deletePlanLocation(deps, currentUser(request), query);
    },
  });
}
