import * as v from 'valibot';

/** Served as /config.json so one build serves every deployment (DESIGN.md §3). */
export const runtimeConfigSchema = v.object({
  apiBase: v.string(),
  production: v.boolean(),
  dnsPrefetchHosts: v.array(v.string()),
  googleClientId: v.nullable(v.string()),
});
export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;
