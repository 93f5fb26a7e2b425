import * as v from 'valibot';
import { http } from '@/api/client';
import {
  adminCatalogSchema,
  adminCategorySchema,
  adminSpecialitySchema,
  type AdminCatalog,
  type AdminCategory,
  type AdminSpeciality,
  type CategoryRequest,
  type NewSpecialityRequest,
  type SpecialityRequest,
} from '@shared/contract/admin-catalog';

/**
 * The catalogue for administrators (shared/contract/admin-catalog.ts): role admin only. A name
 * already taken is a 409 naming name.
 */

/** GET admin/catalog. */
export async function adminCatalog(): Promise<AdminCatalog> {
  return v.parse(adminCatalogSchema, await http().get('admin/catalog').json());
}

/** POST admin/categories, or PUT admin/categories/{id} with an id. */
export async function saveCategory(id: number | undefined, values: CategoryRequest): Promise<AdminCategory> {
  const call =
    id === undefined
      ? http().post('admin/categories', { json: values })
      : http().put(`admin/categories/${id}`, { json: values });
  return v.parse(adminCategorySchema, await call.json());
}

/** POST admin/specialities, or PUT admin/specialities/{id} with an id (copyFrom only when creating). */
export async function saveSpeciality(id: number | undefined, values: NewSpecialityRequest): Promise<AdminSpeciality> {
  if (id === undefined)
    return v.parse(adminSpecialitySchema, await http().post('admin/specialities', { json: values }).json());
  const { copyFrom: _copy, ...edit } = values;
  return v.parse(
    adminSpecialitySchema,
    await http()
      .put(`admin/specialities/${id}`, { json: edit satisfies SpecialityRequest })
      .json(),
  );
}

/** PUT admin/specialities/{id}/active: retired (false) or back on sale (true). */
export async function setSpecialityActive(id: number, active: boolean): Promise<AdminSpeciality> {
  return v.parse(
    adminSpecialitySchema,
    await http().put(`admin/specialities/${id}/active`, { json: { active } }).json(),
  );
}
