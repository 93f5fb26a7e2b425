/**
 * Broker details: what a branded site (client/.../{clientid}) shows and offers. Public: the
 * site needs them before anyone signs in. Its query is server/specialities/broker-details.ts's;
 * the answer is cached per app until the catalogue changes (server/specialities/public-catalogue.ts).
 */
import type { FastifyInstance } from 'fastify';
import { brokerDetailsQuerySchema, brokerDetailsSchema } from '@shared/contract/brokers';
import { answerTagged, CACHED } from '@server/http/etag';
import { defineRoute } from '@server/http/route';
import { brokerDetailsAnswer } from '@server/specialities/public-catalogue';

export async function brokerRoutes(app: FastifyInstance) {
  const catalogue = { db: app.db, cache: app.publicCatalogue };

  defineRoute(app, {
    method: 'GET',
    url: '/auth/brokerDetails',
    summary: 'A broker’s name, abbreviation, logo and the specialities it sells, by client URL',
    description:
      'brokerProfile is the logo as bare base64 (brokerProfileType its MIME type), or null. ' +
      `brokerspecialities carry the broker’s own codes, in the order of auth/specialitylist. ${CACHED}`,
    tags: ['brokers'],
    public: true,
    query: brokerDetailsQuerySchema,
    response: brokerDetailsSchema,
    handler: async ({ request, reply, query }) =>
      answerTagged(request, reply, await brokerDetailsAnswer(catalogue, query.clientUrl)),
  });
}
