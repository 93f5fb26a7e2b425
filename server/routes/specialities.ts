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
import { brokerSpecialities, brokers, specialities, specialityCategories } from '@server/db/schema';
import { notFound } from '@server/http/http-error';
import { defineRoute } from '@server/http/route';

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
async function brokerSpecialityList(db: Database, clientUrl: string) {
  const code = clientUrl.toLowerCase();
  const [broker] = await db
    .select({ id: brokers.id })
    .from(brokers)
    .where(and(eq(brokers.clientUrl, code), eq(brokers.active, true)));
  if (!broker) throw notFound(`No broker with client URL "${code}"`);
  return db
    .select({ ...specialityColumns, speiclaityRandomCode: brokerSpecialities.randomCode })
    .from(brokerSpecialities)
    .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
    .where(onSaleThroughBroker(broker.id))
    .orderBy(...specialityDisplayOrder);
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
    tags: ['specialities'],
    public: true,
    query: specialityListQuerySchema,
    response: specialityListSchema,
    handler: async ({ query }) => {
      if (query.clientUrl !== undefined) return brokerSpecialityList(app.db, query.clientUrl);
      return app.db
        .select(specialityColumns)
        .from(specialities)
        .where(eq(specialities.active, true))
        .orderBy(...specialityDisplayOrder);
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
