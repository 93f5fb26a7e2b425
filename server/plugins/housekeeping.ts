/**
 * Drops what can no longer matter, once an hour in each process (deletes are idempotent, so
 * several processes doing it is harmless): rate-limit buckets whose window closed, refresh and
 * reset tokens a day past their expiry.
 */
import { lt } from 'drizzle-orm';
import { addMs, DAY, HOUR, type Clock } from '@server/clock';
import { dropExpiredBuckets } from '@server/auth/rate-limit';
import type { Database } from '@server/db/connection';
import { passwordResetTokens, refreshTokens } from '@server/db/schema';
import { namedPlugin } from '@server/plugins/named-plugin';

export async function sweepExpired(db: Database, now: Date): Promise<void> {
  await dropExpiredBuckets(db, now);
  const dayAgo = addMs(now, -DAY);
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, dayAgo));
  await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, dayAgo));
}

export const housekeeping = namedPlugin<{ clock: Clock }>(
  'housekeeping',
  async (app, { clock }) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        running = sweepExpired(app.db, clock.now()).catch((error: unknown) =>
          app.log.warn({ err: error }, 'Housekeeping sweep failed'),
        );
      }, HOUR);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  ['database'],
);
