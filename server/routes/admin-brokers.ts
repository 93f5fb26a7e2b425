/**
 * Brokers for administrators (issue 9): role admin only (403 for anyone else signed in, 401
 * signed out, checked before the request is read). The rules live in server/admin/brokers.ts.
 */
import type { FastifyInstance } from 'fastify';
import { adminBrokerListSchema, adminBrokerSchema, brokerActiveRequestSchema, brokerIdParamsSchema } from '@/api/contract/admin-brokers';
import { listBrokers, setBrokerActive, type BrokerAdminDeps } from '@server/admin/brokers';
import { currentUser } from '@server/http/authenticate';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';

export async function adminBrokerRoutes(app: FastifyInstance) {
  guardRoutes(app, 'admin');
  const deps: BrokerAdminDeps = { db: app.db, clock: app.clock };
  const tags = ['admin'];

  defineRoute(app, {
    method: 'GET',
    url: '/admin/brokers',
    summary: 'Every broker, by name: its storefront, what it sells (with the ?s= codes), how many orders came through it',
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
    description: 'Its orders and policies stay as they are. The state it already has changes and records nothing. Recorded in the audit log.',
    tags,
    public: false,
    params: brokerIdParamsSchema,
    body: brokerActiveRequestSchema,
    response: adminBrokerSchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such broker' },
    handler: async ({ params, body, request }) => setBrokerActive(deps, currentUser(request), request.ip, params.id, body.active),
  });
}
