import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { addDays, addMonths } from '@shared/calendar';
import type { Checkout } from '@shared/contract/billing';
import type { ClaimablePolicy } from '@shared/contract/claims';
import type { Calculation } from '@shared/contract/rating';
import type { AskedQuestion, Renewal, RenewalAccept, RenewalQuote, RenewalStatus } from '@shared/contract/renewal';
import { demoPaymentTerms } from '@server/db/seed/demo-data';
import { rate } from '@shared/rating/engine';
import { paymentPlans } from '@shared/rating/payment-plans';
import { localToday } from '@/components/format/dates';
import { sandboxCheckoutUrl } from './billing-fixtures';
import {
  architectsRatingRequest,
  architectsTexasTable,
  completeAnswers,
  DEFAULT_CHOICE,
  houston,
  rateOption,
} from './quote-fixtures';

/**
 * Ada's Architects policy P-2026-004217 renewing (src/api/renewal.ts), priced by the rating engine
 * itself: last year's premium is the quote's (rateOption, $1M/$1M, $2,500 deductible in Houston),
 * this year's the same answers on version 2 of the Texas table, its base premium 8 % higher — as
 * the server's renewal sweep prices it on the table in force. The worksheet lines that differ are
 * what the screen lists as changed. Nothing is typed by hand; dates count from today.
 */

export const RENEWAL_URLS = {
  policies: '*/api/weborder/insured/policies',
  renewal: '*/api/weborder/insured/renewal',
  accept: '*/api/weborder/insured/renewalaccept',
  quote: '*/api/weborder/insured/renewalquote',
} as const;

const TODAY = localToday();
/** The policy ends in 45 days: its offer was made 15 days ago. */
const END = addDays(TODAY, 45);

export const renewingPolicy: ClaimablePolicy = {
  id: 4217,
  number: 'P-2026-004217',
  specialityName: 'Architects',
  effectiveDate: addMonths(END, -12),
  expirationDate: END,
};

/** Version 2 of the Texas Architects table: the base premium 8 % higher. */
const nextTable = {
  ...architectsTexasTable,
  id: architectsTexasTable.id + 1,
  version: architectsTexasTable.version + 1,
  basePremiumCents: Math.round(architectsTexasTable.basePremiumCents * 1.08),
};

export const lastYear: Calculation = rateOption(DEFAULT_CHOICE);

/** This year's rating, by the engine on the new table with last year's answers. */
export const thisYear: Calculation = (() => {
  const rating = rate(nextTable, { ...architectsRatingRequest({}, houston.zipcode), ...DEFAULT_CHOICE });
  return { ...rating, paymentPlans: paymentPlans(rating.totalCents, demoPaymentTerms) };
})();

/** The lines of the worksheet that differ from last year's: what the screen shows as changed. */
function changesOf(before: Calculation, after: Calculation) {
  const was = new Map(before.worksheet.map((line) => [line.step, line]));
  return after.worksheet.flatMap((line) => {
    const old = was.get(line.step);
    if (old && old.text === line.text && old.source === line.source) return [];
    return [
      {
        step: line.step,
        label: line.label,
        before: old ? `${old.text} (${old.source})` : null,
        after: `${line.text} (${line.source})`,
      },
    ];
  });
}

export const newQuestion: AskedQuestion = {
  id: 9001,
  code: 'bim_coordination',
  text: 'Do you coordinate building information models (BIM) for other firms?',
  helpText: null,
  type: 'yesno',
  required: true,
  options: [
    { value: 'yes', label: 'Yes' },
    { value: 'no', label: 'No' },
  ],
  condition: null,
  general: false,
  why: 'new',
};

/** BIM coordination for other firms is a 12.5 % debit, as the renewal's table would rate the new question. */
const BIM_DEBIT_BPS = 1250;

/** The renewal priced with the new question answered, by the engine: insured/renewalquote's answer. */
export function renewalPricedWith(bim: string): RenewalQuote {
  const request = architectsRatingRequest({}, houston.zipcode);
  const rating = rate(nextTable, {
    ...request,
    questions: [
      ...request.questions,
      {
        code: newQuestion.code,
        type: 'yesno',
        required: true,
        condition: null,
        options: [
          { value: 'yes', label: 'Yes', modifierBps: BIM_DEBIT_BPS },
          { value: 'no', label: 'No' },
        ],
      },
    ],
    answers: { ...completeAnswers, [newQuestion.code]: bim },
    ...DEFAULT_CHOICE,
  });
  const priced = { ...rating, paymentPlans: paymentPlans(rating.totalCents, demoPaymentTerms) };
  return { rating: priced, changes: changesOf(lastYear, priced) };
}

/** Accepted, the questions asked are answered: carried into the renewal, no longer asked. */
const ACCEPTED = new Set<RenewalStatus>(['awaiting_payment', 'with_underwriter', 'renewed', 'declined']);

export function renewalOf(status: RenewalStatus, questions: AskedQuestion[] = [newQuestion]): Renewal {
  const offered = status !== 'not_yet';
  const priced = status !== 'needs_answers' && status !== 'not_offered';
  return {
    policyId: renewingPolicy.id,
    policyNumber: renewingPolicy.number,
    status,
    currentPeriod: { effectiveDate: renewingPolicy.effectiveDate, expirationDate: END },
    offerDate: addDays(END, -60),
    offer: offered
      ? {
          submissionId: status === 'not_offered' ? null : 5120,
          renewalNumber: `${renewingPolicy.number}-R1`,
          effectiveDate: END,
          expirationDate: addMonths(END, 12),
          rating: priced ? thisYear : null,
          previousRating: lastYear,
          changes: priced ? changesOf(lastYear, thisYear) : [],
          paymentTerm: 'annual',
          questions: ACCEPTED.has(status) ? [] : questions,
          answered: ACCEPTED.has(status) ? questions.map((question) => ({ ...question, answer: 'no' })) : [],
          reasons:
            status === 'with_underwriter'
              ? [{ code: 'referral_answer', label: 'One of your answers needs an underwriter’s review', detail: null }]
              : [],
          renewedPolicyId: status === 'renewed' ? 6001 : null,
        }
      : null,
  };
}

export const checkout: Checkout = {
  submissionId: 5120,
  invoiceId: 912,
  provider: 'sandbox',
  sessionId: 'cs_sandbox_renewal',
  url: '',
  amountCents: thisYear.paymentPlans[0]!.downPaymentCents,
};

export interface RenewalServerOptions {
  status?: RenewalStatus;
  questions?: AskedQuestion[];
  /** What accepting answers: the checkout (default), a referral, or a refusal. */
  accept?: 'checkout' | 'referred' | 'refused';
  /** The offer is never answered (loading). */
  pending?: boolean;
  /** The offer fails to load. */
  failing?: boolean;
  /** What pricing the answers answers: the engine's price (default), never (held), or a refusal. */
  quote?: 'priced' | 'held' | 'refused';
}

/** The renewal's server: the offer, and the acceptances it was sent (their bodies and keys). */
export function renewalServer(options: RenewalServerOptions = {}) {
  const accepted: { body: Record<string, unknown>; key: string | null }[] = [];
  const quoted: Record<string, unknown>[] = [];
  const handlers: HttpHandler[] = [
    http.get(RENEWAL_URLS.policies, () => HttpResponse.json([renewingPolicy])),
    http.get(RENEWAL_URLS.renewal, async () => {
      if (options.pending) await delay('infinite');
      if (options.failing)
        return HttpResponse.json({ status: 503, message: 'The service is unavailable.' }, { status: 503 });
      return HttpResponse.json(renewalOf(options.status ?? 'offered', options.questions));
    }),
    http.post(RENEWAL_URLS.quote, async ({ request }) => {
      const body = (await request.json()) as { answers?: Record<string, string> };
      quoted.push(body);
      if (options.quote === 'held') await delay('infinite');
      if (options.quote === 'refused') {
        return HttpResponse.json(
          {
            status: 400,
            message: `Check the answers: answers.${newQuestion.code} is not one of the choices`,
            fields: { [`answers.${newQuestion.code}`]: 'is not one of the choices' },
          },
          { status: 400 },
        );
      }
      return HttpResponse.json(renewalPricedWith(body.answers?.[newQuestion.code] ?? 'no'));
    }),
    http.post(RENEWAL_URLS.accept, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      accepted.push({ body, key: request.headers.get('idempotency-key') });
      if (options.accept === 'refused') {
        return HttpResponse.json(
          {
            status: 409,
            message: 'Policy P-2026-004217 is cancelled: its renewal can no longer be accepted',
            fields: { status: 'is cancelled' },
          },
          { status: 409 },
        );
      }
      if (options.accept === 'referred') {
        const answer: RenewalAccept = {
          outcome: 'referred',
          checkout: null,
          renewal: renewalOf('with_underwriter', []),
        };
        return HttpResponse.json(answer);
      }
      const answer: RenewalAccept = {
        outcome: 'checkout',
        checkout: { ...checkout, url: sandboxCheckoutUrl(checkout.sessionId) },
        renewal: renewalOf('awaiting_payment'),
      };
      return HttpResponse.json(answer);
    }),
  ];
  return {
    handlers,
    accepted,
    quoted,
    reset: () => {
      accepted.splice(0);
      quoted.splice(0);
    },
  };
}
