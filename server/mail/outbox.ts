/**
 * The outbox: a request that causes a mail writes it to mail_outbox, in its own transaction
 * when it has one, and carries on. Delivery happens elsewhere (see sender.ts), so a slow or
 * broken mail server never slows or fails the request.
 */
import type { Queryable } from '@server/db/connection';
import { mailOutbox, type MailAttachment } from '@server/db/schema';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** Queues one mail, due at `now`; returns its outbox id. */
export async function enqueueMail(db: Queryable, mail: OutgoingMail, now: Date): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments: mail.attachments ?? [],
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
