import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { changePasswordMachine, isRefusedToken } from '@/machines/change-password.machine';
import { describeForgotFailure, forgotPasswordMachine } from '@/machines/forgot-password.machine';

function httpError(status: number, fields?: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request('http://localhost/api/weborder/auth/changepassword');
  const error = new HTTPError(new Response('{}', { status, headers }), request, {} as never);
  error.message = `${status}: Request failed`;
  // The label keeps the traversal from merging errors that serialise alike.
  return Object.assign(error, { label: `HTTP ${status}`, ...(fields ? { fields } : {}) });
}
const networkError = () => Object.assign(new TypeError('fetch failed'), { label: 'network' });

interface Step {
  event: AnyEventObject;
  state: { value: unknown };
}

/**
 * Replays a path on a real actor whose calls wait until the path says how they end; after every
 * step the actor must be where the path says. Returns what each call was asked.
 */
async function replay(machine: AnyStateMachine, input: unknown, actorIds: string[], steps: readonly Step[]) {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const calls: Record<string, unknown[]> = {};
  const actors = Object.fromEntries(
    actorIds.map((id) => [
      id,
      fromPromise(({ input: asked }: { input: unknown }) => {
        (calls[id] ??= []).push(asked);
        return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
      }),
    ]),
  );
  const actor = createActor(machine.provide({ actors } as never), { input } as never).start();
  for (const { event, state } of steps) {
    const call = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (call) {
      const waiting = pending.get(call[2]!);
      expect(waiting, `${call[2]} was not called`).toBeDefined();
      pending.delete(call[2]!);
      if (call[1] === 'done') waiting!.resolve((event as { output?: unknown }).output);
      else waiting!.reject((event as { error?: unknown }).error);
    } else if (event.type !== 'xstate.init') {
      actor.send(event);
    }
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(state.value);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { snapshot, calls };
}

describe('forgotPasswordMachine', () => {
  const events = [
    { type: 'forgot.submit', email: 'ada@example.com' },
    { type: 'forgot.restart' },
    { type: 'xstate.done.actor.requestReset', output: undefined },
    { type: 'xstate.error.actor.requestReset', error: httpError(429, undefined, { 'retry-after': '60' }) },
    { type: 'xstate.error.actor.requestReset', error: networkError() },
  ] as never[];

  it('reaches every state, and walks every simple path (a failure and a second request included) on a real actor', async () => {
    const shortest = getShortestPaths(forgotPasswordMachine, { events, input: { clientId: 'harbor-risk' } });
    expect(new Set(shortest.map((path) => path.state.value))).toEqual(new Set(['editing', 'sending', 'sent']));
    const simple = getSimplePaths(forgotPasswordMachine, { events, input: { clientId: 'harbor-risk' } });
    expect(
      simple.some((path) =>
        path.steps.some((step) => (step.event.type as string) === 'xstate.error.actor.requestReset'),
      ),
    ).toBe(true);
    for (const path of [...shortest, ...simple]) {
      const { snapshot, calls } = await replay(
        forgotPasswordMachine,
        { clientId: 'harbor-risk' },
        ['requestReset'],
        path.steps as never,
      );
      expect(snapshot.value).toEqual(path.state.value);
      // Every request carries the broker, so that the e-mailed link is branded.
      for (const asked of calls.requestReset ?? [])
        expect(asked).toEqual({ email: 'ada@example.com', clientId: 'harbor-risk' });
    }
  });

  it('keeps a failure in words and clears it on the next request', async () => {
    const { snapshot } = await replay(
      forgotPasswordMachine,
      {},
      ['requestReset'],
      [
        { event: { type: 'xstate.init' }, state: { value: 'editing' } },
        { event: { type: 'forgot.submit', email: 'ada@example.com' }, state: { value: 'sending' } },
        {
          event: { type: 'xstate.error.actor.requestReset', error: httpError(429, undefined, { 'retry-after': '60' }) },
          state: { value: 'editing' },
        },
      ],
    );
    expect(snapshot.context.failure?.message).toBe('Too many reset requests. Please wait a minute and try again.');
    const again = await replay(
      forgotPasswordMachine,
      {},
      ['requestReset'],
      [
        { event: { type: 'xstate.init' }, state: { value: 'editing' } },
        { event: { type: 'forgot.submit', email: 'ada@example.com' }, state: { value: 'sending' } },
        { event: { type: 'xstate.error.actor.requestReset', error: networkError() }, state: { value: 'editing' } },
        { event: { type: 'forgot.submit', email: 'ada@example.com' }, state: { value: 'sending' } },
      ],
    );
    expect(again.snapshot.context.failure).toBeNull();
  });

  it('passes the server’s field messages through', () => {
    expect(describeForgotFailure(httpError(400, { email: 'must be an e-mail address' })).fields).toEqual({
      email: 'must be an e-mail address',
    });
  });
});

describe('changePasswordMachine', () => {
  const TOKEN = 'q3Vh0Zb7kLm2Xc9Rt5Yw8Np1';
  const events = [
    { type: 'password.submit', newpassword: 'a long passphrase 1' },
    { type: 'password.retry' },
    { type: 'xstate.done.actor.checkToken', output: undefined },
    { type: 'xstate.error.actor.checkToken', error: httpError(410) },
    { type: 'xstate.error.actor.checkToken', error: networkError() },
    { type: 'xstate.done.actor.savePassword', output: undefined },
    { type: 'xstate.error.actor.savePassword', error: httpError(400, { newpassword: 'must contain a letter' }) },
    { type: 'xstate.error.actor.savePassword', error: httpError(404) },
  ] as never[];
  // A failure on show is a state of its own, so that failing back to `ready` is a step of a simple path.
  const serializeState = ((snapshot: { value: unknown; context: { failure: unknown } }) =>
    JSON.stringify({ value: snapshot.value, failing: snapshot.context.failure !== null })) as never;

  it('reaches every state from a good link, and walks every simple path on a real actor', async () => {
    const shortest = getShortestPaths(changePasswordMachine, { events, input: { token: TOKEN }, serializeState });
    expect(new Set(shortest.map((path) => path.state.value))).toEqual(
      new Set(['checking', 'ready', 'saving', 'changed', 'invalid', 'unreachable']),
    );
    const simple = getSimplePaths(changePasswordMachine, { events, input: { token: TOKEN }, serializeState });
    const taken = new Set(simple.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect(taken).toContain('xstate.error.actor.savePassword');
    expect(taken).toContain('password.retry');
    for (const path of [...shortest, ...simple]) {
      const { snapshot, calls } = await replay(
        changePasswordMachine,
        { token: TOKEN },
        ['checkToken', 'savePassword'],
        path.steps as never,
      );
      expect(snapshot.value).toEqual(path.state.value);
      for (const asked of calls.savePassword ?? [])
        expect(asked).toEqual({ token: TOKEN, newpassword: 'a long passphrase 1' });
    }
  });

  it('refuses a link that is not even shaped like a token without asking the server', async () => {
    const { snapshot, calls } = await replay(
      changePasswordMachine,
      { token: 'abc' },
      ['checkToken', 'savePassword'],
      [{ event: { type: 'xstate.init' }, state: { value: 'invalid' } }],
    );
    expect(snapshot.status).toBe('done');
    expect(calls.checkToken).toBeUndefined();
  });

  it('keeps a password the server refuses on the form, but a refused token ends the flow', async () => {
    const start: Step[] = [
      { event: { type: 'xstate.init' }, state: { value: 'checking' } },
      { event: { type: 'xstate.done.actor.checkToken' }, state: { value: 'ready' } },
      { event: { type: 'password.submit', newpassword: 'a long passphrase 1' }, state: { value: 'saving' } },
    ];
    const weak = await replay(
      changePasswordMachine,
      { token: TOKEN },
      ['checkToken', 'savePassword'],
      [
        ...start,
        {
          event: {
            type: 'xstate.error.actor.savePassword',
            error: httpError(400, { newpassword: 'must contain a letter' }),
          },
          state: { value: 'ready' },
        },
      ],
    );
    expect(weak.snapshot.context.failure).toEqual({
      message: 'Please choose another password.',
      fields: { newpassword: 'must contain a letter' },
    });
    const used = await replay(
      changePasswordMachine,
      { token: TOKEN },
      ['checkToken', 'savePassword'],
      [
        ...start,
        { event: { type: 'xstate.error.actor.savePassword', error: httpError(410) }, state: { value: 'invalid' } },
      ],
    );
    expect(used.snapshot.status).toBe('done');
  });

  it('ends this browser’s session once the password is changed (the server ended every session), and only then', async () => {
    let ended = 0;
    const machine = changePasswordMachine.provide({ actions: { endSessions: () => void ended++ } });
    const start: Step[] = [
      { event: { type: 'xstate.init' }, state: { value: 'checking' } },
      { event: { type: 'xstate.done.actor.checkToken' }, state: { value: 'ready' } },
      { event: { type: 'password.submit', newpassword: 'a long passphrase 1' }, state: { value: 'saving' } },
    ];
    await replay(
      machine,
      { token: TOKEN },
      ['checkToken', 'savePassword'],
      [
        ...start,
        { event: { type: 'xstate.error.actor.savePassword', error: networkError() }, state: { value: 'ready' } },
      ],
    );
    expect(ended).toBe(0);
    await replay(
      machine,
      { token: TOKEN },
      ['checkToken', 'savePassword'],
      [...start, { event: { type: 'xstate.done.actor.savePassword', output: undefined }, state: { value: 'changed' } }],
    );
    expect(ended).toBe(1);
  });

  it('tells a refused token from a refused password and from an outage', () => {
    expect(isRefusedToken(httpError(400, { token: 'is not a reset token' }))).toBe(true);
    expect(isRefusedToken(httpError(400))).toBe(true);
    expect(isRefusedToken(httpError(400, { newpassword: 'must contain a letter' }))).toBe(false);
    expect(isRefusedToken(httpError(404))).toBe(true);
    expect(isRefusedToken(httpError(410))).toBe(true);
    expect(isRefusedToken(httpError(429))).toBe(false);
    expect(isRefusedToken(httpError(500))).toBe(false);
    expect(isRefusedToken(networkError())).toBe(false);
  });
});
