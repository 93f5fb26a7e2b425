/**
 * Renewals (issue 20): the insured reads the renewal offer of one of their policies and accepts
 * and pays it in one step. Someone else's policy is the same 404 as a missing one. The rules live
 * in server/renewals/.
 */
import type { FastifyInstance } from 'fastify';
import {
  renewalAcceptRequestSchema,
  renewalAcceptSchema,
  renewalQuerySchema,
  renewalQuoteRequestSchema,
  renewalQuoteSchema,
  renewalSchema,
  renewalSummariesSchema,
} from '@shared/contract/renewal';
import { currentUser } from '@server/http/authenticate';
import { idempotencyKeyHeaderDoc, idempotencyKeyOf } from '@server/http/idempotency-key';
import { appBaseFor } from '@server/http/request-origin';
import { defineRoute } from '@server/http/route';
import { acceptRenewal, openRenewals, quoteRenewal, renewalView, type RenewalDeps } from '@server/renewals/renewals';

export async function renewalRoutes(app: FastifyInstance) {
  const deps = (): RenewalDeps => ({
    db: app.db,
    clock: app.clock,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    log: app.log,
    provider: app.payments,
    trust: app.config.trust,
    config: app.config,
  });
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/renewal',
    summary: 'The renewal offer of one of the insured’s policies, as the renewal screen shows it',
    description:
      'Query: policyid. Answers where the renewal stands (not_yet before RENEWAL_OFFER_DAYS ahead of the end, ' +
      'needs_answers, offered, with_underwriter, awaiting_payment, renewed, declined, lapsed, not_offered), the period ' +
      'ending, the day the offer is made, and the offer: the renewal number (the policy number with -R1, -R2 …), the ' +
      'new period, its rating on the rate table in force when offered with the worksheet and payment plans, last ' +
      'year’s rating, the worksheet lines that changed, the questions asked (new or changed since, with why) and the ' +
      'reasons when referred or declined. Writes nothing. Someone else’s or a missing policy is a 404.',
    tags: ['account'],
    public: false,
    query: renewalQuerySchema,
    response: renewalSchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return renewalView(deps(), currentUser(request), query.policyid);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/renewals',
    summary: 'The insured’s renewals to act on (or with an underwriter), for the dashboard',
    description:
      'Each of the insured’s policies whose renewal is offered, needs answers, waits for payment or is with an ' +
      'underwriter: the policy and renewal numbers, where it stands, the new period and its total (null until ' +
      'priced), the soonest ending first. Writes nothing.',
    tags: ['account'],
    public: false,
    response: renewalSummariesSchema,
    handler: async ({ request, reply }) => {
      reply.headers(noStore);
      return openRenewals(deps(), currentUser(request));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/renewalquote',
    summary: 'Price a renewal offer with the answers given, as accepting would (writes nothing)',
    description:
      'JSON: policyid; answers and applicationAnswers to the asked questions only (any other code is a 400 naming ' +
      'it; last year’s answers stand); paymentTerm (optional, the offer’s otherwise). Answers the renewal priced by ' +
      'the very rule renewalaccept prices it with — the offer’s rate table, the carried answers with these over ' +
      'them — with its worksheet, premium, policy fee, taxes, state fees, total and payment plans, and the worksheet ' +
      'lines that differ from last year’s. Writes nothing: no order moves, no invoice, no checkout. A wrong or ' +
      'missing required answer, or a payment term not on offer, is a 400 naming the field; a policy no longer ' +
      'current, or a renewal accepted already, a 409 naming `fields.status`; no offer yet a 409 naming ' +
      '`fields.offer`; someone else’s or a missing policy a 404.',
    tags: ['account'],
    public: false,
    body: renewalQuoteRequestSchema,
    response: renewalQuoteSchema,
    errors: {
      409: 'No offer yet (`fields.offer`), or the policy is no longer current or its renewal accepted already (`fields.status`)',
      422: 'The offer’s rate table cannot price these answers',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return quoteRenewal({ db: app.db, catalog: app.ratingCatalog }, currentUser(request), body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/renewalaccept',
    summary: 'Accept a renewal offer and pay it in one step: answers, signature, the rules, the invoice, the checkout',
    description:
      'JSON: policyid; answers and applicationAnswers to the asked questions only (any other code is a 400 naming ' +
      'it; last year’s answers stand); paymentTerm (optional); signerName, consentToElectronicRecords and ' +
      'agreeToDeclarations (true), which sign the renewal’s application as it stands; clientid for a branded return. ' +
      'The offer is priced again with the answers (400 naming a required answer missing), buy now’s rules decide it: ' +
      'a referral answers referred (the order waits on the underwriter’s desk), a knock-out declined; otherwise the ' +
      'invoice is made and the hosted checkout opened (outcome checkout, with its url); paid, the next term is issued ' +
      '(the expiring one stays in force to its end date, then is renewed); a payment arriving once the policy is ' +
      'cancelled or under a notice binds nothing and is kept for a refund. Idempotent: a retry with the same ' +
      'Idempotency-Key answers the same checkout, and one already paid answers renewed. A policy no longer current, ' +
      'or under a notice of cancellation (pay what is overdue first), is a 409 naming `fields.status`; no offer yet, a ' +
      '409 naming `fields.offer`; someone else’s policy a 404.',
    tags: ['account'],
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: renewalAcceptRequestSchema,
    response: renewalAcceptSchema,
    errors: {
      409: 'No offer to accept (`fields.offer`), the policy is no longer current or is under a notice of cancellation (`fields.status`), or something the order needs is missing',
      503: 'The payment provider did not answer: nothing was charged, try again',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return acceptRenewal(deps(), currentUser(request), body, idempotencyKeyOf(request), appBaseFor(app, request));
    },
  });
}
