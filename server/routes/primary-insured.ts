/**
 * The primary insured (specification §7 insured/primaryinsureddetails, updateprimaryinsured,
 * updateprimaryinsuredwithlocation; issue 6): the signed-in insured's own particulars. The rules
 * live in server/account/primary-insured.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  primaryInsuredSchema,
  primaryInsuredWithLocationSchema,
  updatePrimaryInsuredRequestSchema,
  updatePrimaryInsuredWithLocationRequestSchema,
} from '@shared/contract/primary-insured';
import {
  primaryInsuredDetails,
  updatePrimaryInsured,
  updatePrimaryInsuredWithLocation,
  type PrimaryInsuredDeps,
  type UpdatePrimaryInsuredInput,
} from '@server/account/primary-insured';
import { currentUser } from '@server/http/authenticate';
import { defineRoute } from '@server/http/route';

/**
 * The keys the request body carried. The contract turns a missing optional text into null
 * ("none"), which would clear it: a field left out must stay as it is instead.
 */
const givenKeys = (raw: unknown): Set<string> => new Set(raw && typeof raw === 'object' ? Object.keys(raw) : []);

export async function primaryInsuredRoutes(app: FastifyInstance) {
  const deps: PrimaryInsuredDeps = {
    db: app.db,
    catalog: app.ratingCatalog,
    clock: app.clock,
    config: app.config,
    mail: app.mail,
  };
  const tags = ['account'];
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/primaryinsureddetails',
    summary: 'The signed-in insured’s particulars, with their primary location and contact',
    tags,
    public: false,
    response: primaryInsuredSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return primaryInsuredDetails(app.db, currentUser(request).id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/updateprimaryinsured',
    summary: 'Change the insured’s particulars: only the fields sent change',
    description:
      'A new e-mail address (not merely another case of the same one) or a new password needs currentpassword: 400 ' +
      'naming it when missing, 403 naming it when wrong (429 after many wrong tries); an account without a password ' +
      '(Google) is a 400 pointing to forgot-password. An e-mail another account uses is a 409 naming email. ' +
      'paymentterm must be a code of insured/paymenttermlist (400 naming it). A new password ends every other session ' +
      'of the account (this one stays signed in) and is told by mail.',
    tags,
    public: false,
    body: updatePrimaryInsuredRequestSchema,
    response: primaryInsuredSchema,
    errors: {
      403: 'currentpassword is wrong (`fields.currentpassword`)',
      409: 'Another account uses the e-mail address (`fields.email`)',
      429: 'Too many wrong current passwords: see Retry-After',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      const given = givenKeys(request.body);
      const input = Object.fromEntries(
        Object.entries(body).filter(([key]) => given.has(key)),
      ) as UpdatePrimaryInsuredInput;
      return updatePrimaryInsured(deps, currentUser(request), input);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/updateprimaryinsuredwithlocation',
    summary: 'The insured’s names and an order’s address and contact in one go',
    description:
      'Updates the insured’s names (and company, type and phone when sent). The order’s primary location takes the ' +
      'address (one is created, linked to locationId when given, if the order has none); contactId becomes the order’s ' +
      'contact. With isupdatemaster the master location locationId takes the address and the master contact contactId ' +
      'the names and phone. The order, locationId and contactId must be the caller’s (404 otherwise, nothing changed); ' +
      'the ZIP must lie in the state (400). A quoted order whose rating address moved is priced again (422 when the ' +
      'new state cannot be priced, nothing changed). Only while the order is draft, quoted or incomplete.',
    tags,
    public: false,
    body: updatePrimaryInsuredWithLocationRequestSchema,
    response: primaryInsuredWithLocationSchema,
    errors: {
      409: 'The order is not draft, quoted or incomplete (`fields.status`), or it changed meanwhile (`fields.version`)',
      422: 'The new rating address cannot be priced (no rate table in that state): nothing is changed',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return updatePrimaryInsuredWithLocation(deps, currentUser(request), body, givenKeys(request.body));
    },
  });
}
