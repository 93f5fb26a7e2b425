/**
 * Public pricing: a visitor can price before signing up (specification §6). Both routes price
 * through the same preparation and engine, so the matrix and a single calculation agree.
 */
import type { FastifyInstance } from 'fastify';
import {
  calculateRequestSchema,
  calculateResponseSchema,
  ilfdlfResponseSchema,
  quoteInputSchema,
} from '@shared/contract/rating';
import { defineRoute } from '@server/http/route';
import { rateEveryOption } from '@shared/rating/engine';
import { paymentPlans } from '@shared/rating/payment-plans';
import { asHttpError, calculateQuote, prepareQuote } from '@server/rating/quote-pricing';

const refusals = {
  400: 'Bad input, named in fields: an unknown speciality or state, a ZIP of another state, answers missing or of the wrong type',
  422: 'Not priceable: no rate table for the speciality in the state, or an option the table does not offer',
};

export async function ratingRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/auth/calculate',
    summary: 'One premium with its full worksheet and payment plans',
    tags: ['rating'],
    public: true,
    body: calculateRequestSchema,
    response: calculateResponseSchema,
    errors: refusals,
    handler: async ({ body }) => (await calculateQuote(app.db, app.ratingCatalog, body)).calculation,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/auth/ilfdlf',
    summary: 'The premium of every limit × deductible option at once',
    tags: ['rating'],
    public: true,
    body: quoteInputSchema,
    response: ilfdlfResponseSchema,
    errors: refusals,
    handler: async ({ body }) => {
      const quote = await prepareQuote(app.db, app.ratingCatalog, body);
      try {
        const options = rateEveryOption(quote.table, quote.request);
        return {
          rateTableId: quote.table.id,
          limits: quote.table.factors.ilf.map(({ code, label }) => ({ code, label })),
          deductibles: quote.table.factors.dlf.map(({ code, label }) => ({ code, label })),
          options: options.map((option) => ({
            limitCode: option.limit.code,
            deductibleCode: option.deductible.code,
            premiumCents: option.premiumCents,
            totalCents: option.totalCents,
            paymentPlans: paymentPlans(option.totalCents, quote.entry.paymentTerms),
          })),
        };
      } catch (error) {
        throw asHttpError(error);
      }
    },
  });
}
