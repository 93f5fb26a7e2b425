/**
 * Browser tests' hooks, registered only with TEST_HOOKS (which the config refuses beside
 * PRODUCTION=true), and then for administrators only: move the server's TestClock forward by
 * whole days, and run the instalments' four sweeps at once, in their order, as the job engine
 * would on its next ticks. Without TEST_HOOKS these addresses are a 404 like any unknown one.
 */
import type { FastifyInstance } from 'fastify';
import {
  advanceClockRequestSchema,
  advanceClockSchema,
  instalmentSweepsSchema,
  renewalSweepsSchema,
} from '@shared/contract/test-hooks';
import { DAY, TestClock } from '@server/clock';
import { conflict } from '@server/http/http-error';
import { FORBIDDEN_DOC, guardRoutes } from '@server/http/require-role';
import { defineRoute } from '@server/http/route';
import {
  cancelUnpaidPolicies,
  invoiceInstalments,
  noticeUnpaidInstalments,
  remindInstalments,
} from '@server/instalments/instalment-sweeps';
import { scheduledWorkContext } from '@server/plugins/jobs';
import { remindAndExpire } from '@server/renewals/expiries';
import { offerRenewals } from '@server/renewals/renewal-offers';

export async function testHookRoutes(app: FastifyInstance) {
  guardRoutes(app, 'admin');
  const tags = ['test'];

  defineRoute(app, {
    method: 'POST',
    url: '/test/advanceclock',
    summary: 'Browser tests only (TEST_HOOKS): move the server’s clock forward by whole days',
    description: 'JSON: days (0–400). Answers the server’s now after the move.',
    tags,
    public: false,
    body: advanceClockRequestSchema,
    response: advanceClockSchema,
    errors: { 403: FORBIDDEN_DOC, 409: 'The server’s clock is not a test clock' },
    handler: async ({ body }) => {
      if (!(app.clock instanceof TestClock)) throw conflict('The server’s clock is not a test clock', {});
      app.clock.advance(body.days * DAY);
      return { now: app.clock.now().toISOString() };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/test/runinstalments',
    summary: 'Browser tests only (TEST_HOOKS): run the instalments’ sweeps now',
    description: 'Invoice, remind, notice, cancel, in that order; answers how many of each this run did.',
    tags,
    public: false,
    response: instalmentSweepsSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async () => {
      const ctx = scheduledWorkContext(app);
      return {
        invoiced: await invoiceInstalments(ctx),
        reminded: await remindInstalments(ctx),
        noticed: await noticeUnpaidInstalments(ctx),
        cancelled: await cancelUnpaidPolicies(ctx),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/test/runrenewals',
    summary: 'Browser tests only (TEST_HOOKS): run the renewal offer and expiry sweeps now',
    description: 'Offers, then reminders and expiries; answers how many of each this run did.',
    tags,
    public: false,
    response: renewalSweepsSchema,
    errors: { 403: FORBIDDEN_DOC },
    handler: async () => {
      const ctx = scheduledWorkContext(app);
      const offers = await offerRenewals(ctx);
      const ends = await remindAndExpire(ctx);
      return { offered: offers.offered, unpriced: offers.unpriced, reminded: ends.reminded, expired: ends.expired };
    },
  });
}
