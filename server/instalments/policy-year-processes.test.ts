/**
 * Issue 20's first "Done when": the policy year walked by two real server processes
 * (server/main.ts with TEST_HOOKS) on one PostgreSQL, their TestClocks moved alike, every sweep
 * fired on both at once. Through the processes' HTTP API only: a monthly plan's later
 * instalments invoiced once each, a missed one noticed and paid during the notice (back in
 * force), another missed one noticed and cancelled at the notice's end once; and a policy bought
 * in full offered its renewal once, 60 days before its end, accepted, paid, bound as -R1. What
 * happened is counted in the database (invoices, mail_outbox, endorsements, renewal_offers,
 * policies), which the test app here only reads. The job engine's own timers stay on, as in
 * production: a tick of theirs racing the test's sweeps is one more racer, and the counts must
 * hold all the same. Nothing sleeps: it polls with a bound. PostgreSQL only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, businessToday } from '@shared/calendar';
import { checkoutSchema } from '@shared/contract/billing';
import { instalmentConfirmationSchema } from '@shared/contract/instalments';
import { renewalAcceptSchema } from '@shared/contract/renewal';
// The helpers that start the real server for the browser tests and the bench; no alias reaches scripts/.
// eslint-disable-next-line no-restricted-imports
import { freePort, ROOT, terminate, waitUntilReady } from '../../scripts/server-process';
import { DAY } from '@server/clock';
import { endorsements, invoices, mailOutbox, policies, renewalOffers, users } from '@server/db/schema';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { caller, freshIp, signIn } from '@server/test/auth-helpers';
import { newKey, paidOrder } from '@server/test/payment-helpers';
import { setupTestApp } from '@server/test/test-app';

type Server = { url: string; child: ChildProcess; dataDir: string; log: () => string };

describe.skipIf(!process.env.TEST_DATABASE_URL)('the policy year across two server processes', () => {
  const t = setupTestApp();
  const servers: Server[] = [];
  /** Whole days both processes' clocks have been moved. */
  let movedDays = 0;
  const today = () => businessToday(new Date(Date.now() + movedDays * DAY));

  async function startServer(): Promise<Server> {
    const { config, database } = t.testApp;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-year-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.databaseUrl,
        AUTH_SECRET: config.authSecret,
        PUBLIC_URL: config.publicUrl,
        STATIC_DIR: path.join(dataDir, 'no-client-build'),
        SEED_DEMO: '0',
        PRODUCTION: 'false',
        TEST_HOOKS: '1',
        // Each of the test's callers has an address of its own (X-Forwarded-For), as in-process tests do.
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout?.on('data', (chunk) => (log += chunk));
    child.stderr?.on('data', (chunk) => (log += chunk));
    const server = { url, child, dataDir, log: () => log };
    servers.push(server);
    await waitUntilReady(`${url}/api/weborder/health`, child, () => log);
    return server;
  }

  /**
   * A stand-in for the app the shared test helpers call `inject` on: each call goes over HTTP to
   * this process. Only `db` is the test's own, for the helpers' reads of the catalogue.
   */
  function remote(server: Server): () => FastifyInstance {
    const inject = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(options.headers ?? {})) headers[name] = String(value);
      if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
      let body: string | undefined;
      if (options.payload !== undefined) {
        if (typeof options.payload === 'string') body = options.payload;
        else {
          body = JSON.stringify(options.payload);
          headers['content-type'] ??= 'application/json';
        }
      }
      const response = await fetch(`${server.url}${String(options.url)}`, {
        method: options.method ?? 'GET',
        headers,
        body,
        redirect: 'manual',
      });
      const text = await response.text();
      return {
        statusCode: response.status,
        headers: Object.fromEntries(response.headers.entries()),
        body: text,
        payload: text,
        json: () => JSON.parse(text) as unknown,
      } as unknown as LightMyRequestResponse;
    };
    const app = { inject, db: t.app.db, config: t.app.config } as unknown as FastifyInstance;
    return () => app;
  }

  /** The same person coming back later: each call signs in afresh (a clock moved by weeks ends a sign-in). */
  function later(insured: Insured, server: Server): Insured {
    const app = remote(server);
    return {
      ...insured,
      call: async (method, url, body, options = {}) => {
        const session = await signIn(caller(app), insured.email, insured.password);
        return app().inject({
          method,
          url: `/api/weborder/${url}`,
          remoteAddress: freshIp(),
          headers: { authorization: `Bearer ${session.token}`, ...options.headers },
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        });
      },
    };
  }

  let admin: Insured;

  /** An administrator's call to one process, signed in afresh. */
  async function hook<T>(server: Server, url: string, body: unknown = {}): Promise<T> {
    const response = await later(admin, server).call('POST', url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  /** Both processes' clocks forward to midday-ish of `day`, by the same whole days. */
  async function moveTo(day: string) {
    let days = 0;
    while (addDays(today(), days) < day) days += 1;
    expect(addDays(today(), days)).toBe(day);
    if (days === 0) return;
    const answers = await Promise.all(
      servers.map((server) => hook<{ now: string }>(server, 'test/advanceclock', { days })),
    );
    movedDays += days;
    for (const answer of answers) expect(businessToday(new Date(answer.now))).toBe(day);
  }

  /**
   * One sweep fired on both processes at the same moment: the administrator signs in to each
   * first, so that the two requests leave together.
   */
  async function onBoth<T>(url: string): Promise<T[]> {
    const tokens = await Promise.all(
      servers.map(async (server) => (await signIn(caller(remote(server)), admin.email, admin.password)).token),
    );
    const responses = await Promise.all(
      servers.map((server, i) =>
        remote(server)().inject({
          method: 'POST',
          url: `/api/weborder/${url}`,
          headers: { authorization: `Bearer ${tokens[i]}` },
          payload: {},
        }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    return responses.map((response) => response.json() as T);
  }

  type Swept = { invoiced: number; reminded: number; noticed: number; cancelled: number };
  const sweepInstalments = () => onBoth<Swept>('test/runinstalments');
  const sweepRenewals = () => onBoth<{ offered: number }>('test/runrenewals');

  const invoicesOf = (submissionId: number, installmentNo: number) =>
    t.app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.submissionId, submissionId), eq(invoices.installmentNo, installmentNo)));
  const policyRow = async (id: number) => (await t.app.db.select().from(policies).where(eq(policies.id, id)))[0]!;
  /** Mails written to the outbox for this address whose subject matches the SQL pattern. */
  const mails = (to: string, subject: string) =>
    t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), ilike(mailOutbox.subject, subject)));

  /** Pays an open instalment through its sandbox checkout, then the browser's return, on `server`. */
  async function payInstalment(insured: Insured, server: Server, invoiceId: number) {
    const back = later(insured, server);
    const opened = await back.call(
      'POST',
      'insured/payinstalment',
      { invoiceid: invoiceId },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const checkout = v.parse(checkoutSchema, opened.json());
    expect((await payPage(server, checkout.url)).statusCode).toBe(303);
    const confirmed = await back.call('POST', 'insured/confirminstalment', {
      invoiceid: invoiceId,
      sessionid: checkout.sessionId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return v.parse(instalmentConfirmationSchema, confirmed.json());
  }

  /** The sandbox checkout page's form post with the success card, as the browser sends it. */
  const payPage = (server: Server, url: string) =>
    remote(server)().inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Dana Whitfield',
        number: '4242424242424242',
        expiry: '12/35',
        cvc: '123',
      }).toString(),
    });

  beforeAll(async () => {
    await Promise.all([startServer(), startServer()]);
    admin = await newInsured(remote(servers[0]!));
    await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) {
      await terminate(server.child);
      await rm(server.dataDir, { recursive: true, force: true });
    }
  });

  it('a monthly plan invoiced once per instalment, noticed, reinstated, cancelled once; a renewal offered once and bound as -R1', async () => {
    const [a, b] = servers as [Server, Server];

    // Bought on process A: a monthly plan, its first instalment paid through the sandbox checkout;
    // and on process B, a policy paid in full, the one renewed at the end.
    const monthly = await newInsured(remote(a));
    const bought = await paidOrder(remote(a), monthly, { paymentTerm: 'monthly' });
    const submissionId = bought.order.submissionId;
    const [first] = await invoicesOf(submissionId, 1);
    expect(first!.status).toBe('paid');
    const schedule = first!.schedule;
    expect(schedule).toHaveLength(10);
    expect(bought.policy.status).toBe('in_force');
    const annual = await newInsured(remote(b));
    const yearly = (await paidOrder(remote(b), annual)).policy;
    expect(yearly.status).toBe('in_force');

    // Instalment 2's invoice day (14 days before it is due): one invoice, one mail, however many sweeps.
    const [, second, third, fourth] = schedule as [
      unknown,
      (typeof schedule)[0],
      (typeof schedule)[0],
      (typeof schedule)[0],
    ];
    await moveTo(addDays(second.dueDate, -14));
    const both = await sweepInstalments();
    // Between them the two did it at most once (the engine's own tick may have been first).
    expect(both.reduce((sum, run) => sum + run.invoiced, 0)).toBeLessThanOrEqual(1);
    await sweepInstalments();
    const invoice2 = await invoicesOf(submissionId, 2);
    expect(invoice2).toHaveLength(1);
    expect(invoice2[0]).toMatchObject({ status: 'open', dueDate: second.dueDate, totalCents: second.amountCents });
    expect(await mails(monthly.email, 'Instalment 2 of 10%')).toHaveLength(1);
    // Paid on the other process than the one it was bought on.
    expect(await payInstalment(monthly, b, invoice2[0]!.id)).toMatchObject({ outcome: 'paid' });
    expect((await invoicesOf(submissionId, 2))[0]!.status).toBe('paid');

    // Instalment 3 invoiced, then not paid: past its due date and the grace, one notice.
    await moveTo(addDays(third.dueDate, -14));
    await sweepInstalments();
    const invoice3 = await invoicesOf(submissionId, 3);
    expect(invoice3).toHaveLength(1);
    expect(await mails(monthly.email, 'Instalment 3 of 10%')).toHaveLength(1);
    await moveTo(addDays(third.dueDate, 10));
    await sweepInstalments();
    expect((await policyRow(bought.policy.id)).status).toBe('in_force');
    await moveTo(addDays(third.dueDate, 11));
    await sweepInstalments();
    await sweepInstalments();
    expect(await policyRow(bought.policy.id)).toMatchObject({
      status: 'cancellation_notice',
      noticeInvoiceId: invoice3[0]!.id,
    });
    expect(await mails(monthly.email, 'Notice of cancellation for non-payment%')).toHaveLength(1);

    // Paid during the notice: back in force, mailed once, and the notice's end cancels nothing.
    const firstNoticeEnd = (await policyRow(bought.policy.id)).noticeEndDate!;
    await moveTo(addDays(third.dueDate, 13));
    const reinstated = await payInstalment(monthly, a, invoice3[0]!.id);
    expect(reinstated).toMatchObject({ outcome: 'paid', instalment: { status: 'paid', policyStatus: 'in_force' } });
    expect(await policyRow(bought.policy.id)).toMatchObject({
      status: 'in_force',
      noticeInvoiceId: null,
      noticeEndDate: null,
    });
    expect(await mails(monthly.email, '%is back in force%')).toHaveLength(1);

    // Instalment 4 invoiced (once) on its day, which comes before the withdrawn notice's end.
    expect(addDays(fourth.dueDate, -14) < firstNoticeEnd).toBe(true);
    await moveTo(addDays(fourth.dueDate, -14));
    await sweepInstalments();
    const invoice4 = await invoicesOf(submissionId, 4);
    expect(invoice4).toHaveLength(1);
    expect(await mails(monthly.email, 'Instalment 4 of 10%')).toHaveLength(1);
    await moveTo(firstNoticeEnd);
    await sweepInstalments();
    expect((await policyRow(bought.policy.id)).status).toBe('in_force');

    // Instalment 4 missed: a second notice, then cancelled at its end, once.
    await moveTo(addDays(fourth.dueDate, 11));
    await sweepInstalments();
    const noticed = await policyRow(bought.policy.id);
    expect(noticed).toMatchObject({ status: 'cancellation_notice', noticeInvoiceId: invoice4[0]!.id });
    expect(await mails(monthly.email, 'Notice of cancellation for non-payment%')).toHaveLength(2);
    const noticeEnd = noticed.noticeEndDate!;
    await moveTo(addDays(noticeEnd, -1));
    await sweepInstalments();
    expect((await policyRow(bought.policy.id)).status).toBe('cancellation_notice');
    await moveTo(noticeEnd);
    const swept = await sweepInstalments();
    await sweepInstalments();
    // Between them the two cancelled it at most once.
    expect(swept.reduce((sum, run) => sum + run.cancelled, 0)).toBeLessThanOrEqual(1);
    expect(await policyRow(bought.policy.id)).toMatchObject({
      status: 'cancelled',
      cancellationDate: noticeEnd,
      cancellationReason: 'Non-payment of premium',
    });
    const cancellations = await t.app.db
      .select()
      .from(endorsements)
      .where(and(eq(endorsements.policyId, bought.policy.id), eq(endorsements.kind, 'cancellation')));
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]!.effectiveDate).toBe(noticeEnd);
    expect(await mails(monthly.email, '%is cancelled for non-payment')).toHaveLength(1);
    // Each instalment was invoiced once, across every sweep of both processes.
    for (const no of [2, 3, 4]) expect(await invoicesOf(submissionId, no)).toHaveLength(1);

    // The renewal: nothing 61 days before the end; at 60, one offer from both processes at once.
    await moveTo(addDays(yearly.expirationDate, -61));
    await sweepRenewals();
    expect(await t.app.db.select().from(renewalOffers).where(eq(renewalOffers.policyId, yearly.id))).toHaveLength(0);
    await moveTo(addDays(yearly.expirationDate, -60));
    const offered = await sweepRenewals();
    expect(offered.reduce((sum, run) => sum + run.offered, 0)).toBeLessThanOrEqual(1);
    await sweepRenewals();
    const offers = await t.app.db.select().from(renewalOffers).where(eq(renewalOffers.policyId, yearly.id));
    expect(offers).toHaveLength(1);
    expect(await mails(annual.email, `Your renewal offer for policy ${yearly.number}`)).toHaveLength(1);
    // The cancelled policy is offered nothing.
    expect(
      await t.app.db.select().from(renewalOffers).where(eq(renewalOffers.policyId, bought.policy.id)),
    ).toHaveLength(0);

    // Accepted on A, paid on B: the next period as -R1.
    const accepted = await later(annual, a).call(
      'POST',
      'insured/renewalaccept',
      {
        policyid: yearly.id,
        signerName: 'Dana Whitfield',
        consentToElectronicRecords: true,
        agreeToDeclarations: true,
      },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = v.parse(renewalAcceptSchema, accepted.json());
    expect(answer.outcome).toBe('checkout');
    expect((await payPage(b, answer.checkout!.url)).statusCode).toBe(303);
    const offer = (await t.app.db.select().from(renewalOffers).where(eq(renewalOffers.policyId, yearly.id)))[0]!;
    const terms = await t.app.db
      .select()
      .from(policies)
      .where(eq(policies.number, `${yearly.number}-R1`));
    expect(terms).toHaveLength(1);
    expect(terms[0]).toMatchObject({
      effectiveDate: yearly.expirationDate,
      expirationDate: addMonths(yearly.expirationDate, 12),
      status: 'in_force',
    });
    expect(offer.renewedPolicyId).toBe(terms[0]!.id);
    expect(await mails(annual.email, `Your policy ${yearly.number}-R1 is issued`)).toHaveLength(1);
    for (const server of servers) expect(server.log(), 'a process logged an error').not.toMatch(/"level":50/);
  }, 300_000);
});
