import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ClaimEvent, ClaimHandlerDetail } from '@shared/contract/claims';
import { claimHandlingMachine } from '@/machines/claim-handling.machine';
import { httpError, reading, settle } from '@/machines/machine-test-harness';

type Call = 'loadClaim' | 'moveClaim' | 'sendMessage';

const acknowledged: ClaimHandlerDetail = {
  claim: {
    id: 42,
    number: 'C-2026-000042',
    policyId: 311,
    policyNumber: 'P-2025-000311',
    specialityName: 'Architects',
    kind: 'claim',
    dateOfLoss: '2026-02-14',
    actDate: null,
    claimant: null,
    lawsuitFiled: false,
    amountDemandedCents: null,
    description: 'A client says the load calculations were wrong.',
    status: 'acknowledged',
    reportedAt: '2026-02-16T10:12:00.000Z',
  },
  timeline: [],
  messages: [],
  attachments: [],
  open: true,
  insured: { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', companyName: null, phone: null },
  moves: ['under_review', 'closed'],
};
const closing: ClaimEvent = {
  id: 3,
  from: 'acknowledged',
  to: 'closed',
  by: 'handler',
  byName: 'Grace Hopper',
  note: 'Withdrawn by the client.',
  at: '2026-02-21T09:00:00.000Z',
};

function harness() {
  const calls: { call: Call; input: unknown }[] = [];
  const pending = new Map<Call, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const waiting = <Output, Input>(call: Call) =>
    fromPromise<Output, Input>(({ input }) => {
      calls.push({ call, input });
      return new Promise<Output>((resolve, reject) =>
        pending.set(call, { resolve: resolve as (value: unknown) => void, reject }),
      );
    });
  const actor = createActor(
    claimHandlingMachine.provide({
      actors: { loadClaim: waiting('loadClaim'), moveClaim: waiting('moveClaim'), sendMessage: waiting('sendMessage') },
    }),
    { input: { claimId: 42 } },
  ).start();
  async function answer(call: Call, outcome: 'done' | 'error', value: unknown) {
    const open = pending.get(call)!;
    expect(open, `not waiting on ${call}`).toBeDefined();
    pending.delete(call);
    if (outcome === 'done') open.resolve(value);
    else open.reject(value);
    await settle();
  }
  return { ...reading(actor), calls, answer };
}

const keyOf = (call: { input: unknown } | undefined) => (call?.input as { idempotencyKey: string }).idempotencyKey;

describe('claimHandlingMachine', () => {
  it('offers only the lifecycle’s legal moves: an illegal one is never sent', async () => {
    const claim = harness();
    await claim.answer('loadClaim', 'done', acknowledged);
    claim.send({ type: 'move.submit', move: { to: 'acknowledged', note: '' } });
    claim.send({ type: 'move.submit', move: { to: 'reported', note: '' } });
    expect(claim.calls.map((call) => call.call)).toEqual(['loadClaim']);
  });

  it('moves with a note and a key, then shows the new status, its entry and the moves allowed now', async () => {
    const claim = harness();
    await claim.answer('loadClaim', 'done', acknowledged);
    claim.send({ type: 'move.submit', move: { to: 'closed', note: 'Withdrawn by the client.' } });
    const call = claim.calls.at(-1)!;
    expect(call.input).toMatchObject({ claimId: 42, move: { to: 'closed', note: 'Withdrawn by the client.' } });
    expect(keyOf(call)).toMatch(/^[0-9a-f]{64}$/);
    await claim.answer('moveClaim', 'done', closing);
    const { detail, moved } = claim.context();
    expect(detail!.claim.status).toBe('closed');
    expect(detail!.open).toBe(false);
    expect(detail!.moves).toEqual(['under_review']);
    expect(detail!.timeline).toEqual([closing]);
    expect(moved).toEqual({ number: 'C-2026-000042', event: closing });
    // Closed: no message goes.
    claim.send({ type: 'message.send', body: 'Hello' });
    expect(claim.calls.filter((c) => c.call === 'sendMessage')).toEqual([]);
  });

  it('the same move again after a lost answer keeps its key; a 409 reloads the claim and keeps the refusal', async () => {
    const claim = harness();
    await claim.answer('loadClaim', 'done', acknowledged);
    claim.send({ type: 'move.submit', move: { to: 'under_review', note: '' } });
    const first = keyOf(claim.calls.at(-1));
    await claim.answer('moveClaim', 'error', new TypeError('fetch failed'));
    claim.send({ type: 'move.submit', move: { to: 'under_review', note: ' ' } });
    expect(keyOf(claim.calls.at(-1))).toBe(first);
    await claim.answer('moveClaim', 'error', httpError(409, 'Claim C-2026-000042 is closed', { status: 'is closed' }));
    expect(claim.value()).toBe('refreshing');
    await claim.answer('loadClaim', 'done', { ...acknowledged, claim: { ...acknowledged.claim, status: 'closed' } });
    expect(claim.context().moveFailure).toEqual({
      message: 'Claim C-2026-000042 is closed',
      fields: { status: 'is closed' },
    });
    expect(claim.context().detail!.claim.status).toBe('closed');
  });

  it('writes to the insured with a key made for the message', async () => {
    const claim = harness();
    await claim.answer('loadClaim', 'done', acknowledged);
    claim.send({ type: 'message.send', body: 'Please send the client’s letter.' });
    expect(claim.calls.at(-1)!.input).toMatchObject({ claimId: 42, body: 'Please send the client’s letter.' });
    await claim.answer('sendMessage', 'done', {
      id: 1,
      author: 'handler',
      authorName: 'Grace Hopper',
      body: 'Please send the client’s letter.',
      createdAt: '2026-02-21T09:00:00.000Z',
    });
    expect(claim.context().detail!.messages).toHaveLength(1);
    expect(claim.context().sent).toBe(1);
  });
});
