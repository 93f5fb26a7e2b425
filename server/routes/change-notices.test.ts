/**
 * Issue 17, caches that stay correct: within one app, the public catalogue answers from memory
 * with a weak ETag (304 on If-None-Match) until an administrator's change, which the very next
 * read sees; a session is checked without a query until it is revoked or its role changes,
 * which the very next request sees; and while notices cannot be heard nothing is answered from
 * memory. (Across processes on PostgreSQL: change-notices-processes.test.ts.)
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { specialities, usStates, users } from '@server/db/schema';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { caller, signIn } from '@server/test/auth-helpers';
import { specialityId } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

let admin: Insured;
let dentists: number;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/weborder/${url}`, headers });
const names = async () =>
  ((await get('auth/specialitylist')).json() as Array<{ id: number; name: string }>).map((entry) => entry.name);

async function specialityBody(id: number) {
  const [row] = await t.app.db.select().from(specialities).where(eq(specialities.id, id));
  return { categoryId: row!.categoryId, name: row!.name, description: row!.description, sortOrder: row!.sortOrder };
}

beforeAll(async () => {
  admin = await newInsured(app);
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  dentists = await specialityId(t.app);
});

describe('the public catalogue, cached in the app', () => {
  it.each([
    ['auth/specialitycategory'],
    ['auth/specialitylist'],
    ['auth/specialitylist?state=TX'],
    ['auth/specialitylist?clientUrl=harbor-risk'],
    ['auth/specialityByClientUrl/harbor-risk'],
    ['auth/brokerDetails?clientUrl=harbor-risk'],
  ])('%s: a weak ETag that must be revalidated, 304 while unchanged, answered from memory', async (url) => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const loads = t.app.publicCatalogue.stats.loads;
    const again = await get(url);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const revalidated = await get(url, { 'if-none-match': ifNoneMatch });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
    }
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    expect(t.app.publicCatalogue.stats.loads).toBe(loads);
  });

  it('answers one speciality from memory too, and keeps no 404s', async () => {
    const first = await get(`auth/speciality?specialityId=${dentists}`);
    expect(first.statusCode).toBe(200);
    expect(
      (await get(`auth/speciality?specialityId=${dentists}`, { 'if-none-match': String(first.headers.etag) }))
        .statusCode,
    ).toBe(304);
    const size = t.app.publicCatalogue.size;
    expect((await get('auth/speciality?specialityId=999999')).statusCode).toBe(404);
    expect((await get('auth/brokerDetails?clientUrl=no-such-broker')).statusCode).toBe(404);
    expect(t.app.publicCatalogue.size).toBe(size);
  });

  it('shows an administrator’s rename on the very next read, with a new ETag, and a retirement too', async () => {
    const before = await get('auth/specialitylist');
    const one = await get(`auth/speciality?specialityId=${dentists}`);
    const body = await specialityBody(dentists);
    const renamed = await admin.call('PUT', `admin/specialities/${dentists}`, { ...body, name: 'Dental practices' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    try {
      const after = await get('auth/specialitylist', { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(await names()).toContain('Dental practices');
      expect(await names()).not.toContain(body.name);
      const oneAfter = await get(`auth/speciality?specialityId=${dentists}`, {
        'if-none-match': String(one.headers.etag),
      });
      expect(oneAfter.statusCode).toBe(200);
      expect(oneAfter.json()).toMatchObject({ name: 'Dental practices' });

      expect((await admin.call('PUT', `admin/specialities/${dentists}/active`, { active: false })).statusCode).toBe(
        200,
      );
      expect(await names()).not.toContain('Dental practices');
      expect((await get('auth/specialitylist?clientUrl=harbor-risk')).json()).not.toContainEqual(
        expect.objectContaining({ id: dentists }),
      );
    } finally {
      await admin.call('PUT', `admin/specialities/${dentists}/active`, { active: true });
      await admin.call('PUT', `admin/specialities/${dentists}`, body);
    }
    expect(await names()).toContain(body.name);
  });

  it('sees a write made behind the app’s back (the database announces it, not the code that wrote)', async () => {
    const brokerBefore = (await get('auth/brokerDetails?clientUrl=harbor-risk')).json() as {
      brokerspecialities: Array<{ id: number }>;
    };
    expect(brokerBefore.brokerspecialities).toContainEqual(expect.objectContaining({ id: dentists }));
    await t.app.db.update(specialities).set({ active: false }).where(eq(specialities.id, dentists));
    try {
      const brokerAfter = (await get('auth/brokerDetails?clientUrl=harbor-risk')).json() as {
        brokerspecialities: Array<{ id: number }>;
      };
      expect(brokerAfter.brokerspecialities).not.toContainEqual(expect.objectContaining({ id: dentists }));
    } finally {
      await t.app.db.update(specialities).set({ active: true }).where(eq(specialities.id, dentists));
    }
  });

  it('keeps the rating catalogue until the tables behind it change', async () => {
    expect(await t.app.ratingCatalog.get(dentists, 'TX')).toMatchObject({ table: expect.any(Object) });
    const loads = t.app.ratingCatalog.stats.loads;
    await t.app.ratingCatalog.get(dentists, 'TX');
    expect(t.app.ratingCatalog.stats.loads).toBe(loads);
    await t.app.db.update(usStates).set({ offered: false }).where(eq(usStates.code, 'TX'));
    try {
      expect(await t.app.ratingCatalog.get(dentists, 'TX')).toMatchObject({ table: null });
      expect(t.app.ratingCatalog.stats.loads).toBe(loads + 1);
    } finally {
      await t.app.db.update(usStates).set({ offered: true }).where(eq(usStates.code, 'TX'));
    }
    expect(await t.app.ratingCatalog.get(dentists, 'TX')).toMatchObject({ table: expect.any(Object) });
  });

  it('answers from the database while notices cannot be heard, and from memory again once they can', async () => {
    await get('auth/specialitycategory');
    t.app.changeNotices.handlers.connected(false);
    try {
      const loads = t.app.publicCatalogue.stats.loads;
      await get('auth/specialitycategory');
      await get('auth/specialitycategory');
      expect(t.app.publicCatalogue.stats.loads).toBe(loads + 2);
      expect(t.app.publicCatalogue.size).toBe(0);
    } finally {
      t.app.changeNotices.handlers.connected(true);
    }
    await get('auth/specialitycategory');
    const loads = t.app.publicCatalogue.stats.loads;
    await get('auth/specialitycategory');
    expect(t.app.publicCatalogue.stats.loads).toBe(loads);
  });
});

describe('the session check, cached in the app', () => {
  const adminPage = (token: string) => get('admin/users', { authorization: `Bearer ${token}` });

  it('checks a session once, then from memory', async () => {
    const someone = await newInsured(app);
    expect((await someone.call('GET', 'insured/isLogin')).statusCode).toBe(200);
    const { hits, loads } = t.app.sessionCache.stats;
    expect((await someone.call('GET', 'insured/isLogin')).statusCode).toBe(200);
    expect(t.app.sessionCache.stats).toEqual({ hits: hits + 1, loads });
  });

  it('refuses a signed-out session on the very next request, and only that one', async () => {
    const someone = await newInsured(app);
    const api = caller(app);
    const other = await signIn(api, someone.email, someone.password);
    const leaving = await signIn(api, someone.email, someone.password);
    for (const session of [other, leaving])
      expect((await api.get('insured/isLogin', session.token)).statusCode).toBe(200);
    expect((await api.post('auth/signout', { refreshToken: leaving.refreshToken })).statusCode).toBe(200);
    expect((await api.get('insured/isLogin', leaving.token)).statusCode).toBe(401);
    expect((await api.get('insured/isLogin', other.token)).statusCode).toBe(200);
  });

  it('refuses every session of a user whose token was reused, on the very next request', async () => {
    const someone = await newInsured(app);
    const api = caller(app);
    const session = await signIn(api, someone.email, someone.password);
    expect((await api.get('insured/isLogin', session.token)).statusCode).toBe(200);
    expect((await api.post('refreshtoken', { refreshToken: session.refreshToken })).statusCode).toBe(200);
    // The replaced token presented again: the family ends, its access tokens with it.
    expect((await api.post('refreshtoken', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await api.get('insured/isLogin', session.token)).statusCode).toBe(401);
  });

  it('applies a role change on the very next request, both ways', async () => {
    const someone = await newInsured(app);
    expect((await adminPage(someone.token)).statusCode).toBe(403);
    expect((await admin.call('PUT', `admin/users/${someone.userId}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect((await adminPage(someone.token)).statusCode).toBe(200);
    expect((await admin.call('PUT', `admin/users/${someone.userId}/role`, { role: 'insured' })).statusCode).toBe(200);
    expect((await adminPage(someone.token)).statusCode).toBe(403);
  });
});
