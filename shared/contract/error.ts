import * as v from 'valibot';

/** Every error the API answers (DESIGN.md §5): bad input names its fields. */
export const apiErrorSchema = v.object({
  status: v.pipe(v.number(), v.integer()),
  message: v.string(),
  fields: v.optional(v.record(v.string(), v.string())),
});
export type ApiErrorBody = v.InferOutput<typeof apiErrorSchema>;
