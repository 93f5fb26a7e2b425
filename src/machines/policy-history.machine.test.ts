import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { DownloadedDocument } from '@/api/documents';
import type { PolicyInfo } from '@shared/contract/billing';
import type { ClaimablePolicy } from '@shared/contract/claims';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import type { Endorsement, PolicyHistory } from '@shared/contract/endorsements';
import type { Renewal } from '@shared/contract/renewal';
import {
  loadPolicy,
  policyHistoryMachine,
  type LoadedPolicy,
  type PolicyHistoryContext,
} from '@/machines/policy-history.machine';
import { actorAnswer, answerableCalls, httpError, reading } from '@/machines/machine-test-harness';
import { getTransitionPaths } from '@/machines/transition-paths';

/**
 * policyHistoryMachine with its four calls waiting until the test answers them (the shared
 * harness), its navigation and saves recorded; then xstate/graph walks every transition, each
 * path replayed on a real actor. loadPolicy, the composed read, is tested on its own with fakes.
 */

const policyOf = (id: number, number: string): ClaimablePolicy => ({
  id,
  number,
  specialityName: 'Architects',
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
});
const architects = policyOf(7, 'P-2026-000007');
const dentists = policyOf(8, 'P-2025-000008');

const endorsementOf = (id: number, hasDocument: boolean): Endorsement => ({
  id,
  policyId: 7,
  number: `P-2026-000007-E0${id}`,
  kind: 'change',
  status: hasDocument ? 'issued' : 'awaiting_payment',
  effectiveDate: '2026-09-01',
  changes: [{ field: 'limitCode', before: '1M/3M', after: '2M/4M' }],
  annualPremiumBeforeCents: 250_000,
  annualPremiumAfterCents: 290_000,
  premiumChangeCents: 33_425,
  taxChangeCents: 1_621,
  feeChangeCents: 60,
  totalChangeCents: 35_106,
  returnPremiumStatus: null,
  invoiceId: 40 + id,
  invoiceNumber: `INV-2026-00004${id}`,
  createdAt: '2026-08-30T15:00:00.000Z',
  issuedAt: hasDocument ? '2026-08-30T15:02:00.000Z' : null,
  hasDocument,
});
const issued = endorsementOf(1, true);
const awaiting = endorsementOf(2, false);

const history: PolicyHistory = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  issuedAt: '2026-06-25T10:10:00.000Z',
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
  endorsements: [awaiting, issued],
};

const policy = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  submissionId: 4217,
  orderNumber: 'Q-2026-004217',
  status: 'in_force',
} as PolicyInfo;

const loaded: LoadedPolicy = { policy, history, renewal: null };

const pdf = (filename: string): DownloadedDocument => ({ blob: new Blob(['%PDF-1.7 test']), filename });
const serverDown = httpError(503, 'The policy service is unavailable.');
const notYours = httpError(404, 'No such policy (or it is not yours)');
const gone = httpError(404, 'No such endorsement (or it is not issued)');

type Call = 'loadPolicies' | 'loadPolicy' | 'fetchEndorsement' | 'fetchDeclarations';
type Snapshot = SnapshotFrom<typeof policyHistoryMachine>;

function harness(policyId: number | undefined) {
  const { calls, waiting, answer, waitingOn } = answerableCalls<Call>();
  const saved: string[] = [];
  const opened: number[] = [];
  const actor = createActor(
    policyHistoryMachine.provide({
      actors: {
        loadPolicies: waiting('loadPolicies'),
        loadPolicy: waiting('loadPolicy'),
        fetchEndorsement: waiting('fetchEndorsement'),
        fetchDeclarations: waiting('fetchDeclarations'),
      },
      actions: {
        saveFile: (_, { filename }) => void saved.push(filename),
        openPolicy: (_, { policyId: id }) => void opened.push(id),
      },
    }),
    { input: { policyId } },
  ).start();
  return { ...reading(actor), calls, answer, waitingOn, saved, opened };
}

async function shown() {
  const screen = harness(7);
  await screen.answer('loadPolicy', 'done', loaded);
  expect(screen.value()).toEqual({ ready: 'idle' });
  return screen;
}

describe('policyHistoryMachine: choosing a policy', () => {
  it('without a policy in the address lists the insured’s policies to pick from', async () => {
    const screen = harness(undefined);
    expect(screen.value()).toEqual({ choosing: 'loadingPolicies' });
    await screen.answer('loadPolicies', 'done', [architects, dentists]);
    expect(screen.value()).toEqual({ choosing: 'picking' });
    expect(screen.context().policies).toEqual([architects, dentists]);
    expect(screen.opened).toEqual([]);
  });

  it('opens the only policy at once', async () => {
    const screen = harness(undefined);
    await screen.answer('loadPolicies', 'done', [architects]);
    expect(screen.value()).toEqual({ choosing: 'openingOnly' });
    expect(screen.opened).toEqual([7]);
  });

  it('says when there is none, and why the list could not load, with Try again', async () => {
    const none = harness(undefined);
    await none.answer('loadPolicies', 'done', []);
    expect(none.value()).toEqual({ choosing: 'noPolicies' });

    const failing = harness(undefined);
    await failing.answer('loadPolicies', 'error', serverDown);
    expect(failing.value()).toEqual({ choosing: 'policiesFailed' });
    expect(failing.context().errorMessage).toBe('503: The policy service is unavailable.');
    failing.send({ type: 'policy.retry' });
    await failing.answer('loadPolicies', 'done', [architects, dentists]);
    expect(failing.value()).toEqual({ choosing: 'picking' });
    expect(failing.context().errorMessage).toBeUndefined();
  });
});

describe('policyHistoryMachine: one policy', () => {
  it('loads the policy named in the address with its history', async () => {
    const screen = harness(7);
    expect(screen.value()).toBe('loading');
    expect(screen.calls).toEqual([{ call: 'loadPolicy', input: { policyId: 7 } }]);
    await screen.answer('loadPolicy', 'done', loaded);
    expect(screen.context().policy).toBe(policy);
    expect(screen.context().history).toBe(history);
  });

  it('says why it could not load (someone else’s policy is a 404), and Try again loads it', async () => {
    const screen = harness(8);
    await screen.answer('loadPolicy', 'error', notYours);
    expect(screen.value()).toBe('loadFailed');
    expect(screen.context().errorMessage).toBe('404: No such policy (or it is not yours)');
    screen.send({ type: 'policy.retry' });
    expect(screen.value()).toBe('loading');
    await screen.answer('loadPolicy', 'done', loaded);
    expect(screen.value()).toEqual({ ready: 'idle' });
  });
});

describe('policyHistoryMachine: downloads', () => {
  it('downloads an issued endorsement and saves it under the server’s name', async () => {
    const screen = await shown();
    screen.send({ type: 'endorsement.download', endorsementId: 1 });
    expect(screen.value()).toEqual({ ready: 'downloadingEndorsement' });
    expect(screen.calls.at(-1)).toEqual({ call: 'fetchEndorsement', input: { endorsement: issued } });
    await screen.answer('fetchEndorsement', 'done', pdf('endorsement-p-2026-000007-e01.pdf'));
    expect(screen.saved).toEqual(['endorsement-p-2026-000007-e01.pdf']);
    expect(screen.context().downloaded).toEqual({
      download: { kind: 'endorsement', endorsementId: 1 },
      filename: 'endorsement-p-2026-000007-e01.pdf',
    });
    expect(screen.value()).toEqual({ ready: 'idle' });
  });

  it('offers no download of an endorsement without a PDF, nor of one not in the history', async () => {
    const screen = await shown();
    screen.send({ type: 'endorsement.download', endorsementId: 2 });
    screen.send({ type: 'endorsement.download', endorsementId: 99 });
    expect(screen.value()).toEqual({ ready: 'idle' });
    expect(screen.waitingOn()).toBeUndefined();
  });

  it('downloads the declarations of the policy’s order', async () => {
    const screen = await shown();
    screen.send({ type: 'declarations.download' });
    expect(screen.calls.at(-1)).toEqual({ call: 'fetchDeclarations', input: { policy } });
    await screen.answer('fetchDeclarations', 'done', pdf('declarations-p-2026-000007.pdf'));
    expect(screen.saved).toEqual(['declarations-p-2026-000007.pdf']);
  });

  it('keeps a failed download beside what failed, saves nothing, and clears it on the next', async () => {
    const screen = await shown();
    screen.send({ type: 'endorsement.download', endorsementId: 1 });
    await screen.answer('fetchEndorsement', 'error', gone);
    expect(screen.value()).toEqual({ ready: 'idle' });
    expect(screen.context().downloadFailure).toEqual({
      kind: 'endorsement',
      endorsementId: 1,
      message: '404: No such endorsement (or it is not issued)',
    });
    expect(screen.saved).toEqual([]);
    screen.send({ type: 'declarations.download' });
    expect(screen.context().downloadFailure).toBeNull();
  });

  it('ignores a second download while one is fetched', async () => {
    const screen = await shown();
    screen.send({ type: 'declarations.download' });
    screen.send({ type: 'endorsement.download', endorsementId: 1 });
    screen.send({ type: 'declarations.download' });
    expect(screen.calls.map((call) => call.call)).toEqual(['loadPolicy', 'fetchDeclarations']);
  });
});

describe('loadPolicy', () => {
  const renewalOf = (policyId: number): Renewal => ({
    policyId,
    policyNumber: 'P-2026-000007',
    status: 'not_yet',
    currentPeriod: { effectiveDate: '2026-07-01', expirationDate: '2027-07-01' },
    offerDate: '2027-05-02',
    offer: null,
  });

  const order = (submissionId: number, number: string | null) =>
    ({
      submissionId,
      policy: number ? { number, status: 'in_force', cancellationDate: null } : null,
    }) as SubmissionSummary;

  it('finds the policy’s order by its number and asks its policy by the order', async () => {
    const asked: number[] = [];
    const result = await loadPolicy(7, {
      getPolicyHistory: (id) => Promise.resolve({ ...history, policyId: id }),
      getSubmissionDetails: () =>
        Promise.resolve([order(5120, 'P-2025-005120'), order(4300, null), order(4217, 'P-2026-000007')]),
      policyInfo: (submissionId) => {
        asked.push(submissionId);
        return Promise.resolve(policy);
      },
      getRenewal: (id) => Promise.resolve(renewalOf(id)),
    });
    expect(asked).toEqual([4217]);
    expect(result).toEqual({ policy, history, renewal: renewalOf(7) });
  });

  it('shows the policy without its renewal when the renewal cannot be read (a cancelled policy’s 409)', async () => {
    const result = await loadPolicy(7, {
      getPolicyHistory: () => Promise.resolve(history),
      getSubmissionDetails: () => Promise.resolve([order(4217, 'P-2026-000007')]),
      policyInfo: () => Promise.resolve(policy),
      getRenewal: () => Promise.reject(httpError(409, 'Policy P-2026-000007 is cancelled')),
    });
    expect(result).toEqual({ policy, history, renewal: null });
  });

  it('fails in words when no order holds the policy, and passes the history’s 404 on', async () => {
    const api = {
      getPolicyHistory: () => Promise.resolve(history),
      getSubmissionDetails: () => Promise.resolve([order(5120, 'P-2025-005120')]),
      policyInfo: () => Promise.resolve(policy),
      getRenewal: () => Promise.resolve(renewalOf(7)),
    };
    await expect(loadPolicy(7, api)).rejects.toThrow('Policy P-2026-000007 is not among your orders.');
    await expect(loadPolicy(8, { ...api, getPolicyHistory: () => Promise.reject(notYours) })).rejects.toBe(notYours);
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const traversalEvents = [
  done('loadPolicies', [architects, dentists]),
  done('loadPolicies', [architects]),
  done('loadPolicies', []),
  failed('loadPolicies', serverDown),
  done('loadPolicy', loaded),
  failed('loadPolicy', notYours),
  done('fetchEndorsement', pdf('endorsement.pdf')),
  failed('fetchEndorsement', gone),
  done('fetchDeclarations', pdf('declarations.pdf')),
  failed('fetchDeclarations', serverDown),
  { type: 'policy.retry' },
  { type: 'endorsement.download', endorsementId: 1 },
  { type: 'endorsement.download', endorsementId: 2 },
  { type: 'declarations.download' },
] as never[];

const serializeState = (snapshot: { value: unknown; context: PolicyHistoryContext }) =>
  JSON.stringify({
    value: snapshot.value,
    policies: snapshot.context.policies.length,
    loaded: snapshot.context.policy !== null,
    downloadFailed: snapshot.context.downloadFailure?.kind ?? null,
    downloaded: snapshot.context.downloaded?.download.kind ?? null,
  });

async function replay(policyId: number | undefined, steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const screen = harness(policyId);
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered) await screen.answer(answered.id as Call, answered.outcome, answered.value);
    else if (event.type !== 'xstate.init') screen.send(event as never);
    expect(serializeState(screen.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return screen;
}

function expectConsistent(screen: ReturnType<typeof harness>) {
  const { context } = screen.snapshot();
  const value = JSON.stringify(screen.value());
  if (value.includes('Failed')) expect(context.errorMessage).toBeDefined();
  if (value.includes('ready')) expect([context.policy, context.history]).not.toContain(null);
  // Opened only the one policy there was; saved only what was fetched, once each.
  if (screen.opened.length > 0) expect(context.policies).toHaveLength(1);
  expect(screen.saved.length).toBeLessThanOrEqual(
    screen.calls.filter((call) => call.call === 'fetchEndorsement' || call.call === 'fetchDeclarations').length,
  );
  // Only an endorsement with a PDF is ever asked for.
  for (const call of screen.calls.filter((one) => one.call === 'fetchEndorsement')) {
    expect((call.input as { endorsement: Endorsement }).endorsement.hasDocument).toBe(true);
  }
}

describe('policyHistoryMachine paths', () => {
  const leafOf = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as object)
          .map(([key, inner]) => `${key}.${leafOf(inner)}`)
          .join();

  for (const [name, policyId, leaves] of [
    [
      'without a policy in the address',
      undefined,
      [
        'choosing.loadingPolicies',
        'choosing.picking',
        'choosing.noPolicies',
        'choosing.openingOnly',
        'choosing.policiesFailed',
      ],
    ],
    [
      'with one',
      7,
      ['loading', 'loadFailed', 'ready.idle', 'ready.downloadingEndorsement', 'ready.downloadingDeclarations'],
    ],
  ] as const) {
    it(`${name}: reaches every state by a shortest path, and the real actor agrees`, async () => {
      const paths = getShortestPaths(policyHistoryMachine, {
        events: traversalEvents,
        input: { policyId },
        serializeState: serializeState as never,
      });
      const reached = new Set<string>();
      for (const path of paths) {
        reached.add(leafOf(path.state.value));
        expectConsistent(await replay(policyId, path.steps as never));
      }
      expect([...reached].sort()).toEqual([...leaves].sort());
    });

    it(`${name}: walks every transition on a real actor`, async () => {
      const paths = getTransitionPaths(policyHistoryMachine, {
        events: traversalEvents,
        input: { policyId },
        serializeState: serializeState as never,
      });
      expect(paths.length).toBeGreaterThanOrEqual(leaves.length);
      for (const path of paths) expectConsistent(await replay(policyId, path.steps as never));
    });
  }
});
