import * as v from 'valibot';
import { stateCodeSchema } from '@shared/contract/address';

/** A client URL code: what follows client/.../ in a branded address. */
export const clientUrlSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(64, 'must be at most 64 characters'),
  v.regex(/^[a-z0-9][a-z0-9-]*$/i, 'may hold only letters, digits and hyphens'),
);

/**
 * Whether a value is a client URL code as it stands, with nothing trimmed away. The server trims
 * what it is sent; an address holding `%20harbor-risk` is still not a storefront's address.
 */
export function isCanonicalClientUrl(value: string): boolean {
  const parsed = v.safeParse(clientUrlSchema, value);
  return parsed.success && parsed.output === value;
}

export const specialityCategorySchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  description: v.string(),
});
export type SpecialityCategory = v.InferOutput<typeof specialityCategorySchema>;
export const specialityCategoryListSchema = v.array(specialityCategorySchema);

/** Wire names keep the specification's spelling: speiclaityRandomCode. */
export const specialitySchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  categoryId: v.pipe(v.number(), v.integer()),
  name: v.string(),
  description: v.string(),
  speiclaityRandomCode: v.string(),
});
export type Speciality = v.InferOutput<typeof specialitySchema>;

const cents = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * A list item carries an indicative "from" price: the lowest and highest minimum premium of the
 * rate tables in force, across the states we sell in or in the state asked for. Absent where no
 * table prices the speciality (there, or anywhere). Indicative only: the quote prices the answers.
 */
export const specialityListItemSchema = v.object({
  ...specialitySchema.entries,
  indicativeFromCents: v.optional(cents),
  indicativeToCents: v.optional(cents),
});
export type SpecialityListItem = v.InferOutput<typeof specialityListItemSchema>;
export const specialityListSchema = v.array(specialityListItemSchema);

export const specialityListQuerySchema = v.object({
  clientUrl: v.optional(clientUrlSchema),
  /** Narrows the indicative prices to one state's tables (TX). */
  state: v.optional(stateCodeSchema),
});

/** GET auth/specialityByClientUrl/{clientUrl}: the path form of specialitylist?clientUrl=. */
export const specialityByClientUrlParamsSchema = v.object({
  clientUrl: clientUrlSchema,
});

/** Query strings arrive as text; an id must be a whole positive number. */
export const idFromQuerySchema = v.pipe(
  v.string(),
  v.regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number'),
  v.transform(Number),
  v.maxValue(2147483647, 'is too large'),
);

export const specialityQuerySchema = v.object({
  specialityId: idFromQuerySchema,
});
