import * as v from 'valibot';
import { http } from '@/api/client';
import { adminJobsSchema, jobRetrySchema, type AdminJobs, type JobRetry } from '@shared/contract/admin-jobs';

/**
 * The scheduled work for administrators (shared/contract/admin-jobs.ts): role admin only. A retry
 * of a job that is no longer failed changes nothing and says so (retried false); an unknown job
 * is a 404.
 */

/** GET admin/jobs: every queue, and the jobs that failed for good. */
export async function adminJobs(): Promise<AdminJobs> {
  return v.parse(adminJobsSchema, await http().get('admin/jobs').json());
}

/** POST admin/jobretry: runs a failed job again. */
export async function retryJob(id: string): Promise<JobRetry> {
  return v.parse(jobRetrySchema, await http().post('admin/jobretry', { json: { id } }).json());
}
