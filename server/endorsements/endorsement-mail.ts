/**
 * Sending an endorsement's mails through the outbox, in the transaction that issues, refers or
 * decides it (so a rollback sends nothing): to the insured, and a copy to the order's broker when
 * the broker has an address. Links lead to the broker's branded site when the order came through one.
 */
import type { Queryable } from '@server/db/connection';
import { orderMailTargets } from '@server/endorsements/endorsement-queries';
import type { EndorsementRecipient } from '@server/mail/endorsement-mails';
import type { MailAttachment } from '@server/db/schema';
import type { OutgoingMail } from '@server/mail/outbox';
import type { MailService } from '@server/plugins/mail';

export type EndorsementMailDeps = {
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  /** PUBLIC_URL: the links in the mails. */
  publicUrl: string;
};

/** A screen's address for this order's insured: the broker's branded twin when it came through one. */
export type ScreenLink = (screen: string, search?: string) => string;

export async function mailAboutEndorsement(
  db: Queryable,
  deps: EndorsementMailDeps,
  submissionId: number,
  insuredName: string,
  make: (recipient: EndorsementRecipient, link: ScreenLink) => OutgoingMail,
  attachments: MailAttachment[] = [],
): Promise<void> {
  const target = await orderMailTargets(db, submissionId);
  if (!target) return;
  const link: ScreenLink = (screen, search = '') =>
    target.clientUrl
      ? `${deps.publicUrl}/client/${screen}/${target.clientUrl}${search}`
      : `${deps.publicUrl}/${screen}${search}`;
  const recipients: EndorsementRecipient[] = [{ to: target.email, firstName: target.firstName }];
  if (target.brokerEmail && target.brokerEmail.toLowerCase() !== target.email.toLowerCase()) {
    recipients.push({ to: target.brokerEmail, firstName: null, brokerOf: insuredName });
  }
  for (const recipient of recipients) {
    await deps.mail.enqueue(db, { ...make(recipient, link), attachments });
  }
}
