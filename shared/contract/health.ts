import * as v from 'valibot';

export const healthSchema = v.object({
  status: v.literal('ok'),
  database: v.picklist(['pglite', 'postgres']),
  /** PUBLIC_URL: where the app is meant to be opened, and what e-mailed links lead to. */
  publicUrl: v.optional(v.string()),
  /** The origin this request came through (its Origin header, else its scheme and Host), when readable. */
  requestOrigin: v.optional(v.string()),
  /**
   * Whether that is PUBLIC_URL's origin. When not, a sign-in made here is not seen at PUBLIC_URL
   * (browsers keep storage per origin): open the app at PUBLIC_URL, or set PUBLIC_URL to this address.
   */
  originMatches: v.optional(v.boolean()),
});
