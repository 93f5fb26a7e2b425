import { policyStatuses } from '@shared/contract/enums';
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import {
  nextPolicyStatus,
  policyLifecycleMachine,
  policyStatusOf,
  type PolicyActor,
  type PolicyEvent,
  type PolicyEventType,
  type PolicyStatus,
} from '@shared/lifecycle/policy-lifecycle.machine';

const actors: PolicyActor[] = ['insured', 'underwriter', 'system'];
const eventTypes: PolicyEventType[] = [
  'policy.endorse',
  'policy.cancel',
  'policy.sendCancellationNotice',
  'policy.settleArrears',
  'policy.noticeEnds',
  'policy.expire',
  'policy.renew',
  'policy.buyTail',
];

/**
 * DESIGN.md's policy lifecycle written out as data, independently of the machine: status → event
 * → who may send it → where it goes. Everything not listed is refused.
 */
const table: Partial<Record<PolicyStatus, Partial<Record<PolicyEventType, [PolicyActor[], PolicyStatus]>>>> = {
  in_force: {
    'policy.endorse': [['insured', 'underwriter'], 'in_force'],
    'policy.cancel': [['insured', 'underwriter'], 'cancelled'],
    'policy.sendCancellationNotice': [['system'], 'cancellation_notice'],
    'policy.expire': [['system'], 'expired'],
    'policy.renew': [['system'], 'renewed'],
  },
  cancellation_notice: {
    'policy.settleArrears': [['system'], 'in_force'],
    'policy.noticeEnds': [['system'], 'cancelled'],
    'policy.cancel': [['insured', 'underwriter'], 'cancelled'],
    'policy.expire': [['system'], 'expired'],
  },
  cancelled: { 'policy.buyTail': [['insured'], 'cancelled'] },
  expired: { 'policy.buyTail': [['insured'], 'expired'] },
};

const expected = (status: PolicyStatus, type: PolicyEventType, actor: PolicyActor): PolicyStatus | null => {
  const row = table[status]?.[type];
  return row && row[0].includes(actor) ? row[1] : null;
};

describe('policyLifecycleMachine', () => {
  const cases = policyStatuses.flatMap((status) =>
    eventTypes.flatMap((type) => actors.map((actor) => ({ status, type, actor, to: expected(status, type, actor) }))),
  );

  it(`tries all ${cases.length} status × event × actor combinations, 14 of them legal`, () => {
    expect(cases.filter((c) => c.to)).toHaveLength(14);
  });

  it.each(cases)('$status + $type by $actor → $to', ({ status, type, actor, to }) => {
    expect(nextPolicyStatus(status, { type, actor } as PolicyEvent)).toBe(to);
  });

  it('nothing leaves a renewed policy; a cancelled or expired one only buys a tail', () => {
    for (const type of eventTypes)
      for (const actor of actors) expect(nextPolicyStatus('renewed', { type, actor } as PolicyEvent)).toBeNull();
    expect(policyLifecycleMachine.getStateNodeById('policyLifecycle.renewed').type).toBe('final');
  });

  it('writes the shared moves (cancel, expire) once, on the period that holds both current statuses', () => {
    const current = policyLifecycleMachine.getStateNodeById('policyLifecycle.current');
    expect(Object.keys(current.on).sort()).toEqual(['policy.cancel', 'policy.expire']);
    expect(Object.keys(current.states).sort()).toEqual(['cancellationNotice', 'inForce']);
  });

  it('reaches every status from a newly issued policy, the same way the server would move it', () => {
    const events = eventTypes.flatMap((type) => actors.map((actor) => ({ type, actor }) as PolicyEvent));
    const serializeState = ((snapshot: never) => policyStatusOf(snapshot)) as never;
    const reached = new Set(
      getShortestPaths(policyLifecycleMachine, { events, serializeState }).map((path) =>
        policyStatusOf(path.state as never),
      ),
    );
    expect([...reached].sort()).toEqual([...policyStatuses].sort());

    // Each way to a status, replayed through nextPolicyStatus (what the server asks), ends there too.
    for (const path of getShortestPaths(policyLifecycleMachine, { events, serializeState })) {
      let status: PolicyStatus = 'in_force';
      for (const step of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) {
        const next = nextPolicyStatus(status, step.event as PolicyEvent);
        expect(next, `${status} + ${step.event.type}`).toBe(policyStatusOf(step.state as never));
        status = next!;
      }
    }
  });
});
