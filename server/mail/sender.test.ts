/**
 * The outbox sender: real MIME over SMTP (a local test server) or as .eml files, retries with
 * backoff, giving up, several senders sharing one outbox, and requests that never wait for mail.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, describe, expect, it } from 'vitest';
import { TestClock } from '@server/clock';
import { openDatabase, type Database } from '@server/db/connection';
import { mailOutbox } from '@server/db/schema';
import { enqueueMail, type OutgoingMail } from '@server/mail/outbox';
import { MAX_ATTEMPTS, MailSender, type MailTransport } from '@server/mail/sender';
import { caller, readOutbox, signUpBody, uniqueEmail } from '@server/test/auth-helpers';
import { startSmtpServer } from '@server/test/smtp-server';
import { setupTestApp, startTestApp } from '@server/test/test-app';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const clock = new TestClock();
const t = setupTestApp({
  clock,
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal Mail <mail@portal.example.com>', SEED_DEMO: '0' },
});

const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: uniqueEmail('to'),
  subject: 'A test message',
  text: 'Plain words.',
  html: '<p>Rich <b>words</b>.</p>',
  ...overrides,
});

const rowOf = async (id: number) => (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, child: () => silentLog } as never;

describe('over SMTP (SMTP_URL)', () => {
  it('delivers real MIME with a text and an HTML part, from MAIL_FROM', async () => {
    const message = mail();
    const id = await t.app.mail.enqueue(t.app.db, message);
    expect(await t.app.mail.flushOutbox()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const delivered = smtp.received.at(-1)!;
    expect(delivered.to).toEqual([`<${message.to}>`]);
    expect(delivered.from).toBe('<mail@portal.example.com>');
    expect(delivered.data).toMatch(/Content-Type: multipart\/alternative/i);
    const parsed = await PostalMime.parse(delivered.data);
    expect(parsed.subject).toBe('A test message');
    expect(parsed.from).toMatchObject({ name: 'Portal Mail', address: 'mail@portal.example.com' });
    expect(parsed.text?.trim()).toBe('Plain words.');
    expect(parsed.html).toContain('<b>words</b>');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
  });

  it('retries a failed delivery with growing delays, recording the error', async () => {
    smtp.failNext(2);
    const id = await t.app.mail.enqueue(t.app.db, mail());
    expect(await t.app.mail.flushOutbox()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/451/);
    const firstDelay = row.nextAttemptAt.getTime() - clock.now().getTime();
    expect(firstDelay).toBeGreaterThan(25_000);
    expect(firstDelay).toBeLessThanOrEqual(30_000);

    // Not due yet: nothing happens.
    expect(await t.app.mail.flushOutbox()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(30_000);
    expect(await t.app.mail.flushOutbox()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    const secondDelay = row.nextAttemptAt.getTime() - clock.now().getTime();
    expect(secondDelay).toBeGreaterThan(55_000);
    expect(secondDelay).toBeLessThanOrEqual(60_000);

    clock.advance(60_000);
    expect(await t.app.mail.flushOutbox()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    smtp.failNext(1_000);
    try {
      const id = await t.app.mail.enqueue(t.app.db, mail());
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        await t.app.mail.flushOutbox();
        clock.advance(60 * 60_000);
      }
      expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(await t.app.mail.flushOutbox()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    } finally {
      smtp.failNext(0);
    }
  });
});

describe('a mail server that is down', () => {
  it('neither fails nor holds up the request that queued the mail', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const down = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}`, SEED_DEMO: '0' } });
    try {
      const api = caller(() => down.app);
      const started = performance.now();
      const response = await api.post('insured/save', signUpBody());
      expect(response.statusCode).toBe(201);
      expect(performance.now() - started).toBeLessThan(3_000);
      await down.app.mail.flushOutbox();
      const [row] = await down.app.db.select().from(mailOutbox);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await down.close();
    }
  });
});

describe('without SMTP_URL: .eml files', () => {
  it('writes one DATA_DIR/outbox/<id>-<slug>.eml per mail, attachments included', async () => {
    const sender = new MailSender(
      t.app.db,
      { mailFrom: 'Practice Shield <no-reply@localhost>', smtpUrl: undefined, dataDir: t.app.config.dataDir },
      clock,
      silentLog,
    );
    try {
      const id = await enqueueMail(
        t.app.db,
        mail({
          subject: 'Your Policy — №42 is ready!',
          attachments: [
            {
              filename: 'policy.txt',
              contentType: 'text/plain',
              contentBase64: Buffer.from('covered').toString('base64'),
            },
          ],
        }),
        clock.now(),
      );
      expect(await sender.flushOutbox()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const written = (await readOutbox(t.app.config.dataDir)).find((m) => m.id === id)!;
      expect(written.file).toBe(`${id}-your-policy-no42-is-ready.eml`);
      expect(written.attachments).toEqual([{ filename: 'policy.txt', mimeType: 'text/plain', content: 'covered' }]);
      expect(written.subject).toBe('Your Policy — №42 is ready!');
      expect(written.text.trim()).toBe('Plain words.');
      expect(written.html).toContain('<b>words</b>');
      expect(written.headers['auto-submitted']).toBe('auto-generated');
      expect(written.headers['message-id']).toMatch(new RegExp(`^<outbox-${id}-\\d+@localhost>$`));
      expect(written.headers.from).toBe('Practice Shield <no-reply@localhost>');
    } finally {
      await sender.close();
    }
  });
});

describe('several senders on one outbox', () => {
  it('deliver each mail exactly once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await enqueueMail(t.app.db, mail({ subject: `Batch ${i}` }), clock.now()));
    const deliveries = new Map<number, number>();
    const counting = (): MailTransport => ({
      kind: 'files',
      async deliver(row) {
        deliveries.set(row.id, (deliveries.get(row.id) ?? 0) + 1);
        await sleep(2);
      },
      close() {},
    });
    // On PostgreSQL the second sender has its own connections, as another process would.
    const other =
      t.testApp.database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: t.testApp.database.databaseUrl, dataDir: t.app.config.dataDir }, silentLog)
        : undefined;
    const config = { mailFrom: 'x <x@localhost>', smtpUrl: undefined, dataDir: t.app.config.dataDir };
    const senders = [
      new MailSender(t.app.db, config, clock, silentLog, counting()),
      new MailSender((other?.db ?? t.app.db) as Database, config, clock, silentLog, counting()),
      new MailSender(t.app.db, config, clock, silentLog, counting()),
    ];
    try {
      const results = await Promise.all(senders.map((s) => s.flushOutbox()));
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
      expect(ids.map((id) => deliveries.get(id))).toEqual(ids.map(() => 1));
      const rows = await t.app.db
        .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, ids));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(senders.map((s) => s.close()));
      await other?.close();
    }
  });

  it('close() lets the delivery in progress finish, then stops', async () => {
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: MailTransport = {
      kind: 'files',
      async deliver() {
        release();
        await sleep(100);
      },
      close() {},
    };
    const sender = new MailSender(
      t.app.db,
      { mailFrom: 'x <x@localhost>', smtpUrl: undefined, dataDir: t.app.config.dataDir },
      clock,
      silentLog,
      slow,
    );
    const id = await enqueueMail(t.app.db, mail(), clock.now());
    const round = sender.flushOutbox();
    await started;
    await sender.close();
    expect(await rowOf(id)).toMatchObject({ status: 'sent' });
    await round;
    expect(await sender.flushOutbox()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });
});
