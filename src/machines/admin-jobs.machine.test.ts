import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AdminJobs, JobRetry } from '@shared/contract/admin-jobs';
import { adminJobsMachine } from '@/machines/admin-jobs.machine';

const failedJob = {
  id: '0b7c2f52-52d4-4c1e-9a8e-2f0b1c3d4e5f',
  queue: 'renewals.offer',
  error: 'The rate table is missing',
  attempts: 4,
  createdAt: '2026-11-26T08:00:00.000Z',
  failedAt: '2026-11-26T08:20:00.000Z',
};
const view = (failed = [failedJob]): AdminJobs => ({ database: 'postgres', queues: [], failed });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function refusal(status: number, message: string) {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/admin/jobretry'),
    {} as never,
  );
  error.message = message;
  return error;
}

function harness() {
  type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };
  const loads: Array<Pending<AdminJobs>> = [];
  const retries: Array<Pending<JobRetry> & { id: string }> = [];
  const actor = createActor(
    adminJobsMachine.provide({
      actors: {
        loadJobs: fromPromise(() => new Promise<AdminJobs>((resolve, reject) => loads.push({ resolve, reject }))),
        retryJob: fromPromise(
          ({ input }: { input: string }) =>
            new Promise<JobRetry>((resolve, reject) => retries.push({ id: input, resolve, reject })),
        ),
      },
    }),
  ).start();
  return { actor, loads, retries, state: () => actor.getSnapshot() };
}

describe('adminJobsMachine', () => {
  it('loads; a retry sends the job id, keeps the view meanwhile, then loads again and says what it did', async () => {
    const h = harness();
    h.loads[0]!.resolve(view());
    await settle();
    expect(h.state().value).toBe('loaded');
    h.actor.send({ type: 'jobs.retry', id: failedJob.id });
    expect(h.state().value).toBe('retrying');
    expect(h.state().context).toMatchObject({ retrying: failedJob.id, view: view() });
    expect(h.retries.map((retry) => retry.id)).toEqual([failedJob.id]);
    // A second click while the first is on its way sends nothing.
    h.actor.send({ type: 'jobs.retry', id: failedJob.id });
    expect(h.retries).toHaveLength(1);
    const retried: JobRetry = { id: failedJob.id, queue: 'renewals.offer', state: 'retry', retried: true };
    h.retries[0]!.resolve(retried);
    await settle();
    expect(h.state().value).toBe('loading');
    expect(h.state().context).toMatchObject({ retrying: undefined, retried });
    h.loads[1]!.resolve(view([]));
    await settle();
    expect(h.state().value).toBe('loaded');
    expect(h.state().context.view!.failed).toEqual([]);
    expect(h.state().context.retried).toEqual(retried);
    // Refreshing forgets what the last retry said.
    h.actor.send({ type: 'jobs.reload' });
    expect(h.state().context.retried).toBeUndefined();
    expect(h.loads).toHaveLength(3);
  });

  it('a refused retry is said and the view stays; a failed load is said, and Try again loads again', async () => {
    const h = harness();
    h.loads[0]!.resolve(view());
    await settle();
    h.actor.send({ type: 'jobs.retry', id: failedJob.id });
    h.retries[0]!.reject(refusal(404, '404: No such job'));
    await settle();
    expect(h.state().value).toBe('loaded');
    expect(h.state().context).toMatchObject({ failure: '404: No such job', retrying: undefined, view: view() });

    h.actor.send({ type: 'jobs.reload' });
    h.loads[1]!.reject(refusal(503, '503: Unavailable'));
    await settle();
    expect(h.state().value).toBe('loadFailed');
    expect(h.state().context.errorMessage).toBe('503: Unavailable');
    h.actor.send({ type: 'jobs.reload' });
    expect(h.state().value).toBe('loading');
    expect(h.loads).toHaveLength(3);
  });

  it('reaches every state by a shortest path', () => {
    const paths = getShortestPaths(adminJobsMachine, {
      events: [
        { type: 'xstate.done.actor.loadJobs', output: view() },
        { type: 'xstate.error.actor.loadJobs', error: new Error('x') },
        { type: 'jobs.retry', id: failedJob.id },
        {
          type: 'xstate.done.actor.retryJob',
          output: { id: failedJob.id, queue: 'renewals.offer', state: 'retry', retried: true },
        },
        { type: 'xstate.error.actor.retryJob', error: new Error('x') },
        { type: 'jobs.reload' },
      ] as never,
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(['loading', 'loaded', 'loadFailed', 'retrying']),
    );
  });
});
