import { submissionStatuses } from '@shared/contract/enums';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateNode } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  isOpenStatus,
  nextStatus,
  orderLifecycleMachine,
  orderStatusOf,
  statusScreen,
  type LifecycleEvent,
} from '@shared/lifecycle/order-lifecycle.machine';
import { actors, eventTypes, expected, OPEN } from '@shared/lifecycle/order-lifecycle.design-table';

describe('orderLifecycleMachine', () => {
  it('has exactly the statuses of the contract', () => {
    const leaves = (node: AnyStateNode): string[] =>
      Object.keys(node.states).length === 0 ? [node.key] : Object.values(node.states).flatMap(leaves);
    expect(leaves(orderLifecycleMachine.root).sort()).toEqual([...submissionStatuses].sort());
  });

  describe('tries every event, from every actor, in every status', () => {
    const cases = submissionStatuses.flatMap((status) =>
      eventTypes.flatMap((type) => actors.map((actor) => ({ status, type, actor, to: expected(status, type, actor) }))),
    );
    it(`covers ${cases.length} combinations, ${cases.filter((c) => c.to).length} of them legal`, () => {
      expect(cases).toHaveLength(submissionStatuses.length * eventTypes.length * actors.length);
      expect(cases.filter((c) => c.to).length).toBe(39);
    });
    it.each(cases)('$status + $type by $actor → $to', ({ status, type, actor, to }) => {
      expect(nextStatus(status, { type, actor } as LifecycleEvent)).toBe(to);
    });
  });

  it('ends in complete, declined and close-lost; nothing leaves them', () => {
    for (const status of ['complete', 'declined', 'close_lost'] as const) {
      for (const type of eventTypes)
        for (const actor of actors) expect(nextStatus(status, { type, actor } as LifecycleEvent)).toBeNull();
      expect(isOpenStatus(status)).toBe(false);
    }
  });

  it('says which status screen shows each status (DESIGN.md §4)', () => {
    expect(Object.fromEntries(submissionStatuses.map((status) => [status, statusScreen(status)]))).toEqual({
      draft: 'order',
      quoted: 'order',
      checks: 'order',
      incomplete: 'incomplete-order',
      underwriter_review: 'incomplete-review-underwriter',
      missing_info: 'incomplete-missing-info',
      application_under_review: 'application-under-review',
      approved: 'order',
      declined: 'order',
      awaiting_payment: 'order',
      bound: 'complete-order',
      complete: 'complete-order',
      close_lost: 'order',
    });
  });

  it('calls open exactly the statuses that can be closed as lost', () => {
    expect(submissionStatuses.filter(isOpenStatus).sort()).toEqual([...OPEN, 'checks'].sort());
  });

  it('writes closing as lost once, on the open order that holds every status a person can close', () => {
    const open = orderLifecycleMachine.getStateNodeById('orderLifecycle.open');
    expect(Object.keys(open.on)).toEqual(['order.sendToCloseLost']);
    expect(Object.keys(open.states).sort()).toEqual([...OPEN].sort());
  });

  const legalEvents = eventTypes.flatMap((type) => actors.map((actor) => ({ type, actor }) as LifecycleEvent));

  it('reaches every status from draft, and a real actor follows each shortest path', () => {
    const paths = getShortestPaths(orderLifecycleMachine, { events: legalEvents });
    const reached = new Set(paths.map((path) => orderStatusOf(path.state)));
    expect([...reached].sort()).toEqual([...submissionStatuses].sort());
    for (const path of paths) {
      const actor = createActor(orderLifecycleMachine).start();
      for (const step of path.steps.slice(1)) actor.send(step.event);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    }
  });

  it('walks every simple path on a real actor, each step agreeing with the table', () => {
    const paths = getSimplePaths(orderLifecycleMachine, { events: legalEvents });
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const actor = createActor(orderLifecycleMachine).start();
      for (const step of path.steps.slice(1)) {
        const before = orderStatusOf(actor.getSnapshot());
        const event = step.event as LifecycleEvent;
        actor.send(event);
        expect(orderStatusOf(actor.getSnapshot())).toBe(expected(before, event.type, event.actor));
      }
      actor.stop();
    }
  });
});
