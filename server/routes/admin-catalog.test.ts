/**
 * Issue 9, the catalogue: an administrator creates a category and a speciality priced and asked
 * like Dentists (sold and quotable at once), edits it, and retires it — no longer listed or
 * quotable, while the order it already has is still priced and its questions still answered —
 * and puts it back on sale. Each change audited once; a repeat records nothing; a refusal names
 * its field and makes nothing.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminCatalogSchema,
  adminCategorySchema,
  adminSpecialitySchema,
  type AdminSpeciality,
} from '@shared/contract/admin-catalog';
import { auditListSchema } from '@shared/contract/admin-users';
import { auditLog, specialities, specialityCategories, users } from '@server/db/schema';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { answersFor, quoteApi, specialityId, submissionInput } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

let admin: Insured;
let insured: Insured;
let dentists: number;
let dentistCategory: number;

const publicGet = (url: string) => t.app.inject({ method: 'GET', url: `/api/weborder/${url}` });
const auditCount = async () => (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n;
const onSale = async () =>
  ((await publicGet('auth/specialitylist')).json() as Array<{ id: number }>).map((entry) => entry.id);

beforeAll(async () => {
  admin = await newInsured(app);
  await t.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  insured = await newInsured(app);
  dentists = await specialityId(t.app);
  dentistCategory = (
    await t.app.db
      .select({ categoryId: specialities.categoryId })
      .from(specialities)
      .where(eq(specialities.id, dentists))
  )[0]!.categoryId;
});

describe('the catalogue for administrators', () => {
  it('lists categories and specialities with where each is priced, its questions and its orders', async () => {
    const catalog = v.parse(adminCatalogSchema, (await admin.call('GET', 'admin/catalog')).json());
    const dental = catalog.specialities.find((entry) => entry.id === dentists)!;
    expect(dental).toMatchObject({ name: 'Dentists', active: true, categoryId: dentistCategory });
    expect(dental.states).toContain('TX');
    expect(dental.questions).toBeGreaterThan(0);
    expect(catalog.categories.find((entry) => entry.id === dentistCategory)!.specialities).toBeGreaterThan(0);
  });

  it('creates a category; the same again answers it, another of that name is a 409, and an empty name a 400', async () => {
    const made = await admin.call('POST', 'admin/categories', {
      name: 'Veterinary',
      description: 'Animal care practices.',
      sortOrder: 90,
    });
    expect(made.statusCode, made.body).toBe(201);
    const category = v.parse(adminCategorySchema, made.json());
    const before = await auditCount();
    const again = await admin.call('POST', 'admin/categories', {
      name: 'Veterinary',
      description: 'Animal care practices.',
      sortOrder: 90,
    });
    expect(again.statusCode).toBe(200);
    expect(v.parse(adminCategorySchema, again.json()).id).toBe(category.id);
    expect(
      expectError(await admin.call('POST', 'admin/categories', { name: 'veterinary', description: 'Other' }), 409)
        .fields,
    ).toHaveProperty('name');
    expect(expectError(await admin.call('POST', 'admin/categories', { name: '  ' }), 400).fields).toHaveProperty(
      'name',
    );
    expect(await auditCount()).toBe(before);
    const renamed = v.parse(
      adminCategorySchema,
      (
        await admin.call('PUT', `admin/categories/${category.id}`, {
          name: 'Veterinary care',
          description: 'Animal care practices.',
          sortOrder: 90,
        })
      ).json(),
    );
    expect(renamed.name).toBe('Veterinary care');
    expect(
      v
        .parse(auditListSchema, (await admin.call('GET', `admin/audit?entity=category&entityId=${category.id}`)).json())
        .entries.map((entry) => entry.action),
    ).toEqual(['category.update', 'category.create']);
  });

  describe('a speciality', () => {
    let vets: AdminSpeciality;
    let orderId: number;

    it('is created priced and asked like Dentists, with a code of its own, and is on sale at once', async () => {
      const [category] = await t.app.db
        .select({ id: specialityCategories.id })
        .from(specialityCategories)
        .where(eq(specialityCategories.name, 'Veterinary care'));
      const body = {
        categoryId: category!.id,
        name: 'Veterinarians',
        description: 'Small-animal and mixed practices.',
        sortOrder: 5,
        copyFrom: dentists,
      };
      const made = await admin.call('POST', 'admin/specialities', body);
      expect(made.statusCode, made.body).toBe(201);
      vets = v.parse(adminSpecialitySchema, made.json());
      const dental = v
        .parse(adminCatalogSchema, (await admin.call('GET', 'admin/catalog')).json())
        .specialities.find((entry) => entry.id === dentists)!;
      expect(vets).toMatchObject({
        name: 'Veterinarians',
        active: true,
        orders: 0,
        states: dental.states,
        questions: dental.questions,
      });
      expect(vets.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
      expect(await onSale()).toContain(vets.id);

      const again = await admin.call('POST', 'admin/specialities', body);
      expect(again.statusCode).toBe(200);
      expect(v.parse(adminSpecialitySchema, again.json()).id).toBe(vets.id);

      // Quotable: an insured prices and saves an order for it.
      const input = await submissionInput(t.app, { specialityId: vets.id, ...(await answersFor(t.app, vets.id)) });
      const quoted = await quoteApi(app).post('insured/createsubmission', input, { token: insured.token });
      expect(quoted.statusCode, quoted.body).toBe(201);
      orderId = (quoted.json() as { submissionId: number }).submissionId;
    });

    it('refuses a taken name, an unknown category or source, naming the field and making nothing', async () => {
      const [before] = await t.app.db.select({ n: count() }).from(specialities);
      const auditBefore = await auditCount();
      expect(
        expectError(
          await admin.call('POST', 'admin/specialities', {
            categoryId: vets.categoryId,
            name: 'VETERINARIANS',
            description: 'Another',
          }),
          409,
        ).fields,
      ).toHaveProperty('name');
      expect(
        expectError(await admin.call('POST', 'admin/specialities', { categoryId: 2147483000, name: 'Farriers' }), 400)
          .fields,
      ).toHaveProperty('categoryId');
      expect(
        expectError(
          await admin.call('POST', 'admin/specialities', {
            categoryId: vets.categoryId,
            name: 'Farriers',
            copyFrom: 2147483000,
          }),
          400,
        ).fields,
      ).toHaveProperty('copyFrom');
      expect(
        expectError(
          await admin.call('POST', 'admin/specialities', {
            categoryId: vets.categoryId,
            name: 'Farriers',
            sortOrder: -1,
          }),
          400,
        ).fields,
      ).toHaveProperty('sortOrder');
      expect((await t.app.db.select({ n: count() }).from(specialities))[0]!.n).toBe(before!.n);
      expect(await auditCount()).toBe(auditBefore);
    });

    it('is edited; only a change is recorded', async () => {
      const edited = await admin.call('PUT', `admin/specialities/${vets.id}`, {
        categoryId: vets.categoryId,
        name: 'Veterinary surgeons',
        description: vets.description,
        sortOrder: 5,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(v.parse(adminSpecialitySchema, edited.json())).toMatchObject({
        name: 'Veterinary surgeons',
        code: vets.code,
      });
      const before = await auditCount();
      await admin.call('PUT', `admin/specialities/${vets.id}`, {
        categoryId: vets.categoryId,
        name: 'Veterinary surgeons',
        description: vets.description,
        sortOrder: 5,
      });
      expect(await auditCount()).toBe(before);
      expect(
        expectError(
          await admin.call('PUT', `admin/specialities/${vets.id}`, { categoryId: dentistCategory, name: 'Dentists' }),
          409,
        ).fields,
      ).toHaveProperty('name');
      expectError(
        await admin.call('PUT', 'admin/specialities/2147483000', { categoryId: dentistCategory, name: 'Nobody' }),
        404,
      );
    });

    it('retired: no longer listed or quotable, while its order is still priced and its questions answered; back on sale again', async () => {
      const retired = v.parse(
        adminSpecialitySchema,
        (await admin.call('PUT', `admin/specialities/${vets.id}/active`, { active: false })).json(),
      );
      expect(retired).toMatchObject({ active: false, orders: 1 });
      expect(await onSale()).not.toContain(vets.id);
      const input = await submissionInput(t.app, { specialityId: vets.id, ...(await answersFor(t.app, vets.id)) });
      expect(
        expectError(await quoteApi(app).post('insured/createsubmission', input, { token: insured.token }), 400).fields,
      ).toHaveProperty('specialityId');
      expect(expectError(await publicGet(`questions/list?specialityId=${vets.id}`), 400).fields).toHaveProperty(
        'specialityId',
      );

      // The order it already has: priced again at another limit, its questions still answered.
      const repriced = await insured.call('POST', 'insured/updaterating', {
        submissionId: orderId,
        limitCode: '2M/4M',
      });
      expect(repriced.statusCode, repriced.body).toBe(200);
      const asked = await insured.call('GET', `questions/list?specialityId=${vets.id}&submissionId=${orderId}`);
      expect(asked.statusCode, asked.body).toBe(200);

      await admin.call('PUT', `admin/specialities/${vets.id}/active`, { active: true });
      expect(await onSale()).toContain(vets.id);
      const audit = v.parse(
        auditListSchema,
        (await admin.call('GET', `admin/audit?entity=speciality&entityId=${vets.id}`)).json(),
      );
      expect(audit.entries.map((entry) => entry.action)).toEqual([
        'speciality.restore',
        'speciality.retire',
        'speciality.update',
        'speciality.create',
      ]);
    });
  });
});
