/**
 * Drops what can no longer matter: rate-limit buckets whose window closed, refresh and reset
 * tokens a day past their expiry. Deletes are idempotent, so a retry or an overlap is harmless.
 * It was a timer in every process; as a row of the scheduled work it runs once an hour in one of
 * them, and an administrator sees it run.
 */
import { lt } from 'drizzle-orm';
import { addMs, DAY } from '@server/clock';
import { dropExpiredBuckets } from '@server/auth/rate-limit';
import type { Database } from '@server/db/connection';
import { passwordResetTokens, refreshTokens } from '@server/db/schema';
import type { ScheduledWork } from '@server/jobs/scheduled-work';

export async function sweepExpired(db: Database, now: Date): Promise<void> {
  await dropExpiredBuckets(db, now);
  const dayAgo = addMs(now, -DAY);
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, dayAgo));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, dayAgo));
}

export const housekeepingWork: ScheduledWork = {
  name: 'housekeeping.expired',
  description: 'Drops closed rate-limit windows and sign-in and reset tokens a day past their expiry.',
  everyMinutes: 60,
  run: ({ db, clock }) => sweepExpired(db, clock.now()),
};
