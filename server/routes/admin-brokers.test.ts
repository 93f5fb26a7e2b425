/**
 * Issue 9, brokers: an administrator lists them and deactivates one — its client URL is then
 * unknown everywhere (branded details, its specialities, quoting through it), its orders stay —
 * and reactivates it; each change audited once, a repeat records nothing.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminBrokerListSchema, adminBrokerSchema } from '@/api/contract/admin-brokers';
import { auditListSchema } from '@/api/contract/admin-users';
import { brokers, submissions, users } from '@server/db/schema';
import { newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

let admin: Insured;
let insured: Insured;
let summitId: number;

const publicGet = (url: string) => t.app.inject({ method: 'GET', url: `/api/weborder/${url}` });

beforeAll(async () => {
  admin = await newInsured(app);
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  insured = await newInsured(app);
  summitId = (await t.app.db.select({ id: brokers.id }).from(brokers).where(eq(brokers.clientUrl, 'summit-professional')))[0]!.id;
});

describe('brokers for administrators', () => {
  it('lists every broker with what it sells and how many orders came through it', async () => {
    await quotedOrder(app, insured, { clientId: 'summit-professional' });
    const answer = await admin.call('GET', 'admin/brokers');
    expect(answer.statusCode, answer.body).toBe(200);
    const list = v.parse(adminBrokerListSchema, answer.json());
    const summit = list.find((broker) => broker.id === summitId)!;
    expect(summit).toMatchObject({ clientUrl: 'summit-professional', active: true });
    expect(summit.specialities.length).toBeGreaterThan(0);
    const [orders] = await t.app.db.select({ n: count() }).from(submissions).where(eq(submissions.brokerId, summitId));
    expect(summit.orders).toBe(orders!.n);
    expect(list.map((broker) => broker.name)).toEqual([...list.map((broker) => broker.name)].sort((a, b) => a.localeCompare(b)));
  });

  it('deactivating closes the storefront everywhere, keeps the orders; reactivating opens it again; each recorded once', async () => {
    const order = await quotedOrder(app, insured, { clientId: 'summit-professional' });
    expect((await publicGet('auth/brokerDetails?clientUrl=summit-professional')).statusCode).toBe(200);

    const off = await admin.call('PUT', `admin/brokers/${summitId}/active`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(v.parse(adminBrokerSchema, off.json()).active).toBe(false);
    expect((await admin.call('PUT', `admin/brokers/${summitId}/active`, { active: false })).statusCode).toBe(200);

    expect((await publicGet('auth/brokerDetails?clientUrl=summit-professional')).statusCode).toBe(404);
    const quoting = await quotedOrder(app, insured, { clientId: 'summit-professional' }).then(
      () => 'quoted',
      (error: unknown) => String(error),
    );
    expect(quoting).toContain('is not a known broker');
    const [kept] = await t.app.db.select({ brokerId: submissions.brokerId }).from(submissions).where(eq(submissions.id, order.submissionId));
    expect(kept!.brokerId).toBe(summitId);

    expect(v.parse(adminBrokerSchema, (await admin.call('PUT', `admin/brokers/${summitId}/active`, { active: true })).json()).active).toBe(true);
    expect((await publicGet('auth/brokerDetails?clientUrl=summit-professional')).statusCode).toBe(200);
    const audit = v.parse(auditListSchema, (await admin.call('GET', `admin/audit?entity=broker&entityId=${summitId}`)).json());
    expect(audit.entries.map((entry) => entry.action)).toEqual(['broker.reactivate', 'broker.deactivate']);
  });

  it('names a bad body or id (400), and an unknown broker is a 404', async () => {
    expect(expectError(await admin.call('PUT', `admin/brokers/${summitId}/active`, { active: 'no' }), 400).fields).toHaveProperty('active');
    expect(expectError(await admin.call('PUT', 'admin/brokers/x/active', { active: false }), 400).fields).toHaveProperty('id');
    expectError(await admin.call('PUT', 'admin/brokers/2147483000/active', { active: false }), 404);
  });
});
