/**
 * Delivers the outbox: claims due rows, builds real MIME with nodemailer (text and HTML parts)
 * and sends it over SMTP (SMTP_URL) or, without it, writes one DATA_DIR/outbox/<id>-<slug>.eml
 * per mail. Failures are retried with exponential backoff until MAX_ATTEMPTS, then marked failed.
 *
 * Several processes may share one PostgreSQL: rows are claimed with FOR UPDATE SKIP LOCKED and
 * leased (next_attempt_at pushed past the send), so each mail has one sender at a time; a process
 * that dies mid-send leaves the lease to run out and another process retries (at-least-once).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { addMs, HOUR, MINUTE, type Clock } from '@server/clock';
import type { Config } from '@server/config';
import type { Database } from '@server/db/connection';
import { claimDueMail, updateOutboxRow, type OutboxRow } from '@server/mail/mail-queries';

export const MAX_ATTEMPTS = 8;
/** How long a claimed row stays invisible to other senders: longer than any one send may take. */
export const CLAIM_LEASE_MS = 10 * MINUTE;
const BATCH_SIZE = 20;

/** 30 s, 1 min, 2 min, … at most an hour between attempts. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR);

/** Where built messages go. */
export type MailTransport = {
  kind: 'smtp' | 'files';
  deliver(row: OutboxRow, message: SendMailOptions): Promise<void>;
  close(): void;
};

/** "Reset your Practice Shield password" → "reset-your-practice-shield-password". */
export const slugOf = (subject: string) =>
  subject
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '') || 'mail';

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

function fileTransport(dataDir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = outboxDir(dataDir);
  return {
    kind: 'files',
    async deliver(row, message) {
      const info = await composer.sendMail(message);
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${row.id}-${slugOf(row.subject)}.eml`);
      // Written aside, then renamed: whoever watches the folder never reads half a mail.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
    },
    close: () => composer.close(),
  };
}

function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport({
    url,
    // Well inside CLAIM_LEASE_MS: a hung server must not outlive the lease.
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async deliver(_row, message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

export function createTransport(config: Pick<Config, 'smtpUrl' | 'dataDir'>): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(config.dataDir);
}

export type FlushResult = { sent: number; retrying: number; failed: number };

export class MailSender {
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly domain: string;

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'mailFrom' | 'smtpUrl' | 'dataDir'>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    readonly transport: MailTransport = createTransport(config),
  ) {
    this.domain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'localhost';
  }

  /** Looks at the outbox every `intervalMs` (0: never on its own; kick and flushOutbox still work). */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Delivers soon, without anyone waiting: after a request queued a mail. */
  kick(): void {
    if (this.closed) return;
    this.flushOutbox().catch((error: unknown) => this.log.warn({ err: error }, 'Mail outbox: delivery round failed'));
  }

  /**
   * Delivers every mail due now, in batches, and resolves when done. Calls queue behind each
   * other, so a caller always gets a round that started after its call (tests rely on it).
   */
  flushOutbox(): Promise<FlushResult> {
    const round = this.chain.then(() => this.drain());
    this.chain = round.catch(() => undefined);
    return round;
  }

  private async drain(): Promise<FlushResult> {
    const total: FlushResult = { sent: 0, retrying: 0, failed: 0 };
    while (!this.closed) {
      const batch = await this.claim();
      if (batch.length === 0) break;
      for (const row of batch) {
        const outcome = await this.send(row);
        total[outcome] += 1;
      }
      if (batch.length < BATCH_SIZE) break;
    }
    return total;
  }

  /** Takes up to a batch of due rows for this process, leasing them. */
  private async claim(): Promise<OutboxRow[]> {
    const now = this.clock.now();
    const rows = await claimDueMail(this.db, now, addMs(now, CLAIM_LEASE_MS), BATCH_SIZE);
    return rows.sort((a, b) => a.id - b.id);
  }

  private message(row: OutboxRow): SendMailOptions {
    return {
      from: this.config.mailFrom,
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      attachments: row.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
      })),
      // Stable across retries, so a receiving server can drop a duplicate.
      messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${this.domain}>`,
      date: this.clock.now(),
      headers: { 'Auto-Submitted': 'auto-generated' },
    };
  }

  private async send(row: OutboxRow): Promise<keyof FlushResult> {
    try {
      await this.transport.deliver(row, this.message(row));
    } catch (error) {
      const now = this.clock.now();
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await updateOutboxRow(
        this.db,
        row.id,
        giveUp ? { status: 'failed', lastError } : { nextAttemptAt: addMs(now, retryDelayMs(row.attempts)), lastError },
      );
      this.log[giveUp ? 'error' : 'warn'](
        { mailId: row.id, attempts: row.attempts, err: error },
        giveUp ? 'Mail outbox: giving up on a mail' : 'Mail outbox: delivery failed, will retry',
      );
      return giveUp ? 'failed' : 'retrying';
    }
    await updateOutboxRow(this.db, row.id, { status: 'sent', sentAt: this.clock.now(), lastError: null });
    this.log.info({ mailId: row.id, transport: this.transport.kind }, 'Mail sent');
    return 'sent';
  }

  /** Stops the timer, lets the round in progress finish, closes the transport. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain;
    this.transport.close();
  }
}
