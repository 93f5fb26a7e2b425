/**
 * The lists a quote is built from: states, payment terms, and the limit and deductible options
 * sold in a ZIP's state. Public, insured/ prefix notwithstanding: a visitor prices before
 * signing up (issue 5).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ilfDlfListParamsSchema,
  ilfDlfListSchema,
  paymentTermListSchema,
  usStateListSchema,
  type DeductibleOption,
  type IlfDlfList,
  type LimitOption,
} from '@/api/contract/lists';
import { paymentTerms, rateTables, specialities, usStates, type DlfRow, type IlfRow } from '@server/db/schema';
import { lookupZip } from '@server/geo/zip-codes';
import { badRequest } from '@server/http/http-error';
import { defineRoute } from '@server/http/route';

/**
 * The options of several rate tables as one list: each code once (the first table by id
 * wins), ordered by what it is worth rather than by table.
 */
function unionOptions(tables: { ilf: IlfRow[] | null; dlf: DlfRow[] | null }[]) {
  const limits = new Map<string, LimitOption>();
  const deductibles = new Map<string, DeductibleOption>();
  for (const { ilf, dlf } of tables) {
    for (const { code, label, perClaimCents, aggregateCents } of ilf ?? []) {
      if (!limits.has(code)) limits.set(code, { code, label, perClaimCents, aggregateCents });
    }
    for (const { code, label, deductibleCents } of dlf ?? []) {
      if (!deductibles.has(code)) deductibles.set(code, { code, label, deductibleCents });
    }
  }
  const byCode = (a: { code: string }, b: { code: string }) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  return {
    limits: [...limits.values()].sort(
      (a, b) => a.perClaimCents - b.perClaimCents || a.aggregateCents - b.aggregateCents || byCode(a, b),
    ),
    deductibles: [...deductibles.values()].sort((a, b) => a.deductibleCents - b.deductibleCents || byCode(a, b)),
  };
}

export async function listRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/insured/stateList',
    summary: 'Every US state, alphabetical by name, and whether we sell there',
    tags: ['lists'],
    public: true,
    response: usStateListSchema,
    handler: async () =>
      app.db
        .select({ code: usStates.code, name: usStates.name, offered: usStates.offered })
        .from(usStates)
        .orderBy(asc(usStates.name)),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/paymenttermlist',
    summary: 'The payment terms on offer, in display order',
    description: 'installments counts the down payment; downPaymentBps is its share of the premium (10 000 = all).',
    tags: ['lists'],
    public: true,
    response: paymentTermListSchema,
    handler: async () =>
      app.db
        .select({
          code: paymentTerms.code,
          name: paymentTerms.name,
          installments: paymentTerms.installments,
          downPaymentBps: paymentTerms.downPaymentBps,
          installmentFeeCents: paymentTerms.installmentFeeCents,
        })
        .from(paymentTerms)
        .where(eq(paymentTerms.active, true))
        .orderBy(asc(paymentTerms.sortOrder), asc(paymentTerms.code)),
  });

  // The rate tables that price something now: active, for a speciality that is on sale.
  const specialitiesOnSale = app.db
    .select({ id: specialities.id })
    .from(specialities)
    .where(eq(specialities.active, true));

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
      // One round trip: the state with one row per rate table (or one row of nulls when it has
      // none). A territory (PR, GU…) has no us_states row at all: not offered.
      const rows = await app.db
        .select({
          name: usStates.name,
          offered: usStates.offered,
          ilf: sql<IlfRow[] | null>`${rateTables.factors} -> 'ilf'`,
          dlf: sql<DlfRow[] | null>`${rateTables.factors} -> 'dlf'`,
          rateTableId: rateTables.id,
        })
        .from(usStates)
        .leftJoin(
          rateTables,
          and(
            eq(rateTables.stateCode, usStates.code),
            eq(rateTables.active, true),
            inArray(rateTables.specialityId, specialitiesOnSale),
          ),
        )
        .where(eq(usStates.code, zip.stateCode))
        .orderBy(asc(rateTables.id));
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
