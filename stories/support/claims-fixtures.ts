import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { businessToday } from '@shared/calendar';
import type { Claim, ClaimablePolicy, ReportClaimRequest } from '@shared/contract/claims';
import { formatCalendarDay } from '@shared/contract/date-format';

/**
 * Ada's claims and policies as the server answers them (src/api/claims.ts), kept in memory so a
 * reported claim shows in the list that is loaded next. Her one policy is last year's Architects
 * policy (order Q-2025-005120 in stories/support/dashboard-fixtures.ts).
 */

export const CLAIMS_URLS = {
  claims: '*/api/weborder/insured/claims',
  policies: '*/api/weborder/insured/policies',
  report: '*/api/weborder/insured/reportclaim',
} as const;

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

export const architectsPolicy: ClaimablePolicy = {
  id: 311,
  number: 'P-2025-000311',
  specialityName: 'Architects',
  effectiveDate: '2025-09-01',
  expirationDate: '2026-09-01',
};

export const reportedClaim: Claim = {
  id: 42,
  number: 'C-2026-000042',
  policyId: architectsPolicy.id,
  policyNumber: architectsPolicy.number,
  specialityName: 'Architects',
  kind: 'claim',
  dateOfLoss: '2026-02-14',
  actDate: '2025-10-06',
  claimant: 'Gulf Freight Storage LLC',
  lawsuitFiled: false,
  amountDemandedCents: 4_850_000,
  description:
    'A client says the load calculations for their warehouse mezzanine were wrong and asks us to pay for the rework.',
  status: 'under_review',
  reportedAt: '2026-02-16T10:12:00.000Z',
};

export const closedClaim: Claim = {
  id: 41,
  number: 'C-2025-000041',
  policyId: architectsPolicy.id,
  policyNumber: architectsPolicy.number,
  specialityName: 'Architects',
  kind: 'claim',
  dateOfLoss: '2025-11-03',
  actDate: null,
  claimant: null,
  lawsuitFiled: false,
  amountDemandedCents: null,
  description: 'A contractor claimed a drawing error delayed the project. Settled without payment.',
  status: 'closed',
  reportedAt: '2025-11-04T09:00:00.000Z',
};

/**
 * A policy still listed when the dialog opened whose order has since been closed: reporting
 * against it is the server's 409, in its own words.
 */
export const lapsedPolicy: ClaimablePolicy = {
  id: 120,
  number: 'P-2024-000120',
  specialityName: 'Architects',
  effectiveDate: '2024-09-01',
  expirationDate: '2025-09-01',
};
export const LAPSED_MESSAGE = 'Order Q-2024-000120 is close_lost: claims can be reported only on a bound policy';

export interface ClaimsServer {
  handlers: HttpHandler[];
  reset: () => void;
  /** Each report as sent, with its Idempotency-Key. */
  reports: { body: ReportClaimRequest; idempotencyKey: string | null }[];
}

/**
 * insured/claims, insured/policies and insured/reportclaim. Reporting checks what the server
 * checks (the policy is Ada's and bound, a real date not in the future nor before the policy
 * started, at least 10 characters of description): the lapsed policy is its 409.
 * `policies` replaces Ada's (none: she cannot report); the other options make one call hang or
 * fail the first time (a Try again that works).
 */
export function claimsServer(
  options: {
    initial?: Claim[];
    policies?: ClaimablePolicy[];
    pendingClaims?: boolean;
    failClaimsOnce?: boolean;
    failPoliciesOnce?: boolean;
  } = {},
): ClaimsServer {
  const initial = options.initial ?? [reportedClaim, closedClaim];
  const policies = options.policies ?? [architectsPolicy];
  let claims = [...initial];
  let claimsFailed = false;
  let policiesFailed = false;
  const reports: ClaimsServer['reports'] = [];

  const handlers: HttpHandler[] = [
    http.get(CLAIMS_URLS.claims, () => {
      if (options.pendingClaims) return never();
      if (options.failClaimsOnce && !claimsFailed) {
        claimsFailed = true;
        return apiError(500, 'The claims service is unavailable.');
      }
      return HttpResponse.json(claims);
    }),
    http.get(CLAIMS_URLS.policies, () => {
      if (options.failPoliciesOnce && !policiesFailed) {
        policiesFailed = true;
        return apiError(500, 'The policy service is unavailable.');
      }
      return HttpResponse.json(policies);
    }),
    http.post(CLAIMS_URLS.report, async ({ request }) => {
      const body = (await request.json()) as ReportClaimRequest;
      const idempotencyKey = request.headers.get('idempotency-key');
      reports.push({ body, idempotencyKey });
      const policy = policies.find((candidate) => candidate.id === body.policyid);
      if (!policy) return apiError(404, 'No such policy (or it is not yours).');
      if (policy.id === lapsedPolicy.id) return apiError(409, LAPSED_MESSAGE, { status: 'is close_lost' });
      // As the server: the business day, New York's.
      const today = businessToday(new Date());
      if (body.dateofloss > today) {
        return apiError(400, `The date of loss ${body.dateofloss} is in the future`, {
          dateofloss: 'must not be in the future',
        });
      }
      if (body.dateofloss < policy.effectiveDate) {
        return apiError(
          400,
          `The date of loss ${formatCalendarDay(body.dateofloss)} is before policy ${policy.number} began (${formatCalendarDay(policy.effectiveDate)})`,
          {
            dateofloss: `must not be before the policy’s effective date, ${formatCalendarDay(policy.effectiveDate)}`,
          },
        );
      }
      if (body.actdate && body.actdate > body.dateofloss) {
        return apiError(400, 'The act or error cannot come after the claim was made.', {
          actdate: `must not be after ${formatCalendarDay(body.dateofloss)}, the day the claim was made`,
        });
      }
      if ((body.description ?? '').trim().length < 10) {
        return apiError(400, 'Please say what happened.', {
          description: 'must say what happened in at least 10 characters',
        });
      }
      const id = 43 + claims.length - initial.length;
      const claim: Claim = {
        id,
        number: `C-2026-${String(id).padStart(6, '0')}`,
        policyId: policy.id,
        policyNumber: policy.number,
        specialityName: policy.specialityName,
        kind: body.kind ?? 'claim',
        dateOfLoss: body.dateofloss,
        actDate: body.actdate || null,
        claimant: body.claimant?.trim() || null,
        lawsuitFiled: body.lawsuitfiled === true,
        amountDemandedCents: typeof body.amountdemandedcents === 'number' ? body.amountdemandedcents : null,
        description: body.description.trim(),
        status: 'reported',
        reportedAt: '2026-06-12T15:20:00.000Z',
      };
      claims = [claim, ...claims];
      return HttpResponse.json(claim, { status: 201 });
    }),
  ];
  return {
    handlers,
    reports,
    reset: () => {
      claims = [...initial];
      claimsFailed = false;
      policiesFailed = false;
      reports.length = 0;
    },
  };
}
