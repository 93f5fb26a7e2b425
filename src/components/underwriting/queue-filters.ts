import { useSearch } from '@tanstack/react-router';
import * as v from 'valibot';
import type { QueueFilters } from '@/api/underwriting';
import { setFilters } from '@/machines/underwriting-queue.machine';
import { underwritingSearch } from '@/routes/search-params';

/**
 * The queue's filters in the current address: the queue's own (underwriting?brokerId…), or the
 * ones a review was opened with, which its way back keeps. Read with underwritingSearch, so
 * anything malformed reads as no filter.
 */
export function useQueueFilters(): QueueFilters {
  const search = useSearch({ strict: false });
  const parsed = v.safeParse(underwritingSearch, search);
  return parsed.success ? setFilters(parsed.output) : {};
}
