import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addDays, businessToday, yearOf } from '@shared/calendar';
import { claimablePolicyListSchema, claimListSchema, claimSchema, type Claim } from '@shared/contract/claims';
import { formatCalendarDay } from '@shared/contract/date-format';
import { DAY, TestClock } from '@server/clock';
import { claims, policies, submissions } from '@server/db/schema';
import { demoUsers } from '@server/db/seed/demo-data';
import { caller, mailsTo, signIn } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;

const REPORT = 'insured/reportclaim';
const today = () => businessToday(clock.now());
const day = (offset: number) => addDays(today(), offset);
const description = 'A patient says a crown failed after two weeks.';

async function report(
  insured: Insured,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<Claim> {
  const response = await insured.call('POST', REPORT, body, headers ? { headers } : {});
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(claimSchema, response.json());
}

async function insuredWithPolicy() {
  const insured = await newInsured(app);
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  const [policy] = await t.app.db.select().from(policies).where(eq(policies.id, policyId));
  return { insured, order, policy: policy! };
}

const claimCount = async (userId: number) =>
  (await t.app.db.select({ n: count() }).from(claims).where(eq(claims.userId, userId)))[0]!.n;

describe('GET insured/policies', () => {
  it('lists the insured’s policies of bound and complete orders only', async () => {
    const insured = await newInsured(app);
    expect((await insured.call('GET', 'insured/policies')).json()).toEqual([]);

    const quoted = await quotedOrder(app, insured);
    const bound = await quotedOrder(app, insured);
    const complete = await quotedOrder(app, insured);
    const boundPolicyId = await bindForTest(t.app, bound.submissionId);
    const completePolicyId = await bindForTest(t.app, complete.submissionId, 'complete');
    const response = await insured.call('GET', 'insured/policies');
    expect(response.statusCode, response.body).toBe(200);
    const listed = v.parse(claimablePolicyListSchema, response.json());
    const [boundPolicy] = await t.app.db.select().from(policies).where(eq(policies.id, boundPolicyId));
    expect(listed).toHaveLength(2);
    expect(listed.map((p) => p.id).sort()).toEqual([boundPolicyId, completePolicyId].sort());
    expect(listed.find((p) => p.id === boundPolicyId)).toEqual({
      id: boundPolicyId,
      number: boundPolicy!.number,
      specialityName: 'Dentists',
      effectiveDate: boundPolicy!.effectiveDate,
      expirationDate: boundPolicy!.expirationDate,
    });
    // The quoted order has no policy; the list is exactly the two in force.
    expect(await t.app.db.select().from(policies).where(eq(policies.submissionId, quoted.submissionId))).toEqual([]);

    // Another insured sees none of them.
    const other = await newInsured(app);
    expect((await other.call('GET', 'insured/policies')).json()).toEqual([]);
  });
});

describe('POST insured/reportclaim and GET insured/claims', () => {
  it('records a reported claim with a C-YYYY-NNNNNN number (201) and lists the newest first', async () => {
    const { insured, order, policy } = await insuredWithPolicy();
    const first = await report(insured, {
      policyid: policy.id,
      dateofloss: today(),
      description: `  ${description}  `,
    });
    expect(first).toEqual({
      id: expect.any(Number),
      number: expect.stringMatching(new RegExp(`^C-${yearOf(today())}-\\d{6,}$`)),
      policyId: policy.id,
      policyNumber: policy.number,
      specialityName: 'Dentists',
      kind: 'claim',
      dateOfLoss: today(),
      actDate: null,
      claimant: null,
      lawsuitFiled: false,
      amountDemandedCents: null,
      description,
      status: 'reported',
      reportedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const [row] = await t.app.db.select().from(claims).where(eq(claims.id, first.id));
    expect(row).toMatchObject({
      userId: insured.userId,
      submissionId: order.submissionId,
      policyId: policy.id,
      claimDate: today(),
      reportedDate: today(),
      status: 'reported',
      number: first.number,
      idempotencyKeyHash: null,
    });

    const second = await report(insured, {
      policyid: policy.id,
      dateofloss: policy.effectiveDate,
      description: 'A second patient complained about a bridge.',
    });
    expect(Number(second.number.split('-')[2])).toBeGreaterThan(Number(first.number.split('-')[2]));
    const response = await insured.call('GET', 'insured/claims');
    expect(response.statusCode, response.body).toBe(200);
    expect(v.parse(claimListSchema, response.json())).toEqual([second, first]);

    const other = await newInsured(app);
    expect((await other.call('GET', 'insured/claims')).json()).toEqual([]);
  });

  it('refuses a date of loss in the future or before the policy began, and bad input, naming the field', async () => {
    const { insured, policy } = await insuredWithPolicy();
    const cases: [Record<string, unknown>, string][] = [
      [{ policyid: policy.id, dateofloss: day(2), description }, 'dateofloss'],
      [{ policyid: policy.id, dateofloss: day(-1), description }, 'dateofloss'],
      [{ policyid: policy.id, dateofloss: '2026-02-30', description }, 'dateofloss'],
      [{ policyid: policy.id, dateofloss: '01/02/2026', description }, 'dateofloss'],
      [{ policyid: policy.id, description }, 'dateofloss'],
      [{ policyid: policy.id, dateofloss: today(), description: 'Too short' }, 'description'],
      [{ policyid: policy.id, dateofloss: today() }, 'description'],
      [{ dateofloss: today(), description }, 'policyid'],
      [{ policyid: 'one', dateofloss: today(), description }, 'policyid'],
      [{ policyid: policy.id, dateofloss: today(), description, amount: 5 }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const error = expectError(await insured.call('POST', REPORT, body), 400);
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    const future = expectError(
      await insured.call('POST', REPORT, { policyid: policy.id, dateofloss: day(2), description }),
      400,
    );
    expect(future.fields).toEqual({ dateofloss: 'must not be in the future' });
    const early = expectError(
      await insured.call('POST', REPORT, { policyid: policy.id, dateofloss: day(-1), description }),
      400,
    );
    // Worded as the screens write dates ("Jul 1, 2026"), not as the wire carries them.
    expect(early.fields?.dateofloss).toBe(
      `must not be before the policy’s effective date, ${formatCalendarDay(policy.effectiveDate)}`,
    );
    expect(early.fields?.dateofloss).toMatch(/, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await claimCount(insured.userId)).toBe(0);
  });

  it('records what a claims-made report says: claim or circumstance, the act’s date, the claimant, a lawsuit, the demand (JSON or form)', async () => {
    const { insured, policy } = await insuredWithPolicy();
    const claim = await report(insured, {
      policyid: policy.id,
      kind: 'claim',
      dateofloss: today(),
      actdate: '2019-05-02',
      claimant: '  Harbor Tower Owners LLC  ',
      lawsuitfiled: true,
      amountdemandedcents: 25_000_000,
      description,
    });
    expect(claim).toMatchObject({
      kind: 'claim',
      dateOfLoss: today(),
      actDate: '2019-05-02',
      claimant: 'Harbor Tower Owners LLC',
      lawsuitFiled: true,
      amountDemandedCents: 25_000_000,
    });
    const [row] = await t.app.db.select().from(claims).where(eq(claims.id, claim.id));
    expect(row).toMatchObject({
      kind: 'claim',
      claimDate: today(),
      actDate: '2019-05-02',
      claimant: 'Harbor Tower Owners LLC',
      lawsuitFiled: true,
      amountDemandedCents: 25_000_000,
    });

    // A notice of circumstance from a form: empty optional fields are none.
    const response = await insured.call(
      'POST',
      REPORT,
      {
        policyid: String(policy.id),
        kind: 'circumstance',
        dateofloss: today(),
        actdate: '',
        claimant: '',
        lawsuitfiled: 'false',
        amountdemandedcents: '',
        description,
      },
      { form: true },
    );
    // An empty amount from a form is not a number: named, not guessed.
    expect(Object.keys(expectError(response, 400).fields ?? {})).toEqual(['amountdemandedcents']);
    const notice = v.parse(
      claimSchema,
      (
        await insured.call(
          'POST',
          REPORT,
          {
            policyid: String(policy.id),
            kind: 'circumstance',
            dateofloss: today(),
            actdate: '',
            claimant: '',
            description,
          },
          { form: true },
        )
      ).json(),
    );
    expect(notice).toMatchObject({
      kind: 'circumstance',
      actDate: null,
      claimant: null,
      lawsuitFiled: false,
      amountDemandedCents: null,
    });
    const listed = v.parse(claimListSchema, (await insured.call('GET', 'insured/claims')).json());
    expect(listed.map((c) => [c.id, c.kind])).toEqual([
      [notice.id, 'circumstance'],
      [claim.id, 'claim'],
    ]);
  });

  it('refuses each bad claims-made fact naming its field; the act may not come after the claim was made', async () => {
    const { insured, policy } = await insuredWithPolicy();
    const base = { policyid: policy.id, dateofloss: today(), description };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, kind: 'occurrence' }, 'kind'],
      [{ ...base, actdate: day(1) }, 'actdate'],
      [{ ...base, actdate: '2026-02-30' }, 'actdate'],
      [{ ...base, actdate: 'last spring' }, 'actdate'],
      [{ ...base, claimant: 'x'.repeat(201) }, 'claimant'],
      [{ ...base, claimant: 7 }, 'claimant'],
      [{ ...base, lawsuitfiled: 'maybe' }, 'lawsuitfiled'],
      [{ ...base, amountdemandedcents: -1 }, 'amountdemandedcents'],
      [{ ...base, amountdemandedcents: 10.5 }, 'amountdemandedcents'],
      [{ ...base, amountdemandedcents: 'ten thousand' }, 'amountdemandedcents'],
      [{ ...base, amountdemandedcents: 1_000_000_000_001 }, 'amountdemandedcents'],
    ];
    for (const [body, field] of cases) {
      const error = expectError(await insured.call('POST', REPORT, body), 400);
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    // The act after the claim was made, both in the past: checked against the claim's own date.
    await t.app.db
      .update(policies)
      .set({ effectiveDate: day(-30) })
      .where(eq(policies.id, policy.id));
    const after = expectError(
      await insured.call('POST', REPORT, { ...base, dateofloss: day(-30), actdate: day(-1) }),
      400,
    );
    expect(after.fields).toEqual({
      actdate: `must not be after ${formatCalendarDay(day(-30))}, the day the claim was made`,
    });
    expect(await claimCount(insured.userId)).toBe(0);
    // The same day for both, and the longest claimant, are fine.
    await report(insured, { ...base, actdate: today(), claimant: 'y'.repeat(200), amountdemandedcents: 0 });
  });

  it('mails the insured a receipt with the facts and what to do, and the claims desk a notice of the new report', async () => {
    const { insured, policy } = await insuredWithPolicy();
    const claim = await report(insured, {
      policyid: policy.id,
      dateofloss: today(),
      actdate: '2024-03-18',
      claimant: 'Harbor Tower Owners LLC',
      lawsuitfiled: true,
      amountdemandedcents: 12_500_000,
      description,
    });
    const receipt = (await mailsTo(t.app, insured.email)).find((mail) => mail.subject.includes(claim.number));
    expect(receipt!.subject).toBe(`We have received your claim ${claim.number}`);
    for (const line of [
      `Claim made on: ${formatCalendarDay(today())}`,
      'Act or error on: Mar 18, 2024',
      'Claimant: Harbor Tower Owners LLC',
      'Lawsuit filed: Yes',
      'Amount demanded: $125,000.00',
      description,
      'within one business day',
      'don’t admit liability or agree to a settlement',
    ]) {
      expect(receipt!.text).toContain(line);
    }

    const underwriter = demoUsers.find((user) => user.role === 'underwriter')!;
    const desk = (await mailsTo(t.app, underwriter.email)).filter((mail) => mail.text.includes(claim.number));
    expect(desk.map((mail) => mail.subject)).toEqual([
      `New claim ${claim.number} on policy ${policy.number}: lawsuit filed`,
    ]);
    for (const line of [
      `reported a claim, ${claim.number}, on policy ${policy.number}:`,
      'Act or error on: Mar 18, 2024',
      'Claimant: Harbor Tower Owners LLC',
      'Lawsuit filed: Yes',
      'Amount demanded: $125,000.00',
      description,
      `${t.app.config.publicUrl}/underwriting/claims?claimid=${claim.id}`,
    ]) {
      expect(desk[0]!.text).toContain(line);
    }
    // A retry answered from its key mails nobody again.
    const body = { policyid: policy.id, kind: 'circumstance', dateofloss: today(), description };
    const headers = { 'idempotency-key': 'circumstance-mail-0001' };
    const notice = await report(insured, body, headers);
    expect((await insured.call('POST', REPORT, body, { headers })).statusCode).toBe(200);
    const noticeMails = (await mailsTo(t.app, underwriter.email)).filter((mail) => mail.text.includes(notice.number));
    expect(noticeMails.map((mail) => mail.subject)).toEqual([
      `New notice of circumstance ${notice.number} on policy ${policy.number}`,
    ]);
    expect(noticeMails[0]!.text).toContain('Claimant: Not given');
    expect((await mailsTo(t.app, insured.email)).map((mail) => mail.subject)).toContain(
      `We have received your notice of circumstance ${notice.number}`,
    );
  });

  it('answers 404 for someone else’s or a missing policy, and records nothing', async () => {
    const { insured, policy } = await insuredWithPolicy();
    const other = await newInsured(app);
    for (const policyid of [policy.id, 2_000_000_000]) {
      const error = expectError(await other.call('POST', REPORT, { policyid, dateofloss: today(), description }), 404);
      expect(error.message).not.toContain(policy.number);
    }
    expect(await claimCount(other.userId)).toBe(0);
    expect(await claimCount(insured.userId)).toBe(0);
  });

  it('answers 409 naming the status when the policy’s order is not bound or complete', async () => {
    const { insured, order, policy } = await insuredWithPolicy();
    await t.app.db
      .update(submissions)
      .set({ status: 'awaiting_payment' })
      .where(eq(submissions.id, order.submissionId));
    const error = expectError(
      await insured.call('POST', REPORT, { policyid: policy.id, dateofloss: today(), description }),
      409,
    );
    expect(error.fields).toEqual({ status: 'is awaiting_payment' });
    expect(await claimCount(insured.userId)).toBe(0);
    expect((await insured.call('GET', 'insured/policies')).json()).toEqual([]);
  });

  it('makes a report with an Idempotency-Key safe to repeat, one after another and 5 at once', async () => {
    const { insured, policy } = await insuredWithPolicy();
    const body = { policyid: policy.id, dateofloss: today(), description };
    const headers = { 'idempotency-key': 'claim-report-0001' };
    const first = await report(insured, body, headers);
    const repeat = await insured.call('POST', REPORT, body, { headers });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toEqual(first);
    expect(await claimCount(insured.userId)).toBe(1);

    const concurrent = { 'idempotency-key': 'claim-report-0002' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => insured.call('POST', REPORT, body, { headers: concurrent })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => (r.json() as Claim).number)).size).toBe(1);
    expect(await claimCount(insured.userId)).toBe(2);

    // Without a key, every call is a new claim.
    await report(insured, body);
    expect(await claimCount(insured.userId)).toBe(3);
  });

  it('the same Idempotency-Key with a different report is a 422 naming it, one after another and at once', async () => {
    const { insured, policy } = await insuredWithPolicy();
    const body = { policyid: policy.id, dateofloss: today(), description };
    const headers = { 'idempotency-key': 'claim-reused-0001' };
    const first = await report(insured, body, headers);
    const other = expectError(
      await insured.call('POST', REPORT, { ...body, description: 'Something else entirely.' }, { headers }),
      422,
    );
    expect(other.fields).toEqual({ 'Idempotency-Key': 'was used for a different request' });
    expect(other.message).toMatch(/Idempotency-Key/);
    // Compared as the contract reads it: the description is trimmed.
    const retry = await insured.call('POST', REPORT, { ...body, description: `  ${description}  ` }, { headers });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first);
    expect(await claimCount(insured.userId)).toBe(1);

    // Five different reports with one key at the same moment: one is recorded, the others refused.
    // On PostgreSQL the losers meet the unique index and are compared there; PGlite runs them in turn.
    const concurrent = { 'idempotency-key': 'claim-reused-0002' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        insured.call(
          'POST',
          REPORT,
          { ...body, description: `Report number ${i}: a crown failed.` },
          { headers: concurrent },
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    expect(await claimCount(insured.userId)).toBe(2);
  });

  it('takes the claim number’s year from the server clock', async () => {
    const { insured: holder, policy } = await insuredWithPolicy();
    clock.advance(366 * DAY);
    // Access tokens do not outlive a year: sign in again at the new time.
    const session = await signIn(caller(app), holder.email, holder.password);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/weborder/${REPORT}`,
      headers: { authorization: `Bearer ${session.token}` },
      payload: { policyid: policy.id, dateofloss: today(), description },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as Claim).number).toMatch(new RegExp(`^C-${yearOf(today())}-`));
    expect(clock.now().getUTCFullYear()).toBeGreaterThan(new Date().getUTCFullYear());
  });
});
