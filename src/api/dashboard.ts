import * as v from 'valibot';
import { http } from '@/api/client';
import {
  existingOpenOrderSchema,
  submissionSummaryListSchema,
  type SubmissionSummary,
} from '@shared/contract/dashboard';

/** GET dashboard/submissiondetails: every order of the signed-in insured, newest change first. */
export async function getSubmissionDetails(): Promise<SubmissionSummary[]> {
  return v.parse(submissionSummaryListSchema, await http().get('dashboard/submissiondetails').json());
}

/** GET insured/existingopenorder: the open order changed most recently, to resume; null when none. */
export async function getExistingOpenOrder(): Promise<SubmissionSummary | null> {
  return v.parse(existingOpenOrderSchema, await http().get('insured/existingopenorder').json()).order;
}
