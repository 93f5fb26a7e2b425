/**
 * Administration of users and the audit log (issue 9): role admin only. Every route needs a
 * bearer token (401), and the role is checked before params, query or body are read (403 for an
 * insured, an underwriter or a broker). The rules live in server/admin/.
 */
import type { FastifyInstance } from 'fastify';
import {
  adminUserSchema,
  auditListSchema,
  auditQuerySchema,
  changeRoleRequestSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListSchema,
} from '@shared/contract/admin-users';
import { AUDIT_PAGE_SIZE, auditEntries } from '@server/admin/audit';
import { changeRole, getUser, listUsers, unlockUser, type AdminDeps } from '@server/admin/users';
import { currentUser } from '@server/http/authenticate';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';

export async function adminUserRoutes(app: FastifyInstance) {
  guardRoutes(app, 'admin');
  const deps: AdminDeps = { db: app.db, clock: app.clock };
  const tags = ['admin'];
  const noStore = { 'cache-control': 'no-store' };
  const errors = { 403: FORBIDDEN_DOC };

  defineRoute(app, {
    method: 'GET',
    url: '/admin/users',
    summary: 'Users, newest first, 50 a page; q finds by e-mail, name or company; role filters',
    tags,
    public: false,
    query: userListQuerySchema,
    response: userListSchema,
    errors,
    handler: async ({ query, reply }) => {
      reply.headers(noStore);
      return listUsers(deps, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/users/:id',
    summary: 'One user, with their broker and whether wrong passwords have locked them out',
    tags,
    public: false,
    params: userIdParamsSchema,
    response: adminUserSchema,
    errors: { ...errors, 404: 'No such user' },
    handler: async ({ params, reply }) => {
      reply.headers(noStore);
      return getUser(deps, params.id);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/users/:id/role',
    summary: 'Change a user’s role (a broker’s user names the broker they work for)',
    description:
      'role broker needs brokerId, an active broker; other roles take none and keep the broker an insured came ' +
      'through. The change takes effect on the user’s next request. Your own role is a 409. Setting the role a user ' +
      'already has changes and records nothing.',
    tags,
    public: false,
    params: userIdParamsSchema,
    body: changeRoleRequestSchema,
    response: adminUserSchema,
    errors: { ...errors, 404: 'No such user', 409: 'It is your own role (`fields.role`)' },
    handler: async ({ params, body, request }) => changeRole(deps, currentUser(request), request.ip, params.id, body),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/admin/users/:id/unlock',
    summary: 'Lift the lock that wrong passwords put on an account',
    description:
      'The count of wrong passwords starts again. An account that is not locked is answered as it is; nothing is recorded.',
    tags,
    public: false,
    params: userIdParamsSchema,
    response: adminUserSchema,
    errors: { ...errors, 404: 'No such user' },
    handler: async ({ params, request }) => unlockUser(deps, currentUser(request), request.ip, params.id),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/audit',
    summary: `Administrative changes, newest first, ${AUDIT_PAGE_SIZE} a page; entity and entityId filter`,
    tags,
    public: false,
    query: auditQuerySchema,
    response: auditListSchema,
    errors,
    handler: async ({ query, reply }) => {
      reply.headers(noStore);
      return { entries: await auditEntries(app.db, query), page: query.page, pageSize: AUDIT_PAGE_SIZE };
    },
  });
}
