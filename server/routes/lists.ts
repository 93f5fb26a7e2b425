/**
 * The lists a quote is built from: states, payment terms, and the limit and deductible options
 * sold in a ZIP's state. Public, insured/ prefix notwithstanding: a visitor prices before
 * signing up (issue 5).
 */
import type { FastifyInstance } from 'fastify';
import {
  ilfDlfListParamsSchema,
  ilfDlfListSchema,
  paymentTermListSchema,
  usStateListSchema,
  type IlfDlfList,
} from '@shared/contract/lists';
import { lookupZip } from '@server/geo/zip-codes';
import { badRequest } from '@server/http/http-error';
import { defineRoute } from '@server/http/route';
import { activePaymentTerms, stateRateTables, usStateList } from '@server/lists/list-queries';
import { unionOptions } from '@server/lists/rate-options';

export async function listRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/insured/stateList',
    summary: 'Every US state, alphabetical by name, and whether we sell there',
    tags: ['lists'],
    public: true,
    response: usStateListSchema,
    handler: () => usStateList(app.db),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/paymenttermlist',
    summary: 'The payment terms on offer, in display order',
    description: 'installments counts the down payment; downPaymentBps is its share of the premium (10 000 = all).',
    tags: ['lists'],
    public: true,
    response: paymentTermListSchema,
    handler: () => activePaymentTerms(app.db),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/ilfdlflist/:zipcode',
    summary: 'Where a ZIP is, and the limit and deductible options sold in its state',
    description:
      'A ZIP+4 is answered for its first five digits. A state we do not sell in answers ' +
      'offered: false with empty lists; a ZIP that is malformed or unknown is a 400 naming zipcode.',
    tags: ['lists'],
    public: true,
    params: ilfDlfListParamsSchema,
    response: ilfDlfListSchema,
    handler: async ({ params }): Promise<IlfDlfList> => {
      const zip = lookupZip(params.zipcode);
      if (!zip) {
        throw badRequest(`${params.zipcode} is not a known US ZIP code`, {
          zipcode: 'is not a known US ZIP code',
        });
      }
      const rows = await stateRateTables(app.db, zip.stateCode);
      const state = rows[0];
      // Tables in a state switched off are kept for its old quotes; they sell nothing now.
      const tables = state?.offered ? rows.filter((row) => row.rateTableId !== null) : [];
      return {
        zipcode: zip.zipcode,
        stateCode: zip.stateCode,
        stateName: state?.name ?? zip.stateName,
        county: zip.county,
        ...(zip.city ? { city: zip.city } : {}),
        offered: tables.length > 0,
        ...unionOptions(tables),
      };
    },
  });
}
