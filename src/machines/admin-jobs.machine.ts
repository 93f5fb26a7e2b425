import { assign, fromPromise, setup } from 'xstate';
import { adminJobs, retryJob } from '@/api/admin-jobs';
import { errorText } from '@/api/api-error';
import type { AdminJobs, JobRetry } from '@shared/contract/admin-jobs';
import { errorOf } from '@/machines/actor-events';

export interface AdminJobsContext {
  view: AdminJobs | undefined;
  /** Why the view could not load. */
  errorMessage: string | undefined;
  /** The failed job being sent to run again. */
  retrying: string | undefined;
  /** What the last retry did, for the live region. */
  retried: JobRetry | undefined;
  /** Why the last retry was refused. */
  failure: string | undefined;
}

export type AdminJobsEvent =
  /** Run a failed job again. */
  | { type: 'jobs.retry'; id: string }
  /** Load the view again (Refresh, or Try again after a failure). */
  | { type: 'jobs.reload' };

/**
 * The scheduled work (issue 20): each queue of the job engine with its schedule, counts, last and
 * next run; the jobs that failed for good, each of which can be run again. After a retry the view
 * loads again, so the job leaves the failed list once put back.
 */
export const adminJobsMachine = setup({
  types: {
    context: {} as AdminJobsContext,
    events: {} as AdminJobsEvent,
  },
  actors: {
    /** GET admin/jobs. */
    loadJobs: fromPromise<AdminJobs>(() => adminJobs()),
    /** POST admin/jobretry. */
    retryJob: fromPromise<JobRetry, string>(({ input }) => retryJob(input)),
  },
  actions: {
    storeView: assign((_, view: AdminJobs) => ({ view, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    startRetry: assign((_, id: string) => ({ retrying: id, retried: undefined, failure: undefined })),
    storeRetried: assign((_, retried: JobRetry) => ({ retrying: undefined, retried })),
    storeFailure: assign((_, error: unknown) => ({ retrying: undefined, failure: errorText(error) })),
    forgetOutcome: assign({ retried: undefined, failure: undefined }),
  },
}).createMachine({
  id: 'adminJobs',
  context: { view: undefined, errorMessage: undefined, retrying: undefined, retried: undefined, failure: undefined },
  initial: 'loading',
  states: {
    loading: {
      description: 'The queues and the failed jobs are being fetched.',
      invoke: {
        id: 'loadJobs',
        src: 'loadJobs',
        onDone: {
          target: 'loaded',
          description: 'The queues arrived.',
          actions: { type: 'storeView', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loadFailed',
          description: 'The view could not be fetched.',
          actions: { type: 'storeError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The view could not be fetched; the reason shows with Try again.',
      on: { 'jobs.reload': { target: 'loading', description: 'The administrator tries again.' } },
    },
    loaded: {
      description: 'The administrator reads each queue and the failed jobs, and may run a failed one again.',
      on: {
        'jobs.retry': {
          target: 'retrying',
          description: 'The administrator runs a failed job again.',
          actions: { type: 'startRetry', params: ({ event }) => event.id },
        },
        'jobs.reload': {
          target: 'loading',
          description: 'The administrator refreshes the view (the queues keep running meanwhile).',
          actions: 'forgetOutcome',
        },
      },
    },
    retrying: {
      description: 'The failed job is being put back to run; its button waits.',
      invoke: {
        id: 'retryJob',
        src: 'retryJob',
        input: ({ context }) => context.retrying!,
        onDone: {
          target: 'loading',
          description: 'Put back (or it already was): the view loads again to show it.',
          actions: { type: 'storeRetried', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loaded',
          description: 'The retry was refused (the job is gone, or the server failed): said above the view.',
          actions: { type: 'storeFailure', params: errorOf },
        },
      },
    },
  },
});
