/**
 * The public catalogue: categories, the specialities on sale (all, or one broker's with the
 * broker's own codes, by query or by path), and one speciality by id. Its queries are
 * server/specialities/speciality-list.ts's.
 */
import type { FastifyInstance } from 'fastify';
import {
  specialityByClientUrlParamsSchema,
  specialityCategoryListSchema,
  specialityListQuerySchema,
  specialityListSchema,
  specialityQuerySchema,
  specialitySchema,
} from '@/api/contract/specialities';
import { defineRoute } from '@server/http/route';
import {
  brokerSpecialityList,
  checkStateExists,
  listCategories,
  plainSpecialityList,
  specialityById,
} from '@server/specialities/speciality-list';

export async function specialityRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/auth/specialitycategory',
    summary: 'All speciality categories, in display order',
    tags: ['specialities'],
    public: true,
    response: specialityCategoryListSchema,
    handler: async () => listCategories(app.db),
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
    handler: async ({ query }) => specialityById(app.db, query.specialityId),
  });
}
