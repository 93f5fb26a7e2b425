/**
 * The broker's own book (issue 9): role broker only (403 for anyone else signed in, 401 signed
 * out, checked before the query is read). The rules live in server/broker/.
 */
import type { FastifyInstance } from 'fastify';
import { bookQuerySchema, bookSchema } from '@shared/contract/broker-book';
import { brokerBook } from '@server/broker/book';
import { currentUser } from '@server/http/authenticate';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';

export async function brokerBookRoutes(app: FastifyInstance) {
  guardRoutes(app, 'broker');

  defineRoute(app, {
    method: 'GET',
    url: '/broker/book',
    summary: 'The broker’s orders and policies (those quoted through its client URL), and its storefront links',
    description:
      'Most recently changed first, 50 a page; status filters. The storefront is the branded landing page, with a ' +
      '`?s=` link per speciality the broker sells and one for all of them.',
    tags: ['broker'],
    public: false,
    query: bookQuerySchema,
    response: bookSchema,
    errors: { 403: FORBIDDEN_DOC, 409: 'The account is not tied to a broker (`fields.brokerId`)' },
    handler: async ({ query, request, reply }) => {
      reply.headers({ 'cache-control': 'no-store' });
      return brokerBook(app.db, currentUser(request), app.config.publicUrl, query);
    },
  });
}
