import { randomBytes } from 'node:crypto';

/**
 * The few API calls the bench needs to set up what it measures, made over HTTP as a browser
 * would. `ip` is sent as X-Forwarded-For: it only counts when the server runs with
 * TRUST_PROXY=true, which the sections that sign up or sign in many accounts use (the per-address
 * limits of server/auth/rate-limit.ts are 20 sign-ups per 10 minutes and 20 sign-ins a minute).
 */

export interface Session {
  token: string;
  refreshToken: string;
  expiresIn: number;
  rememberMe: boolean;
  user: { id: number; email: string; firstname: string; lastname: string; role: string };
}

export const BENCH_PASSWORD = 'Bench-Password-2026';

let lastIp = 0;
/** 10.x.y.z, a new one each call (per process). */
export function nextIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

async function call<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/weborder/${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A new insured, signed up the way the sign-up screen does it (phone, address, terms). */
export async function signUp(baseUrl: string, ip?: string): Promise<Session & { password: string }> {
  const email = `bench-${randomBytes(5).toString('hex')}@example.com`;
  const session = await call<Session>(baseUrl, 'POST', 'insured/save', {
    ip,
    body: {
      email,
      password: BENCH_PASSWORD,
      firstname: 'Frank',
      lastname: 'Lloyd',
      companyname: 'Bench Dental',
      insuredtype: 'business',
      contactnumber: '713 555 0199',
      address1: '909 Texas Ave',
      zipcode: '77002',
      acceptTerms: true,
    },
  });
  return { ...session, password: BENCH_PASSWORD };
}

/** A quote for the first demo speciality in Texas, answered as a careful applicant would (auth/calculate's body). */
export async function calculateBody(baseUrl: string): Promise<Record<string, unknown>> {
  const list = await call<Array<{ id: number; name: string }>>(baseUrl, 'GET', 'auth/specialitylist');
  const dentists = list.find((speciality) => speciality.name === 'Dentists');
  if (!dentists)
    throw new Error('The demo speciality Dentists is missing: run the bench on the demo data (SEED_DEMO=1).');
  return {
    specialityId: dentists.id,
    state: 'TX',
    zipcode: '77002',
    limitCode: '1M/3M',
    deductibleCode: '1000',
    answers: { dnt_licence_action: 'no', dnt_sedation: 'no', dnt_implants: 'yes', dnt_practice_type: 'general' },
    applicationAnswers: {
      years_in_practice: 12,
      annual_revenue: 850_000,
      staff_count: 4,
      prior_claims: 'no',
      prior_coverage: 'yes',
      prior_acts_date: '2015-06-01',
    },
  };
}

/** A quoted order of the signed-in insured's (insured/createsubmission), as "Buy now" saves it. */
export async function quotedOrder(baseUrl: string, token: string): Promise<{ submissionId: number }> {
  const body = { ...(await calculateBody(baseUrl)), paymentTerm: 'annual' };
  const answer = await call<{ submissionId?: number; id?: number }>(baseUrl, 'POST', 'insured/createsubmission', {
    token,
    body,
  });
  const submissionId = answer.submissionId ?? answer.id;
  if (typeof submissionId !== 'number')
    throw new Error(`insured/createsubmission answered no submission id: ${JSON.stringify(answer)}`);
  return { submissionId };
}
