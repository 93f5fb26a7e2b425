import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Checkout } from '@shared/contract/billing';
import type { InstalmentConfirmation, PayableInstalment } from '@shared/contract/instalments';
import { answerableCalls, httpError } from '@/machines/machine-test-harness';
import { payInstalmentMachine, type PayInstalmentInput } from '@/machines/pay-instalment.machine';

/**
 * payInstalmentMachine with its three calls answered by the test: from the mailed link (load,
 * Pay, off to the checkout), refused (the reason kept, the instalment reloaded, a new key), and
 * back from the checkout (paid, pending then asked again, failed), and a link not the insured's.
 */

const open: PayableInstalment = {
  installmentNo: 2,
  installments: 10,
  dueDate: '2026-12-26',
  amountCents: 24_141,
  status: 'open',
  invoiceId: 812,
  invoiceNumber: 'INV-2026-000812',
  paidAt: null,
  policyId: 41,
  policyNumber: 'P-2026-000041',
  policyStatus: 'in_force',
  submissionId: 5120,
  speciality: 'Architects',
  noticeEndDate: null,
  lastPaymentFailure: null,
  payable: true,
};
const paidInstalment: PayableInstalment = { ...open, status: 'paid', payable: false, paidAt: '2026-12-20T15:00:00Z' };
const checkout: Checkout = {
  submissionId: 5120,
  invoiceId: 812,
  provider: 'sandbox',
  sessionId: 'cs_sandbox_abcdefghijkl',
  url: 'http://localhost/api/weborder/payments/sandbox/checkout/cs_sandbox_abcdefghijkl',
  amountCents: 24_141,
};
const answer = (
  outcome: InstalmentConfirmation['outcome'],
  instalment: PayableInstalment,
  message: string | null = null,
) => ({
  outcome,
  message,
  instalment,
});

function start(input: PayInstalmentInput) {
  const calls = answerableCalls<'loadInstalment' | 'openCheckout' | 'confirm'>();
  const leftFor: string[] = [];
  const actor = createActor(
    payInstalmentMachine.provide({
      actors: {
        loadInstalment: calls.waiting('loadInstalment'),
        openCheckout: calls.waiting('openCheckout'),
        confirm: calls.waiting('confirm'),
      },
      actions: { goToCheckout: (_, { url }) => void leftFor.push(url) },
    }),
    { input },
  ).start();
  return { actor, calls, leftFor };
}

describe('payInstalmentMachine', () => {
  it('from the link: loads exactly that instalment, and Pay opens its checkout with one key and leaves for it', async () => {
    const { actor, calls, leftFor } = start({ invoiceId: 812, clientId: 'acme-brokers' });
    expect(actor.getSnapshot().value).toBe('loading');
    await calls.answer('loadInstalment', 'done', open);
    expect(actor.getSnapshot().value).toBe('shown');
    const key = actor.getSnapshot().context.idempotencyKey;
    actor.send({ type: 'instalment.pay' });
    expect(actor.getSnapshot().value).toBe('opening');
    expect(calls.calls.at(-1)).toEqual({
      call: 'openCheckout',
      input: { invoiceId: 812, clientId: 'acme-brokers', idempotencyKey: key },
    });
    await calls.answer('openCheckout', 'done', checkout);
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(leftFor).toEqual([checkout.url]);
  });

  it('does not pay what cannot be paid', async () => {
    const { actor, calls } = start({ invoiceId: 812 });
    await calls.answer('loadInstalment', 'done', paidInstalment);
    actor.send({ type: 'instalment.pay' });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(calls.waitingOn()).toBeUndefined();
  });

  it('a refused payment (paid meanwhile) keeps the server’s reason, reloads the instalment and takes a new key', async () => {
    const { actor, calls } = start({ invoiceId: 812 });
    await calls.answer('loadInstalment', 'done', open);
    const key = actor.getSnapshot().context.idempotencyKey;
    actor.send({ type: 'instalment.pay' });
    await calls.answer('openCheckout', 'error', httpError(409, 'Instalment 2 (invoice INV-2026-000812) is paid'));
    expect(actor.getSnapshot().value).toBe('reloading');
    await calls.answer('loadInstalment', 'done', paidInstalment);
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('shown');
    expect(context.instalment?.status).toBe('paid');
    expect(context.errorMessage).toContain('is paid');
    expect(context.idempotencyKey).not.toBe(key);
  });

  it('back from the checkout: paid', async () => {
    const { actor, calls } = start({ invoiceId: 812, sessionId: checkout.sessionId });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(calls.calls[0]).toEqual({ call: 'confirm', input: { invoiceId: 812, sessionId: checkout.sessionId } });
    await calls.answer('confirm', 'done', answer('paid', paidInstalment));
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().context.instalment).toEqual(paidInstalment);
  });

  it('back from the checkout: pending, asked again, then paid', async () => {
    const { actor, calls } = start({ invoiceId: 812, sessionId: checkout.sessionId });
    await calls.answer('confirm', 'done', answer('pending', open, 'We have not received your payment yet.'));
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.errorMessage).toBe('We have not received your payment yet.');
    actor.send({ type: 'instalment.recheck' });
    expect(actor.getSnapshot().context.waits).toBe(1);
    await calls.answer('confirm', 'done', answer('paid', paidInstalment));
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
  });

  it('back from the checkout: failed shows the reason with Pay again', async () => {
    const { actor, calls } = start({ invoiceId: 812, sessionId: checkout.sessionId });
    await calls.answer(
      'confirm',
      'done',
      answer('failed', open, 'This checkout expired before it was paid. Pay again.'),
    );
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('shown');
    expect(context.errorMessage).toBe('This checkout expired before it was paid. Pay again.');
    actor.send({ type: 'instalment.pay' });
    expect(actor.getSnapshot().value).toBe('opening');
  });

  it('a link that is not the insured’s is not found; a server down is Try again', async () => {
    const lost = start({ invoiceId: 999 });
    await lost.calls.answer('loadInstalment', 'error', httpError(404, 'No such instalment (or it is not yours)'));
    expect(lost.actor.getSnapshot().value).toBe('notFound');

    const down = start({ invoiceId: 812 });
    await down.calls.answer('loadInstalment', 'error', httpError(503, 'The service is unavailable.'));
    expect(down.actor.getSnapshot().value).toBe('loadFailed');
    down.actor.send({ type: 'instalment.retry' });
    await down.calls.answer('loadInstalment', 'done', open);
    expect(down.actor.getSnapshot().value).toBe('shown');
  });
});
