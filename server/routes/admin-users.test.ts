/**
 * Issue 9, users and the audit log: an administrator finds users, changes a role (which takes
 * effect on the user's next request) and lifts a lock; each change is in the audit log once.
 * No other role reaches any admin call, rate tables included (403), nobody signed out (401):
 * the test fails when an admin route exists that it does not try.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUserSchema, auditListSchema, userListSchema } from '@shared/contract/admin-users';
import { changeRole } from '@server/admin/users';
import { auditLog, brokers, questions, rateTables, specialities, specialityCategories, users } from '@server/db/schema';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { ADMIN_ROUTES } from '@server/test/account-routes';
import { caller, signIn } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

let admin: Insured;
let insured: Insured;
let underwriter: Insured;
let broker: Insured;
let activeBrokerId: number;
let dentists: number;
let categoryId: number;
let dentistQuestion: number;
let dentistQuestionsBefore: unknown;

async function withRole(role: 'admin' | 'underwriter' | 'broker', brokerId: number | null = null): Promise<Insured> {
  const user = await newInsured(app);
  await t.app.db.update(users).set({ role, brokerId }).where(eq(users.id, user.userId));
  return user;
}

async function auditCount(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(auditLog);
  return row!.n;
}

beforeAll(async () => {
  const [active] = await t.app.db.select({ id: brokers.id }).from(brokers).where(eq(brokers.active, true)).limit(1);
  activeBrokerId = active!.id;
  admin = await withRole('admin');
  underwriter = await withRole('underwriter');
  broker = await withRole('broker', activeBrokerId);
  insured = await newInsured(app);
  dentists = await specialityId(t.app);
  const dentistSet = await t.app.db
    .select()
    .from(questions)
    .where(eq(questions.specialityId, dentists))
    .orderBy(questions.id);
  dentistQuestion = dentistSet[0]!.id;
  dentistQuestionsBefore = dentistSet;
  categoryId = (
    await t.app.db
      .select({ categoryId: specialities.categoryId })
      .from(specialities)
      .where(eq(specialities.id, dentists))
  )[0]!.categoryId;
});

/** Every admin call, with a request that would succeed for an administrator. */
const attempts = () =>
  [
    { route: 'GET /api/weborder/admin/users', url: 'admin/users', method: 'GET' },
    { route: 'GET /api/weborder/admin/users/{id}', url: `admin/users/${insured.userId}`, method: 'GET' },
    {
      route: 'PUT /api/weborder/admin/users/{id}/role',
      url: `admin/users/${insured.userId}/role`,
      method: 'PUT',
      body: { role: 'underwriter' },
    },
    { route: 'PUT /api/weborder/admin/users/{id}/unlock', url: `admin/users/${insured.userId}/unlock`, method: 'PUT' },
    { route: 'GET /api/weborder/admin/audit', url: 'admin/audit', method: 'GET' },
    {
      route: 'GET /api/weborder/admin/ratetables',
      url: `admin/ratetables?specialityId=${dentists}&state=TX`,
      method: 'GET',
    },
    {
      route: 'POST /api/weborder/admin/ratetables',
      url: 'admin/ratetables',
      method: 'POST',
      body: { specialityId: dentists, stateCode: 'TX', basedOnVersion: 1, basePremiumCents: 100 },
    },
    {
      route: 'GET /api/weborder/admin/ratetables/export',
      url: `admin/ratetables/export?specialityId=${dentists}&state=TX`,
      method: 'GET',
    },
    {
      route: 'POST /api/weborder/admin/ratetables/import',
      url: 'admin/ratetables/import',
      method: 'POST',
      body: { specialityId: dentists, stateCode: 'TX', basedOnVersion: 1, csv: 'kind\r\n' },
    },
    { route: 'GET /api/weborder/admin/brokers', url: 'admin/brokers', method: 'GET' },
    {
      route: 'PUT /api/weborder/admin/brokers/{id}/active',
      url: `admin/brokers/${activeBrokerId}/active`,
      method: 'PUT',
      body: { active: false },
    },
    {
      route: 'GET /api/weborder/admin/brokers/clienturl',
      url: 'admin/brokers/clienturl?value=free-name',
      method: 'GET',
    },
    {
      route: 'POST /api/weborder/admin/brokers',
      url: 'admin/brokers',
      method: 'POST',
      body: { name: 'Intruder Brokers', abbreviation: 'IB', clientUrl: 'intruder', specialityIds: [dentists] },
    },
    { route: 'GET /api/weborder/admin/brokers/{id}', url: `admin/brokers/${activeBrokerId}`, method: 'GET' },
    {
      route: 'PUT /api/weborder/admin/brokers/{id}',
      url: `admin/brokers/${activeBrokerId}`,
      method: 'PUT',
      body: { name: 'Renamed', abbreviation: 'R', clientUrl: 'renamed', specialityIds: [dentists] },
    },
    // Refused before the body is read, so an upload is never parsed for a caller who may not send it.
    { route: 'PUT /api/weborder/admin/brokers/{id}/logo', url: `admin/brokers/${activeBrokerId}/logo`, method: 'PUT' },
    {
      route: 'DELETE /api/weborder/admin/brokers/{id}/logo',
      url: `admin/brokers/${activeBrokerId}/logo`,
      method: 'DELETE',
    },
    { route: 'GET /api/weborder/admin/catalog', url: 'admin/catalog', method: 'GET' },
    {
      route: 'POST /api/weborder/admin/categories',
      url: 'admin/categories',
      method: 'POST',
      body: { name: 'Intruders' },
    },
    {
      route: 'PUT /api/weborder/admin/categories/{id}',
      url: `admin/categories/${categoryId}`,
      method: 'PUT',
      body: { name: 'Renamed' },
    },
    {
      route: 'POST /api/weborder/admin/specialities',
      url: 'admin/specialities',
      method: 'POST',
      body: { categoryId, name: 'Intruder speciality' },
    },
    {
      route: 'PUT /api/weborder/admin/specialities/{id}',
      url: `admin/specialities/${dentists}`,
      method: 'PUT',
      body: { categoryId, name: 'Renamed' },
    },
    {
      route: 'PUT /api/weborder/admin/specialities/{id}/active',
      url: `admin/specialities/${dentists}/active`,
      method: 'PUT',
      body: { active: false },
    },
    {
      route: 'GET /api/weborder/admin/specialities/{id}/questions',
      url: `admin/specialities/${dentists}/questions`,
      method: 'GET',
    },
    {
      route: 'POST /api/weborder/admin/specialities/{id}/questions',
      url: `admin/specialities/${dentists}/questions`,
      method: 'POST',
      body: { code: 'intruder', type: 'text', text: 'Who let you in?' },
    },
    {
      route: 'PUT /api/weborder/admin/questions/{id}',
      url: `admin/questions/${dentistQuestion}`,
      method: 'PUT',
      body: { text: 'Changed by an intruder' },
    },
    {
      route: 'PUT /api/weborder/admin/questions/{id}/active',
      url: `admin/questions/${dentistQuestion}/active`,
      method: 'PUT',
      body: { active: false },
    },
    {
      route: 'PUT /api/weborder/admin/specialities/{id}/questions/order',
      url: `admin/specialities/${dentists}/questions/order`,
      method: 'PUT',
      body: { ids: [dentistQuestion] },
    },
    { route: 'GET /api/weborder/admin/jobs', url: 'admin/jobs', method: 'GET' },
    {
      route: 'POST /api/weborder/admin/jobretry',
      url: 'admin/jobretry',
      method: 'POST',
      body: { id: '00000000-0000-4000-8000-000000000000' },
    },
  ] as const;

describe('who may call the admin routes', () => {
  it('every admin route is listed and tried here', () => {
    const adminRoutes = t.app.apiRoutes.routes
      .filter((route) => route.url.includes('/admin/'))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(new Set(adminRoutes)).toEqual(new Set(ADMIN_ROUTES));
    expect(new Set(attempts().map((attempt) => attempt.route))).toEqual(new Set(ADMIN_ROUTES));
  });

  it('an insured, an underwriter and a broker get 403 on each, nobody signed in 401, and nothing changes', async () => {
    const before = await auditCount();
    for (const attempt of attempts()) {
      for (const who of [insured, underwriter, broker]) {
        const body = 'body' in attempt ? attempt.body : undefined;
        const answer = await who.call(attempt.method, attempt.url, body);
        expect(answer.statusCode, `${attempt.route} as ${who.email}: ${answer.body}`).toBe(403);
      }
      const anonymous = await t.app.inject({ method: attempt.method, url: `/api/weborder/${attempt.url}` });
      expect(anonymous.statusCode, attempt.route).toBe(401);
    }
    const [row] = await t.app.db.select({ role: users.role }).from(users).where(eq(users.id, insured.userId));
    expect(row!.role).toBe('insured');
    const tables = await t.app.db
      .select({ version: rateTables.version })
      .from(rateTables)
      .where(eq(rateTables.specialityId, dentists));
    expect(tables.every((table) => table.version === 1)).toBe(true);
    const [stillActive] = await t.app.db
      .select({ active: brokers.active, name: brokers.name, logo: brokers.profileImage })
      .from(brokers)
      .where(eq(brokers.id, activeBrokerId));
    expect(stillActive!.active).toBe(true);
    expect(stillActive!.name).not.toBe('Renamed');
    expect(stillActive!.logo).not.toBeNull();
    expect(await t.app.db.select({ id: brokers.id }).from(brokers).where(eq(brokers.clientUrl, 'intruder'))).toEqual(
      [],
    );
    const [dentistRow] = await t.app.db
      .select({ name: specialities.name, active: specialities.active })
      .from(specialities)
      .where(eq(specialities.id, dentists));
    expect(dentistRow).toEqual({ name: 'Dentists', active: true });
    expect(
      await t.app.db
        .select({ id: specialities.id })
        .from(specialities)
        .where(eq(specialities.name, 'Intruder speciality')),
    ).toEqual([]);
    expect(
      await t.app.db
        .select({ id: specialityCategories.id })
        .from(specialityCategories)
        .where(eq(specialityCategories.name, 'Intruders')),
    ).toEqual([]);
    expect(
      await t.app.db.select().from(questions).where(eq(questions.specialityId, dentists)).orderBy(questions.id),
    ).toEqual(dentistQuestionsBefore);
    expect(await auditCount()).toBe(before);
  });
});

describe('finding users', () => {
  it('finds by part of the e-mail, name or company, filters by role, newest first', async () => {
    const all = v.parse(userListSchema, (await admin.call('GET', 'admin/users')).json());
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.users.map((user) => user.id)).toEqual([...all.users.map((user) => user.id)].sort((a, b) => b - a));
    const local = insured.email.split('@')[0]!;
    const found = v.parse(
      userListSchema,
      (await admin.call('GET', `admin/users?q=${encodeURIComponent(local.toUpperCase())}`)).json(),
    );
    expect(found.users.map((user) => user.id)).toEqual([insured.userId]);
    const brokers = v.parse(userListSchema, (await admin.call('GET', 'admin/users?role=broker')).json());
    expect(brokers.users.map((user) => user.id)).toContain(broker.userId);
    expect(brokers.users.every((user) => user.role === 'broker')).toBe(true);
    // LIKE's own wildcards are matched as typed: "%" finds no one whose details lack one.
    expect(v.parse(userListSchema, (await admin.call('GET', 'admin/users?q=%25')).json()).total).toBe(0);
  });

  it('names a bad role, page or id (400), and an unknown user is a 404', async () => {
    expect(expectError(await admin.call('GET', 'admin/users?role=king'), 400).fields).toHaveProperty('role');
    expect(expectError(await admin.call('GET', 'admin/users?page=0'), 400).fields).toHaveProperty('page');
    expect(expectError(await admin.call('GET', 'admin/users/abc'), 400).fields).toHaveProperty('id');
    expectError(await admin.call('GET', 'admin/users/2147483000'), 404);
  });
});

describe('changing a role', () => {
  it('takes effect on the user’s next request, is recorded once, and a repeat changes nothing', async () => {
    const promoted = await newInsured(app);
    expect((await promoted.call('GET', 'underwriting/queue')).statusCode).toBe(403);
    const before = await auditCount();
    const changed = await admin.call('PUT', `admin/users/${promoted.userId}/role`, { role: 'underwriter' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(v.parse(adminUserSchema, changed.json()).role).toBe('underwriter');
    expect((await promoted.call('GET', 'underwriting/queue')).statusCode).toBe(200);

    const again = await admin.call('PUT', `admin/users/${promoted.userId}/role`, { role: 'underwriter' });
    expect(again.statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    const audit = v.parse(
      auditListSchema,
      (await admin.call('GET', `admin/audit?entity=user&entityId=${promoted.userId}`)).json(),
    );
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      actor: { id: admin.userId, email: admin.email },
      action: 'user.role',
      entity: 'user',
      entityId: String(promoted.userId),
      data: { from: { role: 'insured' }, to: { role: 'underwriter' } },
    });
  });

  it('a broker’s user names an active broker; other roles take none; your own role is a 409; nothing changes when refused', async () => {
    const target = await newInsured(app);
    const before = await auditCount();
    expect(
      expectError(await admin.call('PUT', `admin/users/${target.userId}/role`, { role: 'broker' }), 400).fields,
    ).toHaveProperty('brokerId');
    expect(
      expectError(
        await admin.call('PUT', `admin/users/${target.userId}/role`, { role: 'underwriter', brokerId: activeBrokerId }),
        400,
      ).fields,
    ).toHaveProperty('brokerId');
    const [inactive] = await t.app.db
      .insert(brokers)
      .values({ name: 'Gone Brokers', abbreviation: 'GB', clientUrl: `gone-${target.userId}`, active: false })
      .returning({ id: brokers.id });
    expect(
      expectError(
        await admin.call('PUT', `admin/users/${target.userId}/role`, { role: 'broker', brokerId: inactive!.id }),
        400,
      ).fields,
    ).toEqual({
      brokerId: 'is not an active broker',
    });
    expect(
      expectError(await admin.call('PUT', `admin/users/${target.userId}/role`, { role: 'emperor' }), 400).fields,
    ).toHaveProperty('role');
    expect(
      expectError(await admin.call('PUT', `admin/users/${admin.userId}/role`, { role: 'insured' }), 409).fields,
    ).toEqual({ role: 'is your own' });
    expect(await auditCount()).toBe(before);

    const made = v.parse(
      adminUserSchema,
      (
        await admin.call('PUT', `admin/users/${target.userId}/role`, { role: 'broker', brokerId: activeBrokerId })
      ).json(),
    );
    expect(made).toMatchObject({ role: 'broker', broker: { id: activeBrokerId } });
  });
});

describe('lifting a lock', () => {
  it('shows when wrong passwords locked an account, lifts it so the right password works, and records it once', async () => {
    const locked = await newInsured(app);
    const api = caller(app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await api.post('auth/generate-token', {
        username: locked.email,
        password: 'Not-The-Password-1',
        params: { rememberMe: false },
      });
      expect([401, 429]).toContain(wrong.statusCode);
    }
    const refused = await caller(app).post('auth/generate-token', {
      username: locked.email,
      password: locked.password,
      params: { rememberMe: false },
    });
    expect(refused.statusCode).toBe(429);
    const seen = v.parse(adminUserSchema, (await admin.call('GET', `admin/users/${locked.userId}`)).json());
    expect(seen.lockedUntil).not.toBeNull();

    const before = await auditCount();
    const unlocked = await admin.call('PUT', `admin/users/${locked.userId}/unlock`);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(v.parse(adminUserSchema, unlocked.json()).lockedUntil).toBeNull();
    await signIn(caller(app), locked.email, locked.password);
    expect((await admin.call('PUT', `admin/users/${locked.userId}/unlock`)).statusCode).toBe(200);
    expect(await auditCount()).toBe(before + 1);
  });
});

describe('two administrators at once', () => {
  it('an administrator demoted since their request was authenticated changes nobody’s role (403), so two cannot demote each other', async () => {
    const first = await withRole('admin');
    const second = await withRole('admin');
    // The second is demoted by the first...
    expect((await first.call('PUT', `admin/users/${second.userId}/role`, { role: 'insured' })).statusCode).toBe(200);
    // ...while the second's own request, authenticated as an admin a moment before, goes on.
    const stale = { id: second.userId, role: 'admin' as const, sessionId: 'stale' };
    const refused = await changeRole({ db: t.app.db, clock: t.app.clock }, stale, '127.0.0.1', first.userId, {
      role: 'insured',
      brokerId: null,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 403 });
    const [row] = await t.app.db.select({ role: users.role }).from(users).where(eq(users.id, first.userId));
    expect(row!.role).toBe('admin');
  });

  it('a broker’s user given another role leaves the broker', async () => {
    const former = await withRole('broker', activeBrokerId);
    const changed = v.parse(
      adminUserSchema,
      (await admin.call('PUT', `admin/users/${former.userId}/role`, { role: 'insured' })).json(),
    );
    expect(changed).toMatchObject({ role: 'insured', broker: null });
  });
});
