import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { MailQueued } from '@shared/contract/documents';
import {
  shareDocumentMachine,
  type ShareDocumentContext,
  type ShareDocumentInput,
} from '@/machines/share-document.machine';

/**
 * shareDocumentMachine with its one call mocked: the call waits until the test answers it. Then
 * xstate/graph walks its paths, each replayed on a real actor.
 */

const order: ShareDocumentInput = {
  what: 'orderSummary',
  submissionId: 4217,
  orderNumber: 'Q-2026-004217',
  to: 'ada@example.com',
};
const queued: MailQueued = { queued: true, to: 'grace@example.com', attachments: ['order-summary-q-2026-004217.pdf'] };

function httpError(
  status: number,
  message: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status, headers }),
    new Request('http://localhost/api/weborder/documents/shareOrderSummary'),
    {} as never,
  );
  error.message = `${status}: ${message}`;
  return Object.assign(error, { fields, label: `HTTP ${status}` });
}
const badAddress = httpError(400, 'Invalid body: to must be an e-mail address', { to: 'must be an e-mail address' });
const tooMany = httpError(429, 'Too many e-mails for this order', {}, { 'retry-after': '300' });
const serverDown = httpError(503, 'The mail service is unavailable.');

type Snapshot = SnapshotFrom<typeof shareDocumentMachine>;

function harness(input: ShareDocumentInput = order) {
  const calls: unknown[] = [];
  let pending: { resolve: (value: MailQueued) => void; reject: (error: unknown) => void } | undefined;
  const actor = createActor(
    shareDocumentMachine.provide({
      actors: {
        mailDocument: fromPromise(({ input: sent }) => {
          calls.push(sent);
          return new Promise<MailQueued>((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
    }),
    { input },
  ).start();
  async function answer(outcome: 'done' | 'error', value: unknown) {
    const open = pending;
    expect(open, 'the machine is not sending').toBeDefined();
    pending = undefined;
    if (outcome === 'done') open!.resolve(value as MailQueued);
    else open!.reject(value);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { actor, calls, answer, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context };
}

describe('shareDocumentMachine', () => {
  it('starts with the address it was given, sends the one typed (trimmed), and ends with the mail queued', async () => {
    const dialog = harness();
    expect(dialog.value()).toBe('editing');
    expect(dialog.context().to).toBe('ada@example.com');
    dialog.actor.send({ type: 'share.send', to: ' grace@example.com ' });
    expect(dialog.value()).toBe('sending');
    expect(dialog.calls).toEqual([{ what: 'orderSummary', submissionId: 4217, to: 'grace@example.com' }]);
    await dialog.answer('done', queued);
    expect(dialog.actor.getSnapshot().status).toBe('done');
    expect(dialog.actor.getSnapshot().output).toEqual({ what: 'orderSummary', submissionId: 4217, queued });
  });

  it('sends the order confirmation when that is what it was opened for', () => {
    const dialog = harness({ ...order, what: 'orderConfirmation' });
    dialog.actor.send({ type: 'share.send', to: 'ada@example.com' });
    expect(dialog.calls).toEqual([{ what: 'orderConfirmation', submissionId: 4217, to: 'ada@example.com' }]);
  });

  it('asks for an address before it sends anything', () => {
    const dialog = harness({ ...order, to: '' });
    dialog.actor.send({ type: 'share.send', to: '   ' });
    expect(dialog.value()).toBe('refused');
    expect(dialog.context().failure).toEqual({
      message: 'Enter the e-mail address to send it to.',
      fields: { to: 'is required' },
    });
    expect(dialog.calls).toEqual([]);
  });

  it('a refused address stays on the field; sending another works', async () => {
    const dialog = harness();
    dialog.actor.send({ type: 'share.send', to: 'ada@' });
    await dialog.answer('error', badAddress);
    expect(dialog.value()).toBe('refused');
    expect(dialog.context().failure).toEqual({
      message: 'Invalid body: to must be an e-mail address',
      fields: { to: 'must be an e-mail address' },
    });
    dialog.actor.send({ type: 'share.send', to: 'ada@example.com' });
    expect(dialog.context().failure).toBeNull();
    await dialog.answer('done', queued);
    expect(dialog.actor.getSnapshot().output?.queued).toEqual(queued);
  });

  it('429 tells the server’s words and how long to wait; anything else its words too', async () => {
    const dialog = harness();
    dialog.actor.send({ type: 'share.send', to: 'ada@example.com' });
    await dialog.answer('error', tooMany);
    expect(dialog.context().failure).toEqual({
      message: 'Too many e-mails for this order. Try again in 5 minutes.',
      fields: {},
    });
    dialog.actor.send({ type: 'share.send', to: 'ada@example.com' });
    await dialog.answer('error', serverDown);
    expect(dialog.context().failure?.message).toBe('The mail service is unavailable.');
  });

  it('Cancel ends it with nothing queued', () => {
    const dialog = harness();
    dialog.actor.send({ type: 'share.cancel' });
    expect(dialog.actor.getSnapshot().output).toEqual({ what: 'orderSummary', submissionId: 4217, queued: null });
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const traversalEvents = [
  { type: 'xstate.done.actor.mailDocument', output: queued },
  { type: 'xstate.error.actor.mailDocument', error: badAddress },
  { type: 'xstate.error.actor.mailDocument', error: tooMany },
  { type: 'share.send', to: 'grace@example.com' },
  { type: 'share.send', to: '' },
  { type: 'share.cancel' },
] as never[];

const serializeState = (snapshot: { value: unknown; context: ShareDocumentContext }) =>
  JSON.stringify({ value: snapshot.value, to: snapshot.context.to, refused: snapshot.context.failure !== null });

async function replay(steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const dialog = harness();
  for (const { event, state } of steps) {
    if (event.type === 'xstate.done.actor.mailDocument')
      await dialog.answer('done', (event as unknown as { output: unknown }).output);
    else if (event.type === 'xstate.error.actor.mailDocument')
      await dialog.answer('error', (event as unknown as { error: unknown }).error);
    else if (event.type !== 'xstate.init') dialog.actor.send(event as never);
    expect(serializeState(dialog.actor.getSnapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return dialog;
}

describe('shareDocumentMachine paths', () => {
  it('reaches every state by a shortest path, and the real actor agrees', async () => {
    const paths = getShortestPaths(shareDocumentMachine, {
      events: traversalEvents,
      input: order,
      serializeState: serializeState as never,
    });
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(['editing', 'sending', 'refused', 'sent', 'cancelled']),
    );
    for (const path of paths) await replay(path.steps as never);
  });

  it('walks every simple path; nothing is sent without an address, and only a queued mail is sent', async () => {
    const paths = getSimplePaths(shareDocumentMachine, {
      events: traversalEvents,
      input: order,
      serializeState: serializeState as never,
    });
    for (const path of paths) {
      const dialog = await replay(path.steps as never);
      for (const call of dialog.calls) expect((call as { to: string }).to).not.toBe('');
      const output = dialog.actor.getSnapshot().output;
      if (dialog.value() === 'sent') expect(output?.queued).toEqual(queued);
      if (dialog.value() === 'cancelled') expect(output?.queued).toBeNull();
      if (dialog.value() === 'refused') expect(dialog.context().failure).not.toBeNull();
    }
  });
});
