import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type {
  Certificate,
  CertificateList,
  CertificateVerification,
  IssueCertificateRequest,
} from '@shared/contract/certificates';
import type { ClaimablePolicy } from '@shared/contract/claims';
import type { UsState } from '@shared/contract/lists';

/**
 * Ada's certificates of insurance as the server answers them (src/api/certificates.ts), kept in
 * memory so a certificate issued shows in the list, and the public check of a code. Her Architects
 * policy P-2026-004217 is in force; her Dentists policy P-2025-003900 was cancelled.
 */

export const CERTIFICATES_URLS = {
  list: '*/api/weborder/insured/certificates',
  issue: '*/api/weborder/insured/issuecertificate',
  download: '*/api/weborder/documents/downloadcertificate',
  policies: '*/api/weborder/insured/policies',
  states: '*/api/weborder/insured/stateList',
  verify: '*/api/weborder/auth/verifycertificate/:code',
} as const;

function apiError(status: number, message: string, fields?: Record<string, string>, headers?: HeadersInit) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status, headers });
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

export const inForcePolicy: ClaimablePolicy = {
  id: 4217,
  number: 'P-2026-004217',
  specialityName: 'Architects',
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
};

export const cancelledPolicy: ClaimablePolicy = {
  id: 3900,
  number: 'P-2025-003900',
  specialityName: 'Dentists',
  effectiveDate: '2025-12-01',
  expirationDate: '2026-12-01',
};

const states: UsState[] = [
  { code: 'CA', name: 'California', offered: true },
  { code: 'NY', name: 'New York', offered: true },
  { code: 'TX', name: 'Texas', offered: true },
];

/** ZIP prefixes the mock server knows, by state: enough to refuse a ZIP in the wrong state. */
const zipStates: Record<string, string> = { '77': 'TX', '78': 'TX', '10': 'NY', '94': 'CA' };

const VERIFY_ORIGIN = 'https://portal.example.com';

function certificate(
  id: number,
  policy: ClaimablePolicy,
  code: string,
  holder: Certificate['holder'],
  issuedAt: string,
  additionalInsured = false,
  description: string | null = null,
): Certificate {
  return {
    id,
    policyId: policy.id,
    policyNumber: policy.number,
    code,
    verificationUrl: `${VERIFY_ORIGIN}/verify-certificate/${code}`,
    issuedAt,
    holder,
    additionalInsured,
    additionalInsuredWording: additionalInsured
      ? `${holder.name} is an additional insured under policy ${policy.number}, with respect to liability arising out of the named insured’s professional services, subject to the policy’s terms, conditions and exclusions.`
      : null,
    description,
  };
}

export const landlordCertificate = certificate(
  52,
  inForcePolicy,
  'HT7KQ2MWRZ4P',
  {
    name: 'Harbor Tower Owners LLC',
    address1: '1200 Smith Street',
    address2: 'Suite 400',
    city: 'Houston',
    state: 'TX',
    zipcode: '77002',
  },
  '2026-10-14T15:20:00.000Z',
  true,
  'Design of the 12th-floor tenant fit-out, 1200 Smith Street.',
);

export const clientCertificate = certificate(
  47,
  inForcePolicy,
  'C3DFGH5JKMN6',
  {
    name: 'Bayou Medical Center',
    address1: '6565 Fannin Street',
    address2: null,
    city: 'Houston',
    state: 'TX',
    zipcode: '77030',
  },
  '2026-08-03T13:05:00.000Z',
);

export const dentistsCertificate = certificate(
  39,
  cancelledPolicy,
  'D9EFG8HJK7MN',
  {
    name: 'Westheimer Plaza LP',
    address1: '5000 Westheimer Road',
    address2: null,
    city: 'Houston',
    state: 'TX',
    zipcode: '77056',
  },
  '2026-01-09T16:45:00.000Z',
);

/** A certificate's PDF (a real, tiny one). */
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** The file name the server gives a certificate: certificate-{policy}-{holder}-{code}.pdf. */
export function certificateFileName(issued: Pick<Certificate, 'policyNumber' | 'code' | 'holder'>): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `certificate-${slug(issued.policyNumber)}-${slug(issued.holder.name)}-${issued.code.toLowerCase()}.pdf`;
}

export interface CertificatesServer {
  handlers: HttpHandler[];
  reset: () => void;
  /** Each issue as sent, with its Idempotency-Key. */
  issues: { body: IssueCertificateRequest; idempotencyKey: string | null }[];
  /** The certificate ids downloaded, in order. */
  downloads: number[];
}

/**
 * insured/policies, insured/certificates, insured/issuecertificate, documents/downloadcertificate
 * and insured/stateList. Issuing checks what the server checks (Ada's policy, one that can issue,
 * a ZIP in the state) and answers a repeated Idempotency-Key with the first certificate; each new
 * one gets the next code of `codes`. The other options make a call hang or fail the first time.
 */
export function certificatesServer(
  options: {
    policies?: ClaimablePolicy[];
    lists?: CertificateList[];
    pendingList?: boolean;
    failListOnce?: boolean;
    failPoliciesOnce?: boolean;
    failDownloadOnce?: boolean;
  } = {},
): CertificatesServer {
  const policies = options.policies ?? [inForcePolicy, cancelledPolicy];
  const initial = (): CertificateList[] =>
    structuredClone(
      options.lists ?? [
        {
          policyId: inForcePolicy.id,
          policyNumber: inForcePolicy.number,
          standing: 'in_force',
          canIssue: true,
          certificates: [landlordCertificate, clientCertificate],
        },
        {
          policyId: cancelledPolicy.id,
          policyNumber: cancelledPolicy.number,
          standing: 'cancelled',
          canIssue: false,
          certificates: [dentistsCertificate],
        },
      ],
    );
  let lists = initial();
  let byKey = new Map<string, Certificate>();
  let failed = { list: false, policies: false, download: false };
  let nextId = 60;
  const CODES = ['NW4RK8PQ2XYZ', 'NX5SM9QR3YZB'];
  const codes = [...CODES];
  const issues: CertificatesServer['issues'] = [];
  const downloads: number[] = [];
  const listOf = (policyId: number) => lists.find((list) => list.policyId === policyId);

  const handlers: HttpHandler[] = [
    http.get(CERTIFICATES_URLS.states, () => HttpResponse.json(states)),
    http.get(CERTIFICATES_URLS.policies, () => {
      if (options.failPoliciesOnce && !failed.policies) {
        failed.policies = true;
        return apiError(500, 'The policy service is unavailable.');
      }
      return HttpResponse.json(policies);
    }),
    http.get(CERTIFICATES_URLS.list, ({ request }) => {
      if (options.pendingList) return never();
      if (options.failListOnce && !failed.list) {
        failed.list = true;
        return apiError(500, 'The certificate service is unavailable.');
      }
      const list = listOf(Number(new URL(request.url).searchParams.get('policyid')));
      return list ? HttpResponse.json(list) : apiError(404, 'No such policy (or it is not yours)');
    }),
    http.post(CERTIFICATES_URLS.issue, async ({ request }) => {
      const body = (await request.json()) as IssueCertificateRequest;
      const idempotencyKey = request.headers.get('idempotency-key');
      issues.push({ body, idempotencyKey });
      const list = listOf(Number(body.policyid));
      if (!list) return apiError(404, 'No such policy (or it is not yours)');
      if (idempotencyKey && byKey.has(idempotencyKey)) return HttpResponse.json(byKey.get(idempotencyKey));
      if (!list.canIssue) {
        return apiError(409, `Policy ${list.policyNumber} is ${list.standing}`, { status: `is ${list.standing}` });
      }
      const zipState = zipStates[body.zipcode.slice(0, 2)];
      if (zipState && zipState !== body.state) {
        return apiError(400, 'Please check the certificate holder’s address.', {
          zipcode: `is not in ${body.state}`,
        });
      }
      const policy = policies.find((candidate) => candidate.id === list.policyId)!;
      const issued = certificate(
        nextId++,
        policy,
        codes.shift() ?? 'QRSTUVWXYZ23',
        {
          name: body.holderName.trim(),
          address1: body.address1.trim(),
          address2: body.address2?.trim() || null,
          city: body.city.trim(),
          state: body.state,
          zipcode: body.zipcode.trim(),
        },
        new Date().toISOString(),
        body.additionalInsured === true,
        body.description?.trim() || null,
      );
      list.certificates.unshift(issued);
      if (idempotencyKey) byKey.set(idempotencyKey, issued);
      return HttpResponse.json(issued, { status: 201 });
    }),
    http.post(CERTIFICATES_URLS.download, async ({ request }) => {
      const { certificateid } = (await request.json()) as { certificateid: number };
      downloads.push(certificateid);
      if (options.failDownloadOnce && !failed.download) {
        failed.download = true;
        return apiError(503, 'The document store is unavailable.');
      }
      const found = lists.flatMap((list) => list.certificates).find((listed) => listed.id === certificateid);
      if (!found) return apiError(404, 'No such certificate (or it is not yours)');
      return new HttpResponse(PDF, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${certificateFileName(found)}"`,
        },
      });
    }),
  ];

  return {
    handlers,
    issues,
    downloads,
    reset: () => {
      lists = initial();
      byKey = new Map();
      failed = { list: false, policies: false, download: false };
      nextId = 60;
      codes.splice(0, codes.length, ...CODES);
      issues.length = 0;
      downloads.length = 0;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The public check

/** What the check answers for the landlord's certificate: in force, as of Nov 26, 2026. */
export const inForceCheck: CertificateVerification = {
  asOf: '2026-11-26',
  standing: 'in_force',
  cancellationDate: null,
  effectiveDate: inForcePolicy.effectiveDate,
  expirationDate: inForcePolicy.expirationDate,
  perClaimLimitCents: 100_000_000,
  aggregateLimitCents: 200_000_000,
  holderName: landlordCertificate.holder.name,
};

/**
 * GET auth/verifycertificate/{code}: `answers` by code (as the server reads it: capitals, without
 * hyphens); any other code is the server's 404. `rateLimited` answers 429 with Retry-After the
 * first time, `failOnce` a 503, `pending` never answers. `checked` lists the codes asked about.
 */
export function verifyServer(
  options: {
    answers?: Record<string, CertificateVerification>;
    rateLimited?: boolean;
    failOnce?: boolean;
    pending?: boolean;
  } = {},
): { handlers: HttpHandler[]; checked: string[]; reset: () => void } {
  const answers = options.answers ?? { [landlordCertificate.code]: inForceCheck };
  const checked: string[] = [];
  let refused = false;
  const handlers = [
    http.get(CERTIFICATES_URLS.verify, ({ params }) => {
      const code = String(params.code);
      checked.push(code);
      if (options.pending) return never();
      if ((options.rateLimited || options.failOnce) && !refused) {
        refused = true;
        return options.rateLimited
          ? apiError(429, 'Too many certificate checks from this address: try again in 9 minutes', undefined, {
              'retry-after': '540',
            })
          : apiError(503, 'The service is unavailable.');
      }
      const read = code.replace(/[\s-]+/g, '').toUpperCase();
      if (!/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/.test(read)) {
        return apiError(400, 'Invalid params: code must be the 12-character code printed on the certificate', {
          code: 'must be the 12-character code printed on the certificate',
        });
      }
      const answer = answers[read];
      return answer ? HttpResponse.json(answer) : apiError(404, 'No certificate has this verification code');
    }),
  ];
  return {
    handlers,
    checked,
    reset: () => {
      checked.length = 0;
      refused = false;
    },
  };
}
