/**
 * POST documents/shareOrderSummary and emailtemplate/sendemailwithorderconfirmation: an order's
 * summary, or its confirmation (declarations page and binder), mailed with the PDFs attached to
 * an address the insured gives. Rate-limited per address, per account and per recipient (from this
 * account and from anyone), so the product cannot be used to send mail to strangers in bulk.
 */
import type { MailQueued } from '@shared/contract/documents';
import type { Trust } from '@shared/contract/runtime-config';
import { accountKey, enforce, ipKey, rateLimitRules } from '@server/auth/rate-limit';
import type { AuthUser } from '@server/auth/user';
import { policyOf } from '@server/billing/billing-queries';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/connection';
import { callerOf } from '@server/account/plan-locations';
import { ownedSubmission } from '@server/submissions/access';
import { issuedFile, orderSummaryFile, type DocumentFile } from '@server/documents/document-downloads';
import { namesOfUser } from '@server/documents/documents-queries';
import { sharedDocumentMail } from '@server/mail/templates';
import type { MailService } from '@server/plugins/mail';

/** `trust`: the insurer and licences the order summary names (Config.trust). */
export type ShareDeps = { db: Database; clock: Clock; mail: Pick<MailService, 'enqueue' | 'kick'>; trust: Trust };

type ShareInput = { submissionid: number; to: string };

const tooMany = (wait: string) => `You have sent several documents by e-mail just now: try again ${wait}.`;

async function share(
  deps: ShareDeps,
  user: AuthUser,
  ip: string,
  input: ShareInput,
  what: 'order summary' | 'order confirmation',
  draw: () => Promise<DocumentFile[]>,
): Promise<MailQueued> {
  const to = input.to.trim();
  // Someone else's order is a 404 before anything is counted or drawn.
  const order = await ownedSubmission(deps.db, callerOf(user), input.submissionid);
  // Counted before the PDFs are drawn: a caller over the limit costs no drawing.
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const rules = rateLimitRules.shareDocument;
    await enforce(tx, ipKey('share-document', ip), rules.ip, now, tooMany);
    await enforce(tx, accountKey('share-document', String(user.id)), rules.account, now, tooMany);
    const toThis = (wait: string) => `This address has been sent several documents just now: try again ${wait}.`;
    await enforce(tx, accountKey('share-document-to', `${user.id}:${to.toLowerCase()}`), rules.recipient, now, toThis);
    await enforce(tx, accountKey('share-document-recipient', to.toLowerCase()), rules.recipientFromAnyone, now, toThis);
  });
  const files = await draw();
  const sender = await namesOfUser(deps.db, user.id);
  const name =
    [sender?.firstName, sender?.lastName].filter(Boolean).join(' ') ||
    sender?.companyName ||
    sender?.email ||
    'A customer';
  const policy = await policyOf(deps.db, order.id);
  await deps.mail.enqueue(deps.db, {
    ...sharedDocumentMail({
      to,
      senderName: name,
      senderEmail: sender?.email ?? '',
      orderNumber: order.number,
      what,
      policyNumber: policy?.number ?? null,
    }),
    attachments: files.map((file) => ({
      filename: file.filename,
      contentType: 'application/pdf',
      contentBase64: file.content.toString('base64'),
    })),
  });
  deps.mail.kick();
  return { queued: true, to, attachments: files.map((file) => file.filename) };
}

export async function shareOrderSummary(
  deps: ShareDeps,
  user: AuthUser,
  ip: string,
  input: ShareInput,
): Promise<MailQueued> {
  return share(deps, user, ip, input, 'order summary', async () => [
    await orderSummaryFile(deps.db, user, input.submissionid, deps.trust),
  ]);
}

export async function sendOrderConfirmation(
  deps: ShareDeps,
  user: AuthUser,
  ip: string,
  input: ShareInput,
): Promise<MailQueued> {
  return share(deps, user, ip, input, 'order confirmation', async () => [
    await issuedFile(deps.db, user, input.submissionid, 'declarations'),
    await issuedFile(deps.db, user, input.submissionid, 'binder'),
  ]);
}
