/**
 * Broker details: what a branded site (client/.../{clientid}) shows and offers. Public: the
 * site needs them before anyone signs in.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brokerDetailsQuerySchema, brokerDetailsSchema, type BrokerSpecialityRef } from '@/api/contract/brokers';
import { brokerSpecialities, brokers, specialities } from '@server/db/schema';
import { notFound } from '@server/http/http-error';
import { defineRoute } from '@server/http/route';
import { onSaleThroughBroker, specialityDisplayOrder } from '@server/specialities/speciality-list';

export async function brokerRoutes(app: FastifyInstance) {
  // Aggregated in a correlated subquery rather than joined, so one round trip answers
  // everything without repeating the logo on every speciality row.
  const specialityRefs = app.db
    .select({
      refs: sql<BrokerSpecialityRef[]>`coalesce(json_agg(json_build_object(
        'id', ${specialities.id},
        'speiclaityRandomCode', ${brokerSpecialities.randomCode}
      ) order by ${sql.join(specialityDisplayOrder, sql`, `)}), '[]'::json)`,
    })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .where(onSaleThroughBroker(brokers.id));

  defineRoute(app, {
    method: 'GET',
    url: '/auth/brokerDetails',
    summary: 'A broker’s name, abbreviation, logo and the specialities it sells, by client URL',
    description:
      'brokerProfile is the logo as bare base64 (brokerProfileType its MIME type), or null. ' +
      'brokerspecialities carry the broker’s own codes, in the order of auth/specialitylist.',
    tags: ['brokers'],
    public: true,
    query: brokerDetailsQuerySchema,
    response: brokerDetailsSchema,
    handler: async ({ query }) => {
      // Stored lower-case (a check constraint says so): any case the address carries matches.
      const clientUrl = query.clientUrl.toLowerCase();
      const [broker] = await app.db
        .select({
          name: brokers.name,
          brokerAbbrivation: brokers.abbreviation,
          brokerProfile: brokers.profileImage,
          brokerProfileType: brokers.profileImageMime,
          brokerspecialities: sql<BrokerSpecialityRef[]>`(${specialityRefs})`,
        })
        .from(brokers)
        .where(and(eq(brokers.clientUrl, clientUrl), eq(brokers.active, true)));
      if (!broker) throw notFound(`No broker with client URL "${clientUrl}"`);
      return broker;
    },
  });
}
