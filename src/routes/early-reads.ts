import { storedToken } from '@/api/client';
import { earlyReadKey, readEarly } from '@/api/early-reads';
import { earlyRequest } from '@/api/early-requests';
import { orderIdOf } from '@/components/order/order-id';

/** What a guard knows of the screen being opened: its address and its validated search. */
export interface EarlyReadTarget {
  pathname: string;
  search: unknown;
}

/** The screen's path in the table ("payment") from a plain or branded address (/client/payment/{clientid}). */
export function screenPathOf(pathname: string): string {
  const [first, second] = pathname.replace(/^\/+/, '').split('/');
  return (first === 'client' ? second : first) ?? '';
}

/**
 * The requests each signed-in screen (by its path in the screen table) starts beside the session
 * check (src/api/early-reads.ts). Payment is the one whose first paint waited on reads in a row
 * (the session, then the order, then the application it reviews): Lighthouse's mobile run put
 * its largest paint at 3.2 s, much of it this waterfall.
 */
const EARLY_READS: Record<string, (search: Record<string, unknown>) => void> = {
  payment: (search) => {
    const submissionId = orderIdOf(search.submissionid);
    if (submissionId === undefined) return;
    readEarly(earlyReadKey.orderDetails(submissionId), () => earlyRequest.orderDetails(submissionId));
    readEarly(earlyReadKey.application(submissionId), () => earlyRequest.application(submissionId));
  },
};

/**
 * Starts the screen's early reads when a session is stored (without one they would only be
 * refused). Called twice for a page opened by a full load, by main.tsx at boot (before the router
 * exists: the requests then go out with the session check) and by the guard; the second finds
 * them under way and starts nothing.
 */
export function startEarlyReads({ pathname, search }: EarlyReadTarget): void {
  const path = screenPathOf(pathname);
  const start = Object.hasOwn(EARLY_READS, path) ? EARLY_READS[path] : undefined;
  if (!start || !storedToken() || typeof search !== 'object' || search === null) return;
  start(search as Record<string, unknown>);
}
