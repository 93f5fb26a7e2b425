/**
 * Issue 9, brokers: an administrator lists them and deactivates one — its client URL is then
 * unknown everywhere (branded details, its specialities, quoting through it), its orders stay —
 * and reactivates it; each change audited once, a repeat records nothing.
 */
import { count, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminBrokerListSchema,
  adminBrokerSchema,
  clientUrlCheckSchema,
  type AdminBroker,
} from '@shared/contract/admin-brokers';
import { brokerDetailsSchema } from '@shared/contract/brokers';
import { auditLog, brokerSpecialities, specialities } from '@server/db/schema';
import { multipartOf } from '@server/files/test-files';
import { auditListSchema } from '@shared/contract/admin-users';
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
  summitId = (
    await t.app.db.select({ id: brokers.id }).from(brokers).where(eq(brokers.clientUrl, 'summit-professional'))
  )[0]!.id;
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
    expect(list.map((broker) => broker.name)).toEqual(
      [...list.map((broker) => broker.name)].sort((a, b) => a.localeCompare(b)),
    );
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
    const [kept] = await t.app.db
      .select({ brokerId: submissions.brokerId })
      .from(submissions)
      .where(eq(submissions.id, order.submissionId));
    expect(kept!.brokerId).toBe(summitId);

    expect(
      v.parse(adminBrokerSchema, (await admin.call('PUT', `admin/brokers/${summitId}/active`, { active: true })).json())
        .active,
    ).toBe(true);
    expect((await publicGet('auth/brokerDetails?clientUrl=summit-professional')).statusCode).toBe(200);
    const audit = v.parse(
      auditListSchema,
      (await admin.call('GET', `admin/audit?entity=broker&entityId=${summitId}`)).json(),
    );
    expect(audit.entries.map((entry) => entry.action)).toEqual(['broker.reactivate', 'broker.deactivate']);
  });

  it('names a bad body or id (400), and an unknown broker is a 404', async () => {
    expect(
      expectError(await admin.call('PUT', `admin/brokers/${summitId}/active`, { active: 'no' }), 400).fields,
    ).toHaveProperty('active');
    expect(
      expectError(await admin.call('PUT', 'admin/brokers/x/active', { active: false }), 400).fields,
    ).toHaveProperty('id');
    expectError(await admin.call('PUT', 'admin/brokers/2147483000/active', { active: false }), 404);
  });
});

/** A real 900×300 PNG, green. */
function greenPng(): Buffer {
  const png = new PNG({ width: 900, height: 300 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([10, 150, 60, 255], i);
  return PNG.sync.write(png);
}

async function uploadLogo(id: number | string, bytes: Buffer, as = admin, field = 'logo') {
  const { payload, headers } = await multipartOf({}, [{ name: 'logo.png', bytes, field, type: 'image/png' }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/weborder/admin/brokers/${id}/logo`,
    payload,
    headers: { ...headers, authorization: `Bearer ${as.token}` },
  });
}

describe('creating and editing a broker', () => {
  let ids: number[];
  const auditCount = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n;
  const brokerCount = async () => (await t.app.db.select({ n: count() }).from(brokers))[0]!.n;

  beforeAll(async () => {
    ids = (await t.app.db.select({ id: specialities.id }).from(specialities).where(eq(specialities.active, true)))
      .map((row) => row.id)
      .slice(0, 3);
  });

  it('creates a broker with two specialities, each with a fresh code of its own, and its storefront answers at once', async () => {
    const body = {
      name: '  Bayview Risk Partners ',
      abbreviation: 'BRP',
      clientUrl: 'Bayview-Risk',
      specialityIds: [ids[0], ids[1]],
    };
    const made = await admin.call('POST', 'admin/brokers', body);
    expect(made.statusCode, made.body).toBe(201);
    const broker = v.parse(adminBrokerSchema, made.json());
    expect(broker).toMatchObject({
      name: 'Bayview Risk Partners',
      abbreviation: 'BRP',
      clientUrl: 'bayview-risk',
      active: true,
      logo: null,
      orders: 0,
    });
    expect(broker.specialities.map((entry) => entry.id).sort()).toEqual([ids[0], ids[1]].sort());
    const codes = broker.specialities.map((entry) => entry.code);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const [others] = await t.app.db
      .select({ n: count() })
      .from(brokerSpecialities)
      .where(eq(brokerSpecialities.randomCode, codes[0]!));
    expect(others!.n).toBe(1);

    const details = v.parse(brokerDetailsSchema, (await publicGet('auth/brokerDetails?clientUrl=bayview-risk')).json());
    expect(details.name).toBe('Bayview Risk Partners');
    expect(details.brokerspecialities.map((entry) => entry.speiclaityRandomCode).sort()).toEqual([...codes].sort());
    // Priced through its storefront: the order is the new broker's.
    const order = await quotedOrder(app, insured, { clientId: 'bayview-risk', specialityId: ids[0] });
    const [row] = await t.app.db
      .select({ brokerId: submissions.brokerId })
      .from(submissions)
      .where(eq(submissions.id, order.submissionId));
    expect(row!.brokerId).toBe(broker.id);

    // A retry (the answer was lost) makes nothing more and answers the same broker.
    const before = await auditCount();
    const again = await admin.call('POST', 'admin/brokers', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(v.parse(adminBrokerSchema, again.json()).id).toBe(broker.id);
    expect(await auditCount()).toBe(before);
    const audit = v.parse(
      auditListSchema,
      (await admin.call('GET', `admin/audit?entity=broker&entityId=${broker.id}`)).json(),
    );
    expect(audit.entries.map((entry) => entry.action)).toEqual(['broker.create']);
  });

  it('refuses a taken client URL, a bad one, an unknown speciality and an empty name, naming the field and making nothing', async () => {
    const brokersBefore = await brokerCount();
    const auditBefore = await auditCount();
    const taken = expectError(
      await admin.call('POST', 'admin/brokers', {
        name: 'Other',
        abbreviation: 'O',
        clientUrl: 'summit-professional',
        specialityIds: [ids[0]],
      }),
      409,
    );
    expect(taken.fields?.clientUrl).toMatch(/already .*’s/);
    expect(
      expectError(
        await admin.call('POST', 'admin/brokers', {
          name: 'X',
          abbreviation: 'X',
          clientUrl: 'has space',
          specialityIds: [ids[0]],
        }),
        400,
      ).fields,
    ).toHaveProperty('clientUrl');
    expect(
      expectError(
        await admin.call('POST', 'admin/brokers', {
          name: 'X',
          abbreviation: 'X',
          clientUrl: 'x-1',
          specialityIds: [2147483000],
        }),
        400,
      ).fields?.specialityIds,
    ).toContain('2147483000');
    expect(
      expectError(
        await admin.call('POST', 'admin/brokers', {
          name: 'X',
          abbreviation: 'X',
          clientUrl: 'x-1',
          specialityIds: [],
        }),
        400,
      ).fields,
    ).toHaveProperty('specialityIds');
    expect(
      expectError(
        await admin.call('POST', 'admin/brokers', {
          name: ' ',
          abbreviation: 'X',
          clientUrl: 'x-1',
          specialityIds: [ids[0]],
        }),
        400,
      ).fields,
    ).toHaveProperty('name');
    expect(
      expectError(
        await admin.call('POST', 'admin/brokers', {
          name: 'X',
          abbreviation: 'X',
          clientUrl: 'x-1',
          specialityIds: [ids[0], ids[0]],
        }),
        400,
      ).fields,
    ).toHaveProperty('specialityIds');
    expect(await brokerCount()).toBe(brokersBefore);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('checks a client URL live: free, taken by whom, and free for the broker that has it', async () => {
    const check = async (query: string) =>
      v.parse(clientUrlCheckSchema, (await admin.call('GET', `admin/brokers/clienturl?${query}`)).json());
    expect(await check('value=Nobody-Yet')).toEqual({ clientUrl: 'nobody-yet', available: true, takenBy: null });
    const taken = await check('value=summit-professional');
    expect(taken.available).toBe(false);
    expect(taken.takenBy).toBeTruthy();
    expect((await check(`value=summit-professional&brokerid=${summitId}`)).available).toBe(true);
    expect(expectError(await admin.call('GET', 'admin/brokers/clienturl?value=a%2Fb'), 400).fields).toHaveProperty(
      'value',
    );
  });

  it('edits a broker: a speciality left out stops being sold, named again it comes back with its old code; only changes are recorded', async () => {
    const made = v.parse(
      adminBrokerSchema,
      (
        await admin.call('POST', 'admin/brokers', {
          name: 'Lakeside',
          abbreviation: 'LK',
          clientUrl: 'lakeside',
          specialityIds: [ids[0], ids[1]],
        })
      ).json(),
    );
    const codeOf = (broker: AdminBroker, id: number) => broker.specialities.find((entry) => entry.id === id)!.code;
    const firstCode = codeOf(made, ids[1]!);

    const narrowed = await admin.call('PUT', `admin/brokers/${made.id}`, {
      name: 'Lakeside Brokers',
      abbreviation: 'LK',
      clientUrl: 'lakeside',
      specialityIds: [ids[0]],
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(
      v
        .parse(adminBrokerSchema, narrowed.json())
        .specialities.filter((entry) => entry.active)
        .map((entry) => entry.id),
    ).toEqual([ids[0]]);
    const sold = v.parse(brokerDetailsSchema, (await publicGet('auth/brokerDetails?clientUrl=lakeside')).json());
    expect(sold.name).toBe('Lakeside Brokers');
    expect(sold.brokerspecialities.map((entry) => entry.id)).toEqual([ids[0]]);

    const auditBefore = await auditCount();
    const same = await admin.call('PUT', `admin/brokers/${made.id}`, {
      name: 'Lakeside Brokers',
      abbreviation: 'LK',
      clientUrl: 'lakeside',
      specialityIds: [ids[0]],
    });
    expect(same.statusCode).toBe(200);
    expect(await auditCount()).toBe(auditBefore);

    const widened = v.parse(
      adminBrokerSchema,
      (
        await admin.call('PUT', `admin/brokers/${made.id}`, {
          name: 'Lakeside Brokers',
          abbreviation: 'LK',
          clientUrl: 'lakeside-risk',
          specialityIds: [ids[0], ids[1], ids[2]],
        })
      ).json(),
    );
    expect(codeOf(widened, ids[1]!)).toBe(firstCode);
    expect(widened.clientUrl).toBe('lakeside-risk');
    expect((await publicGet('auth/brokerDetails?clientUrl=lakeside')).statusCode).toBe(404);

    const audit = v.parse(
      auditListSchema,
      (await admin.call('GET', `admin/audit?entity=broker&entityId=${made.id}`)).json(),
    );
    expect(audit.entries.map((entry) => entry.action)).toEqual(['broker.update', 'broker.update', 'broker.create']);
    expect(audit.entries[0]!.data).toMatchObject({
      clientUrl: { from: 'lakeside', to: 'lakeside-risk' },
      specialitiesAdded: [ids[1], ids[2]].sort((a, b) => a! - b!),
      specialitiesRemoved: [],
    });
    expect(audit.entries[1]!.data).toMatchObject({
      name: { from: 'Lakeside', to: 'Lakeside Brokers' },
      specialitiesRemoved: [ids[1]],
    });

    const clash = expectError(
      await admin.call('PUT', `admin/brokers/${made.id}`, {
        name: 'L',
        abbreviation: 'LK',
        clientUrl: 'harbor-risk',
        specialityIds: [ids[0]],
      }),
      409,
    );
    expect(clash.fields).toHaveProperty('clientUrl');
    expect(v.parse(adminBrokerSchema, (await admin.call('GET', `admin/brokers/${made.id}`)).json()).clientUrl).toBe(
      'lakeside-risk',
    );
    expectError(
      await admin.call('PUT', 'admin/brokers/2147483000', {
        name: 'L',
        abbreviation: 'LK',
        clientUrl: 'nowhere',
        specialityIds: [ids[0]],
      }),
      404,
    );
  });

  it('takes a PNG logo, redraws it, and the storefront shows it; refuses an SVG by its content and keeps the old logo', async () => {
    const uploaded = await uploadLogo(summitId, greenPng());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = v.parse(adminBrokerSchema, uploaded.json()).logo!;
    expect(logo.mime).toBe('image/png');
    const drawn = PNG.sync.read(Buffer.from(logo.base64, 'base64'));
    expect([drawn.width, drawn.height]).toEqual([480, 160]);
    expect([...drawn.data.subarray(0, 4)]).toEqual([10, 150, 60, 255]);
    const details = v.parse(
      brokerDetailsSchema,
      (await publicGet('auth/brokerDetails?clientUrl=summit-professional')).json(),
    );
    expect(details.brokerProfile).toBe(logo.base64);
    expect(details.brokerProfileType).toBe('image/png');

    const svg = await uploadLogo(summitId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'));
    expect(expectError(svg, 415).fields?.logo).toContain('SVG');
    expect(expectError(await uploadLogo(summitId, greenPng(), admin, 'picture'), 400).fields).toHaveProperty('picture');
    expect(
      v.parse(brokerDetailsSchema, (await publicGet('auth/brokerDetails?clientUrl=summit-professional')).json())
        .brokerProfile,
    ).toBe(logo.base64);
    expectError(await uploadLogo(2147483000, greenPng()), 404);
    expectError(await uploadLogo(summitId, greenPng(), insured), 403);

    const removed = await admin.call('DELETE', `admin/brokers/${summitId}/logo`);
    expect(v.parse(adminBrokerSchema, removed.json()).logo).toBeNull();
    expect(
      v.parse(brokerDetailsSchema, (await publicGet('auth/brokerDetails?clientUrl=summit-professional')).json())
        .brokerProfile,
    ).toBeNull();
    const audit = v.parse(
      auditListSchema,
      (await admin.call('GET', `admin/audit?entity=broker&entityId=${summitId}`)).json(),
    );
    expect(audit.entries.slice(0, 2).map((entry) => entry.action)).toEqual(['broker.logo.remove', 'broker.logo']);
  });
});
