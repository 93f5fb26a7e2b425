/**
 * Fixed-window rate limits kept in the rate_limits table, so every server process counts into
 * the same buckets. One upsert per check counts the attempt and reads the bucket back.
 * Accounts are bucketed by a hash of their e-mail (no addresses in this table), and whether
 * the address has an account makes no difference: the answers reveal nothing.
 */
import { createHash } from 'node:crypto';
import { countInWindow, deleteBucket, deleteBucketsClosedBefore } from '@server/auth/rate-limit-queries';
import { addMs, DAY, HOUR, MINUTE } from '@server/clock';
import type { Queryable } from '@server/db/connection';
import { tooManyRequests } from '@server/http/http-error';

export type Rule = { limit: number; windowMs: number };

/** The limits, per route: by client address and by account. */
export const rateLimitRules = {
  signIn: { ip: { limit: 20, windowMs: MINUTE }, account: { limit: 10, windowMs: MINUTE } },
  googleSignIn: { ip: { limit: 20, windowMs: MINUTE }, account: { limit: 10, windowMs: MINUTE } },
  forgotPassword: { ip: { limit: 10, windowMs: MINUTE }, account: { limit: 5, windowMs: HOUR } },
  signUp: { ip: { limit: 20, windowMs: 10 * MINUTE } },
  // Documents mailed to an address the insured types: enough for an accountant and a manager, too few to spam with.
  // A recipient is counted per sender and across all senders: new accounts are cheap, so the
  // second bound is what keeps one address from being mailed by many of them.
  shareDocument: {
    ip: { limit: 30, windowMs: HOUR },
    account: { limit: 10, windowMs: HOUR },
    recipient: { limit: 3, windowMs: HOUR },
    recipientFromAnyone: { limit: 6, windowMs: DAY },
  },
  // A certificate's public page (issue 19): plenty for a landlord checking their tenants, too few to scrape with.
  verifyCertificate: { ip: { limit: 30, windowMs: 10 * MINUTE } },
} as const satisfies Record<string, { ip: Rule; account?: Rule; recipient?: Rule; recipientFromAnyone?: Rule }>;

export type Bucket = { used: number; resetAt: Date };

/** Counts one attempt in `key` and returns the bucket as it now is. */
export async function countAttempt(db: Queryable, key: string, rule: Rule, now: Date): Promise<Bucket> {
  return countInWindow(db, key, now, addMs(now, rule.windowMs));
}

const retryAfterSeconds = (bucket: Bucket, now: Date) => (bucket.resetAt.getTime() - now.getTime()) / 1000;

export function waitMessage(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return `${whole} second${whole === 1 ? '' : 's'}`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} minutes`;
}

/** Counts the attempt; throws a 429 with Retry-After when the bucket is over its limit. */
export async function enforce(
  db: Queryable,
  key: string,
  rule: Rule,
  now: Date,
  message: (wait: string) => string,
): Promise<void> {
  const bucket = await countAttempt(db, key, rule, now);
  if (bucket.used > rule.limit) {
    const seconds = retryAfterSeconds(bucket, now);
    throw tooManyRequests(message(waitMessage(seconds)), seconds);
  }
}

export const ipKey = (route: string, ip: string) => `${route}:ip:${ip}`;

export const accountKey = (route: string, account: string) =>
  `${route}:account:${createHash('sha256').update(account.trim().toLowerCase(), 'utf8').digest('hex')}`;

/** Empties a bucket: after a password reset its owner may sign in at once. */
export async function forgetAttempts(db: Queryable, key: string): Promise<void> {
  await deleteBucket(db, key);
}

/** Buckets whose window closed long ago count for nothing: the housekeeping sweep drops them. */
export async function dropExpiredBuckets(db: Queryable, now: Date): Promise<number> {
  return deleteBucketsClosedBefore(db, now);
}
