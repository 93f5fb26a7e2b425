/** Broker details: what a branded site (client/.../{clientid}) shows and offers (speciality-queries.ts reads it in one query). */
import type { Database } from '@server/db/connection';
import { notFound } from '@server/http/http-error';
import { activeBrokerDetails } from '@server/specialities/speciality-queries';

/** An unknown or inactive broker is a 404. Client URLs are stored lower-case: any case matches. */
export async function brokerDetails(db: Database, clientUrl: string) {
  const code = clientUrl.toLowerCase();
  const broker = await activeBrokerDetails(db, code);
  if (!broker) throw notFound(`No broker with client URL "${code}"`);
  return broker;
}
