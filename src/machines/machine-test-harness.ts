/**
 * For the machines' tests (src/machines/*.machine.test.ts), written once: network calls as actors
 * that wait until the test answers them, so every state in between can be looked at; the errors
 * src/api/client.ts leaves behind; and a started actor read the short way. A test provides these
 * actors through machine.provide and drives a real actor with them.
 */
import { HTTPError } from 'ky';
import { expect } from 'vitest';
import { fromPromise, type Actor, type AnyEventObject, type AnyStateMachine } from 'xstate';

/**
 * The API's own error as src/api/client.ts leaves it: "status: message", and the messages its body
 * gave by field (errorFields and serverMessage read `fields`). `label` keeps xstate/graph's
 * traversal from merging errors: it tells events apart by their JSON, where the status is not.
 */
export function httpError(status: number, message = 'Refused', fields: Record<string, string> = {}): HTTPError {
  return Object.assign(bareHttpError(status, message), { fields });
}

/** A failed response whose body was not the API's error (no `fields`, so the server said nothing of its own). */
export function bareHttpError(status: number, message = 'Request failed'): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  return Object.assign(error, { label: `HTTP ${status}` });
}

/** What fetch throws when the server cannot be reached; labelled like httpError's. */
export function networkError(): TypeError {
  return Object.assign(new TypeError('fetch failed'), { label: 'network' });
}

/** Lets an answered call reach the machine: its microtasks run first, without a timer's delay. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Named calls answered one at a time, for a machine that waits on one call at once: `waiting(name)`
 * is the actor to provide for it, `calls` what each was asked, in order, and `answer` answers the
 * call the machine waits on (failing the test when it waits on another, or on none).
 */
export function answerableCalls<Call extends string>() {
  const calls: Array<{ call: Call; input: unknown }> = [];
  let pending: { call: Call; resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined;

  /** `heard` sees each input as the call is made, for a test that logs calls beside other effects. */
  const waiting = <Output, Input>(call: Call, heard?: (input: Input) => void) =>
    fromPromise<Output, Input>(({ input }) => {
      calls.push({ call, input });
      heard?.(input);
      return new Promise<Output>(
        (resolve, reject) => (pending = { call, resolve: resolve as (value: unknown) => void, reject }),
      );
    });

  async function answer(call: Call, outcome: 'done' | 'error', value: unknown): Promise<void> {
    const open = pending;
    expect(open?.call, `the machine is not waiting on ${call}`).toBe(call);
    pending = undefined;
    if (outcome === 'done') open!.resolve(value);
    else open!.reject(value);
    await settle();
  }

  return { calls, waiting, answer, waitingOn: () => pending?.call };
}

/** A call held until the test answers it: what it was asked, and how to answer. */
export interface HeldCall<Input, Output> {
  input: Input;
  resolve: (value: Output) => void;
  reject: (error: unknown) => void;
}

/**
 * An actor whose every call is held in `held`, in order, until the test resolves or rejects it:
 * for machines that have several calls out at once, or a test that answers them out of order.
 */
export function holding<Input, Output>(held: HeldCall<Input, Output>[]) {
  return fromPromise<Output, Input>(
    ({ input }) => new Promise<Output>((resolve, reject) => held.push({ input, resolve, reject })),
  );
}

/** A started machine's actor, with its snapshot, state value and context read the short way. */
export function reading<Started extends Actor<AnyStateMachine>>(actor: Started) {
  type Snapshot = ReturnType<Started['getSnapshot']>;
  const snapshot = (): Snapshot => actor.getSnapshot() as Snapshot;
  return {
    actor,
    snapshot,
    value: (): Snapshot['value'] => snapshot().value,
    context: (): Snapshot['context'] => snapshot().context,
    send: (event: Parameters<Started['send']>[0]) => actor.send(event),
  };
}

/**
 * A step of an xstate/graph path that is an invoked actor's answer (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`): which actor, and what it answered, for a replay to give through the
 * waiting call. Undefined for any other event, which the replay sends as it is.
 */
export function actorAnswer(
  event: AnyEventObject,
): { id: string; outcome: 'done' | 'error'; value: unknown } | undefined {
  const answered = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (!answered) return undefined;
  const outcome = answered[1] as 'done' | 'error';
  const payload = event as { output?: unknown; error?: unknown };
  return { id: answered[2]!, outcome, value: outcome === 'done' ? payload.output : payload.error };
}
