import { describe, expect, it, vi } from 'vitest';
import { createActor, type ActorRefFrom, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { PolicyInfo } from '@shared/contract/billing';
import type { MailQueued } from '@shared/contract/documents';
import { policyInfo } from '@/api/billing';
import { documentList, type DownloadedDocument } from '@/api/documents';
import {
  documentsMachine,
  loadDocuments,
  type DocumentOrder,
  type DocumentRef,
  type DocumentsContext,
  type DocumentsEvent,
  type DocumentsInput,
  type LoadedDocuments,
  sameDocument,
} from '@/machines/documents.machine';
import { actorAnswer, answerableCalls, httpError, reading } from '@/machines/machine-test-harness';
import { shareDocumentMachine } from '@/machines/share-document.machine';

/**
 * documentsMachine with its calls mocked through machine.provide (each waits until the test
 * answers it) and its save recorded; the share dialog is the real shareDocumentMachine with its
 * mail mocked. Then xstate/graph walks its paths, each replayed on a real actor.
 */

const architects: DocumentOrder = {
  submissionId: 4217,
  orderNumber: 'Q-2026-004217',
  policyNumber: 'P-2026-004217',
  speciality: 'Architects',
  effectiveDate: '2026-07-01',
  expirationDate: '2027-07-01',
  documents: [
    { kind: 'policy', title: 'Policy (declarations and coverage form)', filename: 'policy-p-2026-004217.pdf' },
    { kind: 'invoice', title: 'Invoice', filename: 'invoice-inv-2026-000012.pdf' },
  ],
};
const dentists: DocumentOrder = {
  ...architects,
  submissionId: 4300,
  orderNumber: 'Q-2026-004300',
  policyNumber: 'P-2026-004300',
  speciality: 'Dentists',
};
const everyOrder: LoadedDocuments = { orders: [architects, dentists], policy: null, today: '2026-09-01' };
const policy = { policyNumber: 'P-2026-004217', submissionId: 4217 } as PolicyInfo;

const policyRef: DocumentRef = { submissionId: 4217, kind: 'policy', filename: 'policy-p-2026-004217.pdf' };
const invoiceRef: DocumentRef = { submissionId: 4300, kind: 'invoice', filename: 'invoice-inv-2026-000013.pdf' };
const pdf = (filename: string): DownloadedDocument => ({ blob: new Blob(['%PDF-1.7 story']), filename });
const queued: MailQueued = { queued: true, to: 'ada@example.com', attachments: ['order-summary-q-2026-004217.pdf'] };
const share: Extract<DocumentsEvent, { type: 'share.open' }> = {
  type: 'share.open',
  what: 'orderSummary',
  submissionId: 4217,
  orderNumber: 'Q-2026-004217',
  to: 'ada@example.com',
};

const serverDown = httpError(503, 'The document service is unavailable.');
const noPolicy = httpError(404, 'Order Q-2026-004217 has no policy yet');

// The loader's calls, for loadDocuments itself; the machine's actors are provided in the harness.
vi.mock('@/api/documents', () => ({ documentList: vi.fn(), downloadDocument: vi.fn(), mailDocument: vi.fn() }));
vi.mock('@/api/billing', () => ({ policyInfo: vi.fn() }));

describe('loadDocuments', () => {
  it('lists every order for the account, one order with its policy, or nothing', async () => {
    vi.mocked(documentList).mockResolvedValue({ orders: [architects, dentists], today: '2026-09-01' });
    vi.mocked(policyInfo).mockResolvedValue(policy);
    await expect(loadDocuments({ scope: 'account' })).resolves.toEqual({
      orders: [architects, dentists],
      policy: null,
      today: '2026-09-01',
    });
    await expect(loadDocuments({ scope: 'order', submissionId: 4300 })).resolves.toEqual({
      orders: [dentists],
      policy,
      today: '2026-09-01',
    });
    expect(vi.mocked(policyInfo).mock.calls).toEqual([[4300]]);
    await expect(loadDocuments({ scope: 'none' })).resolves.toEqual({ orders: [], policy: null, today: null });
    expect(vi.mocked(documentList)).toHaveBeenCalledTimes(2);
  });

  it('an order without a policy yet (404) has none; any other failure fails the load', async () => {
    vi.mocked(documentList).mockResolvedValue({ orders: [architects] });
    vi.mocked(policyInfo).mockRejectedValueOnce(noPolicy).mockRejectedValueOnce(serverDown);
    // An older server names no day.
    await expect(loadDocuments({ scope: 'order', submissionId: 4217 })).resolves.toEqual({
      orders: [architects],
      policy: null,
      today: null,
    });
    await expect(loadDocuments({ scope: 'order', submissionId: 4217 })).rejects.toBe(serverDown);
  });
});

type Call = 'loadDocuments' | 'fetchDocument' | 'mailDocument';
type Snapshot = SnapshotFrom<typeof documentsMachine>;

function harness(input: DocumentsInput = { scope: 'account' }) {
  const { calls, waiting, answer } = answerableCalls<Call>();
  const saved: { size: number; filename: string }[] = [];
  const actor = createActor(
    documentsMachine.provide({
      actors: {
        loadDocuments: waiting('loadDocuments'),
        fetchDocument: waiting('fetchDocument'),
        shareDocument: shareDocumentMachine.provide({ actors: { mailDocument: waiting('mailDocument') } }),
      },
      actions: { saveFile: (_, { blob, filename }) => void saved.push({ size: blob.size, filename }) },
    }),
    { input },
  ).start();
  const documents = reading(actor);
  return {
    ...documents,
    calls,
    saved,
    answer,
    dialog: () => documents.snapshot().children.shareDocument as ActorRefFrom<typeof shareDocumentMachine> | undefined,
  };
}

async function listed(input: DocumentsInput = { scope: 'account' }, loaded: LoadedDocuments = everyOrder) {
  const documents = harness(input);
  await documents.answer('loadDocuments', 'done', loaded);
  expect(documents.value()).toBe('ready');
  return documents;
}

describe('documentsMachine: loading', () => {
  it('loads every order’s documents for the account', async () => {
    const documents = harness();
    expect(documents.value()).toBe('loading');
    expect(documents.calls).toEqual([{ call: 'loadDocuments', input: { scope: 'account' } }]);
    await documents.answer('loadDocuments', 'done', everyOrder);
    expect(documents.context().orders).toEqual([architects, dentists]);
  });

  it('loads one order’s documents and its policy when given the order', async () => {
    const documents = harness({ scope: 'order', submissionId: 4217 });
    expect(documents.calls).toEqual([{ call: 'loadDocuments', input: { scope: 'order', submissionId: 4217 } }]);
    await documents.answer('loadDocuments', 'done', { orders: [architects], policy, today: null });
    expect(documents.context().policy).toBe(policy);
  });

  it('lists nothing and is ready at once when only downloads are wanted', () => {
    const documents = harness({ scope: 'none' });
    expect(documents.value()).toBe('ready');
    expect(documents.calls).toEqual([]);
  });

  it('says why it could not load, and Try again loads it', async () => {
    const documents = harness();
    await documents.answer('loadDocuments', 'error', serverDown);
    expect(documents.value()).toBe('failed');
    expect(documents.context().errorMessage).toBe('503: The document service is unavailable.');
    documents.send({ type: 'documents.retry' });
    await documents.answer('loadDocuments', 'done', everyOrder);
    expect(documents.value()).toBe('ready');
    expect(documents.context().errorMessage).toBeUndefined();
  });
});

describe('documentsMachine: downloads', () => {
  it('fetches the document of the order asked for and saves it under the name the server gave', async () => {
    const documents = await listed();
    documents.send({ type: 'document.download', ...policyRef });
    expect(documents.value()).toBe('downloading');
    expect(documents.calls.at(-1)).toEqual({ call: 'fetchDocument', input: policyRef });
    await documents.answer('fetchDocument', 'done', pdf('policy-P-2026-004217.pdf'));
    expect(documents.saved).toEqual([{ size: 14, filename: 'policy-P-2026-004217.pdf' }]);
    expect(documents.value()).toBe('ready');
  });

  it('fetches one invoice of the order by its id, and keeps its failure beside that invoice alone', async () => {
    const documents = await listed();
    const third: DocumentRef = { ...invoiceRef, filename: 'invoice-inv-2027-000171.pdf', invoiceId: 171 };
    documents.send({ type: 'document.download', ...third });
    expect(documents.calls.at(-1)).toEqual({ call: 'fetchDocument', input: third });
    await documents.answer('fetchDocument', 'error', httpError(404, 'Order Q-2026-004300 has no invoice 171'));
    expect(documents.context().failure).toEqual({ ...third, message: '404: Order Q-2026-004300 has no invoice 171' });
    expect(sameDocument(documents.context().failure, third)).toBe(true);
    // The order's first invoice (no id) is another document: its button shows no failure.
    expect(sameDocument(documents.context().failure, invoiceRef)).toBe(false);
  });

  it('ignores another download while one is being fetched', async () => {
    const documents = await listed();
    documents.send({ type: 'document.download', ...policyRef });
    documents.send({ type: 'document.download', ...invoiceRef });
    await documents.answer('fetchDocument', 'done', pdf(policyRef.filename));
    expect(documents.calls.filter((call) => call.call === 'fetchDocument')).toHaveLength(1);
    expect(documents.saved.map((file) => file.filename)).toEqual([policyRef.filename]);
  });

  it('keeps a failure beside its document, saves nothing, and clears it on the next download', async () => {
    const documents = await listed();
    documents.send({ type: 'document.download', ...policyRef });
    await documents.answer('fetchDocument', 'error', noPolicy);
    expect(documents.context().failure).toEqual({
      ...policyRef,
      message: '404: Order Q-2026-004217 has no policy yet',
    });
    expect(documents.saved).toEqual([]);
    documents.send({ type: 'document.download', ...invoiceRef });
    expect(documents.context().failure).toBeNull();
    await documents.answer('fetchDocument', 'done', pdf(invoiceRef.filename));
    expect(documents.saved.map((file) => file.filename)).toEqual([invoiceRef.filename]);
  });

  it('downloads without a list (scope none)', async () => {
    const documents = harness({ scope: 'none' });
    documents.send({ type: 'document.download', ...invoiceRef });
    await documents.answer('fetchDocument', 'done', pdf(invoiceRef.filename));
    expect(documents.saved).toHaveLength(1);
  });
});

describe('documentsMachine: e-mail', () => {
  it('opens the dialog for the order, and keeps the mail it queued to announce it', async () => {
    const documents = await listed();
    documents.send(share);
    expect(documents.value()).toBe('sharing');
    expect(documents.dialog()?.getSnapshot().context).toMatchObject({
      what: 'orderSummary',
      submissionId: 4217,
      to: 'ada@example.com',
    });
    documents.dialog()!.send({ type: 'share.send', to: 'ada@example.com' });
    await documents.answer('mailDocument', 'done', queued);
    expect(documents.value()).toBe('ready');
    expect(documents.dialog()).toBeUndefined();
    expect(documents.context().shared).toEqual({ what: 'orderSummary', submissionId: 4217, queued, count: 1 });
    documents.send(share);
    documents.dialog()!.send({ type: 'share.send', to: 'ada@example.com' });
    await documents.answer('mailDocument', 'done', queued);
    expect(documents.context().shared?.count).toBe(2);
  });

  it('Cancel closes the dialog with nothing announced', async () => {
    const documents = await listed();
    documents.send(share);
    documents.dialog()!.send({ type: 'share.cancel' });
    expect(documents.value()).toBe('ready');
    expect(documents.context().shared).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

const traversalEvents = [
  done('loadDocuments', everyOrder),
  failed('loadDocuments', serverDown),
  done('fetchDocument', pdf(policyRef.filename)),
  failed('fetchDocument', noPolicy),
  done('shareDocument', { what: 'orderSummary', submissionId: 4217, queued }),
  done('shareDocument', { what: 'orderSummary', submissionId: 4217, queued: null }),
  { type: 'documents.retry' },
  { type: 'document.download', ...policyRef },
  share,
] as never[];

const serializeState = (snapshot: { value: unknown; context: DocumentsContext }) =>
  JSON.stringify({
    value: snapshot.value,
    orders: snapshot.context.orders.length,
    failing: snapshot.context.failure !== null,
    shared: snapshot.context.shared !== null,
  });

async function replay(input: DocumentsInput, steps: readonly { event: AnyEventObject; state: Snapshot }[]) {
  const documents = harness(input);
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered?.id === 'shareDocument') {
      // The dialog is its own machine: the insured cancels it, or sends and the mail is queued.
      const output = (event as unknown as { output: { queued: MailQueued | null } }).output;
      if (output.queued === null) documents.dialog()!.send({ type: 'share.cancel' });
      else {
        documents.dialog()!.send({ type: 'share.send', to: 'ada@example.com' });
        await documents.answer('mailDocument', 'done', output.queued);
      }
    } else if (answered) {
      await documents.answer(answered.id as Call, answered.outcome, answered.value);
    } else if (event.type !== 'xstate.init') {
      documents.send(event as never);
    }
    expect(serializeState(documents.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return documents;
}

function expectConsistent(documents: ReturnType<typeof harness>) {
  const value = documents.value() as string;
  if (value === 'failed') expect(documents.context().errorMessage).toBeDefined();
  expect(documents.dialog() !== undefined).toBe(value === 'sharing');
  // Saved only what was fetched, once each.
  expect(documents.saved.length).toBeLessThanOrEqual(
    documents.calls.filter((call) => call.call === 'fetchDocument').length,
  );
}

describe('documentsMachine paths', () => {
  const states = Object.keys(documentsMachine.root.states).filter((state) => state !== 'starting');

  it('reaches every state by a shortest path, and the real actor agrees', async () => {
    const reached = new Set<string>();
    for (const input of [{ scope: 'account' }, { scope: 'none' }] as DocumentsInput[]) {
      const paths = getShortestPaths(documentsMachine, {
        events: traversalEvents,
        input,
        serializeState: serializeState as never,
      });
      for (const path of paths) {
        reached.add(String(path.state.value));
        expectConsistent(await replay(input, path.steps as never));
      }
    }
    expect(reached).toEqual(new Set(states));
  });

  it('walks every simple path on a real actor', async () => {
    const input: DocumentsInput = { scope: 'account' };
    const paths = getSimplePaths(documentsMachine, {
      events: traversalEvents,
      input,
      serializeState: serializeState as never,
    });
    expect(paths.length).toBeGreaterThan(states.length);
    for (const path of paths) expectConsistent(await replay(input, path.steps as never));
  }, 60_000);
});
