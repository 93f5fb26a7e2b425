/**
 * Reads started before the screen that shows them has mounted: a signed-in screen opened by a
 * full load otherwise waits for the session check, then its chunk's render, then one read after
 * another, each a round trip on a phone's network. The entry starts them beside the session check
 * (src/routes/early-reads.ts); the API function that makes the same request takes the response
 * already on its way and parses it as always. Only requests are held here, never their parsing:
 * the contracts stay in the screens' chunks, out of the entry every page loads. A read is taken once, and only while
 * fresh, so a later visit reads again, and only by the session it was read for (the stored token is
 * part of its key), so another user signing in on the same browser never sees it, and never after
 * a write (the client forgets them all when it sends one), so no answer from before a change is
 * shown after it. Written here rather than with a query-cache library: the
 * machines own their data, this only lends them a head start.
 */
import { AUTH_TOKEN_KEY } from '@/api/session-storage-keys';

interface StartedRead {
  promise: Promise<Response>;
  at: number;
}

const started = new Map<string, StartedRead>();

/** Older than this, an early answer is not used: the screen reads afresh. */
export const EARLY_READ_FRESH_MS = 10_000;

/** Starts `read` (the request, not its parsing) under `key` unless a fresh one is already under way. */
export function readEarly(name: string, read: () => Promise<Response>, now = Date.now()): void {
  const key = sessionKey(name);
  const current = started.get(key);
  if (current && now - current.at < EARLY_READ_FRESH_MS) return;
  const promise = read();
  // Nobody may ever take it (the session had ended, the visitor went elsewhere): never unhandled.
  promise.catch(() => undefined);
  started.set(key, { promise, at: now });
}

/** The early answer under `key` if there is a fresh one (taken: the next call reads again), else `read()`. */
export function takeEarly(name: string, read: () => Promise<Response>, now = Date.now()): Promise<Response> {
  const key = sessionKey(name);
  const early = started.get(key);
  started.delete(key);
  if (early && now - early.at < EARLY_READ_FRESH_MS) return early.promise;
  return read();
}

function storedToken(): string {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

const sessionKey = (name: string) => `${storedToken()} ${name}`;

/** Forgets every early read: on every write the client sends, and between tests. */
export function forgetEarlyReads(): void {
  started.clear();
}

/** The keys, one per read, so the guard and the machines name the same read the same way. */
export const earlyReadKey = {
  orderDetails: (submissionId: number) => `order-details:${submissionId}`,
  application: (submissionId: number) => `application:${submissionId}`,
};
