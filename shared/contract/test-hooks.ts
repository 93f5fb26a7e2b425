import * as v from 'valibot';

/**
 * Browser tests' hooks (TEST_HOOKS, never in production): move the server's clock forward, and
 * run the instalments' sweeps now rather than at the job engine's next tick.
 */
export const advanceClockRequestSchema = v.object({
  days: v.pipe(v.number('must be a number'), v.integer('must be whole days'), v.minValue(0), v.maxValue(400)),
});

export const advanceClockSchema = v.object({ now: v.string() });

export const instalmentSweepsSchema = v.object({
  invoiced: v.number(),
  reminded: v.number(),
  noticed: v.number(),
  cancelled: v.number(),
});

/** POST test/runrenewals (issue 20): what the renewal offer and the expiry sweeps did this run. */
export const renewalSweepsSchema = v.object({
  offered: v.number(),
  unpriced: v.number(),
  reminded: v.number(),
  expired: v.number(),
});
