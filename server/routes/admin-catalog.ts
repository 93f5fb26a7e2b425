/**
 * The catalogue for administrators (issue 9): categories and specialities, role admin only (403
 * for anyone else signed in, 401 signed out, checked before the request is read). The rules live
 * in server/admin/catalog.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  adminCatalogSchema,
  adminCategorySchema,
  adminSpecialitySchema,
  catalogIdParamsSchema,
  categoryRequestSchema,
  newSpecialityRequestSchema,
  specialityActiveRequestSchema,
  specialityRequestSchema,
} from '@shared/contract/admin-catalog';
import {
  createCategory,
  createSpeciality,
  listCatalog,
  setSpecialityActive,
  updateCategory,
  updateSpeciality,
  type CatalogAdminDeps,
} from '@server/admin/catalog';
import { currentUser } from '@server/http/authenticate';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';

export async function adminCatalogRoutes(app: FastifyInstance) {
  guardRoutes(app, 'admin');
  const deps: CatalogAdminDeps = { db: app.db, clock: app.clock };
  const tags = ['admin'];
  const NAME_TAKEN = 'The name is taken (`fields.name`)';

  defineRoute(app, {
    method: 'GET',
    url: '/admin/catalog',
    summary:
      'Every category and speciality (retired ones included), in display order, with their states, questions and orders',
    tags,
    public: false,
    response: adminCatalogSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async ({ reply }) => {
      reply.headers({ 'cache-control': 'no-store' });
      return listCatalog(app.db);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/categories',
    summary: 'Create a speciality category',
    description:
      'Names are unique (without regard to case). The same category sent again (a retry) answers 200 and makes nothing. Audited.',
    tags,
    public: false,
    body: categoryRequestSchema,
    response: adminCategorySchema,
    status: 201,
    errors: { 403: FORBIDDEN_DOC, 409: NAME_TAKEN },
    handler: async ({ body, request, setStatus }) => {
      const { created, category } = await createCategory(deps, currentUser(request), request.ip, body);
      if (!created) setStatus(200);
      return category;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/categories/:id',
    summary: 'Edit a speciality category',
    tags,
    public: false,
    params: catalogIdParamsSchema,
    body: categoryRequestSchema,
    response: adminCategorySchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such category', 409: NAME_TAKEN },
    handler: async ({ params, body, request }) =>
      updateCategory(deps, currentUser(request), request.ip, params.id, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/specialities',
    summary: 'Create a speciality, optionally priced and asked like another (copyFrom)',
    description:
      'Its public code is made here. copyFrom: a speciality whose rate tables in force (each as version 1) and questions it starts ' +
      'with; without them it is listed but cannot be priced until a table is made. Names are unique within a category; the same ' +
      'speciality sent again (a retry) answers 200 and makes nothing. Audited.',
    tags,
    public: false,
    body: newSpecialityRequestSchema,
    response: adminSpecialitySchema,
    status: 201,
    errors: { 403: FORBIDDEN_DOC, 409: NAME_TAKEN },
    handler: async ({ body, request, setStatus }) => {
      const { created, speciality } = await createSpeciality(deps, currentUser(request), request.ip, body);
      if (!created) setStatus(200);
      return speciality;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/specialities/:id',
    summary: 'Edit a speciality: its category, name, description and place in the list',
    tags,
    public: false,
    params: catalogIdParamsSchema,
    body: specialityRequestSchema,
    response: adminSpecialitySchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such speciality', 409: NAME_TAKEN },
    handler: async ({ params, body, request }) =>
      updateSpeciality(deps, currentUser(request), request.ip, params.id, body),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/specialities/:id/active',
    summary:
      'Retire a speciality (no longer listed or quotable; its orders and policies keep working) or put it back on sale',
    tags,
    public: false,
    params: catalogIdParamsSchema,
    body: specialityActiveRequestSchema,
    response: adminSpecialitySchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such speciality' },
    handler: async ({ params, body, request }) =>
      setSpecialityActive(deps, currentUser(request), request.ip, params.id, body.active),
  });
}
