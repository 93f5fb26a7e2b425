import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AdminJobs, FailedJob, JobQueue } from '@shared/contract/admin-jobs';
import AdminJobsScreen from '@/screens/admin-jobs/admin-jobs-screen';
import { adaAdmin, adaAdminStored } from './support/admin-fixtures';
import type { RouterParameters } from './support/router-decorator';
import { deskAuthHandlers } from './support/underwriting-fixtures';

/**
 * The scheduled work (src/screens/admin-jobs, src/machines/admin-jobs.machine.ts): each queue of
 * the job engine with its schedule, counts, last and next run, and the failed jobs, each of which
 * can be run again. The API is a small in-memory server: a retry moves the job out of the failed
 * list, as the engine does.
 */

const API = '*/api/weborder';

const counts = (values: Partial<JobQueue['counts']> = {}): JobQueue['counts'] => ({
  created: 0,
  retry: 0,
  active: 0,
  completed: 0,
  cancelled: 0,
  failed: 0,
  ...values,
});

const queues: JobQueue[] = [
  {
    name: 'instalments.invoice',
    description: 'Invoices each later instalment of a payment plan ten days before it is due.',
    everyMinutes: 60,
    cron: '0 * * * *',
    counts: counts({ completed: 12 }),
    lastCompletedAt: '2026-11-26T09:00:04.000Z',
    nextRunAt: '2026-11-26T10:00:00.000Z',
  },
  {
    name: 'renewals.offer',
    description: 'Offers each policy in force its renewal 60 days before it expires.',
    everyMinutes: 60,
    cron: '0 * * * *',
    counts: counts({ completed: 11, failed: 1, active: 1 }),
    lastCompletedAt: '2026-11-26T08:00:02.000Z',
    nextRunAt: '2026-11-26T10:00:00.000Z',
  },
  {
    name: 'housekeeping.expired',
    description: 'Drops closed rate-limit windows and sign-in and reset tokens a day past their expiry.',
    everyMinutes: 60,
    cron: '0 * * * *',
    counts: counts({ completed: 12, retry: 1 }),
    lastCompletedAt: null,
    nextRunAt: '2026-11-26T10:00:00.000Z',
  },
];

const failedJob: FailedJob = {
  id: '0b7c2f52-52d4-4c1e-9a8e-2f0b1c3d4e5f',
  queue: 'renewals.offer',
  error: 'No rate table in force for Dentists in OR on 2027-01-25',
  attempts: 4,
  createdAt: '2026-11-26T09:00:00.000Z',
  failedAt: '2026-11-26T09:31:12.000Z',
};

type ServerOptions = { failed?: FailedJob[]; failsOnce?: boolean; refuseRetry?: boolean; pending?: boolean };

/** GET admin/jobs and POST admin/jobretry in memory; each story gets its own (and `reset`). */
function jobsServer(options: ServerOptions = {}) {
  let failed = options.failed ?? [failedJob];
  let failedOnce = false;
  const view = (): AdminJobs => ({
    database: 'postgres',
    queues: queues.map((queue) => ({
      ...queue,
      counts: { ...queue.counts, failed: failed.filter((job) => job.queue === queue.name).length },
    })),
    failed,
  });
  const handlers: HttpHandler[] = [
    ...deskAuthHandlers(adaAdmin),
    http.get(`${API}/admin/jobs`, async () => {
      if (options.pending) await delay('infinite');
      if (options.failsOnce && !failedOnce) {
        failedOnce = true;
        return HttpResponse.json({ status: 503, message: 'The job engine is starting.' }, { status: 503 });
      }
      return HttpResponse.json(view());
    }),
    http.post(`${API}/admin/jobretry`, async ({ request }) => {
      const { id } = (await request.json()) as { id: string };
      const job = failed.find((candidate) => candidate.id === id);
      if (options.refuseRetry || !job)
        return HttpResponse.json({ status: 404, message: 'No such job' }, { status: 404 });
      failed = failed.filter((candidate) => candidate.id !== id);
      return HttpResponse.json({ id, queue: job.queue, state: 'retry', retried: true });
    }),
  ];
  return {
    handlers,
    reset: () => {
      failed = options.failed ?? [failedJob];
      failedOnce = false;
    },
  };
}

const standard = jobsServer();

function withServer(server: ReturnType<typeof jobsServer>) {
  return { parameters: { msw: { handlers: server.handlers } }, beforeEach: server.reset };
}

const meta = {
  title: 'Admin/Scheduled work',
  component: AdminJobsScreen,
  parameters: {
    route: '/admin/jobs',
    session: adaAdminStored,
    msw: { handlers: standard.handlers },
  } satisfies RouterParameters & { msw: unknown },
  beforeEach: standard.reset,
} satisfies Meta<typeof AdminJobsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.admin__status')!;

export const Loaded: Story = {
  name: 'Loaded: each queue with its schedule, counts, last and next run; a failed job with its error',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Queues' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('instalments.invoice');
    await expect(rows[0]).toHaveTextContent('Every hour');
    await expect(rows[0]).toHaveTextContent('0 * * * *');
    await expect(rows[1]).toHaveTextContent('renewals.offer');
    await expect(rows[2]).toHaveTextContent('Not yet');
    const failed = canvas.getByRole('table', { name: 'Failed jobs, newest first' });
    await expect(failed).toHaveTextContent('No rate table in force for Dentists in OR on 2027-01-25');
    await expect(canvas.getByRole('link', { name: 'Scheduled work' })).toHaveAttribute('aria-current', 'page');
    await expect(status(canvasElement)).toHaveTextContent('3 queues; 1 failed job to look at.');
    await expect(canvasElement).toHaveTextContent('Jobs are kept in the PostgreSQL database.');
  },
};

export const RunAgain: Story = {
  name: 'Run again: the job leaves the failed list, and the live region says it will run',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Run again: renewals.offer, job 0b7c2f52' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(status(canvasElement)).toHaveTextContent('The renewals.offer job will run again at a worker’s next look.'),
    );
    await waitFor(() => expect(canvas.queryByRole('table', { name: 'Failed jobs, newest first' })).toBeNull());
    await expect(canvasElement).toHaveTextContent('No job has failed');
  },
};

export const NothingFailed: Story = {
  name: 'Nothing failed',
  ...withServer(jobsServer({ failed: [] })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Queues' });
    await expect(canvasElement).toHaveTextContent('No job has failed');
    await expect(status(canvasElement)).toHaveTextContent('3 queues; no job has failed.');
  },
};

export const RetryRefused: Story = {
  name: 'Run again refused (404): said above the view, which stays',
  ...withServer(jobsServer({ refuseRetry: true })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Run again/ }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The job could not be sent to run again. 404: No such job');
    await expect(canvas.getByRole('table', { name: 'Failed jobs, newest first' })).toBeVisible();
  },
};

export const Loading: Story = {
  name: 'Loading',
  ...withServer(jobsServer({ pending: true })),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Loading the scheduled work…'));
  },
};

export const Failed: Story = {
  name: 'Could not load: said, with Try again that works',
  ...withServer(jobsServer({ failsOnce: true })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not load the scheduled work. 503: The job engine is starting.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await canvas.findByRole('table', { name: 'Queues' });
  },
};
