import * as v from 'valibot';

/** `s`: one speciality random code, or several separated by commas (specification §2). */
export const landingSearch = v.object({
  s: v.optional(v.pipe(v.string(), v.maxLength(512))),
});
