import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { RenewalSummary } from '@shared/contract/renewal';
import { renewalOffersMachine } from '@/machines/renewal-offers.machine';
import { answerableCalls, httpError, reading } from '@/machines/machine-test-harness';

const offered: RenewalSummary = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  renewalNumber: 'P-2026-000007-R1',
  status: 'offered',
  effectiveDate: '2027-01-01',
  expirationDate: '2028-01-01',
  totalCents: 300_000,
};

function harness() {
  const { waiting, answer, waitingOn } = answerableCalls<'loadRenewals'>();
  const actor = createActor(
    renewalOffersMachine.provide({ actors: { loadRenewals: waiting('loadRenewals') } as never }),
  );
  actor.start();
  return { ...reading(actor), answer, waitingOn };
}

describe('renewalOffersMachine', () => {
  it('shows the renewals there are, and nothing when there is none', async () => {
    const some = harness();
    await some.answer('loadRenewals', 'done', [offered]);
    expect(some.value()).toBe('shown');
    expect(some.context().renewals).toEqual([offered]);
    const none = harness();
    await none.answer('loadRenewals', 'done', []);
    expect(none.value()).toBe('none');
  });

  it('a load that fails says why and tries again', async () => {
    const h = harness();
    await h.answer('loadRenewals', 'error', httpError(503, 'The service is unavailable.'));
    expect(h.value()).toBe('failed');
    expect(h.context().errorMessage).toMatch(/unavailable/);
    h.send({ type: 'renewals.retry' });
    expect(h.value()).toBe('loading');
    expect(h.waitingOn()).toBe('loadRenewals');
  });
});
