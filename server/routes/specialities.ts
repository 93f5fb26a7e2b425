/**
 * The public catalogue: categories, the specialities on sale (all, or one broker's with the
 * broker's own codes), and one speciality by id.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  specialityCategoryListSchema,
  specialityListQuerySchema,
  specialityListSchema,
  specialityQuerySchema,
  specialitySchema,
} from '@/api/contract/specialities';
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

const displayOrder = [asc(specialities.sortOrder), asc(specialities.name), asc(specialities.id)];

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
      if (query.clientUrl === undefined) {
        return app.db
          .select(specialityColumns)
          .from(specialities)
          .where(eq(specialities.active, true))
          .orderBy(...displayOrder);
      }
      const clientUrl = query.clientUrl.toLowerCase();
      const [broker] = await app.db
        .select({ id: brokers.id })
        .from(brokers)
        .where(and(eq(brokers.clientUrl, clientUrl), eq(brokers.active, true)));
      if (!broker) throw notFound(`No broker with client URL "${clientUrl}"`);
      return app.db
        .select({ ...specialityColumns, speiclaityRandomCode: brokerSpecialities.randomCode })
        .from(brokerSpecialities)
        .innerJoin(specialities, eq(specialities.id, brokerSpecialities.specialityId))
        .where(
          and(
            eq(brokerSpecialities.brokerId, broker.id),
            eq(brokerSpecialities.active, true),
            eq(specialities.active, true),
          ),
        )
        .orderBy(...displayOrder);
    },
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
