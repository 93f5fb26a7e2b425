import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { Endorsement, ReferredEndorsement } from '@shared/contract/endorsements';
import {
  endorsementsDeskMachine,
  oldestFirst,
  type EndorsementsDeskContext,
} from '@/machines/endorsements-desk.machine';
import { actorAnswer, answerableCalls, httpError, reading } from '@/machines/machine-test-harness';
import { getTransitionPaths } from '@/machines/transition-paths';

const referred = (id: number, createdAt: string): ReferredEndorsement => ({
  id,
  policyId: 40 + id,
  number: `P-2026-0000${40 + id}-E01`,
  kind: 'change',
  status: 'referred',
  effectiveDate: '2026-12-01',
  changes: [{ field: 'limitCode', before: '1M/1M', after: '2M/4M' }],
  annualPremiumBeforeCents: 200_000,
  annualPremiumAfterCents: 260_000,
  premiumChangeCents: 35_000,
  taxChangeCents: 700,
  feeChangeCents: 350,
  totalChangeCents: 36_050,
  returnPremiumStatus: null,
  invoiceId: null,
  invoiceNumber: null,
  createdAt,
  issuedAt: null,
  hasDocument: false,
  policyNumber: `P-2026-0000${40 + id}`,
  insuredName: 'Ada Lovelace Architects LLC',
  reason: 'The annual premium after the change, $2,600.00, is above the automatic authority of $2,400.00.',
});

const first = referred(1, '2026-11-20T10:00:00.000Z');
const second = referred(2, '2026-11-24T10:00:00.000Z');
const decided = (item: ReferredEndorsement, status: Endorsement['status']): Endorsement => {
  const { policyNumber: _n, insuredName: _i, reason: _r, ...endorsement } = item;
  return { ...endorsement, status };
};

function harness() {
  const { calls, answer, waiting, waitingOn } = answerableCalls<'loadReferred' | 'decide'>();
  const actor = createActor(
    endorsementsDeskMachine.provide({ actors: { loadReferred: waiting('loadReferred'), decide: waiting('decide') } }),
  ).start();
  return { ...reading(actor), calls, answer, waitingOn };
}

describe('endorsementsDeskMachine', () => {
  it('lists the changes oldest waiting first', () => {
    expect(oldestFirst([second, first]).map((item) => item.id)).toEqual([1, 2]);
  });

  it('approves after the dialog, reloads the list and says what was decided', async () => {
    const desk = harness();
    await desk.answer('loadReferred', 'done', [second, first]);
    expect(desk.context().items!.map((item) => item.id)).toEqual([1, 2]);
    desk.send({ type: 'decision.start', endorsementId: 1, kind: 'approve' });
    expect(desk.value()).toEqual({ ready: 'confirming' });
    desk.send({ type: 'decision.submit' });
    expect(desk.calls.at(-1)).toEqual({
      call: 'decide',
      input: { endorsementId: 1, request: { decision: 'approve' } },
    });
    await desk.answer('decide', 'done', decided(first, 'awaiting_payment'));
    // The decided change stays shown until the list is back.
    expect(desk.value()).toBe('refreshing');
    expect(desk.context().outcome).toMatchObject({ number: first.number, kind: 'approve' });
    await desk.answer('loadReferred', 'done', [second]);
    expect(desk.value()).toEqual({ ready: 'browsing' });
    expect(desk.context()).toMatchObject({ decisions: 1, chosen: undefined, items: [second] });
  });

  it('declines only with a reason, sent trimmed; the last one leaves the desk empty', async () => {
    const desk = harness();
    await desk.answer('loadReferred', 'done', [first]);
    desk.send({ type: 'decision.start', endorsementId: 1, kind: 'decline' });
    desk.send({ type: 'decision.submit', reason: '   ' });
    expect(desk.value()).toEqual({ ready: 'confirming' });
    expect(desk.waitingOn()).toBeUndefined();
    desk.send({ type: 'decision.submit', reason: ' Two claims this year. ' });
    expect(desk.calls.at(-1)!.input).toEqual({
      endorsementId: 1,
      request: { decision: 'decline', reason: 'Two claims this year.' },
    });
    await desk.answer('decide', 'done', decided(first, 'declined'));
    await desk.answer('loadReferred', 'done', []);
    expect(desk.value()).toBe('empty');
    expect(desk.context().outcome).toMatchObject({ kind: 'decline', endorsement: { status: 'declined' } });
  });

  it('a refusal stays in the dialog to try again; Cancel forgets it', async () => {
    const desk = harness();
    await desk.answer('loadReferred', 'done', [first]);
    desk.send({ type: 'decision.start', endorsementId: 1, kind: 'decline' });
    desk.send({ type: 'decision.submit', reason: 'No' });
    await desk.answer('decide', 'error', httpError(400, 'Say why', { reason: 'is required to decline' }));
    expect(desk.value()).toEqual({ ready: 'confirming' });
    expect(desk.context().failure).toEqual({ message: 'Say why', fields: { reason: 'is required to decline' } });
    desk.send({ type: 'decision.cancel' });
    expect(desk.value()).toEqual({ ready: 'browsing' });
    expect(desk.context()).toMatchObject({ failure: undefined, chosen: undefined, decisions: 0 });
  });

  it('a 409 (decided by someone else first) closes the dialog, reloads and says so', async () => {
    const desk = harness();
    await desk.answer('loadReferred', 'done', [first, second]);
    desk.send({ type: 'decision.start', endorsementId: 2, kind: 'approve' });
    desk.send({ type: 'decision.submit' });
    await desk.answer(
      'decide',
      'error',
      httpError(409, `Endorsement ${second.number} is declined: it is decided already`, { status: 'is declined' }),
    );
    expect(desk.value()).toBe('refreshing');
    expect(desk.context().conflict).toBe(
      `${second.number}: Endorsement ${second.number} is declined: it is decided already`,
    );
    await desk.answer('loadReferred', 'done', [first]);
    expect(desk.context()).toMatchObject({ chosen: undefined, decisions: 1, items: [first] });
    // The next decision clears it.
    desk.send({ type: 'decision.start', endorsementId: 1, kind: 'approve' });
    expect(desk.context().conflict).toBeUndefined();
  });

  it('says why it could not load; Try again loads', async () => {
    const desk = harness();
    await desk.answer('loadReferred', 'error', httpError(503, 'Down'));
    expect(desk.value()).toBe('loadFailed');
    expect(desk.context().errorMessage).toBe('503: Down');
    desk.send({ type: 'desk.retry' });
    await desk.answer('loadReferred', 'done', [first]);
    expect(desk.context().errorMessage).toBeUndefined();
  });
});

describe('endorsementsDeskMachine paths', () => {
  const loaded = (output: unknown) => ({ type: 'xstate.done.actor.loadReferred', output });
  const events = [
    loaded([first]),
    loaded([]),
    { type: 'xstate.error.actor.loadReferred', error: httpError(503, 'Down') },
    { type: 'xstate.done.actor.decide', output: decided(first, 'awaiting_payment') },
    { type: 'xstate.error.actor.decide', error: httpError(409, 'Decided', { status: 'is declined' }) },
    { type: 'xstate.error.actor.decide', error: httpError(500, 'Broken') },
    { type: 'desk.retry' },
    { type: 'decision.start', endorsementId: 1, kind: 'approve' },
    { type: 'decision.start', endorsementId: 1, kind: 'decline' },
    { type: 'decision.submit', reason: 'Two claims this year.' },
    { type: 'decision.submit', reason: '' },
    { type: 'decision.cancel' },
  ] as never[];
  const serializeState = (snapshot: { value: unknown; context: EndorsementsDeskContext }) =>
    JSON.stringify({
      value: snapshot.value,
      kind: snapshot.context.chosen?.kind ?? null,
      failed: snapshot.context.failure !== undefined,
      conflict: snapshot.context.conflict !== undefined,
      outcome: snapshot.context.outcome !== undefined,
    });

  it('walks every transition on a real actor', async () => {
    const paths = getTransitionPaths(endorsementsDeskMachine, { events, serializeState: serializeState as never });
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      const desk = harness();
      for (const { event, state } of path.steps as { event: AnyEventObject; state: never }[]) {
        const answered = actorAnswer(event);
        if (answered) {
          const call = event.type.endsWith('.decide') ? 'decide' : 'loadReferred';
          await desk.answer(call, answered.outcome, answered.value);
        } else if (event.type !== 'xstate.init') desk.send(event as never);
        expect(serializeState(desk.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
      }
      // Nothing is sent without its dialog's submit, and no decline without a reason.
      for (const call of desk.calls.filter((one) => one.call === 'decide')) {
        const { request } = call.input as { request: { decision: string; reason?: string } };
        if (request.decision === 'decline') expect(request.reason).toBe('Two claims this year.');
      }
    }
  });
});
