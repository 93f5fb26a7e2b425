/**
 * The invoice for an order: who is billed, for which policy, the price as rated, and the
 * installment schedule with the first installment due now; once paid, it says when. A later
 * instalment's invoice marks its own row of the schedule; an endorsement's or a tail's bills its
 * own charge instead of the year's price (InvoiceBills). The first invoice is drawn as it always was.
 */
import { dayOf } from '@shared/calendar';
import { formatUsd } from '@shared/contract/money-format';
import type { InvoiceBills, InvoiceDocumentData } from '@server/documents/document-data';
import {
  brokerText,
  type Column,
  CONTENT_WIDTH,
  coverageText,
  PdfWriter,
  policyPeriod,
  priceTable,
  PRODUCT_NAME,
  usDate,
} from '@server/documents/pdf-layout';

export const INVOICE_TITLE = 'Invoice';

/** "PAID on 05/20/2026", "VOID: nothing to pay", or "Due 06/01/2026" while open. */
export function invoiceStatus(data: Pick<InvoiceDocumentData, 'status' | 'paidAt' | 'dueDate'>): string {
  if (data.status === 'paid') return data.paidAt ? `PAID on ${usDate(dayOf(data.paidAt))}` : 'PAID';
  if (data.status === 'void') return 'VOID: nothing to pay';
  return `Due ${usDate(data.dueDate)}`;
}

/** "Installment 3 of 10", "Endorsement P-2026-000042-E01", "Extended reporting period (tail) P-2026-000042-E02". */
export function invoiceBillsWords(bills: InvoiceBills, scheduleLength: number): string {
  if (bills.kind === 'instalment') return `Installment ${bills.installmentNo} of ${scheduleLength}`;
  return `${bills.kind === 'tail' ? 'Extended reporting period (tail)' : 'Endorsement'} ${bills.endorsementNumber}`;
}

const CHARGE_COLUMNS: Column[] = [
  { heading: 'Charge', width: CONTENT_WIDTH - 140 },
  { heading: 'Amount', width: 140, align: 'right' },
];

const SCHEDULE_COLUMNS: Column[] = [
  { heading: 'No.', width: 60 },
  { heading: 'Due date', width: 140 },
  { heading: 'Status', width: CONTENT_WIDTH - 340 },
  { heading: 'Amount', width: 140, align: 'right' },
];

export async function invoicePdf(data: InvoiceDocumentData): Promise<Uint8Array> {
  const writer = await PdfWriter.open({
    title: INVOICE_TITLE,
    number: data.invoiceNumber,
    subject: `Order ${data.orderNumber}: ${data.billTo.name}`,
    date: data.createdAt,
    trust: data.trust,
  });
  const paid = data.status === 'paid';
  writer.title(INVOICE_TITLE, `Invoice date ${usDate(dayOf(data.createdAt))}`);

  writer.heading('Invoice');
  writer.field('Invoice number', data.invoiceNumber, { bold: true });
  writer.field('Invoice date', usDate(dayOf(data.createdAt)));
  writer.field('Status', invoiceStatus(data), { bold: true });
  writer.field('Order number', data.orderNumber);
  if (data.bills) writer.field('Invoice for', invoiceBillsWords(data.bills, data.schedule.length), { bold: true });
  writer.field('Policy number', data.policyNumber ?? 'To be issued on payment');
  writer.field('Coverage', coverageText(data.specialityName));
  if (data.effectiveDate && data.expirationDate)
    writer.field('Policy period', policyPeriod(data.effectiveDate, data.expirationDate));
  else if (data.effectiveDate) writer.field('Effective date', usDate(data.effectiveDate));
  writer.field('Broker', brokerText(data.broker));
  writer.space(6);

  writer.heading('Bill to');
  writer.field('Named insured', data.billTo.name, { bold: true });
  if (data.billTo.addressLines.length > 0) writer.field('Address', data.billTo.addressLines);
  writer.space(6);

  const bills = data.bills;
  if (bills?.kind === 'endorsement' || bills?.kind === 'tail') {
    writer.heading(
      bills.kind === 'tail' ? 'Extended reporting period (tail)' : 'Additional premium for the endorsement',
    );
    writer.table(CHARGE_COLUMNS, [
      {
        cells: [
          bills.kind === 'tail' ? 'Premium' : 'Premium for the rest of the period',
          formatUsd(bills.premiumCents),
        ],
      },
      { cells: ['Taxes', formatUsd(bills.taxCents)] },
      { cells: ['Fees', formatUsd(bills.feeCents)] },
      { cells: ['Total', formatUsd(data.amountDueCents)], bold: true },
    ]);
    writer.field(amountWords(data), formatUsd(data.amountDueCents), { bold: true });
    writer.space(8);
    writer.paragraph(closingWords(data), { size: 8.5 });
    return writer.save();
  }
  if (bills?.kind === 'instalment') {
    writer.heading('Price for the policy year');
    priceTable(writer, data.price);
    writer.field('Payment plan', data.paymentTermName);
    writer.space(6);
    writer.heading('Installment schedule');
    writer.table(
      SCHEDULE_COLUMNS,
      data.schedule.map((payment) => {
        const mine = payment.installmentNo === bills.installmentNo;
        return {
          cells: [
            String(payment.installmentNo),
            usDate(payment.dueDate),
            mine ? `This invoice: ${invoiceStatus(data)}` : '',
            formatUsd(payment.amountCents),
          ],
          bold: mine,
        };
      }),
    );
    writer.field(amountWords(data), formatUsd(data.amountDueCents), { bold: true });
    writer.space(8);
    writer.paragraph(closingWords(data), { size: 8.5 });
    return writer.save();
  }

  writer.heading('Price for the policy year');
  priceTable(writer, data.price);
  writer.field('Payment plan', data.paymentTermName);
  writer.space(6);

  writer.heading('Installment schedule');
  writer.table(
    SCHEDULE_COLUMNS,
    data.schedule.map((payment, index) => ({
      cells: [
        String(payment.installmentNo),
        usDate(payment.dueDate),
        index === 0 ? (paid ? 'Paid' : 'Due now') : 'Scheduled',
        formatUsd(payment.amountCents),
      ],
      bold: index === 0,
    })),
  );
  writer.field(paid ? 'Amount paid' : 'Amount due now', formatUsd(data.amountDueCents), { bold: true });
  writer.space(8);

  writer.paragraph(
    paid
      ? 'Thank you: the first installment is paid. Later installments, if any, are charged on their due dates.'
      : `Please pay ${formatUsd(data.amountDueCents)} by ${usDate(data.dueDate)} through the ${PRODUCT_NAME} portal. ` +
          'The policy is issued once the first installment is paid; later installments, if any, fall due on the dates above.',
    { size: 8.5 },
  );
  return writer.save();
}

/** The amount's label on an invoice other than the first. */
function amountWords(data: InvoiceDocumentData): string {
  if (data.status === 'paid') return 'Amount paid';
  return data.status === 'void' ? 'Amount (void)' : 'Amount due';
}

/** The closing words on an invoice other than the first. */
function closingWords(data: InvoiceDocumentData): string {
  if (data.status === 'paid') return 'Thank you: this invoice is paid.';
  if (data.status === 'void') return 'This invoice is void: nothing is owed on it.';
  return (
    `Please pay ${formatUsd(data.amountDueCents)} by ${usDate(data.dueDate)} through the ${PRODUCT_NAME} portal ` +
    '(your policy’s page, or the link in the invoice’s e-mail).'
  );
}
