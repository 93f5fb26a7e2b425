/** What the saved-quote rules need from the server (the routes build it once from the app). */
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/connection';
import type { RatingCatalog } from '@server/rating/rating-catalog';

export type SubmissionDeps = {
  db: Database;
  catalog: RatingCatalog;
  clock: Clock;
  /** Derives a visitor's quote key from its Idempotency-Key (derivedQuoteKey). */
  secret: string;
};
