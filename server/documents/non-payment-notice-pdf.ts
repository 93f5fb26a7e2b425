/**
 * The notice of cancellation for non-payment (issue 20): sent when an instalment is unpaid past
 * its grace, it says which policy and insured, the instalment unpaid (its invoice, amount and due
 * date), the day cover ends unless it is paid, and how to pay. Drawn once by the notice sweep, in
 * the transaction that puts the policy under the notice; kept with the order's documents (one per
 * instalment noticed) and attached to the notice mail. Deterministic like every document
 * (pdf-layout.ts): its dates come from the notice's own time.
 */
import { dayOf } from '@shared/calendar';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import { documentFileName, fileSlug } from '@server/documents/document-file-names';
import type { NamedParty } from '@server/documents/named-insured';
import { coverageText, PdfWriter, policyPeriod, PRODUCT_NAME, usDate } from '@server/documents/pdf-layout';

export type NonPaymentNoticeData = {
  policyNumber: string;
  specialityName: string;
  effectiveDate: string;
  expirationDate: string;
  namedInsured: NamedParty;
  /** The unpaid instalment: "2 of 10", its invoice, amount and due date (YYYY-MM-DD). */
  instalment: { which: string; invoiceNumber: string; amountCents: number; dueDate: string };
  /** The first day without cover unless the instalment is paid before it, YYYY-MM-DD. */
  coverEnds: string;
  /** The page that pays exactly this instalment. */
  payUrl: string;
  /** When the notice was sent: its date on the page and in the PDF's metadata. */
  sentAt: Date;
  trust: Trust;
};

export const NON_PAYMENT_NOTICE_TITLE = 'Notice of cancellation for non-payment';

/**
 * The `documents.type` a notice is kept under: one per instalment noticed, so a second notice of
 * the same policy (another instalment, later in the year) never replaces the first.
 */
export const nonPaymentNoticeType = (invoiceId: number) => `nonpayment_notice:${invoiceId}`;
export const NON_PAYMENT_NOTICE_TYPE_PREFIX = 'nonpayment_notice:';

/** notice-of-non-payment-p-2026-000042-inv-2026-000101.pdf: the policy's and the unpaid invoice's numbers. */
export const nonPaymentNoticeFileName = (policyNumber: string, invoiceNumber: string) =>
  documentFileName('nonpaymentnotice', `${fileSlug(policyNumber)}-${fileSlug(invoiceNumber)}`);

export async function nonPaymentNoticePdf(data: NonPaymentNoticeData): Promise<Uint8Array> {
  const { instalment } = data;
  const amount = formatUsd(instalment.amountCents);
  const ends = usDate(data.coverEnds);
  const writer = await PdfWriter.open({
    title: NON_PAYMENT_NOTICE_TITLE,
    number: data.policyNumber,
    subject: `Policy ${data.policyNumber}: cancelled for non-payment from ${ends} unless ${amount} is paid`,
    date: data.sentAt,
    trust: data.trust,
  });
  writer.title(NON_PAYMENT_NOTICE_TITLE, `Notice date ${usDate(dayOf(data.sentAt))}`);

  writer.heading('Policy');
  writer.field('Policy number', data.policyNumber, { bold: true });
  writer.field('Named insured', [data.namedInsured.name, ...data.namedInsured.addressLines]);
  writer.field('Coverage', coverageText(data.specialityName));
  writer.field('Policy period', policyPeriod(data.effectiveDate, data.expirationDate));

  writer.heading('Instalment unpaid');
  writer.field('Instalment', instalment.which);
  writer.field('Invoice number', instalment.invoiceNumber);
  writer.field('Amount due', amount, { bold: true });
  writer.field('Due date', usDate(instalment.dueDate));

  writer.heading('Cancellation unless paid');
  writer.field('Cover ends', `${ends}, 12:01 a.m., unless paid before then`, { bold: true });
  writer.paragraph(
    `Instalment ${instalment.which} of this policy, ${amount}, was due on ${usDate(instalment.dueDate)} and is ` +
      `still unpaid. This is notice that the policy will be cancelled for non-payment of premium from 12:01 a.m. ` +
      `on ${ends}. No claim first made after that moment is covered.`,
  );
  writer.paragraph(
    'Paying the instalment in full before that day withdraws this notice: the cover continues as before, ' +
      'with nothing more to do.',
  );

  writer.heading('How to pay');
  writer.paragraph(
    `Pay ${amount} by card through the ${PRODUCT_NAME} portal, on the page for this instalment (invoice ` +
      `${instalment.invoiceNumber}):`,
  );
  writer.paragraph(data.payUrl, { bold: true, indent: 12 });
  writer.paragraph(
    `Or sign in to your account and choose Pay on the instalment. Questions about this notice: call ` +
      `${data.trust.supportPhone.display}.`,
  );
  return writer.save();
}
