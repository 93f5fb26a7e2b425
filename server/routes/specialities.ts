/**
 * The public catalogue: categories, the specialities on sale (all, or one broker's with the
 * broker's own codes, by query or by path), and one speciality by id. Its queries are
 * server/specialities/speciality-list.ts's; their answers are cached per app until the catalogue
 * changes (server/specialities/public-catalogue.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  specialityByClientUrlParamsSchema,
  specialityCategoryListSchema,
  specialityListQuerySchema,
  specialityListSchema,
  specialityQuerySchema,
  specialitySchema,
} from '@shared/contract/specialities';
import { answerTagged, CACHED } from '@server/http/etag';
import { defineRoute } from '@server/http/route';
import {
  categoriesAnswer,
  specialityAnswer,
  specialityListAnswer,
  type PublicCatalogue,
} from '@server/specialities/public-catalogue';

export async function specialityRoutes(app: FastifyInstance) {
  const catalogue: PublicCatalogue = { db: app.db, cache: app.publicCatalogue };

  defineRoute(app, {
    method: 'GET',
    url: '/auth/specialitycategory',
    summary: 'All speciality categories, in display order',
    description: CACHED,
    tags: ['specialities'],
    public: true,
    response: specialityCategoryListSchema,
    handler: async ({ request, reply }) => answerTagged(request, reply, await categoriesAnswer(catalogue)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/specialitylist',
    summary: 'Specialities on sale; with clientUrl, only that broker’s, carrying its own codes',
    description:
      'Each item carries indicativeFromCents and indicativeToCents: the lowest and highest minimum ' +
      'premium of the rate tables in force in the states we sell in, or in `state` alone when given ' +
      `(then both are that state’s). Absent where nothing prices the speciality. ${CACHED}`,
    tags: ['specialities'],
    public: true,
    query: specialityListQuerySchema,
    response: specialityListSchema,
    handler: async ({ request, reply, query }) =>
      answerTagged(request, reply, await specialityListAnswer(catalogue, query.clientUrl, query.state)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/specialityByClientUrl/:clientUrl',
    summary: 'One broker’s specialities on sale, carrying its own codes',
    description: `The same answer as auth/specialitylist?clientUrl=. ${CACHED}`,
    tags: ['specialities'],
    public: true,
    params: specialityByClientUrlParamsSchema,
    response: specialityListSchema,
    handler: async ({ request, reply, params }) =>
      answerTagged(request, reply, await specialityListAnswer(catalogue, params.clientUrl, undefined)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/auth/speciality',
    summary: 'One speciality by id',
    description: `Answers inactive specialities too: existing orders still need their name. ${CACHED}`,
    tags: ['specialities'],
    public: true,
    query: specialityQuerySchema,
    response: specialitySchema,
    handler: async ({ request, reply, query }) =>
      answerTagged(request, reply, await specialityAnswer(catalogue, query.specialityId)),
  });
}
