import * as v from 'valibot';
import { recordIdInputSchema, recordIdSchema, requiredText } from '@shared/contract/address';

/**
 * The catalogue for administrators (issue 9; beyond the specification): speciality categories
 * and specialities, role admin only. A speciality is never deleted: retired, it is no longer sold
 * (not listed, not quotable), while the orders and policies it already has keep working.
 */

const integer = v.pipe(v.number(), v.integer());
const sortOrderSchema = v.optional(
  v.pipe(
    v.number('must be a number'),
    v.integer('must be a whole number'),
    v.minValue(0, 'must not be negative'),
    v.maxValue(100_000, 'must be at most 100000'),
  ),
  0,
);
const descriptionSchema = v.optional(
  v.pipe(v.string('must be text'), v.trim(), v.maxLength(500, 'must be at most 500 characters')),
  '',
);

export const adminCategorySchema = v.object({
  id: integer,
  name: v.string(),
  description: v.string(),
  sortOrder: integer,
  /** Specialities in it, retired ones included. */
  specialities: integer,
});
export type AdminCategory = v.InferOutput<typeof adminCategorySchema>;

export const adminSpecialitySchema = v.object({
  id: integer,
  categoryId: integer,
  name: v.string(),
  description: v.string(),
  /** The public code its `?s=` links carry (made by the server, never changed). */
  code: v.string(),
  active: v.boolean(),
  sortOrder: integer,
  /** States where a rate table prices it now. */
  states: v.array(v.string()),
  /** Its own questions in force (the general application questions come on top). */
  questions: integer,
  /** Orders quoted for it, retired or not. */
  orders: integer,
});
export type AdminSpeciality = v.InferOutput<typeof adminSpecialitySchema>;

/** GET admin/catalog: every category and speciality, in display order. */
export const adminCatalogSchema = v.object({
  categories: v.array(adminCategorySchema),
  specialities: v.array(adminSpecialitySchema),
});
export type AdminCatalog = v.InferOutput<typeof adminCatalogSchema>;

/** POST admin/categories and PUT admin/categories/{id}. Names are unique. */
export const categoryRequestSchema = v.object({
  name: requiredText(120),
  description: descriptionSchema,
  sortOrder: sortOrderSchema,
});
export type CategoryRequest = v.InferInput<typeof categoryRequestSchema>;

/** PUT admin/specialities/{id}: names are unique within a category. */
export const specialityRequestSchema = v.object({
  categoryId: recordIdSchema,
  name: requiredText(120),
  description: descriptionSchema,
  sortOrder: sortOrderSchema,
});
export type SpecialityRequest = v.InferInput<typeof specialityRequestSchema>;

/**
 * POST admin/specialities: as an edit, plus `copyFrom`, a speciality whose rate tables (each
 * state's in force, as version 1) and questions the new one starts with — without them it cannot
 * be priced anywhere until a table is made for it.
 */
export const newSpecialityRequestSchema = v.object({
  ...specialityRequestSchema.entries,
  copyFrom: v.optional(v.nullable(recordIdSchema), null),
});
export type NewSpecialityRequest = v.InferInput<typeof newSpecialityRequestSchema>;

export const catalogIdParamsSchema = v.object({ id: recordIdInputSchema });

/** PUT admin/specialities/{id}/active {active}: retire (false) or put back on sale (true). */
export const specialityActiveRequestSchema = v.object({ active: v.boolean('must be true or false') });
