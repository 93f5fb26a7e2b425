/**
 * Mid-term changes (issue 19): the insured previews and commits a change of limit, deductible,
 * named insured or practice address on their own policy in force, reads the policy's history and
 * downloads an endorsement. Someone else's policy or endorsement is the same 404 as a missing
 * one. The rules live in server/endorsements/.
 */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { businessToday } from '@shared/calendar';
import {
  downloadEndorsementRequestSchema,
  endorsementOptionsQuerySchema,
  endorsementOptionsSchema,
  endorsementQuoteSchema,
  endorsementRequestSchema,
  endorsementSchema,
  payEndorsementRequestSchema,
  policyHistoryQuerySchema,
  policyHistorySchema,
} from '@shared/contract/endorsements';
import { checkoutSchema } from '@shared/contract/billing';
import {
  endorse,
  endorsementFile,
  payableEndorsement,
  policyHistory,
  quoteEndorsement,
  type EndorsementDeps,
} from '@server/endorsements/endorsements';
import { endorsementOptions } from '@server/endorsements/endorsement-options';
import { endorsementDeskRoutes } from '@server/routes/endorsements-desk';
import { currentUser } from '@server/http/authenticate';
import {
  idempotencyKeyHash,
  idempotencyKeyHeaderDoc,
  idempotencyKeyOf,
  KEY_REUSED_DOC,
} from '@server/http/idempotency-key';
import { appBaseFor } from '@server/http/request-origin';
import { endorsementBill, startCheckout, type CheckoutDeps } from '@server/payments/checkout';
import { defineRoute } from '@server/http/route';

/** What the OpenAPI document shows for the PDF answer (the route sends the bytes itself). */
const pdfBytesSchema = v.pipe(
  v.string(),
  v.description('The endorsement as application/pdf bytes, as issued, sent as an attachment'),
);

const REQUEST_DOC =
  'JSON body: policyid; effectiveDate (YYYY-MM-DD, a day of the period from today; today when left out; 400 ' +
  'naming effectiveDate otherwise); and at least one change: limitCode and/or deductibleCode (among those the ' +
  'policy’s rate table offers; 400 naming the field otherwise), insuredName, address {address1, address2, city, ' +
  'state, zipcode} (a correction in the same state, no premium effect). Priced on the rate table version the ' +
  'policy was priced with: (new annual premium − old) × days remaining ÷ days in the period, and the state’s ' +
  'premium tax and fees on that. The policy must be the caller’s (404) and in force (409 naming `fields.status`).';

export async function endorsementRoutes(app: FastifyInstance) {
  const deps: EndorsementDeps = {
    db: app.db,
    clock: app.clock,
    catalog: app.ratingCatalog,
    trust: app.config.trust,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    authorityCents: app.config.underwritingAuthorityCents,
  };
  // The underwriter's side (referred changes), behind its own role check.
  await app.register(endorsementDeskRoutes, { deps });
  const checkoutDeps = (): CheckoutDeps => ({
    db: app.db,
    clock: app.clock,
    mail: app.mail,
    publicUrl: app.config.publicUrl,
    log: app.log,
    provider: app.payments,
    trust: app.config.trust,
  });
  const noStore = { 'cache-control': 'no-store' };

  defineRoute(app, {
    method: 'GET',
    url: '/insured/endorsementoptions',
    summary: 'What a mid-term change of a policy may be: its days, limits, deductibles, named insured and address',
    description:
      'Query: policyid. Answers the policy (number, status, period), the first and last day a change may take ' +
      'effect (today or the period’s first day, whichever is later, to the day before expiry), the limit and ' +
      'deductible now and the options of the rate table version the policy was priced with, the named insured ' +
      'and practice address as the policy holds them now (a corrected address stays in `stateCode`), the ' +
      'locations it covers (primary first) and a change awaiting its additional premium, if any. Writes nothing. ' +
      'The policy must be the caller’s (404) and in force (409 naming `fields.status`).',
    tags: ['account'],
    public: false,
    query: endorsementOptionsQuerySchema,
    response: endorsementOptionsSchema,
    errors: { 409: 'The policy is not in force (`fields.status` names its status)' },
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return endorsementOptions(deps, currentUser(request), query.policyid);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/endorsementquote',
    summary: 'Preview a mid-term change of a policy: the prorated premium it costs or returns (writes nothing)',
    description: `${REQUEST_DOC} Answers the annual premiums before and after, the days remaining and in the period, the prorated premium, tax, fees and total (signed cents: positive is an additional premium, negative a return premium), with a worksheet line for each.`,
    tags: ['account'],
    public: false,
    body: endorsementRequestSchema,
    response: endorsementQuoteSchema,
    errors: { 409: 'The policy is not in force (`fields.status` names its status)' },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      return quoteEndorsement(deps, currentUser(request), body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/endorse',
    summary: 'Commit a mid-term change of a policy: an endorsement, issued at once or awaiting its payment',
    description:
      `${REQUEST_DOC} Answers the endorsement (201), numbered after the policy (P-…-E01, E02 … per policy). A ` +
      'total of zero or less is issued at once: the policy takes the new limit, deductible and premium, the ' +
      'declarations are reissued, the endorsement PDF is made (documents/downloadendorsement), and a return premium ' +
      'is recorded as owed. A total above zero is awaiting_payment with an invoice for it. Endorsements of one policy ' +
      'take turns; while one awaits payment another is a 409. With an Idempotency-Key header, repeating the call ' +
      'answers the endorsement made the first time (200) and does nothing more; the same key with a different ' +
      'request is a 422 naming Idempotency-Key.',
    tags: ['account'],
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: endorsementRequestSchema,
    response: endorsementSchema,
    status: 201,
    errors: {
      409: 'The policy is not in force, or another endorsement awaits payment (`fields.status` says which)',
      422: KEY_REUSED_DOC,
    },
    handler: async ({ body, request, reply, setStatus }) => {
      reply.headers(noStore);
      const { created, endorsement } = await endorse(deps, currentUser(request), body, idempotencyKeyHash(request));
      if (!created) setStatus(200);
      return endorsement;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/insured/payendorsement',
    summary: 'Open the hosted checkout for an endorsement’s additional premium',
    description:
      'JSON: endorsementid, and clientid in a broker’s branded site. The endorsement must be the caller’s (404) and ' +
      'awaiting payment (409 naming `fields.status` otherwise). The same hosted checkout as payments/checkout, for the ' +
      'endorsement’s invoice: idempotent per Idempotency-Key, one payable session per invoice; the browser comes back ' +
      'to paymentconfirm?submissionid&endorsementid&sessionid (payments/confirm answers it as for the order); left ' +
      'unpaid, to policy/changes?policyid&unpaid (a tail: policy/cancel?policyid&unpaid), where Pay is offered again. Once ' +
      'paid (the webhook, or the confirmation), the endorsement is issued: the policy changes and its declarations ' +
      'are reissued.',
    tags: ['billing'],
    public: false,
    headers: idempotencyKeyHeaderDoc,
    body: payEndorsementRequestSchema,
    response: checkoutSchema,
    errors: {
      409: 'The endorsement is not awaiting payment (`fields.status` names its status)',
      503: 'The payment provider did not answer: nothing was charged, try again',
    },
    handler: async ({ body, request, reply }) => {
      reply.headers(noStore);
      const user = currentUser(request);
      const endorsement = await payableEndorsement(app.db, user, body.endorsementid);
      return startCheckout(
        checkoutDeps(),
        user,
        { submissionid: endorsement.submissionId, clientid: body.clientid },
        idempotencyKeyOf(request),
        appBaseFor(app, request),
        endorsementBill(endorsement),
      );
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/insured/policyhistory',
    summary: 'A policy’s history: its issue and every endorsement (change, cancellation, tail), newest first',
    description:
      'Any status, with the server’s business day (today) the page reads its standing by. Someone else’s or a ' +
      'missing policy is a 404.',
    tags: ['account'],
    public: false,
    query: policyHistoryQuerySchema,
    response: policyHistorySchema,
    handler: async ({ query, request, reply }) => {
      reply.headers(noStore);
      return policyHistory(app.db, currentUser(request), query.policyid, businessToday(app.clock.now()));
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/documents/downloadendorsement',
    summary: 'An issued endorsement, as a PDF: the bytes as issued',
    description:
      'JSON or form: endorsementid. Answers application/pdf as an attachment named endorsement-{number}.pdf. ' +
      'Someone else’s, a missing or a not yet issued endorsement is a 404.',
    tags: ['documents'],
    public: false,
    body: downloadEndorsementRequestSchema,
    response: pdfBytesSchema,
    binary: {
      types: ['application/pdf'],
      headers: {
        'Content-Disposition': 'attachment; filename="endorsement-{number}.pdf"',
        'Cache-Control': 'no-store',
      },
    },
    handler: async ({ body, request, reply }) => {
      const file = await endorsementFile(app.db, currentUser(request), body.endorsementid);
      // The file name is [a-z0-9.-] only: no quoting or encoding issues.
      return reply
        .code(200)
        .headers({
          ...noStore,
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${file.filename}"`,
        })
        .send(file.content);
    },
  });
}
