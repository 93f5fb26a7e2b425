import { claimStatuses } from '@shared/contract/enums';
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { ClaimStatus } from '@shared/contract/claims';
import {
  claimIsOpen,
  claimLifecycleMachine,
  claimMovesFrom,
  claimMoveTo,
  claimStatusOf,
  nextClaimStatus,
  type ClaimActor,
  type ClaimEvent,
  type ClaimEventType,
} from '@shared/lifecycle/claim-lifecycle.machine';

const actors: ClaimActor[] = ['insured', 'handler'];
const eventTypes: ClaimEventType[] = ['claim.acknowledge', 'claim.review', 'claim.close', 'claim.reopen'];

/**
 * Issue 19's claim lifecycle written out as data, independently of the machine: status → event →
 * where it goes. Only the handler sends any of them; everything not listed is refused.
 */
const table: Record<ClaimStatus, Partial<Record<ClaimEventType, ClaimStatus>>> = {
  reported: { 'claim.acknowledge': 'acknowledged', 'claim.close': 'closed' },
  acknowledged: { 'claim.review': 'under_review', 'claim.close': 'closed' },
  under_review: { 'claim.close': 'closed' },
  closed: { 'claim.reopen': 'under_review' },
};

const expected = (status: ClaimStatus, type: ClaimEventType, actor: ClaimActor): ClaimStatus | null =>
  actor === 'handler' ? (table[status][type] ?? null) : null;

describe('claimLifecycleMachine', () => {
  const cases = claimStatuses.flatMap((status) =>
    eventTypes.flatMap((type) => actors.map((actor) => ({ status, type, actor, to: expected(status, type, actor) }))),
  );

  it(`tries all ${cases.length} status × event × actor combinations, 6 of them legal`, () => {
    expect(cases).toHaveLength(32);
    expect(cases.filter((c) => c.to)).toHaveLength(6);
  });

  it.each(cases)('$status + $type by $actor → $to', ({ status, type, actor, to }) => {
    expect(nextClaimStatus(status, { type, actor } as ClaimEvent)).toBe(to);
  });

  it('finds the move to a status a handler names, and none to anywhere else or for the insured', () => {
    for (const from of claimStatuses)
      for (const to of claimStatuses) {
        const type = (Object.keys(table[from]) as ClaimEventType[]).find((t) => table[from][t] === to);
        expect(claimMoveTo(from, to, 'handler'), `${from} → ${to}`).toEqual(type ? { type, actor: 'handler' } : null);
        expect(claimMoveTo(from, to, 'insured')).toBeNull();
      }
  });

  it('lists the moves a handler may make now, in lifecycle order; none for the insured', () => {
    expect(claimMovesFrom('reported', 'handler')).toEqual(['acknowledged', 'closed']);
    expect(claimMovesFrom('acknowledged', 'handler')).toEqual(['under_review', 'closed']);
    expect(claimMovesFrom('under_review', 'handler')).toEqual(['closed']);
    expect(claimMovesFrom('closed', 'handler')).toEqual(['under_review']);
    for (const status of claimStatuses) expect(claimMovesFrom(status, 'insured')).toEqual([]);
  });

  it('takes messages and attachments while open, not once closed', () => {
    expect(claimStatuses.filter(claimIsOpen)).toEqual(['reported', 'acknowledged', 'under_review']);
  });

  it('writes closing once, on the state that holds every open status', () => {
    const open = claimLifecycleMachine.getStateNodeById('claimLifecycle.open');
    expect(Object.keys(open.on)).toEqual(['claim.close']);
    expect(Object.keys(open.states).sort()).toEqual(['acknowledged', 'reported', 'underReview']);
  });

  it('reaches every status from a new report, the same way the server would move it', () => {
    const events = eventTypes.flatMap((type) => actors.map((actor) => ({ type, actor }) as ClaimEvent));
    const serializeState = ((snapshot: never) => claimStatusOf(snapshot)) as never;
    const paths = getShortestPaths(claimLifecycleMachine, { events, serializeState });
    expect(paths.map((path) => claimStatusOf(path.state as never)).sort()).toEqual([...claimStatuses].sort());
    for (const path of paths) {
      let status: ClaimStatus = 'reported';
      for (const step of path.steps.filter((s) => (s.event.type as string) !== 'xstate.init')) {
        const next = nextClaimStatus(status, step.event as ClaimEvent);
        expect(next, `${status} + ${step.event.type}`).toBe(claimStatusOf(step.state as never));
        status = next!;
      }
    }
  });
});
