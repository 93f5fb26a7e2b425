import { describe, expect, it } from 'vitest';
import {
  createActor,
  type ActorRefFrom,
  type AnyEventObject,
  type AnyStateNode,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { FileSummary } from '@shared/contract/files';
import type { BuyNowResult, LifecycleMove, OrderSummaryDetails } from '@shared/contract/lifecycle';
import type { SubmissionStatus } from '@shared/contract/submissions';
import { closeLostMachine } from '@/machines/close-lost.machine';
import { actorAnswer, answerableCalls, httpError, reading } from '@/machines/machine-test-harness';
import {
  orderDetailsMachine,
  showsHere,
  type GivenAnswers,
  type LoadedSummary,
  type MissingQuestion,
  type OrderDetailsContext,
  type OrderScreenName,
} from '@/machines/order-details.machine';
import { statusScreen } from '@shared/lifecycle/order-lifecycle.machine';

/**
 * orderDetailsMachine with its calls mocked through machine.provide: each call waits until the
 * test answers it, so every state in between can be looked at, and its navigation recorded.
 * Then xstate/graph walks its paths from several screens, each replayed on a real actor.
 */

const ID = 4217;

function summaryIn(status: SubmissionStatus, overrides: Partial<OrderSummaryDetails> = {}): OrderSummaryDetails {
  return {
    order: {
      submissionId: ID,
      number: 'Q-2026-004217',
      status,
      version: 3,
      speciality: { id: 101, name: 'Architects' },
      state: { code: 'TX', name: 'Texas' },
      zipcode: '77002',
      limit: { code: '1M/1M', label: '$1,000,000 / $1,000,000' },
      deductible: { code: '2500', label: '$2,500' },
      paymentTerm: 'annual',
      effectiveDate: '2026-07-01',
      answers: {},
      applicationAnswers: {},
      rating: null,
      premiumCents: 312_345,
      createdAt: '2026-06-01T10:00:00.000Z',
      updatedAt: '2026-06-02T10:00:00.000Z',
      history: [],
    },
    locations: [],
    contact: null,
    requiredItems: [],
    reasons: [],
    infoRequest: null,
    decision: null,
    files: [],
    canCloseLost: !['declined', 'close_lost', 'bound', 'complete'].includes(status),
    ...overrides,
  };
}

const quoted = summaryIn('quoted');
const incomplete = summaryIn('incomplete', {
  requiredItems: [
    {
      kind: 'document',
      code: 'document:loss_runs',
      label: 'Upload your loss runs',
      screen: 'incomplete-order',
      field: null,
    },
  ],
});
const yearsQuestion: MissingQuestion = {
  id: 1,
  code: 'years_in_practice',
  text: 'How many years have you been in practice?',
  helpText: null,
  type: 'number',
  required: true,
  options: [],
  condition: null,
  set: 'application',
};
/** Incomplete, with an answer missing: the summary comes with the question it asks. */
const unanswered: LoadedSummary = {
  ...summaryIn('incomplete', {
    requiredItems: [
      {
        kind: 'answer',
        code: 'answer:years_in_practice',
        label: 'Answer “How many years…”',
        screen: 'incomplete-order',
        field: 'years_in_practice',
      },
    ],
  }),
  questions: [yearsQuestion],
};
const missingInfo = summaryIn('missing_info', {
  infoRequest: {
    message: 'Send your loss runs',
    requestedAt: '2026-06-03T10:00:00.000Z',
    requestedBy: 'Uma Underwriter',
  },
});
const underReview = summaryIn('application_under_review');
const approved = summaryIn('approved');
const declined = summaryIn('declined');

function result(outcome: BuyNowResult['outcome']): BuyNowResult {
  return {
    submissionId: ID,
    number: quoted.order.number,
    status: outcome,
    version: 5,
    outcome,
    requiredItems: outcome === 'incomplete' ? incomplete.requiredItems : [],
    reasons:
      outcome === 'declined'
        ? [{ code: 'knockout_answer', label: 'Your answer about revoked licences', detail: null }]
        : [],
  };
}
const moved = (status: SubmissionStatus): LifecycleMove => ({
  submissionId: ID,
  number: quoted.order.number,
  status,
  version: 6,
});

const lossRuns: FileSummary = {
  id: 31,
  module: 'submission',
  moduleId: ID,
  filename: 'loss-runs.pdf',
  mime: 'application/pdf',
  size: 48_213,
  uploadedAt: '2026-06-04T10:00:00.000Z',
  uploadedBy: 'insured',
};
const chosenFiles = [new File(['%PDF-1.7'], 'loss-runs.pdf', { type: 'application/pdf' })];

const notFound = httpError(404, 'No such submission (or it is not yours)');
const serverDown = httpError(503, 'The order service is unavailable.');
const conflict = httpError(409, 'The order is with an underwriter', { status: 'is underwriter_review' });
const messageRequired = httpError(422, 'Tell the underwriter what you sent', { message: 'is required' });
const notAType = httpError(415, 'loss-runs.exe is not a PDF, PNG, JPEG, Word or Excel file', {
  files: 'is not a type we accept',
});

type Call = 'loadSummary' | 'buyNow' | 'resubmit' | 'uploadFiles' | 'saveAnswers' | 'closeOrder';
type Snapshot = SnapshotFrom<typeof orderDetailsMachine>;
type Target = { screen: string; submissionId: number; replace: boolean };

/** The machine for one screen, with calls that wait to be answered and navigation that is recorded. */
function harness(screen: OrderScreenName) {
  const { calls, waiting, answer, waitingOn } = answerableCalls<Call>();
  const went: Array<Target | 'dashboard'> = [];
  const actor = createActor(
    orderDetailsMachine.provide({
      actors: {
        loadSummary: waiting('loadSummary'),
        buyNow: waiting('buyNow'),
        resubmit: waiting('resubmit'),
        uploadFiles: waiting('uploadFiles'),
        saveAnswers: waiting('saveAnswers'),
        closeLost: closeLostMachine.provide({ actors: { closeOrder: waiting('closeOrder') } }),
      },
      actions: {
        goToStatusScreen: (_, target) => void went.push(target),
        goToDashboard: () => void went.push('dashboard'),
      },
    }),
    { input: { submissionId: ID, screen } },
  ).start();
  const order = reading(actor);
  return {
    ...order,
    calls,
    went,
    answer,
    waitingOn,
    dialog: () => order.snapshot().children.closeLost as ActorRefFrom<typeof closeLostMachine> | undefined,
  };
}

async function readyOn(screen: OrderScreenName, details: LoadedSummary) {
  const order = harness(screen);
  await order.answer('loadSummary', 'done', details);
  expect(order.value()).toEqual({ showing: 'ready' });
  return order;
}

describe('orderDetailsMachine: loading', () => {
  it('loads the summary and shows it when this screen shows the order’s status', async () => {
    const order = harness('incomplete-order');
    expect(order.value()).toBe('loading');
    expect(order.calls).toEqual([{ call: 'loadSummary', input: { submissionId: ID } }]);
    await order.answer('loadSummary', 'done', incomplete);
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().details).toEqual(incomplete);
    expect(order.went).toEqual([]);
  });

  it.each([
    ['order', missingInfo, 'incomplete-missing-info'],
    ['order', incomplete, 'incomplete-order'],
    ['incomplete-order', quoted, 'order'],
    ['incomplete-missing-info', underReview, 'application-under-review'],
    ['complete-order', declined, 'order'],
    ['application-under-review', summaryIn('bound'), 'complete-order'],
  ] as const)(
    'on %s, an order in another status goes to its own screen, replacing the address',
    async (screen, details, target) => {
      const order = harness(screen);
      await order.answer('loadSummary', 'done', details);
      expect(order.value()).toBe('redirecting');
      expect(order.went).toEqual([{ screen: target, submissionId: ID, replace: true }]);
      expect(order.snapshot().status).toBe('done');
    },
  );

  it('the summary shows an order in any status and never leaves', async () => {
    for (const details of [quoted, missingInfo, declined, summaryIn('complete')]) {
      const order = await readyOn('ordersummary', details);
      expect(order.went).toEqual([]);
    }
  });

  it.each([
    [404, notFound],
    [400, httpError(400, 'Invalid query: submissionid must be a positive whole number')],
  ])('a %s is “not found”, someone else’s order alike', async (_, error) => {
    const order = harness('order');
    await order.answer('loadSummary', 'error', error);
    expect(order.value()).toBe('notFound');
  });

  it('says why it could not load, and Try again loads it', async () => {
    const order = harness('order');
    await order.answer('loadSummary', 'error', serverDown);
    expect(order.value()).toBe('failed');
    expect(order.context().errorMessage).toBe('503: The order service is unavailable.');
    order.send({ type: 'order.retry' });
    expect(order.value()).toBe('loading');
    await order.answer('loadSummary', 'done', quoted);
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().errorMessage).toBeUndefined();
  });
});

describe('orderDetailsMachine: buy now', () => {
  it('from quoted: buys with a key and goes to the screen of the outcome', async () => {
    const order = await readyOn('order', quoted);
    order.send({ type: 'order.buyNow' });
    expect(order.value()).toBe('buying');
    expect(order.calls.at(-1)).toEqual({
      call: 'buyNow',
      input: { submissionId: ID, idempotencyKey: order.context().buyKey },
    });
    expect(order.context().buyKey).toMatch(/^[0-9a-f]{64}$/);
    await order.answer('buyNow', 'done', result('underwriter_review'));
    expect(order.value()).toBe('moved');
    expect(order.went).toEqual([{ screen: 'incomplete-review-underwriter', submissionId: ID, replace: false }]);
  });

  it.each([
    ['approved', approved],
    ['declined', declined],
  ] as const)('%s stays on the order screen and loads the summary again', async (outcome, after) => {
    const order = await readyOn('order', quoted);
    order.send({ type: 'order.buyNow' });
    await order.answer('buyNow', 'done', result(outcome));
    expect(order.value()).toEqual({ showing: 'refreshing' });
    expect(order.context().details?.order.status).toBe(outcome);
    await order.answer('loadSummary', 'done', after);
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().bought?.outcome).toBe(outcome);
    expect(order.went).toEqual([]);
  });

  it('from incomplete, still incomplete: stays, with what is still missing', async () => {
    const order = await readyOn('incomplete-order', incomplete);
    order.send({ type: 'order.buyNow' });
    await order.answer('buyNow', 'done', result('incomplete'));
    expect(order.value()).toEqual({ showing: 'refreshing' });
    await order.answer('loadSummary', 'done', incomplete);
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().details?.requiredItems).toEqual(incomplete.requiredItems);
    expect(order.went).toEqual([]);
  });

  it('a lost answer keeps the key for the retry; a refusal (4xx) takes a new one', async () => {
    const order = await readyOn('order', quoted);
    order.send({ type: 'order.buyNow' });
    const first = order.context().buyKey;
    await order.answer('buyNow', 'error', serverDown);
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().moveFailure).toEqual({
      move: 'buyNow',
      message: 'We could not go ahead with your order. The order service is unavailable.',
    });
    order.send({ type: 'order.buyNow' });
    expect(order.context().moveFailure).toBeNull();
    expect((order.calls.at(-1)!.input as { idempotencyKey: string }).idempotencyKey).toBe(first);
    await order.answer(
      'buyNow',
      'error',
      httpError(400, 'Invalid body: submissionid is required', { submissionid: 'is required' }),
    );
    expect(order.context().buyKey).not.toBe(first);
  });

  it('a 409 (the order moved meanwhile) says so and loads it again, going where it is now', async () => {
    const order = await readyOn('order', quoted);
    order.send({ type: 'order.buyNow' });
    await order.answer('buyNow', 'error', conflict);
    expect(order.value()).toEqual({ showing: 'refreshing' });
    expect(order.context().moveFailure?.message).toBe(
      'We could not go ahead with your order. The order is with an underwriter',
    );
    await order.answer('loadSummary', 'done', summaryIn('underwriter_review'));
    expect(order.value()).toBe('moved');
    expect(order.went).toEqual([{ screen: 'incomplete-review-underwriter', submissionId: ID, replace: false }]);
  });

  it('is not offered where the lifecycle does not allow it', async () => {
    for (const details of [missingInfo, approved, declined, summaryIn('draft')]) {
      const order = await readyOn('ordersummary', details);
      order.send({ type: 'order.buyNow' });
      expect(order.value()).toEqual({ showing: 'ready' });
      expect(order.calls.map((call) => call.call)).toEqual(['loadSummary']);
    }
  });
});

describe('orderDetailsMachine: resubmit', () => {
  it('sends the message and goes to application-under-review', async () => {
    const order = await readyOn('incomplete-missing-info', missingInfo);
    order.send({ type: 'order.resubmit', message: 'Loss runs attached' });
    expect(order.value()).toBe('resubmitting');
    expect(order.calls.at(-1)).toEqual({
      call: 'resubmit',
      input: { submissionId: ID, message: 'Loss runs attached', idempotencyKey: order.context().resubmitKey },
    });
    await order.answer('resubmit', 'done', moved('application_under_review'));
    expect(order.value()).toBe('moved');
    expect(order.went).toEqual([{ screen: 'application-under-review', submissionId: ID, replace: false }]);
  });

  it('a 422 naming the message puts it at the field', async () => {
    const order = await readyOn('incomplete-missing-info', missingInfo);
    order.send({ type: 'order.resubmit', message: '' });
    await order.answer('resubmit', 'error', messageRequired);
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().fieldErrors).toEqual({ message: 'is required' });
    expect(order.context().moveFailure).toEqual({
      move: 'resubmit',
      message: 'We could not send your answer to the underwriter. Tell the underwriter what you sent',
    });
    order.send({ type: 'order.resubmit', message: 'Loss runs attached' });
    expect(order.context().fieldErrors).toEqual({});
  });

  it('goes ahead when asked while the summary is loading again after an upload', async () => {
    const order = await readyOn('incomplete-missing-info', missingInfo);
    order.send({ type: 'files.upload', files: chosenFiles });
    await order.answer('uploadFiles', 'done', [lossRuns]);
    expect(order.value()).toEqual({ showing: 'refreshing' });
    order.send({ type: 'order.resubmit', message: 'Loss runs attached' });
    expect(order.value()).toBe('resubmitting');
    expect(order.calls.at(-1)?.input).toMatchObject({ message: 'Loss runs attached' });
    await order.answer('resubmit', 'done', moved('application_under_review'));
    expect(order.went).toEqual([{ screen: 'application-under-review', submissionId: ID, replace: false }]);
  });

  it('is not offered outside missing_info', async () => {
    const order = await readyOn('ordersummary', underReview);
    order.send({ type: 'order.resubmit', message: 'again' });
    expect(order.value()).toEqual({ showing: 'ready' });
  });
});

describe('orderDetailsMachine: files', () => {
  it('uploads the chosen files to the order, adds them, and loads the summary again', async () => {
    const order = await readyOn('incomplete-missing-info', missingInfo);
    order.send({ type: 'files.upload', files: chosenFiles });
    expect(order.value()).toBe('uploading');
    const input = order.calls.at(-1)!.input as { submissionId: number; files: File[]; idempotencyKey: string };
    expect(input.submissionId).toBe(ID);
    expect(input.files).toBe(chosenFiles);
    expect(input.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    await order.answer('uploadFiles', 'done', [lossRuns]);
    expect(order.value()).toEqual({ showing: 'refreshing' });
    expect(order.context().details?.files).toEqual([lossRuns]);
    expect(order.context().upload).toEqual({ kind: 'uploaded', files: [lossRuns] });
    await order.answer('loadSummary', 'done', { ...missingInfo, files: [lossRuns] });
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().uploads).toBe(1);
  });

  it('a refused upload (415, 413) is told in the server’s words', async () => {
    const order = await readyOn('incomplete-missing-info', missingInfo);
    order.send({ type: 'files.upload', files: chosenFiles });
    await order.answer('uploadFiles', 'error', notAType);
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().upload).toEqual({
      kind: 'refused',
      message: 'loss-runs.exe is not a PDF, PNG, JPEG, Word or Excel file',
    });
    order.send({ type: 'files.upload', files: chosenFiles });
    await order.answer(
      'uploadFiles',
      'error',
      httpError(413, 'Each file may be at most 10 MB', { files: 'is too large' }),
    );
    expect(order.context().upload).toEqual({ kind: 'refused', message: 'Each file may be at most 10 MB' });
    expect(order.context().uploads).toBe(2);
  });

  it('files chosen while others go up are sent next, never dropped; chosen while the summary reloads, they go up at once', async () => {
    const order = await readyOn('incomplete-missing-info', missingInfo);
    const second = [new File(['%PDF-1.7 b'], 'second.pdf', { type: 'application/pdf' })];
    const third = [new File(['%PDF-1.7 c'], 'third.pdf', { type: 'application/pdf' })];
    order.send({ type: 'files.upload', files: chosenFiles });
    order.send({ type: 'files.upload', files: second });
    order.send({ type: 'files.upload', files: third });
    expect(order.value()).toBe('uploading');
    expect(order.calls.filter((call) => call.call === 'uploadFiles')).toHaveLength(1);
    await order.answer('uploadFiles', 'done', [lossRuns]);
    expect(order.value()).toBe('uploading');
    const next = order.calls.at(-1)!;
    expect(next.call).toBe('uploadFiles');
    expect((next.input as { files: File[] }).files).toEqual([...second, ...third]);
    const secondStored = { ...lossRuns, id: 32, filename: 'second.pdf' };
    const thirdStored = { ...lossRuns, id: 33, filename: 'third.pdf' };
    await order.answer('uploadFiles', 'done', [secondStored, thirdStored]);
    expect(order.value()).toEqual({ showing: 'refreshing' });
    expect(order.context().details?.files).toEqual([lossRuns, secondStored, thirdStored]);
    expect(order.context().uploads).toBe(2);

    order.send({ type: 'files.upload', files: chosenFiles });
    expect(order.value()).toBe('uploading');
    expect((order.calls.at(-1)!.input as { files: File[] }).files).toBe(chosenFiles);
  });

  it('a refused upload drops the files chosen meanwhile with it: the refusal asks for a new choice', async () => {
    const order = await readyOn('incomplete-missing-info', missingInfo);
    order.send({ type: 'files.upload', files: chosenFiles });
    order.send({ type: 'files.upload', files: chosenFiles });
    await order.answer('uploadFiles', 'error', notAType);
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().queued).toEqual([]);
    expect(order.calls.filter((call) => call.call === 'uploadFiles')).toHaveLength(1);
  });

  it('ignores an empty choice, and an order that is over', async () => {
    const open = await readyOn('incomplete-missing-info', missingInfo);
    open.send({ type: 'files.upload', files: [] });
    expect(open.value()).toEqual({ showing: 'ready' });
    const over = await readyOn('ordersummary', declined);
    over.send({ type: 'files.upload', files: chosenFiles });
    expect(over.value()).toEqual({ showing: 'ready' });
  });
});

describe('orderDetailsMachine: missing answers', () => {
  const years: GivenAnswers = { years_in_practice: '12' };

  it('keeps the questions apart from the summary, and saves the answers given, then loads the summary again', async () => {
    const order = await readyOn('incomplete-order', unanswered);
    expect(order.context().questions).toEqual([yearsQuestion]);
    expect(order.context().details).not.toHaveProperty('questions');
    order.send({ type: 'answers.save', answers: years });
    expect(order.value()).toBe('savingAnswers');
    expect(order.calls.at(-1)).toEqual({
      call: 'saveAnswers',
      input: { submissionId: ID, questions: [yearsQuestion], answers: years },
    });
    await order.answer('saveAnswers', 'done', undefined);
    expect(order.value()).toEqual({ showing: 'refreshing' });
    await order.answer('loadSummary', 'done', summaryIn('incomplete'));
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().questions).toEqual([]);
    expect(order.context().answersSaved).toBe(1);
  });

  it('answers saved while the summary reloads are saved at once', async () => {
    const order = await readyOn('incomplete-order', unanswered);
    order.send({ type: 'files.upload', files: chosenFiles });
    await order.answer('uploadFiles', 'done', [lossRuns]);
    expect(order.value()).toEqual({ showing: 'refreshing' });
    order.send({ type: 'answers.save', answers: years });
    expect(order.value()).toBe('savingAnswers');
  });

  it('a refusal names the question, without the set in front', async () => {
    const order = await readyOn('incomplete-order', unanswered);
    order.send({ type: 'answers.save', answers: { years_in_practice: '120' } });
    await order.answer(
      'saveAnswers',
      'error',
      httpError(400, 'Check the answers', { 'applicationAnswers.years_in_practice': 'must be at most 80' }),
    );
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.context().answersFailure).toEqual({
      message: 'We could not save your answers. Check the answers',
      fields: { years_in_practice: 'must be at most 80' },
    });
    order.send({ type: 'answers.save', answers: years });
    expect(order.context().answersFailure).toBeNull();
  });

  it('asks nothing when no answer is missing, when nothing was given, or once the order has moved on', async () => {
    const none = await readyOn('incomplete-order', incomplete);
    none.send({ type: 'answers.save', answers: years });
    expect(none.value()).toEqual({ showing: 'ready' });
    const empty = await readyOn('incomplete-order', unanswered);
    empty.send({ type: 'answers.save', answers: {} });
    expect(empty.value()).toEqual({ showing: 'ready' });
    const review = await readyOn('ordersummary', { ...summaryIn('underwriter_review'), questions: [yearsQuestion] });
    review.send({ type: 'answers.save', answers: years });
    expect(review.value()).toEqual({ showing: 'ready' });
  });
});

describe('orderDetailsMachine: close this order', () => {
  it('opens the dialog, and Cancel keeps the order', async () => {
    const order = await readyOn('incomplete-review-underwriter', summaryIn('underwriter_review'));
    order.send({ type: 'close.open' });
    expect(order.value()).toBe('closing');
    expect(order.dialog()?.getSnapshot().context).toMatchObject({
      submissionId: ID,
      number: quoted.order.number,
      reason: '',
    });
    order.dialog()!.send({ type: 'close.cancel' });
    expect(order.value()).toEqual({ showing: 'ready' });
    expect(order.dialog()).toBeUndefined();
  });

  it('closes with the reason chosen, then goes to the dashboard', async () => {
    const order = await readyOn('incomplete-order', incomplete);
    order.send({ type: 'close.open' });
    order.dialog()!.send({ type: 'close.edit', reason: 'bought_elsewhere', comment: 'Found a broker' });
    order.dialog()!.send({ type: 'close.confirm' });
    expect(order.calls.at(-1)).toMatchObject({
      call: 'closeOrder',
      input: { submissionId: ID, reason: 'bought_elsewhere', comment: 'Found a broker' },
    });
    await order.answer('closeOrder', 'done', moved('close_lost'));
    expect(order.value()).toBe('closed');
    expect(order.went).toEqual(['dashboard']);
  });

  it('is not offered once the order cannot be closed', async () => {
    const order = await readyOn('ordersummary', declined);
    order.send({ type: 'close.open' });
    expect(order.value()).toEqual({ showing: 'ready' });
  });
});

// ---------------------------------------------------------------------------------------------
// Paths

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const CALL_OF: Record<string, Call> = {
  loadSummary: 'loadSummary',
  refreshSummary: 'loadSummary',
  buyNow: 'buyNow',
  resubmit: 'resubmit',
  uploadFiles: 'uploadFiles',
  saveAnswers: 'saveAnswers',
};

/** Every answer each call can give (summaries in several statuses), and every event the screens send. */
const traversalEvents = [
  ...[quoted, incomplete, unanswered, missingInfo, declined].flatMap((details) => [
    done('loadSummary', details),
    done('refreshSummary', details),
  ]),
  done('saveAnswers', undefined),
  failed('saveAnswers', httpError(400, 'Check the answers', { 'answers.years_in_practice': 'must be a number' })),
  failed('loadSummary', serverDown),
  failed('loadSummary', notFound),
  failed('refreshSummary', serverDown),
  done('buyNow', result('approved')),
  done('buyNow', result('underwriter_review')),
  failed('buyNow', serverDown),
  failed('buyNow', conflict),
  failed('buyNow', notFound),
  done('resubmit', moved('application_under_review')),
  failed('resubmit', messageRequired),
  done('uploadFiles', [lossRuns]),
  failed('uploadFiles', notAType),
  done('closeLost', { closed: moved('close_lost') }),
  done('closeLost', { closed: null }),
  { type: 'order.retry' },
  { type: 'order.buyNow' },
  { type: 'order.resubmit', message: 'Loss runs attached' },
  { type: 'files.upload', files: chosenFiles },
  { type: 'answers.save', answers: { years_in_practice: '12' } },
  { type: 'close.open' },
] as never[];

/** Told apart by the state, the order's status, and what the screen says about the last action. */
const serializeState = (snapshot: { value: unknown; context: OrderDetailsContext }) =>
  JSON.stringify({
    value: snapshot.value,
    status: snapshot.context.details?.order.status,
    failing: snapshot.context.moveFailure?.move ?? null,
    upload: snapshot.context.upload?.kind ?? null,
    questions: snapshot.context.questions.length,
    answersRefused: snapshot.context.answersFailure !== null,
  });

interface Step {
  event: AnyEventObject;
  state: Snapshot;
}

async function replay(screen: OrderScreenName, steps: readonly Step[]) {
  const order = harness(screen);
  for (const { event, state } of steps) {
    const answered = actorAnswer(event);
    if (answered?.id === 'closeLost') {
      // The dialog is its own machine: the insured cancels it, or picks a reason and confirms.
      const closed = (event as unknown as { output: { closed: LifecycleMove | null } }).output.closed;
      if (closed === null) order.dialog()!.send({ type: 'close.cancel' });
      else {
        order.dialog()!.send({ type: 'close.edit', reason: 'price' });
        order.dialog()!.send({ type: 'close.confirm' });
        await order.answer('closeOrder', 'done', closed);
      }
    } else if (answered) {
      await order.answer(CALL_OF[answered.id]!, answered.outcome, answered.value);
    } else if (event.type !== 'xstate.init') {
      order.send(event as never);
    }
    expect(order.value(), `after ${event.type}`).toEqual(state.value);
    expect(serializeState(order.snapshot()), `after ${event.type}`).toEqual(serializeState(state));
  }
  return order;
}

/** What must hold in a state however it was reached. */
function expectConsistent(screen: OrderScreenName, order: ReturnType<typeof harness>) {
  const value = pathOf(order.value());
  const { details, errorMessage } = order.context();
  if (value === 'failed') expect(errorMessage).toBeDefined();
  if (
    ['showing.ready', 'buying', 'resubmitting', 'uploading', 'savingAnswers', 'showing.refreshing', 'closing'].includes(
      value,
    )
  )
    expect(details).toBeDefined();
  // Questions are asked only for answers the summary says are missing.
  const missing = new Set(details?.requiredItems.flatMap((item) => (item.kind === 'answer' ? [item.field] : [])));
  for (const question of order.context().questions) expect(missing.has(question.code)).toBe(true);
  // On the screen it belongs to, or on its way there, and only then.
  if (value === 'showing.ready') expect(showsHere(screen, details!)).toBe(true);
  if (value === 'redirecting' || value === 'moved') {
    expect(showsHere(screen, details!)).toBe(false);
    expect(order.went).toEqual([
      { screen: statusScreen(details!.order.status), submissionId: ID, replace: value === 'redirecting' },
    ]);
  } else if (value === 'closed') {
    expect(order.went).toEqual(['dashboard']);
  } else {
    expect(order.went).toEqual([]);
  }
  if (value === 'closing') expect(order.dialog()).toBeDefined();
  else expect(order.dialog()).toBeUndefined();
}

const SCREENS: OrderScreenName[] = ['order', 'incomplete-order', 'incomplete-missing-info', 'ordersummary'];
/** A state value as the dotted path of its state: `{ showing: 'ready' }` is `showing.ready`. */
function pathOf(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [[key, child]] = Object.entries(value) as [[string, StateValue]];
  return `${key}.${pathOf(child)}`;
}
/** The states an actor can rest in (those with no states inside), as dotted paths. */
const leaves = (node: AnyStateNode): string[] =>
  Object.keys(node.states).length === 0 ? [node.path.join('.')] : Object.values(node.states).flatMap(leaves);
const machineStates = leaves(orderDetailsMachine.root).filter((state) => state !== 'afterMove');

describe('orderDetailsMachine paths', () => {
  it('reaches every state from one screen or another by a shortest path, and the real actor agrees step by step', async () => {
    const reached = new Set<string>();
    for (const screen of SCREENS) {
      const paths = getShortestPaths(orderDetailsMachine, {
        events: traversalEvents,
        input: { submissionId: ID, screen },
        serializeState: serializeState as never,
      });
      for (const path of paths) {
        reached.add(pathOf(path.state.value));
        const order = await replay(screen, path.steps as never);
        expectConsistent(screen, order);
      }
    }
    expect(reached).toEqual(new Set(machineStates));
  }, 60_000);

  it('walks every simple path on the missing-information screen, through refusals and retries, on a real actor', async () => {
    const screen = 'incomplete-missing-info';
    const paths = getSimplePaths(orderDetailsMachine, {
      events: traversalEvents,
      input: { submissionId: ID, screen },
      serializeState: serializeState as never,
    });
    const walked = (types: string[]) =>
      paths.some((path) => {
        let next = 0;
        for (const step of path.steps) if (next < types.length && step.event.type.includes(types[next]!)) next += 1;
        return next === types.length;
      });
    // A refused answer sent again and accepted; a refused upload, then one that went through.
    expect(walked(['order.resubmit', 'error.actor.resubmit', 'order.resubmit', 'done.actor.resubmit'])).toBe(true);
    expect(walked(['files.upload', 'error.actor.uploadFiles', 'files.upload', 'done.actor.uploadFiles'])).toBe(true);
    for (const path of paths) {
      const order = await replay(screen, path.steps as never);
      expectConsistent(screen, order);
    }
  }, 60_000);
});
