import * as v from 'valibot';

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
export const specialityListSchema = v.array(specialitySchema);

export const specialityListQuerySchema = v.object({
  clientUrl: v.optional(clientUrlSchema),
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
