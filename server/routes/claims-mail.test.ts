/**
 * Whoever handles a claim is mailed what its insured writes or attaches (issue 19 item 4): one
 * real MIME mail per message and per upload, read back from the outbox, with the insured's words
 * (or the files' names) and a link that opens the claim on the claims desk. It goes to the
 * handler who last moved or wrote on the claim; before anyone has, or once they no longer handle
 * claims, to every underwriter (the administrators only when there is no underwriter). A retry
 * answered from its Idempotency-Key mails nobody again. Files attached through the specification's
 * generic files/uploadfilebymodule (module claim) are told by the same rule.
 */
import { and, eq, ne } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '@shared/calendar';
import { claimSchema, type Claim } from '@shared/contract/claims';
import type { Transaction } from '@server/db/connection';
import { claims, files, users } from '@server/db/schema';
import { demoUsers } from '@server/db/seed/demo-data';
import { multipartOf, pdfBytes, pngBytes } from '@server/files/test-files';
import {
  bindForTest,
  lockWaiters,
  newInsured,
  quotedOrder,
  whileLocked,
  type Insured,
} from '@server/test/account-helpers';
import { caller, mailsTo, readOutbox, signIn, type ReadMail } from '@server/test/auth-helpers';
import { setupTestApp } from '@server/test/test-app';

const t = setupTestApp();
const app = () => t.app;

const UNDERWRITER = demoUsers.find((user) => user.role === 'underwriter')!;
const ADMIN = demoUsers.find((user) => user.role === 'admin')!;
const tokens = { underwriter: '', admin: '' };

beforeAll(async () => {
  tokens.underwriter = (await signIn(caller(app), UNDERWRITER.email, UNDERWRITER.password)).token;
  tokens.admin = (await signIn(caller(app), ADMIN.email, ADMIN.password)).token;
});

async function reportedClaim(): Promise<{ insured: Insured; claim: Claim }> {
  const insured = await newInsured(app);
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

async function handlerPost(role: keyof typeof tokens, url: string, payload: Record<string, unknown>) {
  const response = await app().inject({
    method: 'POST',
    url: `/api/weborder/claims/${url}`,
    headers: { authorization: `Bearer ${tokens[role]}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function write(insured: Insured, claimId: number, body: string, key?: string) {
  const headers = key ? { headers: { 'idempotency-key': key } } : {};
  return insured.call('POST', 'insured/claimmessage', { claimid: claimId, body }, headers);
}

async function upload(insured: Insured, claimId: number, parts: { name: string; bytes: Buffer }[], key: string) {
  const { payload, headers } = await multipartOf({ claimid: String(claimId) }, parts);
  return app().inject({
    method: 'POST',
    url: '/api/weborder/insured/claimattachments',
    headers: { ...headers, authorization: `Bearer ${insured.token}`, 'idempotency-key': key },
    payload,
  });
}

/** The same upload through the specification's generic call (module claim), as `token` (the insured's or a handler's). */
async function uploadByModule(token: string, claimId: number, parts: { name: string; bytes: Buffer }[], key: string) {
  const { payload, headers } = await multipartOf({ module: 'claim', moduleid: String(claimId) }, parts);
  return app().inject({
    method: 'POST',
    url: '/api/weborder/files/uploadfilebymodule',
    headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload,
  });
}

/** Every mail about the insured's side of this claim (the insured's own mails say "your claim"), oldest first. */
async function handlerMails(claim: Claim): Promise<ReadMail[]> {
  await t.app.mail.flushOutbox();
  return (await readOutbox(t.app.config.dataDir)).filter((mail) => mail.subject.startsWith(`Claim ${claim.number}:`));
}

/** The addresses of every underwriter now, but the claim's insured. */
async function underwriterAddresses(except: Insured): Promise<string[]> {
  const rows = await t.app.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'underwriter'), ne(users.id, except.userId)));
  return rows.map((row) => row.email).sort();
}

const deskLink = (claim: Claim) => `${t.app.config.publicUrl}/underwriting/claims?claimid=${claim.id}`;

describe('the handler is mailed what the insured writes', () => {
  it('a message on a fresh report goes to every underwriter, once, with the words and a link to the claim on the desk', async () => {
    const { insured, claim } = await reportedClaim();
    const body = 'The patient’s lawyer wrote to me today.\nWhat should I answer?';
    const first = await write(insured, claim.id, body, 'lawyer-letter');
    expect(first.statusCode, first.body).toBe(201);
    // A retry of the same message (a lost answer) is answered from its key and mails nobody again.
    const retried = await write(insured, claim.id, body, 'lawyer-letter');
    expect(retried.statusCode, retried.body).toBe(200);

    const mails = await handlerMails(claim);
    expect(mails.map((mail) => mail.to).sort()).toEqual((await underwriterAddresses(insured)).map((to) => [to]));
    expect(mails.flatMap((mail) => mail.to)).toContain(UNDERWRITER.email);
    expect(mails.flatMap((mail) => mail.to)).not.toContain(ADMIN.email);
    const uma = mails.find((mail) => mail.to[0] === UNDERWRITER.email)!;
    expect(uma.subject).toBe(`Claim ${claim.number}: a message from the insured`);
    expect(uma.text).toContain('Hello Uma,');
    expect(uma.text).toContain(
      `Dana Reyes (Tester Dental), the insured on claim ${claim.number} (policy ${claim.policyNumber}), wrote:`,
    );
    expect(uma.text).toContain(body);
    expect(uma.text).toContain(`Open the claim on the claims desk: ${deskLink(claim)}`);
    // The HTML part: the words escaped as written, the button to the desk.
    expect(uma.html).toContain('The patient’s lawyer wrote to me today.\nWhat should I answer?</blockquote>');
    expect(uma.html).toContain(`href="${deskLink(claim)}"`);
    // The insured is not told about their own words.
    expect((await mailsTo(t.app, insured.email)).filter((mail) => mail.subject.includes('message'))).toEqual([]);
  });

  it('once a handler has acted, only they are mailed; the next handler to act takes over', async () => {
    const { insured, claim } = await reportedClaim();
    await handlerPost('admin', 'move', { claimid: claim.id, to: 'acknowledged' });
    expect((await write(insured, claim.id, 'Here is the timeline of events.')).statusCode).toBe(201);
    await handlerPost('underwriter', 'message', { claimid: claim.id, body: 'I am taking this one over.' });
    expect((await write(insured, claim.id, 'Thank you, Uma.')).statusCode).toBe(201);

    const mails = await handlerMails(claim);
    expect(mails.map((mail) => [mail.to, mail.text.includes('Here is the timeline') ? 'timeline' : 'thanks'])).toEqual([
      [[ADMIN.email], 'timeline'],
      [[UNDERWRITER.email], 'thanks'],
    ]);
    expect(mails[0]!.text).toContain('Hello Adam,');
  });

  it('an upload is one mail naming every file, not the files themselves; its retry mails nobody', async () => {
    const { insured, claim } = await reportedClaim();
    await handlerPost('underwriter', 'move', { claimid: claim.id, to: 'acknowledged' });
    const parts = [
      { name: 'patient-letter.pdf', bytes: pdfBytes('letter') },
      { name: 'x-ray.png', bytes: pngBytes() },
    ];
    expect((await upload(insured, claim.id, parts, 'two-files')).statusCode).toBe(201);
    expect((await upload(insured, claim.id, parts, 'two-files')).statusCode).toBe(200);
    expect((await upload(insured, claim.id, parts.slice(0, 1), 'one-file')).statusCode).toBe(201);

    const mails = await handlerMails(claim);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [[UNDERWRITER.email], `Claim ${claim.number}: the insured attached 2 files`],
      [[UNDERWRITER.email], `Claim ${claim.number}: the insured attached a file`],
    ]);
    expect(mails[0]!.text).toContain('patient-letter.pdf\nx-ray.png');
    expect(mails[0]!.text).toContain(deskLink(claim));
    expect(mails[0]!.attachments).toEqual([]);
  });

  it('files attached through files/uploadfilebymodule are mailed by the same rule, once; a handler’s own upload mails nobody', async () => {
    const { insured, claim } = await reportedClaim();
    const letter = [{ name: 'patient-letter.pdf', bytes: pdfBytes('generic letter') }];
    // Before anyone has acted: every underwriter, as for insured/claimattachments.
    const first = await uploadByModule(insured.token, claim.id, letter, 'generic-letter');
    expect(first.statusCode, first.body).toBe(201);
    const retried = await uploadByModule(insured.token, claim.id, letter, 'generic-letter');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual(first.json());
    // The same upload retried through the claim's own route is the same key's: answered, not mailed.
    expect((await upload(insured, claim.id, letter, 'generic-letter')).statusCode).toBe(200);

    const mails = await handlerMails(claim);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(await underwriterAddresses(insured));
    const uma = mails.find((mail) => mail.to[0] === UNDERWRITER.email)!;
    expect(uma.subject).toBe(`Claim ${claim.number}: the insured attached a file`);
    expect(uma.text).toContain('Hello Uma,');
    expect(uma.text).toContain(
      `Dana Reyes (Tester Dental), the insured on claim ${claim.number} (policy ${claim.policyNumber}), attached a file:`,
    );
    expect(uma.text).toContain('patient-letter.pdf');
    expect(uma.text).toContain(`Open the claim on the claims desk: ${deskLink(claim)}`);
    expect(uma.attachments).toEqual([]);

    // Once a handler has acted, only they hear of the next one; the handler's own upload (an
    // underwriter through the generic call) tells nobody, not even themselves.
    await handlerPost('admin', 'move', { claimid: claim.id, to: 'acknowledged' });
    const fromDesk = await uploadByModule(
      tokens.underwriter,
      claim.id,
      [{ name: 'note.png', bytes: pngBytes() }],
      'handler-note',
    );
    expect(fromDesk.statusCode, fromDesk.body).toBe(201);
    const parts = [
      { name: 'x-ray.png', bytes: pngBytes() },
      { name: 'invoice.pdf', bytes: pdfBytes('invoice') },
    ];
    expect((await uploadByModule(insured.token, claim.id, parts, 'generic-two')).statusCode).toBe(201);
    const later = (await handlerMails(claim)).slice(mails.length);
    expect(later.map((mail) => [mail.to, mail.subject])).toEqual([
      [[ADMIN.email], `Claim ${claim.number}: the insured attached 2 files`],
    ]);
    expect(later[0]!.text).toContain('x-ray.png\ninvoice.pdf');
    expect(later[0]!.text).not.toContain('note.png');
  });

  it('a handler who no longer handles claims is passed over: every underwriter is told', async () => {
    const { insured, claim } = await reportedClaim();
    const former = await newInsured(app);
    await t.app.db.update(users).set({ role: 'underwriter', firstName: 'Fay' }).where(eq(users.id, former.userId));
    const formerToken = (await signIn(caller(app), former.email, former.password)).token;
    const moved = await app().inject({
      method: 'POST',
      url: '/api/weborder/claims/move',
      headers: { authorization: `Bearer ${formerToken}` },
      payload: { claimid: claim.id, to: 'acknowledged' },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    expect((await write(insured, claim.id, 'Is anyone there?')).statusCode).toBe(201);
    expect((await handlerMails(claim)).map((mail) => mail.to)).toEqual([[former.email]]);

    // Fay moves to another job: her role is gone, so the next message goes to the underwriters.
    await t.app.db.update(users).set({ role: 'insured' }).where(eq(users.id, former.userId));
    expect((await write(insured, claim.id, 'Hello again?')).statusCode).toBe(201);
    const later = (await handlerMails(claim)).slice(1);
    expect(later.map((mail) => mail.to[0]).sort()).toEqual(await underwriterAddresses(insured));
    expect(later.flatMap((mail) => mail.to)).not.toContain(former.email);
  });

  it('with no underwriter at all, the administrators are told', async () => {
    const { insured, claim } = await reportedClaim();
    const underwriters = await t.app.db
      .update(users)
      .set({ role: 'insured' })
      .where(eq(users.role, 'underwriter'))
      .returning({ id: users.id });
    try {
      expect((await write(insured, claim.id, 'Nobody has answered yet.')).statusCode).toBe(201);
      const admins = await t.app.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
      expect((await handlerMails(claim)).map((mail) => mail.to[0]).sort()).toEqual(
        admins.map((admin) => admin.email).sort(),
      );
    } finally {
      for (const { id } of underwriters) {
        await t.app.db.update(users).set({ role: 'underwriter' }).where(eq(users.id, id));
      }
    }
  });
});

// Only PostgreSQL runs requests side by side; PGlite would run them one after the other.
describe.skipIf(!process.env.TEST_DATABASE_URL)('one upload sent twice at once', () => {
  it('through both routes with one key: stored once, one mail per handler', async () => {
    const { insured, claim } = await reportedClaim();
    await handlerPost('underwriter', 'move', { claimid: claim.id, to: 'acknowledged' });
    const letter = [{ name: 'lawyer-letter.pdf', bytes: pdfBytes('race') }];
    let pending: Promise<Awaited<ReturnType<typeof upload>>[]> | undefined;
    // The claim's row held while both start: each waits, one of them for the other's key.
    const lockClaim = (tx: Transaction) =>
      tx.select({ id: claims.id }).from(claims).where(eq(claims.id, claim.id)).for('update');
    await whileLocked(t.app, lockClaim, async () => {
      pending = Promise.all([
        uploadByModule(insured.token, claim.id, letter, 'race-letter'),
        upload(insured, claim.id, letter, 'race-letter'),
      ]);
      await lockWaiters(t.app, 2);
    });
    const answers = await pending!;
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 201]);
    const stored = await t.app.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.module, 'claim'), eq(files.moduleId, claim.id)));
    expect(stored).toHaveLength(1);
    expect((await handlerMails(claim)).map((mail) => [mail.to, mail.subject])).toEqual([
      [[UNDERWRITER.email], `Claim ${claim.number}: the insured attached a file`],
    ]);
  });
});
