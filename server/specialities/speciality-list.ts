/**
 * The public catalogue: categories, the specialities on sale (all, or one broker's with the
 * broker's own codes), each with its indicative prices, and one speciality by id. The routes
 * (through public-catalogue.ts) only call these; the SQL is speciality-queries.ts's.
 */
import { activeBrokerId } from '@server/auth/broker-queries';
import { usState } from '@server/account/location-queries';
import type { Database } from '@server/db/connection';
import { badRequest, notFound } from '@server/http/http-error';
import { withIndicative } from '@server/rating/indicative-prices';
import {
  brokerSpecialityRows,
  categoryRows,
  specialityRow,
  specialityRowsOnSale,
} from '@server/specialities/speciality-queries';

/**
 * One broker's specialities on sale, each carrying the broker's own code (what its branded
 * `?s=` links hold). Client URLs are stored lower-case; an unknown or inactive broker is a 404.
 */
export async function brokerSpecialityList(db: Database, clientUrl: string, stateCode?: string) {
  const code = clientUrl.toLowerCase();
  const broker = await activeBrokerId(db, code);
  if (!broker) throw notFound(`No broker with client URL "${code}"`);
  const rows = await brokerSpecialityRows(db, broker.id, stateCode);
  return rows.map(withIndicative);
}

/** Every speciality on sale, each with its indicative prices (everywhere, or in one state). */
export async function plainSpecialityList(db: Database, stateCode?: string) {
  const rows = await specialityRowsOnSale(db, stateCode);
  return rows.map(withIndicative);
}

/**
 * A state that prices nothing may just be one we do not sell in; one that does not exist is a
 * typo, refused by name. Asked only when nothing was priced, so a good answer stays one query.
 */
export async function checkStateExists(db: Database, stateCode: string) {
  if (!(await usState(db, stateCode)))
    throw badRequest(`${stateCode} is not a US state code`, { state: 'is not a US state code' });
}

/** Every speciality category, in display order. */
export function listCategories(db: Database) {
  return categoryRows(db);
}

/** One speciality by id, inactive ones too (existing orders still need their name); a 404 when none. */
export async function specialityById(db: Database, specialityId: number) {
  const speciality = await specialityRow(db, specialityId);
  if (!speciality) throw notFound(`No speciality with id ${specialityId}`);
  return speciality;
}
