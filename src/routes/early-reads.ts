import { storedToken } from '@/api/client';

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
 * The reads each signed-in screen starts beside the session check (src/api/early-reads.ts).
 * Payment is the one whose first paint waits on reads in a row (the order, then the application
 * it reviews): Lighthouse's mobile run put its largest paint at 3.2 s, most of it this waterfall.
 */
const EARLY_READS: Record<string, () => Promise<(search: Record<string, unknown>) => void>> = {
  // Loaded on demand: its calls' contracts would otherwise weigh on every page's entry chunk.
  payment: () => import('@/routes/payment-early-reads').then((module) => module.startPaymentReads),
};

/**
 * Starts the screen's early reads when a session is stored (without one they would only be
 * refused). Called twice for a page opened by a full load, by main.tsx at boot (before the router
 * exists: the reads then go out with the session check) and by the guard; the second finds the
 * reads under way and starts nothing.
 */
export function startEarlyReads({ pathname, search }: EarlyReadTarget): void {
  const path = screenPathOf(pathname);
  const start = Object.hasOwn(EARLY_READS, path) ? EARLY_READS[path] : undefined;
  if (!start || !storedToken() || typeof search !== 'object' || search === null) return;
  void start().then(
    (read) => read(search as Record<string, unknown>),
    // A chunk that failed to load: the screen reads for itself, as without early reads.
    () => undefined,
  );
}
