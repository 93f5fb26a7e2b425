import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { ClaimAttachment, ClaimDetail, ClaimMessage } from '@shared/contract/claims';
import { withRecords } from '@/machines/claim-conversation';
import { claimMachine, uploadTooBig, type ClaimContext } from '@/machines/claim.machine';
import { actorAnswer, httpError, networkError, reading, settle } from '@/machines/machine-test-harness';
import { getTransitionPaths } from '@/machines/transition-paths';

/**
 * claimMachine with its calls held until the test answers them, one held call per actor at a
 * time (a message and an upload can be out together); then xstate/graph walks every transition,
 * each path replayed on a real actor.
 */

const reported = {
  id: 42,
  number: 'C-2026-000042',
  policyId: 311,
  policyNumber: 'P-2025-000311',
  specialityName: 'Architects',
  kind: 'claim',
  dateOfLoss: '2026-02-14',
  actDate: null,
  claimant: null,
  lawsuitFiled: false,
  amountDemandedCents: null,
  description: 'A client says the load calculations were wrong.',
  status: 'acknowledged',
  reportedAt: '2026-02-16T10:12:00.000Z',
} as const;

const openClaim: ClaimDetail = {
  claim: { ...reported },
  timeline: [
    { id: 1, from: null, to: 'reported', by: 'insured', byName: 'Ada Lovelace', note: null, at: reported.reportedAt },
    {
      id: 2,
      from: 'reported',
      to: 'acknowledged',
      by: 'handler',
      byName: 'Dana Reyes',
      note: null,
      at: '2026-02-17T09:00:00.000Z',
    },
  ],
  messages: [],
  attachments: [],
  open: true,
};
const closedClaim: ClaimDetail = { ...openClaim, claim: { ...reported, status: 'closed' }, open: false };

const message: ClaimMessage = {
  id: 7,
  author: 'insured',
  authorName: 'Ada Lovelace',
  body: 'The drawings are attached.',
  createdAt: '2026-02-18T10:00:00.000Z',
};
const attachment: ClaimAttachment = {
  id: 9,
  filename: 'drawings.pdf',
  contentType: 'application/pdf',
  size: 48_000,
  uploadedAt: '2026-02-18T10:01:00.000Z',
  uploadedBy: 'insured',
};

const serverDown = httpError(503, 'The claims service is unavailable.');
const notFound = httpError(404, 'No such claim');
const closedMeanwhile = httpError(409, 'Claim C-2026-000042 is closed: it takes no more messages', {
  status: 'is closed',
});
const tooLong = httpError(400, 'Invalid body: body must be at most 4000 characters', {
  body: 'must be at most 4000 characters',
});
const wrongType = httpError(
  415,
  'notes.txt is plain text. Accepted are: PDF, PNG, JPEG, Word, Excel. Nothing was stored.',
  {
    files: 'notes.txt is plain text',
  },
);

const pdf = (name = 'drawings.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
/** A file the size of `mb` megabytes without holding them. */
const sized = (name: string, mb: number) => Object.defineProperty(pdf(name), 'size', { value: mb * 1024 * 1024 });

type Call = 'loadClaim' | 'sendMessage' | 'uploadAttachments';

function harness(claimId = 42) {
  const calls: { call: Call; input: unknown }[] = [];
  const pending = new Map<Call, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const waiting = <Output, Input>(call: Call) =>
    fromPromise<Output, Input>(({ input }) => {
      calls.push({ call, input });
      return new Promise<Output>((resolve, reject) =>
        pending.set(call, { resolve: resolve as (value: unknown) => void, reject }),
      );
    });
  const actor = createActor(
    claimMachine.provide({
      actors: {
        loadClaim: waiting('loadClaim'),
        sendMessage: waiting('sendMessage'),
        uploadAttachments: waiting('uploadAttachments'),
      },
    }),
    { input: { claimId } },
  ).start();
  async function answer(call: Call, outcome: 'done' | 'error', value: unknown) {
    const open = pending.get(call);
    expect(open, `the machine is not waiting on ${call}`).toBeDefined();
    pending.delete(call);
    if (outcome === 'done') open!.resolve(value);
    else open!.reject(value);
    await settle();
  }
  return { ...reading(actor), calls, answer, waitingOn: () => [...pending.keys()] };
}

async function shown(detail: ClaimDetail = openClaim) {
  const claim = harness();
  await claim.answer('loadClaim', 'done', detail);
  return claim;
}

const keyOf = (call: { input: unknown } | undefined) => (call?.input as { idempotencyKey: string }).idempotencyKey;
const lastOf = (claim: ReturnType<typeof harness>, call: Call) => claim.calls.filter((c) => c.call === call).at(-1);

describe('claimMachine: the claim', () => {
  it('loads the insured’s claim and shows it, both regions waiting', async () => {
    const claim = harness(42);
    expect(claim.value()).toBe('loading');
    expect(claim.calls).toEqual([{ call: 'loadClaim', input: { claimId: 42 } }]);
    await claim.answer('loadClaim', 'done', openClaim);
    expect(claim.value()).toEqual({ ready: { conversation: 'idle', attachments: 'idle' } });
    expect(claim.context().detail).toEqual(openClaim);
  });

  it('says why it could not load, and Try again loads it', async () => {
    const claim = harness();
    await claim.answer('loadClaim', 'error', serverDown);
    expect(claim.value()).toBe('loadFailed');
    expect(claim.context().errorMessage).toBe('503: The claims service is unavailable.');
    claim.send({ type: 'claim.retry' });
    await claim.answer('loadClaim', 'done', openClaim);
    expect(claim.context().errorMessage).toBeUndefined();
  });

  it('someone else’s claim, or none, is not found alike', async () => {
    const claim = harness();
    await claim.answer('loadClaim', 'error', notFound);
    expect(claim.value()).toBe('notFound');
    const malformed = harness();
    await malformed.answer('loadClaim', 'error', httpError(400, 'Invalid query: claimid', { claimid: 'bad' }));
    expect(malformed.value()).toBe('notFound');
  });
});

describe('claimMachine: messages', () => {
  it('sends a message with a key made for it, adds it to the conversation and counts it', async () => {
    const claim = await shown();
    claim.send({ type: 'message.send', body: '  The drawings are attached.  ' });
    expect(claim.value()).toEqual({ ready: { conversation: 'sending', attachments: 'idle' } });
    const call = lastOf(claim, 'sendMessage')!;
    expect(call.input).toMatchObject({ claimId: 42, body: 'The drawings are attached.' });
    expect(keyOf(call)).toMatch(/^[0-9a-f]{64}$/);
    await claim.answer('sendMessage', 'done', message);
    expect(claim.context().detail!.messages).toEqual([message]);
    expect(claim.context().sent).toBe(1);
    claim.send({ type: 'message.send', body: 'One more thing.' });
    expect(keyOf(lastOf(claim, 'sendMessage')), 'the next message has its own key').not.toBe(keyOf(call));
  });

  it('sends the very same words again with the same key after a lost answer; other words get a new one', async () => {
    const claim = await shown();
    claim.send({ type: 'message.send', body: 'Hello' });
    const first = keyOf(lastOf(claim, 'sendMessage'));
    await claim.answer('sendMessage', 'error', networkError());
    expect(claim.context().messageFailure?.message).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    claim.send({ type: 'message.send', body: 'Hello ' });
    expect(keyOf(lastOf(claim, 'sendMessage'))).toBe(first);
    // Answered with the message stored the first time: listed once.
    await claim.answer('sendMessage', 'done', message);
    await claim.answer;
    expect(claim.context().detail!.messages).toHaveLength(1);
    claim.send({ type: 'message.send', body: 'Hello' });
    await claim.answer('sendMessage', 'error', tooLong);
    expect(claim.context().messageFailure).toEqual({
      message: 'Invalid body: body must be at most 4000 characters',
      fields: { body: 'must be at most 4000 characters' },
    });
    const refusedKey = keyOf(lastOf(claim, 'sendMessage'));
    claim.send({ type: 'message.send', body: 'Hello, shorter' });
    expect(keyOf(lastOf(claim, 'sendMessage'))).not.toBe(refusedKey);
    expect(claim.context().messageFailure).toBeNull();
  });

  it('sends nothing empty, and nothing on a closed claim', async () => {
    const claim = await shown();
    claim.send({ type: 'message.send', body: '   ' });
    const closed = await shown(closedClaim);
    closed.send({ type: 'message.send', body: 'Hello' });
    closed.send({ type: 'files.upload', files: [pdf()] });
    expect([...claim.calls, ...closed.calls].map((call) => call.call)).toEqual(['loadClaim', 'loadClaim']);
  });

  it('a 409 (closed meanwhile) fetches the claim again and keeps the refusal', async () => {
    const claim = await shown();
    claim.send({ type: 'message.send', body: 'Hello' });
    await claim.answer('sendMessage', 'error', closedMeanwhile);
    expect(claim.value()).toBe('refreshing');
    await claim.answer('loadClaim', 'done', closedClaim);
    expect(claim.context().detail!.open).toBe(false);
    expect(claim.context().messageFailure?.message).toBe('Claim C-2026-000042 is closed: it takes no more messages');
  });

  it('a failed reload keeps the claim shown with the reason; Try again reloads', async () => {
    const claim = await shown();
    claim.send({ type: 'message.send', body: 'Hello' });
    await claim.answer('sendMessage', 'error', closedMeanwhile);
    await claim.answer('loadClaim', 'error', serverDown);
    expect(claim.value()).toEqual({ ready: { conversation: 'idle', attachments: 'idle' } });
    expect(claim.context().errorMessage).toBe('503: The claims service is unavailable.');
    claim.send({ type: 'claim.retry' });
    expect(claim.value()).toBe('refreshing');
  });
});

describe('claimMachine: attachments', () => {
  it('uploads the chosen files with a key, lists them, and a message can go meanwhile', async () => {
    const claim = await shown();
    claim.send({ type: 'files.upload', files: [pdf()] });
    claim.send({ type: 'message.send', body: 'Sending the drawings now.' });
    expect(claim.value()).toEqual({ ready: { conversation: 'sending', attachments: 'uploading' } });
    const upload = lastOf(claim, 'uploadAttachments')!;
    expect((upload.input as { files: File[] }).files.map((file) => file.name)).toEqual(['drawings.pdf']);
    expect(keyOf(upload)).toMatch(/^[0-9a-f]{64}$/);
    await claim.answer('uploadAttachments', 'done', [attachment]);
    expect(claim.context().upload).toEqual({ kind: 'uploaded', files: [attachment] });
    expect(claim.context().detail!.attachments).toEqual([attachment]);
    expect(claim.value()).toEqual({ ready: { conversation: 'sending', attachments: 'idle' } });
  });

  it('files chosen while others go up go up next, with a key of their own', async () => {
    const claim = await shown();
    claim.send({ type: 'files.upload', files: [pdf('a.pdf')] });
    claim.send({ type: 'files.upload', files: [pdf('b.pdf')] });
    expect(claim.context().queued.map((file) => file.name)).toEqual(['b.pdf']);
    const first = keyOf(lastOf(claim, 'uploadAttachments'));
    await claim.answer('uploadAttachments', 'done', [attachment]);
    const second = lastOf(claim, 'uploadAttachments')!;
    expect((second.input as { files: File[] }).files.map((file) => file.name)).toEqual(['b.pdf']);
    expect(keyOf(second)).not.toBe(first);
  });

  it('refuses too large files here, naming the file, and sends nothing', async () => {
    const claim = await shown();
    claim.send({ type: 'files.upload', files: [pdf('a.pdf'), sized('scan.pdf', 11)] });
    expect(claim.value()).toEqual({ ready: { conversation: 'idle', attachments: 'idle' } });
    expect(claim.context().upload).toEqual({
      kind: 'refused',
      message: 'scan.pdf is larger than 10 MB. Nothing was uploaded.',
    });
    expect(claim.calls.map((call) => call.call)).toEqual(['loadClaim']);
    expect(claim.context().uploads).toBe(1);
  });

  it('says a type refused in the server’s words, naming the file, and drops files waiting', async () => {
    const claim = await shown();
    claim.send({ type: 'files.upload', files: [pdf('notes.txt')] });
    claim.send({ type: 'files.upload', files: [pdf('b.pdf')] });
    await claim.answer('uploadAttachments', 'error', wrongType);
    expect(claim.context().upload).toEqual({
      kind: 'refused',
      message: 'notes.txt is plain text. Accepted are: PDF, PNG, JPEG, Word, Excel. Nothing was stored.',
    });
    expect(claim.context().queued).toEqual([]);
    expect(claim.value()).toEqual({ ready: { conversation: 'idle', attachments: 'idle' } });
  });
});

describe('uploadTooBig and withRecords', () => {
  it('names the first file over 10 MB, too many files, or too much in all', () => {
    expect(uploadTooBig([pdf()])).toBeUndefined();
    expect(uploadTooBig([sized('ten.pdf', 10)])).toBeUndefined();
    expect(uploadTooBig([sized('big.pdf', 10.5)])).toBe('big.pdf is larger than 10 MB. Nothing was uploaded.');
    expect(uploadTooBig(Array.from({ length: 11 }, (_, i) => pdf(`${i}.pdf`)))).toMatch(
      /^You chose 11 files: at most 10/,
    );
    expect(uploadTooBig([sized('a.pdf', 9), sized('b.pdf', 9), sized('c.pdf', 9)])).toMatch(/more than 25 MB together/);
  });

  it('adds records once', () => {
    expect(withRecords([{ id: 1 }], [{ id: 1 }, { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const traversalEvents = [
  done('loadClaim', openClaim),
  done('loadClaim', closedClaim),
  failed('loadClaim', serverDown),
  failed('loadClaim', notFound),
  done('reloadClaim', closedClaim),
  failed('reloadClaim', serverDown),
  done('sendMessage', message),
  failed('sendMessage', tooLong),
  failed('sendMessage', closedMeanwhile),
  failed('sendMessage', notFound),
  done('uploadAttachments', [attachment]),
  failed('uploadAttachments', wrongType),
  failed('uploadAttachments', closedMeanwhile),
  { type: 'claim.retry' },
  { type: 'message.send', body: 'Hello' },
  // Labelled: xstate/graph tells events apart by their JSON, where a File is {}.
  { type: 'files.upload', files: [pdf()], label: 'a PDF' },
  { type: 'files.upload', files: [sized('scan.pdf', 11)], label: '11 MB' },
] as never[];

const serializeState = (snapshot: { value: unknown; context: ClaimContext }) =>
  JSON.stringify({
    value: snapshot.value,
    open: snapshot.context.detail?.open ?? null,
    refused: snapshot.context.messageFailure !== null,
    upload: snapshot.context.upload?.kind ?? null,
    queued: snapshot.context.queued.length > 0,
    failedReload: snapshot.context.errorMessage !== undefined,
  });

/** The machine's invoke ids, to the actor each runs. */
const CALL_OF: Record<string, Call> = {
  loadClaim: 'loadClaim',
  reloadClaim: 'loadClaim',
  sendMessage: 'sendMessage',
  uploadAttachments: 'uploadAttachments',
};

async function replay(steps: readonly { event: AnyEventObject; state: unknown }[]) {
  const claim = harness();
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered) await claim.answer(CALL_OF[answered.id]!, answered.outcome, answered.value);
    else if (event.type !== 'xstate.init') claim.send(event as never);
    expect(serializeState(claim.snapshot()), `after ${event.type}`).toEqual(serializeState(state as never));
  }
  return claim;
}

function expectConsistent(claim: ReturnType<typeof harness>) {
  const { context } = claim.snapshot();
  const value = claim.value();
  if (value === 'loadFailed') expect(context.errorMessage).toBeDefined();
  if (typeof value === 'object') expect(context.detail).not.toBeNull();
  // Nothing is ever sent on a claim that was closed when it was asked.
  const sends = claim.calls.filter((call) => call.call !== 'loadClaim');
  if (sends.length > 0) expect(claim.calls[0]!.call).toBe('loadClaim');
  for (const call of claim.calls.filter((c) => c.call === 'sendMessage')) expect(keyOf(call)).toMatch(/^[0-9a-f]{64}$/);
}

describe('claimMachine paths', () => {
  const options = { events: traversalEvents, input: { claimId: 42 }, serializeState: serializeState as never };

  it('reaches every state by a shortest path, and the real actor agrees', async () => {
    const reached = new Set<string>();
    for (const path of getShortestPaths(claimMachine, options)) {
      reached.add(JSON.stringify(path.state.value));
      expectConsistent(await replay(path.steps as never));
    }
    for (const state of [
      '"loading"',
      '"loadFailed"',
      '"notFound"',
      '"refreshing"',
      JSON.stringify({ ready: { conversation: 'sending', attachments: 'uploading' } }),
    ])
      expect(reached).toContain(state);
  });

  it('walks every transition on a real actor', async () => {
    const paths = getTransitionPaths(claimMachine, options);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expectConsistent(await replay(path.steps as never));
  });
});
