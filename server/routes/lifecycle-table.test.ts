/**
 * One table drives both enforcers (issue 7): the design's table of legal moves
 * (shared/lifecycle/order-lifecycle.design-table.ts), which the machine's own test checks the
 * machine against, is here checked against the server. For every status and every call that
 * sends a lifecycle event, an allowed move must succeed and land where the table says; every
 * other must be the 409 naming the status, with nothing written.
 */
import { submissionStatuses } from '@shared/contract/enums';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SubmissionStatus } from '@shared/contract/submissions';
import { actors, eventTypes, expected } from '@shared/lifecycle/order-lifecycle.design-table';
import type { LifecycleActor, LifecycleEventType } from '@shared/lifecycle/order-lifecycle.machine';
import { submissionEvents, submissions, users } from '@server/db/schema';
import { newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

let insured: Insured;
let underwriter: Insured;
let order: { submissionId: number; limitCode: string };
/** One order per status, so a call in one status never reads as a repeat of a move made in another. */
const orders = new Map<SubmissionStatus, { submissionId: number; limitCode: string }>();

type Probe = {
  /** The call, in words. */
  name: string;
  actor: LifecycleActor;
  /** The events the call may send (updaterating re-rates or supplies items, by status). */
  events: LifecycleEventType[];
  send(id: number): ReturnType<Insured['call']>;
  /** Where the answer says the order is now (default: its `status`). */
  statusOf?(answer: Record<string, unknown>): unknown;
};

const probes: Probe[] = [
  {
    name: 'PUT insured/buynow',
    actor: 'insured',
    events: ['order.buyNow'],
    send: (id) => insured.call('PUT', 'insured/buynow', { submissionid: id }, { form: true }),
  },
  {
    name: 'POST insured/updaterating',
    actor: 'insured',
    events: ['order.rate', 'order.supplyItems'],
    send: (id) => insured.call('POST', 'insured/updaterating', { submissionId: id, limitCode: order.limitCode }),
  },
  {
    name: 'PUT insured/resubmit',
    actor: 'insured',
    events: ['order.resubmit'],
    send: (id) =>
      insured.call(
        'PUT',
        'insured/resubmit',
        { submissionid: id, message: 'The loss runs you asked for.' },
        { form: true },
      ),
  },
  {
    name: 'PUT insured/sendtocloselost',
    actor: 'insured',
    events: ['order.sendToCloseLost'],
    send: (id) => insured.call('PUT', 'insured/sendtocloselost', { submissionid: id, reason: 'price' }, { form: true }),
  },
  {
    name: 'POST invoice/generateInvoice',
    actor: 'insured',
    events: ['order.generateInvoice'],
    send: (id) => insured.call('POST', 'invoice/generateInvoice', { submissionid: id }),
    statusOf: (invoice) => invoice.orderStatus,
  },
  {
    name: 'POST underwriting/approve',
    actor: 'underwriter',
    events: ['order.approve'],
    send: (id) => underwriter.call('POST', 'underwriting/approve', { submissionid: id }),
  },
  {
    name: 'POST underwriting/requestinfo',
    actor: 'underwriter',
    events: ['order.requestInfo'],
    send: (id) =>
      underwriter.call('POST', 'underwriting/requestinfo', {
        submissionid: id,
        message: 'Please send five years of loss runs.',
      }),
  },
  {
    name: 'POST underwriting/decline',
    actor: 'underwriter',
    events: ['order.decline'],
    send: (id) =>
      underwriter.call('POST', 'underwriting/decline', { submissionid: id, reason: 'Outside our appetite.' }),
  },
  {
    name: 'POST underwriting/closelost',
    actor: 'underwriter',
    events: ['order.sendToCloseLost'],
    send: (id) =>
      underwriter.call('POST', 'underwriting/closelost', { submissionid: id, reason: 'The insured withdrew.' }),
  },
];

/** Where buy now may end: the checks' exits the table allows the rules engine. */
const checksExits = eventTypes.flatMap((type) => {
  const to = expected('checks', type, 'system');
  return to ? [to] : [];
});

/** Where the table takes `status` on this probe's call, or null when it refuses. */
function tableSays(status: SubmissionStatus, probe: Probe): SubmissionStatus | null {
  for (const type of probe.events) {
    const to = expected(status, type, probe.actor);
    if (to) return to;
  }
  return null;
}

async function orderRow() {
  const [row] = await t.app.db.select().from(submissions).where(eq(submissions.id, order.submissionId));
  return row!;
}

async function eventCount(): Promise<number> {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(submissionEvents)
    .where(eq(submissionEvents.submissionId, order.submissionId));
  return row!.n;
}

beforeAll(async () => {
  insured = await newInsured(app);
  underwriter = await newInsured(app);
  await t.app.db.update(users).set({ role: 'underwriter' }).where(eq(users.id, underwriter.userId));
  for (const status of submissionStatuses) {
    const quote = await quotedOrder(app, insured);
    orders.set(status, { submissionId: quote.submissionId, limitCode: quote.rating.limit.code });
  }
});

describe('the server moves orders exactly as the design table says', () => {
  const cases = submissionStatuses.flatMap((status) =>
    probes.map((probe) => ({ status, probe, to: tableSays(status, probe) })),
  );

  it(`tries ${probes.length} calls in each of the ${submissionStatuses.length} statuses, every actor of the table among them`, () => {
    expect(cases).toHaveLength(probes.length * submissionStatuses.length);
    expect(new Set(probes.map((probe) => probe.actor))).toEqual(new Set(actors.filter((actor) => actor !== 'system')));
    // Both answers occur: the table is not all-refused or all-allowed for these calls.
    expect(cases.filter((c) => c.to).length).toBeGreaterThan(15);
    expect(cases.filter((c) => !c.to).length).toBeGreaterThan(60);
  });

  it.each(cases.map((c) => ({ ...c, name: c.probe.name, expect: c.to ?? '409' })))(
    '$status: $name → $expect',
    async ({ status, probe, to }) => {
      order = orders.get(status)!;
      // The order is put in the status directly: how it got there is other tests' business.
      await t.app.db.update(submissions).set({ status }).where(eq(submissions.id, order.submissionId));
      const before = await orderRow();
      const eventsBefore = await eventCount();

      const response = await probe.send(order.submissionId);
      const after = await orderRow();

      if (to === null) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().fields).toEqual({ status: `is ${status}` });
        expect(response.json().message).toContain(status.replaceAll('_', ' '));
        expect(after.status).toBe(status);
        expect(after.version).toBe(before.version);
        expect(await eventCount()).toBe(eventsBefore);
        return;
      }
      expect(response.statusCode, response.body).toBe(200);
      const answered = (probe.statusOf ?? ((answer) => answer.status))(response.json()) as SubmissionStatus;
      if (to === 'checks') {
        // Buy now: the insured's move to checks, then the rules' move out of it, both recorded.
        expect(checksExits).toContain(answered);
        expect(await eventCount()).toBe(eventsBefore + 2);
      } else {
        expect(answered).toBe(to);
        expect(await eventCount()).toBeGreaterThan(eventsBefore);
      }
      expect(after.status).toBe(answered);
      expect(after.version).toBeGreaterThan(before.version);
    },
  );
});
