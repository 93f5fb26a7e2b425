import { useSearch } from '@tanstack/react-router';
import * as v from 'valibot';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { brokerBookSearch } from '@/routes/search-params';

/** The status the address narrows the book to (broker?status), or none for a missing or unknown one. */
export function useBookStatus(): SubmissionStatus | undefined {
  const parsed = v.safeParse(brokerBookSearch, useSearch({ strict: false }));
  return parsed.success ? parsed.output.status : undefined;
}
