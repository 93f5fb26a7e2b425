import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { DownloadedDocument } from '@/api/documents';
import type { Certificate, CertificateList } from '@shared/contract/certificates';
import {
  certificatesMachine,
  type CertificatesContext,
  type CertificatesEvent,
  type HolderRequest,
} from '@/machines/certificates.machine';
import { actorAnswer, answerableCalls, httpError, networkError, reading } from '@/machines/machine-test-harness';
import { getTransitionPaths } from '@/machines/transition-paths';

/**
 * certificatesMachine with its three calls waiting until the test answers them (the shared
 * harness) and its save recorded; then xstate/graph walks every transition, each path replayed on
 * a real actor.
 */

const holder: HolderRequest = {
  holderName: 'Harbor Property Management LLC',
  address1: '1200 Smith Street',
  address2: 'Suite 400',
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
  additionalInsured: true,
};

const certificateOf = (id: number, name: string, code: string): Certificate => ({
  id,
  policyId: 7,
  policyNumber: 'P-2026-000007',
  code,
  verificationUrl: `https://portal.example.com/verify-certificate/${code}`,
  issuedAt: '2026-07-02T14:05:00.000Z',
  holder: { name, address1: '1 Main St', address2: null, city: 'Houston', state: 'TX', zipcode: '77002' },
  additionalInsured: false,
  additionalInsuredWording: null,
  description: null,
});

const earlier = certificateOf(30, 'Bayou Clinic', 'ZZZZYYYYXXXX');
const issued: Certificate = {
  ...certificateOf(31, holder.holderName, 'ABCDEFGHJKMN'),
  additionalInsured: true,
  additionalInsuredWording: `${holder.holderName} is an additional insured under policy P-2026-000007 …`,
};

const inForce: CertificateList = {
  policyId: 7,
  policyNumber: 'P-2026-000007',
  standing: 'in_force',
  canIssue: true,
  certificates: [earlier],
};
const cancelled: CertificateList = { ...inForce, standing: 'cancelled', canIssue: false };

const pdf = (filename: string): DownloadedDocument => ({ blob: new Blob(['%PDF-1.7 test']), filename });
const serverDown = httpError(503, 'The certificate service is unavailable.');
const zipRefused = httpError(400, 'Invalid body: zipcode is not in TX', { zipcode: 'is not in TX' });
const policyCancelled = httpError(409, 'Policy P-2026-000007 is cancelled', { status: 'is cancelled' });
const gone = httpError(404, 'No such certificate (or it is not yours)');

type Call = 'loadCertificates' | 'issueCertificate' | 'fetchCertificate';
type Snapshot = SnapshotFrom<typeof certificatesMachine>;

function harness(policyId = 7) {
  const { calls, waiting, answer, waitingOn } = answerableCalls<Call>();
  const saved: string[] = [];
  const actor = createActor(
    certificatesMachine.provide({
      actors: {
        loadCertificates: waiting('loadCertificates'),
        issueCertificate: waiting('issueCertificate'),
        fetchCertificate: waiting('fetchCertificate'),
      },
      actions: { saveFile: (_, { filename }) => void saved.push(filename) },
    }),
    { input: { policyId } },
  ).start();
  return { ...reading(actor), calls, answer, waitingOn, saved };
}

async function listed(list: CertificateList = inForce) {
  const certificates = harness();
  await certificates.answer('loadCertificates', 'done', list);
  expect(certificates.value()).toEqual({ ready: 'idle' });
  return certificates;
}

const issue = (values: HolderRequest = holder): CertificatesEvent => ({ type: 'certificate.issue', holder: values });
const keyOf = (call: { input: unknown } | undefined) => (call?.input as { idempotencyKey: string }).idempotencyKey;

describe('certificatesMachine: the list', () => {
  it('loads the policy’s certificates, its standing and whether another can be issued', async () => {
    const certificates = harness(7);
    expect(certificates.value()).toBe('loading');
    expect(certificates.calls).toEqual([{ call: 'loadCertificates', input: { policyId: 7 } }]);
    await certificates.answer('loadCertificates', 'done', inForce);
    expect(certificates.value()).toEqual({ ready: 'idle' });
    expect(certificates.context().list).toEqual(inForce);
  });

  it('says why it could not load, and Try again loads it', async () => {
    const certificates = harness();
    await certificates.answer('loadCertificates', 'error', serverDown);
    expect(certificates.value()).toBe('loadFailed');
    expect(certificates.context().errorMessage).toBe('503: The certificate service is unavailable.');
    certificates.send({ type: 'certificates.retry' });
    await certificates.answer('loadCertificates', 'done', inForce);
    expect(certificates.value()).toEqual({ ready: 'idle' });
    expect(certificates.context().errorMessage).toBeUndefined();
  });

  it('issues nothing on a policy that cannot issue one (cancelled, expired)', async () => {
    const certificates = await listed(cancelled);
    certificates.send(issue());
    expect(certificates.value()).toEqual({ ready: 'idle' });
    expect(certificates.waitingOn()).toBeUndefined();
  });
});

describe('certificatesMachine: issuing', () => {
  it('issues the holder on the policy with a key, lists it first and downloads it at once', async () => {
    const certificates = await listed();
    certificates.send(issue());
    expect(certificates.value()).toEqual({ ready: 'issuing' });
    const call = certificates.calls.at(-1)!;
    expect(call.call).toBe('issueCertificate');
    expect((call.input as { request: unknown }).request).toEqual({ ...holder, policyid: 7 });
    expect(keyOf(call)).toMatch(/^[0-9a-f]{64}$/);
    await certificates.answer('issueCertificate', 'done', issued);
    expect(certificates.value()).toEqual({ ready: 'downloading' });
    expect(certificates.context().list!.certificates.map((listed) => listed.id)).toEqual([31, 30]);
    expect(certificates.context().issued).toBe(issued);
    expect(certificates.calls.at(-1)).toEqual({ call: 'fetchCertificate', input: { certificate: issued } });
    await certificates.answer('fetchCertificate', 'done', pdf('certificate-abcdefghjkmn.pdf'));
    expect(certificates.saved).toEqual(['certificate-abcdefghjkmn.pdf']);
    expect(certificates.value()).toEqual({ ready: 'idle' });
  });

  it('shows a refusal field by field until the next attempt; a corrected holder is a new attempt with a new key', async () => {
    const certificates = await listed();
    certificates.send(issue({ ...holder, zipcode: '10001' }));
    const firstKey = keyOf(certificates.calls.at(-1));
    await certificates.answer('issueCertificate', 'error', zipRefused);
    expect(certificates.value()).toEqual({ ready: 'issueFailed' });
    expect(certificates.context().failure).toEqual({
      message: 'Invalid body: zipcode is not in TX',
      fields: { zipcode: 'is not in TX' },
    });
    certificates.send(issue());
    expect(certificates.context().failure).toBeNull();
    expect(keyOf(certificates.calls.at(-1))).not.toBe(firstKey);
  });

  it('sends the very same holder again after a lost answer with the same key, so one certificate is issued', async () => {
    const certificates = await listed();
    certificates.send(issue());
    const firstKey = keyOf(certificates.calls.at(-1));
    await certificates.answer('issueCertificate', 'error', networkError());
    expect(certificates.context().failure?.message).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    // Typed again with spaces around it: the same request to the server.
    certificates.send(issue({ ...holder, holderName: ` ${holder.holderName} ` }));
    expect(keyOf(certificates.calls.at(-1))).toBe(firstKey);
    // The retry is answered with the certificate issued the first time: listed once.
    await certificates.answer('issueCertificate', 'done', issued);
    await certificates.answer('fetchCertificate', 'done', pdf('a.pdf'));
    certificates.send(issue());
    expect(keyOf(certificates.calls.at(-1)), 'the next certificate is a new attempt').not.toBe(firstKey);
  });

  it('lists a certificate answered twice once', async () => {
    const certificates = await listed({ ...inForce, certificates: [issued, earlier] });
    certificates.send(issue());
    await certificates.answer('issueCertificate', 'done', issued);
    expect(certificates.context().list!.certificates.map((listed) => listed.id)).toEqual([31, 30]);
  });

  it('says a 409 in the server’s words (the policy was cancelled meanwhile)', async () => {
    const certificates = await listed();
    certificates.send(issue());
    await certificates.answer('issueCertificate', 'error', policyCancelled);
    expect(certificates.context().failure).toEqual({
      message: 'Policy P-2026-000007 is cancelled',
      fields: { status: 'is cancelled' },
    });
  });

  it('ignores a second issue or a download while one is issued', async () => {
    const certificates = await listed();
    certificates.send(issue());
    certificates.send(issue());
    certificates.send({ type: 'certificate.download', certificateId: 30 });
    expect(certificates.calls.map((call) => call.call)).toEqual(['loadCertificates', 'issueCertificate']);
  });
});

describe('certificatesMachine: downloads', () => {
  it('downloads an earlier certificate again and saves it under the server’s name', async () => {
    const certificates = await listed();
    certificates.send({ type: 'certificate.download', certificateId: 30 });
    expect(certificates.value()).toEqual({ ready: 'downloading' });
    expect(certificates.calls.at(-1)).toEqual({ call: 'fetchCertificate', input: { certificate: earlier } });
    await certificates.answer('fetchCertificate', 'done', pdf('certificate-zzzzyyyyxxxx.pdf'));
    expect(certificates.saved).toEqual(['certificate-zzzzyyyyxxxx.pdf']);
  });

  it('ignores a certificate not in the list', async () => {
    const certificates = await listed();
    certificates.send({ type: 'certificate.download', certificateId: 99 });
    expect(certificates.value()).toEqual({ ready: 'idle' });
  });

  it('keeps a failed download beside its certificate, saves nothing, and clears it on the next', async () => {
    const certificates = await listed();
    certificates.send({ type: 'certificate.download', certificateId: 30 });
    await certificates.answer('fetchCertificate', 'error', gone);
    expect(certificates.value()).toEqual({ ready: 'idle' });
    expect(certificates.context().downloadFailure).toEqual({
      certificateId: 30,
      message: '404: No such certificate (or it is not yours)',
    });
    expect(certificates.saved).toEqual([]);
    certificates.send({ type: 'certificate.download', certificateId: 30 });
    expect(certificates.context().downloadFailure).toBeNull();
  });

  it('a download after a refusal keeps the form’s refusal shown', async () => {
    const certificates = await listed();
    certificates.send(issue());
    await certificates.answer('issueCertificate', 'error', zipRefused);
    certificates.send({ type: 'certificate.download', certificateId: 30 });
    await certificates.answer('fetchCertificate', 'done', pdf('a.pdf'));
    expect(certificates.value()).toEqual({ ready: 'issueFailed' });
    certificates.send({ type: 'certificate.download', certificateId: 30 });
    await certificates.answer('fetchCertificate', 'error', gone);
    expect(certificates.value()).toEqual({ ready: 'issueFailed' });
    expect(certificates.context().failure?.fields).toEqual({ zipcode: 'is not in TX' });
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const traversalEvents = [
  done('loadCertificates', inForce),
  done('loadCertificates', cancelled),
  failed('loadCertificates', serverDown),
  done('issueCertificate', issued),
  failed('issueCertificate', zipRefused),
  done('fetchCertificate', pdf('certificate.pdf')),
  failed('fetchCertificate', gone),
  { type: 'certificates.retry' },
  issue(),
  { type: 'certificate.download', certificateId: 30 },
] as never[];

const serializeState = (snapshot: { value: unknown; context: CertificatesContext }) =>
  JSON.stringify({
    value: snapshot.value,
    canIssue: snapshot.context.list?.canIssue ?? null,
    listed: snapshot.context.list?.certificates.length ?? 0,
    refused: snapshot.context.failure !== null,
    downloadFailed: snapshot.context.downloadFailure !== null,
  });

async function replay(steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const certificates = harness();
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered) await certificates.answer(answered.id as Call, answered.outcome, answered.value);
    else if (event.type !== 'xstate.init') certificates.send(event as never);
    expect(serializeState(certificates.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return certificates;
}

function expectConsistent(certificates: ReturnType<typeof harness>) {
  const { context } = certificates.snapshot();
  const value = certificates.value();
  if (value === 'loadFailed') expect(context.errorMessage).toBeDefined();
  if (typeof value === 'object') expect(context.list).not.toBeNull();
  // A refusal shows in issueFailed, and while a download made from there is fetched; never in idle.
  const leaf = JSON.stringify(value);
  if (leaf === JSON.stringify({ ready: 'issueFailed' })) expect(context.failure).not.toBeNull();
  if (leaf === JSON.stringify({ ready: 'idle' })) expect(context.failure).toBeNull();
  // Issued only where the policy could issue; saved only what was fetched, once each.
  if (certificates.calls.some((call) => call.call === 'issueCertificate')) expect(context.list?.canIssue).toBe(true);
  expect(certificates.saved.length).toBeLessThanOrEqual(
    certificates.calls.filter((call) => call.call === 'fetchCertificate').length,
  );
}

describe('certificatesMachine paths', () => {
  const leaves = ['loading', 'loadFailed', 'ready.idle', 'ready.issuing', 'ready.issueFailed', 'ready.downloading'];
  const leafOf = (value: unknown) =>
    typeof value === 'string' ? value : Object.entries(value as object).map(([k, v]) => `${k}.${String(v)}`)[0]!;

  it('reaches every state by a shortest path, and the real actor agrees', async () => {
    const paths = getShortestPaths(certificatesMachine, {
      events: traversalEvents,
      input: { policyId: 7 },
      serializeState: serializeState as never,
    });
    const reached = new Set<string>();
    for (const path of paths) {
      reached.add(leafOf(path.state.value));
      expectConsistent(await replay(path.steps as never));
    }
    expect([...reached].sort()).toEqual([...leaves].sort());
  });

  it('walks every transition on a real actor', async () => {
    const paths = getTransitionPaths(certificatesMachine, {
      events: traversalEvents,
      input: { policyId: 7 },
      serializeState: serializeState as never,
    });
    expect(paths.length).toBeGreaterThan(leaves.length);
    for (const path of paths) expectConsistent(await replay(path.steps as never));
  });
});
