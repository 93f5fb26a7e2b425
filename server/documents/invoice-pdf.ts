/**
 * The invoice for an order: who is billed, for which policy, the price as rated, and the
 * installment schedule with the first installment due now; once paid, it says when.
 */
import { dayOf } from '@shared/calendar';
import { formatUsd } from '@shared/contract/money-format';
import type { InvoiceDocumentData } from '@server/documents/document-data';
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

/** "PAID on 05/20/2026", or "Due 06/01/2026" while open. */
export function invoiceStatus(data: Pick<InvoiceDocumentData, 'status' | 'paidAt' | 'dueDate'>): string {
  if (data.status === 'paid') return data.paidAt ? `PAID on ${usDate(dayOf(data.paidAt))}` : 'PAID';
  return `Due ${usDate(data.dueDate)}`;
}

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
