/**
 * Issue 9, rate tables: an administrator changes a base rate; new quotes are priced with the new
 * version while an order quoted before keeps its price and its version; the change is audited,
 * a retry makes no second version, and a change from a version no longer in force is a 409.
 */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditListSchema } from '@shared/contract/admin-users';
import { rateTableVersionSchema, rateTableVersionsSchema } from '@shared/contract/admin-rate-tables';
import { orderDetailsSchema } from '@shared/contract/submissions';
import { rateTables, submissions, users } from '@server/db/schema';
import { newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

let admin: Insured;
let insured: Insured;
let dentists: number;

beforeAll(async () => {
  admin = await newInsured(app);
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  insured = await newInsured(app);
  dentists = await specialityId(t.app);
});

async function versions() {
  const answer = await admin.call('GET', `admin/ratetables?specialityId=${dentists}&state=TX`);
  expect(answer.statusCode, answer.body).toBe(200);
  return v.parse(rateTableVersionsSchema, answer.json());
}

describe('changing a base rate', () => {
  it('prices new quotes with the new version; an order quoted before keeps its price and version', async () => {
    const before = await quotedOrder(app, insured);
    const [inForce] = await versions();
    expect(inForce).toMatchObject({ version: 1, active: true, id: before.rating.rateTableId });
    expect(inForce!.quotes).toBeGreaterThanOrEqual(1);

    const raised = Math.round(inForce!.basePremiumCents * 1.1);
    const changed = await admin.call('POST', 'admin/ratetables', {
      specialityId: dentists,
      stateCode: 'TX',
      basedOnVersion: 1,
      basePremiumCents: raised,
    });
    expect(changed.statusCode, changed.body).toBe(201);
    const made = v.parse(rateTableVersionSchema, changed.json());
    expect(made).toMatchObject({
      version: 2,
      active: true,
      basePremiumCents: raised,
      minPremiumCents: inForce!.minPremiumCents,
      quotes: 0,
    });
    expect(made.createdBy).toEqual({ id: admin.userId, email: admin.email });
    expect(made.factors).toEqual(inForce!.factors);
    expect((await versions()).map((version) => [version.version, version.active])).toEqual([
      [2, true],
      [1, false],
    ]);

    // Priced at once in this process: the rating catalogue was cleared.
    const after = await quotedOrder(app, insured);
    expect(after.rating.rateTableId).toBe(made.id);
    expect(after.rating.premiumCents).toBeGreaterThan(before.rating.premiumCents);
    expect(after.rating.totalCents).toBeGreaterThan(before.rating.totalCents);

    const reopened = await insured.call('GET', `insured/orderdetails?submissionid=${before.submissionId}`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    const old = v.parse(orderDetailsSchema, reopened.json());
    expect(old.premiumCents).toBe(before.rating.totalCents);
    expect(old.rating).toMatchObject({
      rateTableId: before.rating.rateTableId,
      premiumCents: before.rating.premiumCents,
      totalCents: before.rating.totalCents,
    });
    const [stored] = await t.app.db
      .select({ id: rateTables.id, active: rateTables.active })
      .from(rateTables)
      .where(eq(rateTables.id, before.rating.rateTableId));
    expect(stored).toEqual({ id: before.rating.rateTableId, active: false });

    // An underwriter's approval with an adjustment prices the order again as saved: on its own version.
    const underwriter = await newInsured(app);
    await t.app.db.update(users).set({ role: 'underwriter' }).where(eq(users.id, underwriter.userId));
    await t.app.db
      .update(submissions)
      .set({ status: 'underwriter_review' })
      .where(eq(submissions.id, before.submissionId));
    const approved = await underwriter.call('POST', 'underwriting/approve', {
      submissionid: before.submissionId,
      adjustmentBps: 500,
      reason: 'Five per cent debit.',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const adjusted = v.parse(
      orderDetailsSchema,
      (await insured.call('GET', `insured/orderdetails?submissionid=${before.submissionId}`)).json(),
    );
    expect(adjusted.rating?.rateTableId).toBe(before.rating.rateTableId);
    // +5 % on v1's premium (in whole dollars): above it, and below the same debit on v2's 10 % higher base.
    expect(adjusted.rating!.premiumCents).toBeGreaterThan(before.rating.premiumCents);
    expect(adjusted.rating!.premiumCents).toBeLessThan(after.rating.premiumCents);

    const audit = v.parse(
      auditListSchema,
      (await admin.call('GET', `admin/audit?entity=rate_table&entityId=${dentists}:TX`)).json(),
    );
    expect(audit.entries.map((entry) => entry.data)).toEqual([
      {
        from: 1,
        to: 2,
        source: 'edit',
        changed: { basePremiumCents: { from: inForce!.basePremiumCents, to: raised } },
      },
    ]);

    // The same request again (a retry): the version in force, no third one, nothing audited.
    const retry = await admin.call('POST', 'admin/ratetables', {
      specialityId: dentists,
      stateCode: 'TX',
      basedOnVersion: 1,
      basePremiumCents: raised,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(v.parse(rateTableVersionSchema, retry.json()).version).toBe(2);
    // A change made from version 1, now that 2 is in force: refused, nothing written.
    const stale = await admin.call('POST', 'admin/ratetables', {
      specialityId: dentists,
      stateCode: 'TX',
      basedOnVersion: 1,
      basePremiumCents: raised + 100,
    });
    expect(expectError(stale, 409).fields).toEqual({ basedOnVersion: 'is not 2, the version in force' });
    expect(await versions()).toHaveLength(2);
    const auditAfter = v.parse(
      auditListSchema,
      (await admin.call('GET', `admin/audit?entity=rate_table&entityId=${dentists}:TX`)).json(),
    );
    expect(auditAfter.entries).toHaveLength(1);
  });

  it('the same change sent twice at once (a double click) makes one version: one 201, one 200, never a 404', async () => {
    const [inForce] = await versions();
    const body = {
      specialityId: dentists,
      stateCode: 'TX',
      basedOnVersion: inForce!.version,
      policyFeeCents: inForce!.policyFeeCents + 500,
    };
    const answers = await Promise.all([
      admin.call('POST', 'admin/ratetables', body),
      admin.call('POST', 'admin/ratetables', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((answer) => v.parse(rateTableVersionSchema, answer.json()).version))).toEqual(
      new Set([inForce!.version + 1]),
    );
    expect((await versions())[0]!.version).toBe(inForce!.version + 1);
  });

  it('names a bad value (400) and an unknown speciality or state, or one without a table (404), changing nothing', async () => {
    const count = (await versions()).length;
    const body = { specialityId: dentists, stateCode: 'TX', basedOnVersion: 2 };
    expect(
      expectError(await admin.call('POST', 'admin/ratetables', { ...body, basePremiumCents: -1 }), 400).fields,
    ).toHaveProperty('basePremiumCents');
    expect(
      expectError(await admin.call('POST', 'admin/ratetables', { ...body, taxRateBps: 10_001 }), 400).fields,
    ).toHaveProperty('taxRateBps');
    expect(
      expectError(await admin.call('POST', 'admin/ratetables', { ...body, basePremiumCents: 12.5 }), 400).fields,
    ).toHaveProperty('basePremiumCents');
    expect(
      expectError(await admin.call('POST', 'admin/ratetables', { ...body, stateCode: 'tx' }), 400).fields,
    ).toHaveProperty('stateCode');
    expect(
      expectError(await admin.call('POST', 'admin/ratetables', { ...body, surprise: 1 }), 400).fields,
    ).toHaveProperty('surprise');
    expectError(
      await admin.call('POST', 'admin/ratetables', { ...body, specialityId: 2_000_000, basePremiumCents: 1 }),
      404,
    );
    expectError(await admin.call('GET', 'admin/ratetables?specialityId=1&state=ZZ'), 404);
    // A state with no table for dentists: nothing to change from.
    const [none] = await t.app.db
      .select({ code: rateTables.stateCode })
      .from(rateTables)
      .where(and(eq(rateTables.specialityId, dentists), eq(rateTables.stateCode, 'AK')));
    expect(none).toBeUndefined();
    expectError(await admin.call('POST', 'admin/ratetables', { ...body, stateCode: 'AK', basePremiumCents: 1 }), 404);
    expect(await versions()).toHaveLength(count);
  });
});

describe('a rate table as CSV', () => {
  const texas = () => ({ specialityId: dentists, stateCode: 'TX' });

  async function exported(query = '') {
    const answer = await admin.call('GET', `admin/ratetables/export?specialityId=${dentists}&state=TX${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  }

  it('exports the version in force as a CSV file that imports back as it is (no new version)', async () => {
    const answer = await exported();
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [inForce] = await versions();
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="rates-dentists-tx-v${inForce!.version}.csv"; filename*=UTF-8''rates-dentists-tx-v${inForce!.version}.csv`,
    );
    expect(answer.body.split('\r\n')[0]).toBe(
      'kind,code,label,zip_prefix,min_claims,max_claims,per_claim_cents,aggregate_cents,deductible_cents,factor_bps,value',
    );
    const again = await admin.call('POST', 'admin/ratetables/import', {
      ...texas(),
      basedOnVersion: inForce!.version,
      csv: answer.body,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(v.parse(rateTableVersionSchema, again.json()).version).toBe(inForce!.version);
    // An earlier version, by number.
    expect((await exported('&version=1')).headers['content-disposition']).toContain('rates-dentists-tx-v1.csv');
    expectError(await admin.call('GET', `admin/ratetables/export?specialityId=${dentists}&state=TX&version=99`), 404);
  });

  it('imports a changed factor as a new version that prices new quotes', async () => {
    const [inForce] = await versions();
    const before = await quotedOrder(app, insured, { limitCode: '1M/3M' });
    const csv = (await exported()).body.replace(
      /^(limit,1M\/3M,"[^"]*",,,,\d+,\d+,,)(\d+),$/m,
      (_, head: string, factor: string) => `${head}${Number(factor) + 1000},`,
    );
    const imported = await admin.call('POST', 'admin/ratetables/import', {
      ...texas(),
      basedOnVersion: inForce!.version,
      csv,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const made = v.parse(rateTableVersionSchema, imported.json());
    expect(made.version).toBe(inForce!.version + 1);
    const ilf = (made.factors.ilf as Array<{ code: string; factorBps: number }>).find((row) => row.code === '1M/3M')!;
    const old = (inForce!.factors.ilf as Array<{ code: string; factorBps: number }>).find(
      (row) => row.code === '1M/3M',
    )!;
    expect(ilf.factorBps).toBe(old.factorBps + 1000);
    const after = await quotedOrder(app, insured, { limitCode: '1M/3M' });
    expect(after.rating.rateTableId).toBe(made.id);
    expect(after.rating.premiumCents).toBeGreaterThan(before.rating.premiumCents);
    const audit = v.parse(
      auditListSchema,
      (await admin.call('GET', `admin/audit?entity=rate_table&entityId=${dentists}:TX`)).json(),
    );
    expect(audit.entries[0]!.data).toEqual({
      from: inForce!.version,
      to: made.version,
      source: 'csv',
      changed: {},
      factorsChanged: true,
    });
  });

  it('refuses a CSV with a bad row whole, naming the row and column, and changes nothing', async () => {
    const [inForce] = await versions();
    const lines = (await exported()).body.split('\r\n');
    const row = lines.findIndex((line) => line.startsWith('territory,'));
    lines[row] = 'territory,,,77X,,,,,,10500,';
    const base = lines.findIndex((line) => line.startsWith('setting,base_premium_cents'));
    lines[base] = 'setting,base_premium_cents,,,,,,,,,1'; // would change the price, were the file taken
    const refused = await admin.call('POST', 'admin/ratetables/import', {
      ...texas(),
      basedOnVersion: inForce!.version,
      csv: lines.join('\r\n'),
    });
    const body = expectError(refused, 400);
    expect(body.message).toBe(
      `The rate table was not imported (nothing changed): row ${row + 1}, column zip_prefix must be the first three digits of a ZIP code (got "77X")`,
    );
    expect(body.fields).toEqual({
      [`csv row ${row + 1} zip_prefix`]: 'must be the first three digits of a ZIP code (got "77X")',
    });
    expect((await versions())[0]!.version).toBe(inForce!.version);
    expect(
      expectError(
        await admin.call('POST', 'admin/ratetables/import', { ...texas(), basedOnVersion: inForce!.version, csv: '' }),
        400,
      ).fields,
    ).toHaveProperty('csv');
  });
});

describe('the tail’s percentages (issue 19)', () => {
  it('are set with the table: returned on every version, changed as a new version, kept by a CSV import', async () => {
    const [inForce] = await versions();
    expect(inForce!.erpPercentBps).toEqual({ '1': 10_000, '2': 16_000, '3': 19_000 });
    const erpPercentBps = { '1': 9_000, '2': 15_000, '3': 20_000 };
    const changed = await admin.call('POST', 'admin/ratetables', {
      specialityId: dentists,
      stateCode: 'TX',
      basedOnVersion: inForce!.version,
      erpPercentBps,
    });
    expect(changed.statusCode, changed.body).toBe(201);
    const made = v.parse(rateTableVersionSchema, changed.json());
    expect(made).toMatchObject({
      version: inForce!.version + 1,
      erpPercentBps,
      basePremiumCents: inForce!.basePremiumCents,
    });
    // The version before keeps its own: a policy priced with it is offered its tail at those.
    expect((await versions())[1]).toMatchObject({ version: inForce!.version, erpPercentBps: inForce!.erpPercentBps });

    // Sent again: already in force, no new version.
    const again = await admin.call('POST', 'admin/ratetables', {
      specialityId: dentists,
      stateCode: 'TX',
      basedOnVersion: made.version,
      erpPercentBps,
    });
    expect(again.statusCode, again.body).toBe(200);

    const csv = await admin.call('GET', `admin/ratetables/export?specialityId=${dentists}&state=TX`);
    const imported = await admin.call('POST', 'admin/ratetables/import', {
      specialityId: dentists,
      stateCode: 'TX',
      basedOnVersion: made.version,
      csv: csv.body.replace(
        /^(setting,base_premium_cents,.*?)(\d+)$/m,
        (_, head: string, cents: string) => `${head}${Number(cents) + 100}`,
      ),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(v.parse(rateTableVersionSchema, imported.json())).toMatchObject({
      version: made.version + 1,
      erpPercentBps,
    });
  });

  it('names erpPercentBps when a percentage is out of range or a longer tail costs less (400), changing nothing', async () => {
    const count = (await versions()).length;
    const body = { specialityId: dentists, stateCode: 'TX', basedOnVersion: (await versions())[0]!.version };
    for (const erpPercentBps of [
      { '1': 10_000, '2': 9_000, '3': 19_000 },
      { '1': 10_000, '2': 16_000, '3': 50_001 },
      { '1': -1, '2': 16_000, '3': 19_000 },
      { '1': 10_000, '2': 16_000 },
    ]) {
      const fields = expectError(await admin.call('POST', 'admin/ratetables', { ...body, erpPercentBps }), 400).fields;
      expect(
        Object.keys(fields ?? {}).some((field) => field.startsWith('erpPercentBps')),
        JSON.stringify(fields),
      ).toBe(true);
    }
    expect(await versions()).toHaveLength(count);
  });
});
