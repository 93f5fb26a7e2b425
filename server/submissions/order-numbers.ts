/**
 * Order numbers: Q-2026-000123, the year the order was made and a number from the database's
 * submission_number_seq. Taken in the insert itself (submission-queries.ts), so a number is only
 * drawn by a save that happens and no two saves can draw the same one.
 */
import { sql } from 'drizzle-orm';

/** The next order number for `year`, padded to six digits (more when the sequence outgrows them). */
export const nextOrderNumber = (year: number) =>
  sql<string>`(select 'Q-' || ${String(year)}::text || '-' || lpad(seq.n, greatest(6, length(seq.n)), '0') from (select nextval('submission_number_seq')::text as n) as seq)`;
