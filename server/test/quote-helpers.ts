/**
 * Helpers for quote and submission tests: the demo Dentists speciality, a plausible answer to
 * every question that shows, and calls carrying a bearer token, a visitor's quote key or an
 * Idempotency-Key.
 */
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { questions, specialities } from '@server/db/schema';
import { demoSpecialities } from '@server/db/seed/demo-data';
import { freshIp } from '@server/test/auth-helpers';

export async function specialityId(app: FastifyInstance, name = 'Dentists'): Promise<number> {
  const code = demoSpecialities.find((s) => s.name === name)!.code;
  const [row] = await app.db
    .select({ id: specialities.id })
    .from(specialities)
    .where(eq(specialities.randomCode, code));
  return row!.id;
}

/** A plausible answer to each question that shows, as a careful applicant would give it. */
export async function answersFor(app: FastifyInstance, id: number) {
  const rows = await app.db
    .select()
    .from(questions)
    .where(and(eq(questions.active, true), or(eq(questions.specialityId, id), isNull(questions.specialityId))))
    .orderBy(asc(questions.sortOrder));
  const answer = (type: string, options: { value: string }[]) =>
    ({
      yesno: 'no',
      select: options[0]?.value,
      multiselect: [options[0]?.value],
      number: 3,
      money: 250_000,
      date: '2015-06-01',
    })[type] ?? 'Nothing to report';
  const answers: Record<string, unknown> = {};
  const applicationAnswers: Record<string, unknown> = {};
  for (const q of rows) {
    if (q.condition) continue; // only shown after a "yes", which these answers never give
    (q.specialityId === null ? applicationAnswers : answers)[q.code] = answer(q.type, q.options);
  }
  return { answers, applicationAnswers };
}

/** What auth/calculate prices: Dentists in Houston, 1M/3M, $1,000 deductible. */
export async function calculateInput(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const id = await specialityId(app);
  return {
    specialityId: id,
    state: 'TX',
    zipcode: '77002',
    ...(await answersFor(app, id)),
    limitCode: '1M/3M',
    deductibleCode: '1000',
    ...overrides,
  };
}

/** What insured/createsubmission takes: calculate's input and a payment term. */
export async function submissionInput(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  return { ...(await calculateInput(app)), paymentTerm: 'annual', ...overrides };
}

export type CallOptions = {
  token?: string;
  quoteKey?: string;
  idempotencyKey?: string;
  headers?: Record<string, string>;
};

/** Calls from one client address of their own, with whichever credentials are given. */
export function quoteApi(app: () => FastifyInstance, ip = freshIp()) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, options: CallOptions = {}) =>
    app().inject({
      method,
      url: `/api/weborder/${url}`,
      remoteAddress: ip,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.quoteKey ? { 'x-quote-key': options.quoteKey } : {}),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
        ...options.headers,
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    get: (url: string, options?: CallOptions) => send('GET', url, undefined, options),
    post: (url: string, body: unknown, options?: CallOptions) => send('POST', url, body, options),
    put: (url: string, body: unknown, options?: CallOptions) => send('PUT', url, body, options),
  };
}
