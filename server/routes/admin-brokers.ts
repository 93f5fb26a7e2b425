/**
 * Brokers for administrators (issue 9): role admin only (403 for anyone else signed in, 401
 * signed out, checked before the request is read). The rules live in server/admin/brokers.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  adminBrokerListSchema,
  adminBrokerSchema,
  brokerActiveRequestSchema,
  brokerIdParamsSchema,
  brokerRequestSchema,
  clientUrlCheckQuerySchema,
  clientUrlCheckSchema,
  LOGO_BOX,
  LOGO_FIELD,
  MAX_LOGO_BYTES,
} from '@shared/contract/admin-brokers';
import { storedLogo } from '@server/admin/broker-logo';
import {
  checkClientUrl,
  createBroker,
  listBrokers,
  readBroker,
  setBrokerActive,
  setBrokerLogo,
  updateBroker,
  type BrokerAdminDeps,
} from '@server/admin/brokers';
import { logoUploadLimits, readLogo } from '@server/admin/read-logo';
import { currentUser } from '@server/http/authenticate';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';

export async function adminBrokerRoutes(app: FastifyInstance) {
  guardRoutes(app, 'admin');
  // Only the logo upload here takes multipart; the plugin's scope keeps the parser to these routes.
  await app.register(multipart, { limits: logoUploadLimits, throwFileSizeLimit: true });
  const deps: BrokerAdminDeps = { db: app.db, clock: app.clock };
  const tags = ['admin'];

  defineRoute(app, {
    method: 'GET',
    url: '/admin/brokers',
    summary:
      'Every broker, by name: its storefront, what it sells (with the ?s= codes), how many orders came through it',
    tags,
    public: false,
    response: adminBrokerListSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ reply }) => {
      reply.headers({ 'cache-control': 'no-store' });
      return listBrokers(app.db);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/brokers/:id/active',
    summary: 'Deactivate a broker (its client URL then shows page-not-found) or reactivate it',
    description:
      'Its orders and policies stay as they are. The state it already has changes and records nothing. Recorded in the audit log.',
    tags,
    public: false,
    params: brokerIdParamsSchema,
    body: brokerActiveRequestSchema,
    response: adminBrokerSchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such broker' },
    handler: async ({ params, body, request }) =>
      setBrokerActive(deps, currentUser(request), request.ip, params.id, body.active),
  });

  const BROKER_REQUEST_DOC =
    'specialityIds is the whole set it sells: each newly named one gets a random code made here (what its ?s= links carry); ' +
    'one left out stops being sold, its code kept for when it is named again. A client URL held by another broker is a 409 ' +
    'naming clientUrl; an id that is no speciality a 400 naming specialityIds. Recorded in the audit log.';

  defineRoute(app, {
    method: 'GET',
    url: '/admin/brokers/clienturl',
    summary: 'Whether a client URL is free (the broker form checks it as it is typed)',
    description:
      'brokerid: the broker being edited, whose own client URL counts as free. A value that is no client URL is a 400 naming value.',
    tags,
    public: false,
    query: clientUrlCheckQuerySchema,
    response: clientUrlCheckSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ query, reply }) => {
      reply.headers({ 'cache-control': 'no-store' });
      return checkClientUrl(app.db, query.value, query.brokerid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/brokers',
    summary: 'Create a broker: its storefront’s client URL, name, abbreviation and what it sells',
    description: `${BROKER_REQUEST_DOC} Sent again (a retry), the same broker answers 200 and nothing more is made.`,
    tags,
    public: false,
    body: brokerRequestSchema,
    response: adminBrokerSchema,
    status: 201,
    errors: { 403: FORBIDDEN_DOC, 409: 'The client URL is another broker’s (`fields.clientUrl`)' },
    handler: async ({ body, request, setStatus }) => {
      const { created, broker } = await createBroker(deps, currentUser(request), request.ip, body);
      if (!created) setStatus(200);
      return broker;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/brokers/:id',
    summary: 'One broker, as the list shows it',
    tags,
    public: false,
    params: brokerIdParamsSchema,
    response: adminBrokerSchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such broker' },
    handler: async ({ params, reply }) => {
      reply.headers({ 'cache-control': 'no-store' });
      return readBroker(app.db, params.id);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/brokers/:id',
    summary: 'Edit a broker: client URL, name, abbreviation and what it sells',
    description: `${BROKER_REQUEST_DOC} A changed client URL moves the storefront: links to the old one stop working.`,
    tags,
    public: false,
    params: brokerIdParamsSchema,
    body: brokerRequestSchema,
    response: adminBrokerSchema,
    errors: {
      403: FORBIDDEN_DOC,
      404: 'No such broker',
      409: 'The client URL is another broker’s (`fields.clientUrl`)',
    },
    handler: async ({ params, body, request }) => updateBroker(deps, currentUser(request), request.ip, params.id, body),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/brokers/:id/logo',
    summary: 'Replace a broker’s logo',
    description:
      `multipart/form-data with one part, ${LOGO_FIELD}. Decided by its content: PNG or JPEG only (an SVG, GIF, WebP or anything ` +
      `else is a 415 naming ${LOGO_FIELD}); redrawn to fit ${LOGO_BOX.width}×${LOGO_BOX.height} pixels, proportions kept, and stored ` +
      'as the base64 auth/brokerDetails answers. Recorded in the audit log.',
    tags,
    public: false,
    params: brokerIdParamsSchema,
    multipart: {
      fields: v.object({}),
      files: {
        name: LOGO_FIELD,
        description: 'The image',
        maxItems: 1,
        maxBytes: MAX_LOGO_BYTES,
        types: ['image/png', 'image/jpeg'],
      },
    },
    response: adminBrokerSchema,
    errors: {
      403: FORBIDDEN_DOC,
      404: 'No such broker',
      413: `The file is larger than ${MAX_LOGO_BYTES / (1024 * 1024)} MB`,
      415: 'Not a PNG or JPEG image by its content (`fields.logo` says what it is), or the body is not multipart/form-data',
    },
    handler: async ({ params, request }) => {
      const logo = storedLogo(await readLogo(request));
      return setBrokerLogo(deps, currentUser(request), request.ip, params.id, logo);
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/admin/brokers/:id/logo',
    summary: 'Remove a broker’s logo (its storefront then shows its abbreviation)',
    tags,
    public: false,
    params: brokerIdParamsSchema,
    response: adminBrokerSchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such broker' },
    handler: async ({ params, request }) => setBrokerLogo(deps, currentUser(request), request.ip, params.id, null),
  });
}
