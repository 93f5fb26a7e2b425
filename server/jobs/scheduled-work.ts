/**
 * The policy year's scheduled work (issue 20): one row per recurring sweep. The job engine
 * (server/jobs) runs each on its schedule, once at a time across processes, and retries it when
 * a process dies. Every sweep must be idempotent on its own (a conditional update or a unique key
 * per thing done), so that a retry after a crash or a second process never does the work twice,
 * and must take "now" from ctx.clock, never from the system or SQL's now(), so tests move time.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@server/clock';
import type { Config } from '@server/config';
import type { Database } from '@server/db/connection';
import type { MailService } from '@server/plugins/mail';
import { renewalWork } from '@server/renewals/renewal-work';
import { instalmentWork } from '@server/instalments/instalment-sweeps';
import { housekeepingWork } from '@server/jobs/housekeeping';

export type ScheduledWorkContext = {
  db: Database;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
};

export type ScheduledWork = {
  /** The job's queue name: `<domain>.<what>`, e.g. `instalments.invoice`. */
  name: string;
  /** One sentence for the administrators' Scheduled work page. */
  description: string;
  /** How often it runs, in minutes (the engine's cron granularity is one minute). */
  everyMinutes: number;
  run(ctx: ScheduledWorkContext): Promise<void>;
};

/** Each domain adds its sweep here (instalments, renewals, expiries, housekeeping). */
export const scheduledWork: ScheduledWork[] = [housekeepingWork, ...renewalWork, ...instalmentWork];
