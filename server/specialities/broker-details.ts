/**
 * Broker details: what a branded site (client/.../{clientid}) shows and offers, in one query.
 * The specialities are aggregated in a correlated subquery rather than joined, so one round trip
 * answers everything without repeating the logo on every speciality row.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BrokerSpecialityRef } from '@/api/contract/brokers';
import type { Database } from '@server/db/connection';
import { brokerSpecialities, brokers, specialities } from '@server/db/schema';
import { notFound } from '@server/http/http-error';
import { onSaleThroughBroker, specialityDisplayOrder } from '@server/specialities/speciality-list';

/** An unknown or inactive broker is a 404. Client URLs are stored lower-case: any case matches. */
export async function brokerDetails(db: Database, clientUrl: string) {
  const code = clientUrl.toLowerCase();
  const specialityRefs = db
    .select({
      refs: sql<BrokerSpecialityRef[]>`coalesce(json_agg(json_build_object(
        'id', ${specialities.id},
        'speiclaityRandomCode', ${brokerSpecialities.randomCode}
      ) order by ${sql.join(specialityDisplayOrder, sql`, `)}), '[]'::json)`,
    })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .where(onSaleThroughBroker(brokers.id));
  const [broker] = await db
    .select({
      name: brokers.name,
      brokerAbbrivation: brokers.abbreviation,
      brokerProfile: brokers.profileImage,
      brokerProfileType: brokers.profileImageMime,
      brokerspecialities: sql<BrokerSpecialityRef[]>`(${specialityRefs})`,
    })
    .from(brokers)
    .where(and(eq(brokers.clientUrl, code), eq(brokers.active, true)));
  if (!broker) throw notFound(`No broker with client URL "${code}"`);
  return broker;
}
