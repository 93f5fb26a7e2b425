/**
 * The public catalogue: categories, the specialities on sale (all, or one broker's with the
 * broker's own codes, by query or by path), and one speciality by id.
 */
import { and, asc, eq, type Column } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  specialityByClientUrlParamsSchema,
  specialityCategoryListSchema,
  specialityListQuerySchema,
  specialityListSchema,
  specialityQuerySchema,
  specialitySchema,
} from '@/api/contract/specialities';
import type { Database } from '@server/db/connection';
import { brokerSpecialities, brokers, specialities, specialityCategories, usStates } from '@server/db/schema';
import { badRequest, notFound } from '@server/http/http-error';
import { defineRoute } from '@server/http/route';
import { indicativePrices, withIndicative } from '@server/rating/indicative-prices';

const specialityColumns = {
  id: specialities.id,
  categoryId: specialities.categoryId,
  name: specialities.name,
  description: specialities.description,
  speiclaityRandomCode: specialities.randomCode,
};

/** Every speciality list's order; broker details lists a broker's specialities in it too. */
export const specialityDisplayOrder = [asc(specialities.sortOrder), asc(specialities.name), asc(specialities.id)];

/**
 * What a broker sells now: its active rows whose speciality is on sale too. Deactivating either
 * side takes the speciality off the broker's site without losing the broker's code.
 */
export const onSaleThroughBroker = (brokerId: Column | number) =>
  and(eq(brokerSpecialities.brokerId, brokerId), eq(brokerSpecialities.active, true), eq(specialities.active, true));

/**
 * One broker's specialities on sale, each carrying the broker's own code (what its branded
 * `?s=` links hold). Client URLs are stored lower-case; an unknown or inactive broker is a 404.
 */
async function brokerSpecialityList(db: Database, clientUrl: string, stateCode?: string) {
  const code = clientUrl.toLowerCase();
  const [broker] = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(and(eq(brokers.clientUrl, code), eq(brokers.active, true)));
  if (!broker) throw notFound(`No broker with client URL "${code}"`);
  const indicative = indicativePrices(db, stateCode);
  const rows = await db
    .select({
      ...specialityColumns,
      speiclaityRandomCode: brokerSpecialities.randomCode,
      indicativeFromCents: indicative.fromCents,
      indicativeToCents: indicative.toCents,
    })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .leftJoin(indicative, eq(indicative.specialityId, specialities.id))
    .where(onSaleThroughBroker(broker.id))
    .orderBy(...specialityDisplayOrder);
  return rows.map(withIndicative);
}

/** Every speciality on sale, each with its indicative prices (everywhere, or in one state). */
async function plainSpecialityList(db: Database, stateCode?: string) {
  const indicative = indicativePrices(db, stateCode);
  const rows = await db
    .select({ ...specialityColumns, indicativeFromCents: indicative.fromCents, indicativeToCents: indicative.toCents })
    .from(specialities)
    .leftJoin(indicative, eq(indicative.specialityId, specialities.id))
    .where(eq(specialities.active, true))
    .orderBy(...specialityDisplayOrder);
  return rows.map(withIndicative);
}

/**
 * A state that prices nothing may just be one we do not sell in; one that does not exist is a
 * typo, refused by name. Asked only when nothing was priced, so a good answer stays one query.
 */
async function checkStateExists(db: Database, stateCode: string) {
  const [state] = await db.select({ code: usStates.code }).from(usStates).where(eq(usStates.code, stateCode));
  if (!state) throw badRequest(`${stateCode} is not a US state code`, { state: 'is not a US state code' });
}

export async function specialityRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/auth/specialitycategory',
    summary: 'All speciality categories, in display order',
    tags: ['specialities'],
    public: true,
    response: specialityCategoryListSchema,
    handler: async () =>
      app.db
        .select({
          id: specialityCategories.id,
          name: specialityCategories.name,
          description: specialityCategories.description,
        })
        .from(specialityCategories)
        .orderBy(asc(specialityCategories.sortOrder), asc(specialityCategories.name)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/specialitylist',
    summary: 'Specialities on sale; with clientUrl, only that broker’s, carrying its own codes',
    description:
      'Each item carries indicativeFromCents and indicativeToCents: the lowest and highest minimum ' +
      'premium of the rate tables in force in the states we sell in, or in `state` alone when given ' +
      '(then both are that state’s). Absent where nothing prices the speciality.',
    tags: ['specialities'],
    public: true,
    query: specialityListQuerySchema,
    response: specialityListSchema,
    handler: async ({ query }) => {
      const list =
        query.clientUrl !== undefined
          ? await brokerSpecialityList(app.db, query.clientUrl, query.state)
          : await plainSpecialityList(app.db, query.state);
      if (query.state !== undefined && !list.some((item) => 'indicativeFromCents' in item)) {
        await checkStateExists(app.db, query.state);
      }
      return list;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/specialityByClientUrl/:clientUrl',
    summary: 'One broker’s specialities on sale, carrying its own codes',
    description: 'The same answer as auth/specialitylist?clientUrl=.',
    tags: ['specialities'],
    public: true,
    params: specialityByClientUrlParamsSchema,
    response: specialityListSchema,
    handler: async ({ params }) => brokerSpecialityList(app.db, params.clientUrl),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/speciality',
    summary: 'One speciality by id',
    description: 'Answers inactive specialities too: existing orders still need their name.',
    tags: ['specialities'],
    public: true,
    query: specialityQuerySchema,
    response: specialitySchema,
    handler: async ({ query }) => {
      const [speciality] = await app.db
        .select(specialityColumns)
        .from(specialities)
        .where(eq(specialities.id, query.specialityId));
      if (!speciality) throw notFound(`No speciality with id ${query.specialityId}`);
      return speciality;
    },
  });
}
