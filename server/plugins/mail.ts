/**
 * The mail service: `app.mail.enqueue(db, mail)` inside a request (or its transaction), then
 * `app.mail.kick()` once committed; a background sender delivers (see mail/sender.ts). Started
 * when the app is ready, stopped (its round in progress finished) when the app closes, before
 * the database closes.
 */
import type { Clock } from '@server/clock';
import type { Config } from '@server/config';
import type { Queryable } from '@server/db/connection';
import { enqueueMail, type OutgoingMail } from '@server/mail/outbox';
import { MailSender, type FlushResult } from '@server/mail/sender';
import { namedPlugin } from '@server/plugins/named-plugin';

export type MailService = {
  /** Queues a mail; pass the request's transaction when the mail reports a change made in it. */
  enqueue(db: Queryable, mail: OutgoingMail): Promise<number>;
  /** Asks the sender to deliver now, without waiting for it (after the transaction committed). */
  kick(): void;
  /** Delivers everything due now and resolves when done (tests, and anyone who must wait). */
  flushOutbox(): Promise<FlushResult>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** How often each process looks at the outbox without being kicked. */
export const MAIL_POLL_INTERVAL_MS = 5_000;

export type MailPluginOptions = {
  config: Config;
  clock: Clock;
  /** 0: no timer (kick and flushOutbox still deliver). */
  pollIntervalMs?: number;
};

export const mailPlugin = namedPlugin<MailPluginOptions>(
  'mail',
  async (app, { config, clock, pollIntervalMs = MAIL_POLL_INTERVAL_MS }) => {
    const sender = new MailSender(app.db, config, clock, app.log.child({ component: 'mail' }));
    app.decorate('mail', {
      enqueue: (db, mail) => enqueueMail(db, mail, clock.now()),
      kick: () => sender.kick(),
      flushOutbox: () => sender.flushOutbox(),
    } satisfies MailService);
    app.addHook('onReady', async () => sender.start(pollIntervalMs));
    app.addHook('onClose', async () => sender.close());
  },
  ['database'],
);
