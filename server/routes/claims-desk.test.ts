/**
 * Following a claim (issue 19 item 4), both sides: the insured reads their claim's timeline,
 * writes and attaches; whoever handles it (underwriter or admin) reads the queue, moves the claim
 * through the lifecycle and writes back, and the insured is mailed each move and message. A
 * closed claim takes nothing more until reopened.
 */
import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '@shared/calendar';
import {
  claimAttachmentListSchema,
  claimDetailSchema,
  claimEventSchema,
  claimHandlerDetailSchema,
  claimMessageSchema,
  claimQueueSchema,
  claimSchema,
  type Claim,
} from '@shared/contract/claims';
import { claimEvents, claimMessages, claims, files, users } from '@server/db/schema';
import { demoUsers } from '@server/db/seed/demo-data';
import { exeBytes, multipartOf, pdfBytes, pngBytes } from '@server/files/test-files';
import { bindForTest, newInsured, quotedOrder, type Insured } from '@server/test/account-helpers';
import { CLAIMS_DESK_ROUTES } from '@server/test/account-routes';
import { caller, mailsTo, signIn } from '@server/test/auth-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

const demo = (role: 'underwriter' | 'admin' | 'broker') => demoUsers.find((user) => user.role === role)!;
const tokens = { underwriter: '', admin: '', broker: '' };
type Role = keyof typeof tokens;

beforeAll(async () => {
  const api = caller(app);
  for (const role of ['underwriter', 'admin', 'broker'] as const) {
    tokens[role] = (await signIn(api, demo(role).email, demo(role).password)).token;
  }
});

function desk(method: 'GET' | 'POST', url: string, body?: unknown, token: string | null = tokens.underwriter) {
  return app().inject({
    method,
    url: `/api/weborder/claims/${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

async function reportedClaim(who?: Insured): Promise<{ insured: Insured; claim: Claim }> {
  const insured = who ?? (await newInsured(app));
  const order = await quotedOrder(app, insured);
  const policyId = await bindForTest(t.app, order.submissionId);
  await t.app.db.update(users).set({ firstName: 'Dana', lastName: 'Reyes' }).where(eq(users.id, insured.userId));
  const response = await insured.call('POST', 'insured/reportclaim', {
    policyid: policyId,
    dateofloss: businessToday(t.app.clock.now()),
    description: 'A patient says a crown failed after two weeks.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { insured, claim: v.parse(claimSchema, response.json()) };
}

async function move(claimId: number, to: string, note?: string, role: Role = 'underwriter', key?: string) {
  return app().inject({
    method: 'POST',
    url: '/api/weborder/claims/move',
    headers: { authorization: `Bearer ${tokens[role]}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { claimid: claimId, to, ...(note ? { note } : {}) },
  });
}

async function moved(claimId: number, to: string, note?: string, role: Role = 'underwriter') {
  const response = await move(claimId, to, note, role);
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(claimEventSchema, response.json());
}

async function insuredDetail(insured: Insured, claimId: number) {
  const response = await insured.call('GET', `insured/claim?claimid=${claimId}`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(claimDetailSchema, response.json());
}

async function handlerDetail(claimId: number, role: Role = 'underwriter') {
  const response = await desk('GET', `claim?claimid=${claimId}`, undefined, tokens[role]);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(claimHandlerDetailSchema, response.json());
}

async function queueItem(claimId: number, filter = '') {
  const response = await desk('GET', `queue${filter}`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(claimQueueSchema, response.json()).find((item) => item.id === claimId);
}

async function upload(insured: Insured, claimId: number, parts: { name: string; bytes: Buffer }[], key?: string) {
  const { payload, headers } = await multipartOf({ claimid: String(claimId) }, parts);
  return app().inject({
    method: 'POST',
    url: '/api/weborder/insured/claimattachments',
    headers: { ...headers, authorization: `Bearer ${insured.token}`, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

const rowCounts = async (claimId: number) => ({
  events: (await t.app.db.select({ n: count() }).from(claimEvents).where(eq(claimEvents.claimId, claimId)))[0]!.n,
  messages: (await t.app.db.select({ n: count() }).from(claimMessages).where(eq(claimMessages.claimId, claimId)))[0]!.n,
  files: (await t.app.db.select({ n: count() }).from(files).where(eq(files.moduleId, claimId)))[0]!.n,
});

describe('a claim followed from report to close', () => {
  it('mails a receipt on the report and starts the timeline with it', async () => {
    const { insured, claim } = await reportedClaim();
    // Besides the welcome of signing up, one mail: the receipt.
    const [receipt, ...others] = (await mailsTo(t.app, insured.email)).filter((mail) =>
      mail.subject.includes(claim.number),
    );
    expect(others).toEqual([]);
    expect(receipt!.subject).toBe(`We have received your claim ${claim.number}`);
    expect(receipt!.text).toContain(`policy ${claim.policyNumber}`);
    expect(receipt!.text).toContain('A patient says a crown failed after two weeks.');
    expect(receipt!.text).toContain(`${t.app.config.publicUrl}/claim/${claim.id}`);

    const detail = await insuredDetail(insured, claim.id);
    expect(detail).toEqual({
      claim,
      timeline: [
        {
          id: expect.any(Number),
          from: null,
          to: 'reported',
          by: 'insured',
          byName: 'Dana Reyes',
          note: null,
          at: claim.reportedAt,
        },
      ],
      messages: [],
      attachments: [],
      open: true,
    });
  });

  it('carries messages, attachments and moves between the insured and the handler, mailing each move and handler message', async () => {
    const { insured, claim } = await reportedClaim();
    const mailsBefore = (await mailsTo(t.app, insured.email)).length;

    // A new report waits for a handler, and offers acknowledging or closing.
    expect(await queueItem(claim.id)).toMatchObject({
      status: 'reported',
      insuredName: 'Dana Reyes',
      awaitingHandler: true,
    });
    expect((await handlerDetail(claim.id)).moves).toEqual(['acknowledged', 'closed']);

    const acknowledged = await moved(claim.id, 'acknowledged', 'Dana from claims here: we will call you tomorrow.');
    expect(acknowledged).toMatchObject({
      from: 'reported',
      to: 'acknowledged',
      by: 'handler',
      byName: 'Uma Underwriter',
    });
    expect(await queueItem(claim.id)).toMatchObject({ status: 'acknowledged', awaitingHandler: false });

    // The insured writes and attaches: the handler sees both, and the claim waits for them again.
    const written = await insured.call('POST', 'insured/claimmessage', {
      claimid: claim.id,
      body: '  The patient’s letter is attached.  ',
    });
    expect(written.statusCode, written.body).toBe(201);
    expect(v.parse(claimMessageSchema, written.json())).toMatchObject({
      author: 'insured',
      authorName: 'Dana Reyes',
      body: 'The patient’s letter is attached.',
    });
    const uploaded = await upload(insured, claim.id, [
      { name: 'letter.pdf', bytes: pdfBytes('letter') },
      { name: '../x-ray', bytes: pngBytes() },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachments = v.parse(claimAttachmentListSchema, uploaded.json());
    expect(attachments.map(({ filename, contentType, uploadedBy }) => ({ filename, contentType, uploadedBy }))).toEqual(
      [
        { filename: 'letter.pdf', contentType: 'application/pdf', uploadedBy: 'insured' },
        { filename: 'x-ray.png', contentType: 'image/png', uploadedBy: 'insured' },
      ],
    );
    expect(attachments[0]!.size).toBe(pdfBytes('letter').length);
    expect(await queueItem(claim.id)).toMatchObject({ awaitingHandler: true });

    const seen = await handlerDetail(claim.id);
    expect(seen.messages.map((m) => m.body)).toEqual(['The patient’s letter is attached.']);
    expect(seen.attachments).toEqual(attachments);
    expect(seen.insured).toEqual({
      id: insured.userId,
      name: 'Dana Reyes',
      email: insured.email,
      companyName: 'Tester Dental',
      phone: null,
    });

    // Both sides download the file as it was sent.
    const own = await insured.call('GET', `insured/claimattachment?claimid=${claim.id}&fileid=${attachments[0]!.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain('letter.pdf');
    expect(own.rawPayload.equals(pdfBytes('letter'))).toBe(true);
    const handlers = await desk('GET', `attachment?claimid=${claim.id}&fileid=${attachments[1]!.id}`);
    expect(handlers.statusCode).toBe(200);
    expect(handlers.rawPayload.equals(pngBytes())).toBe(true);

    // Review, a handler's message, then closing: each mailed to the insured.
    await moved(claim.id, 'under_review');
    const reply = await desk('POST', 'message', {
      claimid: claim.id,
      body: 'Thank you. Could you also send the chart notes?',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(v.parse(claimMessageSchema, reply.json())).toMatchObject({
      author: 'handler',
      authorName: 'Uma Underwriter',
    });
    expect(await queueItem(claim.id)).toMatchObject({ status: 'under_review', awaitingHandler: false });
    await moved(claim.id, 'closed', 'Settled with the patient for $2,500.00.');

    const mails = (await mailsTo(t.app, insured.email)).slice(mailsBefore);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your claim ${claim.number} is acknowledged`,
      `Your claim ${claim.number} is under review`,
      `A message about your claim ${claim.number}`,
      `Your claim ${claim.number} is closed`,
    ]);
    expect(mails[0]!.text).toContain('Uma Underwriter wrote:');
    expect(mails[0]!.text).toContain('we will call you tomorrow.');
    expect(mails[2]!.text).toContain('Could you also send the chart notes?');
    expect(mails[3]!.text).toContain('Settled with the patient for $2,500.00.');
    expect(mails[3]!.html).toContain(`/claim/${claim.id}`);

    const closed = await insuredDetail(insured, claim.id);
    expect(closed.open).toBe(false);
    expect(closed.claim.status).toBe('closed');
    expect(closed.timeline.map((e) => [e.from, e.to, e.by])).toEqual([
      [null, 'reported', 'insured'],
      ['reported', 'acknowledged', 'handler'],
      ['acknowledged', 'under_review', 'handler'],
      ['under_review', 'closed', 'handler'],
    ]);
    expect(closed.timeline[3]!.note).toBe('Settled with the patient for $2,500.00.');
    expect(closed.messages.map((m) => m.author)).toEqual(['insured', 'handler']);
    expect(await queueItem(claim.id)).toBeUndefined();
    expect(await queueItem(claim.id, '?status=closed')).toMatchObject({ status: 'closed' });
  });

  it('refuses messages and attachments on a closed claim (409 naming status), by every route, until reopened', async () => {
    const { insured, claim } = await reportedClaim();
    await moved(claim.id, 'closed', 'Withdrawn at the insured’s request.');
    const before = await rowCounts(claim.id);

    const insuredWrites = await insured.call('POST', 'insured/claimmessage', {
      claimid: claim.id,
      body: 'One more thing.',
    });
    expect(expectError(insuredWrites, 409).fields).toEqual({ status: 'is closed' });
    expect(expectError(await upload(insured, claim.id, [{ name: 'a.pdf', bytes: pdfBytes() }]), 409).fields).toEqual({
      status: 'is closed',
    });
    const generic = await multipartOf({ module: 'claim', moduleid: String(claim.id) }, [
      { name: 'a.pdf', bytes: pdfBytes() },
    ]);
    const viaFiles = await app().inject({
      method: 'POST',
      url: '/api/weborder/files/uploadfilebymodule',
      headers: { ...generic.headers, authorization: `Bearer ${insured.token}` },
      payload: generic.payload,
    });
    expect(expectError(viaFiles, 409).fields).toEqual({ status: 'is closed' });
    expect(expectError(await desk('POST', 'message', { claimid: claim.id, body: 'Hello again.' }), 409).fields).toEqual(
      {
        status: 'is closed',
      },
    );
    expect(await rowCounts(claim.id)).toEqual(before);

    // Reopened for review, it takes them again; the insured is told it is reopened.
    expect((await handlerDetail(claim.id)).moves).toEqual(['under_review']);
    await moved(claim.id, 'under_review', 'The patient wrote again.');
    const again = await insured.call('POST', 'insured/claimmessage', { claimid: claim.id, body: 'One more thing.' });
    expect(again.statusCode, again.body).toBe(201);
    const last = (await mailsTo(t.app, insured.email)).at(-1)!;
    expect(last.subject).toBe(`Your claim ${claim.number} is reopened`);
  });
});

describe('the lifecycle’s moves only', () => {
  it('refuses any other move with a 409 naming the status, changing nothing', async () => {
    const { claim } = await reportedClaim();
    for (const to of ['reported', 'under_review']) {
      const body = expectError(await move(claim.id, to), 409);
      expect(body.fields).toEqual({ status: 'is reported' });
      expect(body.message).toContain('acknowledged or closed');
    }
    await moved(claim.id, 'acknowledged');
    expect(expectError(await move(claim.id, 'acknowledged'), 409).fields).toEqual({ status: 'is acknowledged' });
    const [row] = await t.app.db.select().from(claims).where(eq(claims.id, claim.id));
    expect(row!.status).toBe('acknowledged');
    expect((await rowCounts(claim.id)).events).toBe(2);
  });

  it('answers a retried move from its Idempotency-Key (200, once), and refuses the key for another move (422)', async () => {
    const { insured, claim } = await reportedClaim();
    const first = await move(claim.id, 'acknowledged', 'On it.', 'admin', 'move-once');
    expect(first.statusCode, first.body).toBe(201);
    const retry = await move(claim.id, 'acknowledged', 'On it.', 'admin', 'move-once');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(v.parse(claimEventSchema, retry.json())).toMatchObject({ byName: 'Adam Admin' });
    expectError(await move(claim.id, 'closed', 'On it.', 'admin', 'move-once'), 422);
    expect((await rowCounts(claim.id)).events).toBe(2);
    expect((await mailsTo(t.app, insured.email)).filter((m) => m.subject.includes('acknowledged'))).toHaveLength(1);
  });

  it('answers a retried message or upload from its key (200) and writes nothing again', async () => {
    const { insured, claim } = await reportedClaim();
    const body = { claimid: claim.id, body: 'Sent twice by a flaky network.' };
    const headers = { headers: { 'idempotency-key': 'message-once' } };
    const first = await insured.call('POST', 'insured/claimmessage', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await insured.call('POST', 'insured/claimmessage', body, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expectError(await insured.call('POST', 'insured/claimmessage', { ...body, body: 'Another.' }, headers), 422);

    const parts = [{ name: 'letter.pdf', bytes: pdfBytes('once') }];
    const uploaded = await upload(insured, claim.id, parts, 'upload-once');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const reuploaded = await upload(insured, claim.id, parts, 'upload-once');
    expect(reuploaded.statusCode).toBe(200);
    expect(reuploaded.json()).toEqual(uploaded.json());
    expect(await rowCounts(claim.id)).toMatchObject({ messages: 1, files: 1 });
  });

  it('refuses bad input with a 400 naming the field, and an upload of a file that is not accepted with a 415', async () => {
    const { insured, claim } = await reportedClaim();
    expect(Object.keys(expectError(await move(claim.id, 'settled'), 400).fields ?? {})).toEqual(['to']);
    expect(Object.keys(expectError(await move(claim.id, 'closed', 'x'.repeat(4001)), 400).fields ?? {})).toEqual([
      'note',
    ]);
    expect(Object.keys(expectError(await desk('POST', 'move', { to: 'closed' }), 400).fields ?? {})).toEqual([
      'claimid',
    ]);
    expect(Object.keys(expectError(await desk('GET', 'queue?status=lost'), 400).fields ?? {})).toEqual(['status']);
    expect(Object.keys(expectError(await desk('GET', 'claim?claimid=abc'), 400).fields ?? {})).toEqual(['claimid']);
    const blank = await insured.call('POST', 'insured/claimmessage', { claimid: claim.id, body: '   ' });
    expect(Object.keys(expectError(blank, 400).fields ?? {})).toEqual(['body']);
    const long = await insured.call('POST', 'insured/claimmessage', { claimid: claim.id, body: 'x'.repeat(4001) });
    expect(Object.keys(expectError(long, 400).fields ?? {})).toEqual(['body']);
    const detail = await insured.call('GET', 'insured/claim?claimid=0');
    expect(Object.keys(expectError(detail, 400).fields ?? {})).toEqual(['claimid']);
    const exe = await upload(insured, claim.id, [{ name: 'setup.pdf', bytes: exeBytes() }]);
    expect(Object.keys(expectError(exe, 415).fields ?? {})).toEqual(['files']);
    expect(await rowCounts(claim.id)).toEqual({ events: 1, messages: 0, files: 0 });
  });
});

describe('whose claim it is', () => {
  it('another insured’s claim, or a file of another claim, is a 404 on every insured route', async () => {
    const { insured, claim } = await reportedClaim();
    const { insured: other, claim: otherClaim } = await reportedClaim();
    const uploaded = v.parse(
      claimAttachmentListSchema,
      (await upload(other, otherClaim.id, [{ name: 'mine.pdf', bytes: pdfBytes('mine') }])).json(),
    );
    const before = await rowCounts(otherClaim.id);
    expectError(await insured.call('GET', `insured/claim?claimid=${otherClaim.id}`), 404);
    expectError(
      await insured.call('POST', 'insured/claimmessage', { claimid: otherClaim.id, body: 'Hello there.' }),
      404,
    );
    expectError(await upload(insured, otherClaim.id, [{ name: 'a.pdf', bytes: pdfBytes() }]), 404);
    const fileId = uploaded[0]!.id;
    expectError(await insured.call('GET', `insured/claimattachment?claimid=${otherClaim.id}&fileid=${fileId}`), 404);
    // Their own claim's id with someone else's file: still nothing.
    expectError(await insured.call('GET', `insured/claimattachment?claimid=${claim.id}&fileid=${fileId}`), 404);
    expectError(await desk('GET', `attachment?claimid=${claim.id}&fileid=${fileId}`), 404);
    expectError(await desk('GET', 'claim?claimid=2147483647'), 404);
    expect(await rowCounts(otherClaim.id)).toEqual(before);
  });

  it('a handler never handles a claim of their own (403), and reads it without moves', async () => {
    const own = await newInsured(app);
    const { claim } = await reportedClaim(own);
    await t.app.db.update(users).set({ role: 'underwriter' }).where(eq(users.id, own.userId));
    const token = (await signIn(caller(app), own.email, own.password)).token;
    expectError(await desk('POST', 'move', { claimid: claim.id, to: 'acknowledged' }, token), 403);
    expectError(await desk('POST', 'message', { claimid: claim.id, body: 'Approving my own.' }, token), 403);
    const detail = await desk('GET', `claim?claimid=${claim.id}`, undefined, token);
    expect(v.parse(claimHandlerDetailSchema, detail.json()).moves).toEqual([]);
    expect((await rowCounts(claim.id)).events).toBe(1);
  });

  it.each(CLAIMS_DESK_ROUTES)(
    '%s: 403 for an insured and a broker, whatever they send; 401 without a token',
    async (route) => {
      const insured = await newInsured(app);
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const url = path.replace('/api/weborder/claims/', '');
      const call = (token: string | null) =>
        method === 'GET'
          ? desk('GET', `${url}?claimid=not-a-number&status=x`, undefined, token)
          : desk('POST', url, { claimid: 'x', to: 'nowhere' }, token);
      for (const token of [insured.token, tokens.broker])
        expect(expectError(await call(token), 403).message).toBe('You may not do this');
      expectError(await call(null), 401);
    },
  );
});
