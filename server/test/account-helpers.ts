/**
 * Helpers for the insured's-account tests: an insured with a bearer token, calls of every
 * method carrying it, and a quoted order of theirs. `bindForTest` stands in for issue 8's
 * payment: it marks an order bound and writes its policy row the way issuance will, so rules
 * about bound policies (no deleting what a policy names, certificates, claims) can be tested now.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { expect } from 'vitest';
import { businessToday } from '@shared/calendar';
import { submissionQuoteSchema, type SubmissionQuote } from '@shared/contract/submissions';
import type { Transaction } from '@server/db/connection';
import { locations, policies, submissions, users } from '@server/db/schema';
import { caller, freshIp, signUp } from '@server/test/auth-helpers';
import { quoteApi, submissionInput } from '@server/test/quote-helpers';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Insured = {
  userId: number;
  email: string;
  password: string;
  token: string;
  /** A call as this insured; `form` sends the body as an HTML form instead of JSON. */
  call(
    method: Method,
    url: string,
    body?: unknown,
    options?: { form?: boolean; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
};

export async function newInsured(app: () => FastifyInstance): Promise<Insured> {
  const api = caller(app);
  const session = await signUp(api);
  const { email, password } = session;
  const ip = freshIp();
  return {
    userId: session.user.id,
    email,
    password,
    token: session.token,
    call: (method, url, body, options = {}) => {
      const headers: Record<string, string> = { authorization: `Bearer ${session.token}`, ...options.headers };
      let payload: InjectOptions['payload'] | undefined;
      if (body !== undefined && options.form) {
        const form = new URLSearchParams();
        for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
          for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
        }
        payload = form.toString();
        headers['content-type'] = 'application/x-www-form-urlencoded';
      } else if (body !== undefined) {
        payload = body as InjectOptions['payload'];
      }
      return app().inject({
        method,
        url: `/api/weborder/${url}`,
        remoteAddress: ip,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
    },
  };
}

/** A quoted order of this insured's: Dentists in Houston (77002) unless overridden. */
export async function quotedOrder(
  app: () => FastifyInstance,
  insured: Insured,
  overrides: Record<string, unknown> = {},
): Promise<SubmissionQuote> {
  const response = await quoteApi(app).post('insured/createsubmission', await submissionInput(app(), overrides), {
    token: insured.token,
  });
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(submissionQuoteSchema, response.json());
}

let policySerial = 0;

/** Marks the order bound and issues its policy row (what issue 8's payment will do). Answers the policy id. */
export async function bindForTest(
  app: FastifyInstance,
  submissionId: number,
  status: 'bound' | 'complete' = 'bound',
): Promise<number> {
  const [order] = await app.db.select().from(submissions).where(eq(submissions.id, submissionId));
  if (!order) throw new Error(`no submission ${submissionId}`);
  await app.db
    .update(submissions)
    .set({ status, version: order.version + 1 })
    .where(eq(submissions.id, submissionId));
  policySerial += 1;
  const effective = order.effectiveDate ?? businessToday(new Date());
  const expiration = `${Number(effective.slice(0, 4)) + 1}${effective.slice(4)}`;
  const [policy] = await app.db
    .insert(policies)
    .values({
      submissionId,
      userId: order.userId,
      number: `P-TEST-${process.pid}-${Date.now()}-${policySerial}`,
      effectiveDate: effective,
      expirationDate: expiration,
      limitCode: order.limitCode ?? '1M/3M',
      perClaimLimitCents: 100_000_000,
      aggregateLimitCents: 300_000_000,
      deductibleCode: order.deductibleCode ?? '1000',
      deductibleCents: 100_000,
      premiumCents: order.premiumCents ?? 0,
    })
    .returning({ id: policies.id });
  return policy!.id;
}

/** A master location's address; what a test leaves out is filled in. */
export type MasterAddress = {
  title?: string | null;
  address1?: string;
  address2?: string | null;
  city: string;
  state: string;
  zipcode: string;
};

/**
 * A master location of the insured's written straight into the table (saving one is the locations
 * route's business, tested there); answers its id.
 */
export async function masterLocation(
  app: FastifyInstance,
  insured: Insured,
  address: MasterAddress,
  isPrimary = false,
): Promise<number> {
  const [row] = await app.db
    .insert(locations)
    .values({
      userId: insured.userId,
      title: address.title ?? null,
      address1: address.address1 ?? '1 Test St',
      address2: address.address2 ?? null,
      city: address.city,
      state: address.state,
      zipcode: address.zipcode,
      isPrimary,
    })
    .returning({ id: locations.id });
  return row!.id;
}

/**
 * For race tests: runs `lock` in a transaction of the test's own (a query taking row locks),
 * then `during` while that transaction still holds them, then commits. `during` fires requests
 * and waits (lockWaiters) until they are queued behind the lock or behind each other, so the
 * order in which they then run is fixed.
 *
 * Only PostgreSQL runs transactions side by side. PGlite runs one at a time: there the requests
 * simply run after this transaction, one transaction after another, and these tests check
 * nothing about races (they still must not fail).
 */
export async function whileLocked(
  app: FastifyInstance,
  lock: (tx: Transaction) => Promise<unknown>,
  during: () => Promise<void>,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lock(tx);
    await during();
  });
}

/** whileLocked's lock on an order's row, taken as a request that changes the order takes it. */
export const lockOrderRow = (submissionId: number) => (tx: Transaction) =>
  tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, submissionId)).for('update');

/** whileLocked's lock on the insured's own row, taken as a change to their records takes it. */
export const lockInsuredRow = (insured: Insured) => (tx: Transaction) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, insured.userId)).for('no key update');

/**
 * Waits until `count` sessions of this test database wait for a lock (PostgreSQL); gives up
 * quietly after `timeoutMs` (a request that never waits is what the test then finds out). On
 * PGlite, whose queries wait for the test's transaction anyway, it only gives the requests a
 * moment to start.
 */
export async function lockWaiters(app: FastifyInstance, count: number, timeoutMs = 5_000): Promise<void> {
  if (app.database.kind !== 'postgres') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // node-postgres answers a result with its rows (Drizzle types it per driver).
    const { rows } = (await app.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
