import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { SigningInput } from '@/api/application-signature';
import type { Application, ApplicationSignature } from '@shared/contract/application-signature';
import {
  applicationSignatureMachine,
  FIELD_MESSAGES,
  signingProblems,
  type ApplicationSignatureContext,
} from '@/machines/application-signature.machine';

/**
 * applicationSignatureMachine on a real actor whose two calls are in-memory stand-ins (provided
 * through machine.provide): each waits until the test answers it, so every state in between can
 * be looked at, and what was sent is recorded. Then xstate/graph walks its paths, each replayed
 * on a real actor.
 */

const ID = 4217;
const HASH = 'a'.repeat(64);
const NEW_HASH = 'b'.repeat(64);

const application: Application = {
  record: {
    submissionId: ID,
    orderNumber: 'Q-2026-004217',
    speciality: 'Architects',
    insured: { name: 'Ada Lovelace', company: 'Prairie Studio Architects' },
    practiceAddress: ['500 Main St', 'Austin, TX 78701'],
    state: 'Texas',
    zipcode: '78701',
    sections: [
      {
        title: 'About your practice (Architects)',
        answers: [{ code: 'arc_structural', question: 'Do you design structural elements?', answer: 'No' }],
      },
      {
        title: 'General application',
        answers: [{ code: 'years_in_practice', question: 'How many years have you been in practice?', answer: '12' }],
      },
    ],
    cover: {
      limit: '$1,000,000 / $1,000,000',
      deductible: '$2,500',
      paymentPlan: 'Quarterly',
      totalCents: 272_132,
      effectiveDate: '2026-07-01',
    },
    declarations: ['The statements are true.', 'I consent to electronic records and signatures.'],
  },
  recordHash: HASH,
  signature: null,
};
const signature: ApplicationSignature = {
  signerName: 'Ada Lovelace',
  signedAt: '2026-06-25T10:05:00.000Z',
  ip: '203.0.113.7',
  recordHash: HASH,
  current: true,
};
const signed: Application = { ...application, signature };
const stale: Application = { ...application, recordHash: NEW_HASH, signature: { ...signature, current: false } };

function httpError(status: number, message: string, fields: Record<string, string> = {}): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/insured/signapplication'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  return Object.assign(error, { fields, label: `HTTP ${status}` });
}
const changed = httpError(409, 'Your application changed since you reviewed it: review it again before signing', {
  recordHash: 'your application changed; review it again',
});
const bound = httpError(409, 'Order Q-2026-004217 is bound: its application can no longer be signed', {
  status: 'is bound',
});
const badName = httpError(400, 'Invalid body: signerName must be your name in letters', {
  signerName: 'must be your name in letters',
});
const serverDown = httpError(503, 'The service is unavailable.');

type Snapshot = SnapshotFrom<typeof applicationSignatureMachine>;
type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

function harness() {
  const loads: number[] = [];
  const signings: SigningInput[] = [];
  let loading: Pending<Application> | undefined;
  let signing: Pending<ApplicationSignature> | undefined;
  const actor = createActor(
    applicationSignatureMachine.provide({
      actors: {
        loadApplication: fromPromise<Application, number>(({ input }) => {
          loads.push(input);
          return new Promise((resolve, reject) => (loading = { resolve, reject }));
        }),
        signApplication: fromPromise<ApplicationSignature, SigningInput>(({ input }) => {
          signings.push(input);
          return new Promise((resolve, reject) => (signing = { resolve, reject }));
        }),
      },
    }),
    { input: { submissionId: ID } },
  ).start();
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  async function answerLoad(outcome: 'done' | 'error', value: unknown) {
    const open = loading;
    expect(open, 'the machine is not loading').toBeDefined();
    loading = undefined;
    if (outcome === 'done') open!.resolve(value as Application);
    else open!.reject(value);
    await settle();
  }
  async function answerSign(outcome: 'done' | 'error', value: unknown) {
    const open = signing;
    expect(open, 'the machine is not signing').toBeDefined();
    signing = undefined;
    if (outcome === 'done') open!.resolve(value as ApplicationSignature);
    else open!.reject(value);
    await settle();
  }
  const fill = (name = 'Ada Lovelace') => {
    actor.send({ type: 'signer.name', value: name });
    actor.send({ type: 'signer.consent', checked: true });
    actor.send({ type: 'signer.agree', checked: true });
  };
  return {
    actor,
    loads,
    signings,
    answerLoad,
    answerSign,
    fill,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
  };
}

describe('applicationSignatureMachine', () => {
  it('loads the application, then shows it unsigned; signing sends the trimmed name and the hash on screen', async () => {
    const flow = harness();
    expect(flow.value()).toBe('loading');
    expect(flow.loads).toEqual([ID]);
    await flow.answerLoad('done', application);
    expect(flow.value()).toEqual({ ready: 'unsigned' });
    flow.fill('  Ada Lovelace ');
    flow.actor.send({ type: 'application.sign' });
    expect(flow.value()).toEqual({ ready: 'signing' });
    expect(flow.signings).toEqual([{ submissionId: ID, signerName: 'Ada Lovelace', recordHash: HASH }]);
    await flow.answerSign('done', signature);
    expect(flow.value()).toEqual({ ready: 'signed' });
    expect(flow.context().application?.signature).toEqual(signature);
  });

  it('names every field left as it is and sends nothing; fixing one clears its message', async () => {
    const flow = harness();
    await flow.answerLoad('done', application);
    flow.actor.send({ type: 'application.sign' });
    expect(flow.value()).toEqual({ ready: 'unsigned' });
    expect(flow.context().fieldErrors).toEqual(FIELD_MESSAGES);
    expect(flow.signings).toEqual([]);
    flow.actor.send({ type: 'signer.consent', checked: true });
    expect(flow.context().fieldErrors.consentToElectronicRecords).toBeUndefined();
    flow.actor.send({ type: 'signer.name', value: '42' });
    flow.actor.send({ type: 'application.sign' });
    expect(flow.context().fieldErrors).toEqual({
      signerName: FIELD_MESSAGES.signerName,
      agreeToDeclarations: FIELD_MESSAGES.agreeToDeclarations,
    });
  });

  it('a signed application shows as signed; a stale one asks to sign the new record', async () => {
    const already = harness();
    await already.answerLoad('done', signed);
    expect(already.value()).toEqual({ ready: 'signed' });

    const changedSince = harness();
    await changedSince.answerLoad('done', stale);
    expect(changedSince.value()).toEqual({ ready: 'stale' });
    changedSince.fill();
    changedSince.actor.send({ type: 'application.sign' });
    expect(changedSince.signings[0]!.recordHash).toBe(NEW_HASH);
    await changedSince.answerSign('done', { ...signature, recordHash: NEW_HASH });
    expect(changedSince.value()).toEqual({ ready: 'signed' });
  });

  it('a 409 naming recordHash reads the application again and says it changed', async () => {
    const flow = harness();
    await flow.answerLoad('done', application);
    flow.fill();
    flow.actor.send({ type: 'application.sign' });
    await flow.answerSign('error', changed);
    expect(flow.value()).toBe('loading');
    expect(flow.context().changedNotice).toBe(true);
    expect(flow.loads).toEqual([ID, ID]);
    await flow.answerLoad('done', { ...application, recordHash: NEW_HASH });
    expect(flow.value()).toEqual({ ready: 'unsigned' });
    expect(flow.context()).toMatchObject({ changedNotice: true, signerName: 'Ada Lovelace', errorMessage: undefined });
    flow.actor.send({ type: 'application.sign' });
    expect(flow.context().changedNotice).toBe(false);
    expect(flow.signings.at(-1)!.recordHash).toBe(NEW_HASH);
  });

  it('other refusals keep the form with the reason: a 400 names its field, a 409 the status, a failure can be tried again', async () => {
    const flow = harness();
    await flow.answerLoad('done', stale);
    flow.fill();
    flow.actor.send({ type: 'application.sign' });
    await flow.answerSign('error', badName);
    expect(flow.value()).toEqual({ ready: 'stale' });
    expect(flow.context().fieldErrors).toEqual({ signerName: 'must be your name in letters' });
    flow.actor.send({ type: 'application.sign' });
    await flow.answerSign('error', bound);
    expect(flow.context().errorMessage).toBe(
      'This application can no longer be signed. Order Q-2026-004217 is bound: its application can no longer be signed',
    );
    flow.actor.send({ type: 'application.sign' });
    await flow.answerSign('error', serverDown);
    expect(flow.context().errorMessage).toBe('Your signature was not saved. 503: The service is unavailable.');
    flow.actor.send({ type: 'application.sign' });
    await flow.answerSign('done', { ...signature, recordHash: NEW_HASH });
    expect(flow.value()).toEqual({ ready: 'signed' });
    expect(flow.context().errorMessage).toBeUndefined();
  });

  it('a load that fails says why and can be tried again', async () => {
    const flow = harness();
    await flow.answerLoad('error', serverDown);
    expect(flow.value()).toBe('failed');
    expect(flow.context().errorMessage).toBe('503: The service is unavailable.');
    flow.actor.send({ type: 'application.retry' });
    expect(flow.value()).toBe('loading');
    await flow.answerLoad('done', application);
    expect(flow.value()).toEqual({ ready: 'unsigned' });
  });
});

describe('signingProblems', () => {
  it.each([
    ['Ng', true],
    ['Ada Lovelace', true],
    ['  A ', false],
    ['12 34', false],
    ['x'.repeat(121), false],
  ])('the name %j is %s', (name, ok) => {
    expect(
      signingProblems({ signerName: name, consentToElectronicRecords: true, agreeToDeclarations: true }).signerName ===
        undefined,
    ).toBe(ok);
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const traversalEvents = [
  { type: 'xstate.done.actor.loadApplication', output: application },
  { type: 'xstate.done.actor.loadApplication', output: signed },
  { type: 'xstate.done.actor.loadApplication', output: stale },
  { type: 'xstate.error.actor.loadApplication', error: serverDown },
  { type: 'xstate.done.actor.signApplication', output: signature },
  { type: 'xstate.error.actor.signApplication', error: changed },
  { type: 'xstate.error.actor.signApplication', error: serverDown },
  { type: 'signer.name', value: 'Ada Lovelace' },
  { type: 'signer.consent', checked: true },
  { type: 'signer.agree', checked: true },
  { type: 'application.sign' },
  { type: 'application.retry' },
] as never[];

const serializeState = (snapshot: { value: unknown; context: ApplicationSignatureContext }) =>
  JSON.stringify({
    value: snapshot.value,
    // Each field on its own: a path fills them one at a time.
    named: snapshot.context.signerName !== '',
    consent: snapshot.context.consentToElectronicRecords,
    agree: snapshot.context.agreeToDeclarations,
    signature: snapshot.context.application?.signature?.current ?? null,
    changed: snapshot.context.changedNotice,
    refused: snapshot.context.errorMessage !== undefined,
  });

async function replay(steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const flow = harness();
  for (const { event, state } of steps) {
    const payload = event as unknown as { output?: unknown; error?: unknown };
    if (event.type === 'xstate.done.actor.loadApplication') await flow.answerLoad('done', payload.output);
    else if (event.type === 'xstate.error.actor.loadApplication') await flow.answerLoad('error', payload.error);
    else if (event.type === 'xstate.done.actor.signApplication') await flow.answerSign('done', payload.output);
    else if (event.type === 'xstate.error.actor.signApplication') await flow.answerSign('error', payload.error);
    else if (event.type !== 'xstate.init') flow.actor.send(event as never);
    expect(serializeState(flow.actor.getSnapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return flow;
}

describe('applicationSignatureMachine paths', () => {
  it('reaches every state by a shortest path, and the real actor agrees', async () => {
    const paths = getShortestPaths(applicationSignatureMachine, {
      events: traversalEvents,
      input: { submissionId: ID },
      serializeState: serializeState as never,
    });
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set([
        '"loading"',
        '"failed"',
        '{"ready":"unsigned"}',
        '{"ready":"stale"}',
        '{"ready":"signing"}',
        '{"ready":"signed"}',
      ]),
    );
    for (const path of paths) await replay(path.steps as never);
  });

  it('walks every simple path: nothing is sent unfilled, and only a signature or a current one is signed', async () => {
    const paths = getSimplePaths(applicationSignatureMachine, {
      events: traversalEvents,
      input: { submissionId: ID },
      serializeState: serializeState as never,
    });
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const flow = await replay(path.steps as never);
      for (const sent of flow.signings) expect(sent.signerName).toBe('Ada Lovelace');
      if (JSON.stringify(flow.value()) === '{"ready":"signed"}')
        expect(flow.context().application?.signature?.current).toBe(true);
    }
  });
});
