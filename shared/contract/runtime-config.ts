import * as v from 'valibot';

/**
 * Who carries the risk and who may sell it, and the number insureds call (DESIGN.md "The policy
 * after the sale"): named on the site and on every policy document. From the server's
 * INSURER_NAME, INSURER_NAIC, INSURER_AM_BEST, PRODUCER_LICENSES and SUPPORT_PHONE.
 */
export const trustSchema = v.object({
  insurer: v.object({
    name: v.string(),
    /** The NAIC company code, five digits. */
    naic: v.string(),
    /** AM Best's financial strength rating as the insurer states it: "A- (Excellent)". */
    amBest: v.string(),
  }),
  /** The producer's licence number in each state it sells in, in the order configured. */
  producerLicenses: v.array(v.object({ state: v.string(), number: v.string() })),
  /** `display` as people read it, "(800) 555-0142"; `tel` in E.164 for a tel: link. */
  supportPhone: v.object({ display: v.string(), tel: v.string() }),
  /** True when any of these is the demo's fictitious default: the site and documents say so. */
  demo: v.boolean(),
});
export type Trust = v.InferOutput<typeof trustSchema>;

/** Served as /config.json so one build serves every deployment (DESIGN.md §3). */
export const runtimeConfigSchema = v.object({
  apiBase: v.string(),
  production: v.boolean(),
  dnsPrefetchHosts: v.array(v.string()),
  googleClientId: v.nullable(v.string()),
  /**
   * The server always sends it; null only in the app's fallback when /config.json cannot be
   * read, when the site names no insurer rather than a wrong one.
   */
  trust: v.nullable(trustSchema),
});
export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;
