import type { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CertificateVerification } from '@shared/contract/certificates';
import { verifyCertificateMachine, type VerifyCertificateContext } from '@/machines/verify-certificate.machine';
import { actorAnswer, answerableCalls, httpError, networkError, reading } from '@/machines/machine-test-harness';
import { getTransitionPaths } from '@/machines/transition-paths';

/**
 * verifyCertificateMachine with its one call waiting until the test answers it (the shared
 * harness); then xstate/graph walks every transition, each path replayed on a real actor.
 */

const verification: CertificateVerification = {
  asOf: '2026-07-02',
  standing: 'in_force',
  cancellationDate: null,
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
  perClaimLimitCents: 100_000_000,
  aggregateLimitCents: 200_000_000,
  holderName: 'Harbor Property Management LLC',
};

const unknown = httpError(404, 'No certificate has this verification code');
const malformed = httpError(400, 'Invalid params: code must be the 12-character code', { code: 'must be …' });
const serverDown = httpError(503, 'Service unavailable');

/** A 429 as the API client leaves it, with the server's Retry-After. */
function rateLimited(retryAfter = '540'): HTTPError {
  const error = httpError(429, 'Too many certificate checks from this address: try again in 9 minutes');
  Object.defineProperty(error, 'response', {
    value: new Response('{}', { status: 429, headers: { 'retry-after': retryAfter } }),
  });
  return error;
}

type Call = 'verifyCertificate';
type Snapshot = SnapshotFrom<typeof verifyCertificateMachine>;

function harness(code = 'ABCDEFGHJKMN') {
  const { calls, waiting, answer, waitingOn } = answerableCalls<Call>();
  const actor = createActor(
    verifyCertificateMachine.provide({ actors: { verifyCertificate: waiting('verifyCertificate') } }),
    { input: { code } },
  ).start();
  return { ...reading(actor), calls, answer, waitingOn };
}

describe('verifyCertificateMachine', () => {
  it('asks the server about a code and shows what it answered', async () => {
    const check = harness();
    expect(check.value()).toBe('checking');
    expect(check.calls).toEqual([{ call: 'verifyCertificate', input: { code: 'ABCDEFGHJKMN' } }]);
    await check.answer('verifyCertificate', 'done', verification);
    expect(check.value()).toBe('found');
    expect(check.context().verification).toEqual(verification);
    expect(check.snapshot().status).toBe('done');
  });

  it('reads the code as people copy it: any case, in groups with hyphens or spaces', () => {
    expect(harness('abcd-efgh-jkmn').calls[0]!.input).toEqual({ code: 'ABCDEFGHJKMN' });
    expect(harness('ABCD EFGH JKMN').context().code).toBe('ABCDEFGHJKMN');
  });

  it.each(['', 'ABCDEFGHJKM', 'ABCDEFGHJKMNP', 'ABCDEFGHJKM0', 'abcd-efgh-jkm1', 'ABCDEFGHIJKL', '../etc/passwd'])(
    'says %j cannot be a code without asking the server',
    (code) => {
      const check = harness(code);
      expect(check.value()).toBe('malformed');
      expect(check.calls).toEqual([]);
    },
  );

  it('an unknown code is not found; a code the server cannot read is malformed', async () => {
    const notFound = harness();
    await notFound.answer('verifyCertificate', 'error', unknown);
    expect(notFound.value()).toBe('notFound');
    const refused = harness();
    await refused.answer('verifyCertificate', 'error', malformed);
    expect(refused.value()).toBe('malformed');
  });

  it('too many checks: says how long to wait, and Try again asks again', async () => {
    const check = harness();
    await check.answer('verifyCertificate', 'error', rateLimited('540'));
    expect(check.value()).toBe('rateLimited');
    expect(check.context().retryAfterSeconds).toBe(540);
    check.send({ type: 'verification.retry' });
    expect(check.value()).toBe('checking');
    await check.answer('verifyCertificate', 'done', verification);
    expect(check.value()).toBe('found');
  });

  it('not reached or a server failure: the reason shows with Try again', async () => {
    const check = harness();
    await check.answer('verifyCertificate', 'error', networkError());
    expect(check.value()).toBe('failed');
    expect(check.context().errorMessage).toBe('The server could not be reached. Check your connection and try again.');
    check.send({ type: 'verification.retry' });
    await check.answer('verifyCertificate', 'error', serverDown);
    expect(check.context().errorMessage).toBe('503: Service unavailable');
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (output: unknown) => ({ type: 'xstate.done.actor.verifyCertificate', output });
const failed = (error: unknown) => ({ type: 'xstate.error.actor.verifyCertificate', error });

const traversalEvents = [
  done(verification),
  failed(unknown),
  failed(malformed),
  failed(rateLimited()),
  failed(serverDown),
  { type: 'verification.retry' },
] as never[];

const serializeState = (snapshot: { value: unknown; context: VerifyCertificateContext }) =>
  JSON.stringify({ value: snapshot.value, found: snapshot.context.verification !== null });

async function replay(code: string, steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const check = harness(code);
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered) await check.answer(answered.id as Call, answered.outcome, answered.value);
    else if (event.type !== 'xstate.init') check.send(event as never);
    expect(serializeState(check.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return check;
}

describe('verifyCertificateMachine paths', () => {
  const states = Object.keys(verifyCertificateMachine.root.states).filter((state) => state !== 'reading');

  it('reaches every state by a shortest path from a good code and a bad one, and the real actor agrees', async () => {
    const reached = new Set<string>();
    for (const code of ['ABCDEFGHJKMN', 'not-a-code']) {
      const paths = getShortestPaths(verifyCertificateMachine, {
        events: traversalEvents,
        input: { code },
        serializeState: serializeState as never,
      });
      for (const path of paths) {
        reached.add(String(path.state.value));
        const check = await replay(code, path.steps as never);
        expect(check.context().verification !== null).toBe(check.value() === 'found');
      }
    }
    expect([...reached].sort()).toEqual([...states].sort());
  });

  it('walks every transition on a real actor', async () => {
    const paths = getTransitionPaths(verifyCertificateMachine, {
      events: traversalEvents,
      input: { code: 'ABCDEFGHJKMN' },
      serializeState: serializeState as never,
    });
    // From checking: found, not found, malformed, rate limited, failed; from the last two: Try again.
    expect(paths).toHaveLength(7);
    for (const path of paths) await replay('ABCDEFGHJKMN', path.steps as never);
  });
});
