import * as v from 'valibot';

export const healthSchema = v.object({
  status: v.literal('ok'),
  database: v.picklist(['pglite', 'postgres']),
});
export type Health = v.InferOutput<typeof healthSchema>;
