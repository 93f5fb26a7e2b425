/**
 * Rating tables for administrators (issue 9): role admin only (403 for anyone else signed in,
 * 401 signed out, checked before the request is read). The rules live in server/admin/.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  newRateTableVersionSchema,
  rateTableExportQuerySchema,
  rateTableImportSchema,
  rateTableQuerySchema,
  rateTableVersionSchema,
  rateTableVersionsSchema,
} from '@shared/contract/admin-rate-tables';
import {
  exportRateTable,
  importRateTable,
  newRateTableVersion,
  rateTableVersions,
  type RateTableDeps,
} from '@server/admin/rate-tables';
import { attachmentDisposition } from '@server/files/file-names';
import { currentUser } from '@server/http/authenticate';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';

export async function adminRateTableRoutes(app: FastifyInstance) {
  guardRoutes(app, 'admin');
  const deps: RateTableDeps = { db: app.db, clock: app.clock };
  const tags = ['admin'];

  defineRoute(app, {
    method: 'GET',
    url: '/admin/ratetables',
    summary:
      'Every version of one speciality’s rate table in one state, newest first, with how many orders each priced',
    tags,
    public: false,
    query: rateTableQuerySchema,
    response: rateTableVersionsSchema,
    errors: { 403: FORBIDDEN_DOC, 404: 'No such speciality or state' },
    handler: async ({ query, reply }) => {
      reply.headers({ 'cache-control': 'no-store' });
      return rateTableVersions(app.db, query.specialityId, query.state);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/ratetables',
    summary: 'Change a rate table: a new version prices new quotes; quotes already made keep theirs',
    description:
      'From the version in force (`basedOnVersion`); what is left out is kept, the factors included. erpPercentBps ' +
      'sets the Extended Reporting Period’s (tail’s) price by length, {"1","2","3"} years in basis points of the ' +
      'annual premium (0–50000, a longer tail never less): a policy is offered its tail at the percentages of the ' +
      'version it was priced with. Recorded in the audit log. Sending what is already in force answers that version ' +
      'and makes none.',
    tags,
    public: false,
    body: newRateTableVersionSchema,
    response: rateTableVersionSchema,
    status: 201,
    errors: {
      403: FORBIDDEN_DOC,
      404: 'No such speciality or state, or no table prices it there',
      409: 'Another change came first (`fields.basedOnVersion`)',
    },
    handler: async ({ body, request, setStatus }) => {
      const { version, made } = await newRateTableVersion(deps, currentUser(request), request.ip, body);
      if (!made) setStatus(200);
      return version;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/admin/ratetables/export',
    summary: 'A version of the rate table as CSV (the one in force when no version is named)',
    description:
      'One row per setting, limit, deductible, territory and experience band; the `kind` column says which. The ' +
      'file imports back as it is (POST admin/ratetables/import).',
    tags,
    public: false,
    query: rateTableExportQuerySchema,
    response: v.string(),
    binary: {
      types: ['text/csv'],
      headers: { 'Content-Disposition': 'attachment; filename="rates-{speciality}-{state}-v{version}.csv"' },
    },
    errors: { 403: FORBIDDEN_DOC, 404: 'No such speciality, state or version' },
    handler: async ({ query, reply }) => {
      const { filename, csv } = await exportRateTable(app.db, query.specialityId, query.state, query.version);
      return reply
        .code(200)
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': attachmentDisposition(filename),
          'cache-control': 'no-store',
        })
        .send(csv);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/admin/ratetables/import',
    summary: 'Replace the rate table with a CSV, as a new version; a file with any problem changes nothing',
    description:
      'JSON: specialityId, stateCode, basedOnVersion, csv (the text of a file in the export’s format). A problem is a ' +
      '400 naming the first one’s row and column, with every problem in `fields`. A CSV equal to the table in force ' +
      'answers that version and makes none.',
    tags,
    public: false,
    body: rateTableImportSchema,
    response: rateTableVersionSchema,
    status: 201,
    errors: {
      403: FORBIDDEN_DOC,
      404: 'No such speciality or state, or no table prices it there',
      409: 'Another change came first (`fields.basedOnVersion`)',
    },
    handler: async ({ body, request, setStatus }) => {
      const { version, made } = await importRateTable(deps, currentUser(request), request.ip, body, body.csv);
      if (!made) setStatus(200);
      return version;
    },
  });
}
