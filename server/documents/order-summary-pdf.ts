/**
 * The order summary: the order as placed, for the insured's records or to share: who and what
 * it covers, the price when rated, the locations, and every question with the answer given.
 * Runs to as many pages as the answers need.
 */
import { dayOf } from '@shared/calendar';
import type { OrderSummaryData } from '@server/documents/document-data';
import { brokerText, coverageText, locationList, PdfWriter, priceTable, usDate } from '@server/documents/pdf-layout';

export const ORDER_SUMMARY_TITLE = 'Order summary';
const NOT_YET = 'Not chosen yet';

export async function orderSummaryPdf(data: OrderSummaryData): Promise<Uint8Array> {
  const writer = await PdfWriter.open({
    title: ORDER_SUMMARY_TITLE,
    number: data.orderNumber,
    subject: `${data.specialityName}: ${data.namedInsured.name}`,
    date: data.asOf,
    trust: data.trust,
  });
  writer.title(ORDER_SUMMARY_TITLE, `As of ${usDate(dayOf(data.asOf))}`);

  writer.heading('Order');
  writer.field('Order number', data.orderNumber, { bold: true });
  writer.field('Status', data.statusLabel);
  if (data.policyNumber) writer.field('Policy number', data.policyNumber, { bold: true });
  writer.field('Broker', brokerText(data.broker));
  writer.space(6);

  writer.heading('Named insured');
  writer.field('Named insured', data.namedInsured.name, { bold: true });
  if (data.namedInsured.addressLines.length > 0) writer.field('Address', data.namedInsured.addressLines);
  writer.field('E-mail', data.insuredEmail);
  writer.space(6);

  writer.heading('Coverage');
  writer.field('Coverage', coverageText(data.specialityName));
  writer.field('State and ZIP code', [data.stateName, data.zipcode].filter(Boolean).join(' '));
  writer.field('Effective date', data.effectiveDate ? usDate(data.effectiveDate) : NOT_YET);
  writer.field('Limit of liability', data.limitLabel ?? NOT_YET);
  writer.field('Deductible', data.deductibleLabel ?? NOT_YET);
  writer.field('Payment plan', data.paymentTermName ?? NOT_YET);
  writer.space(6);

  if (data.price) {
    writer.heading('Price for the policy year');
    priceTable(writer, data.price);
    writer.space(6);
  }

  writer.heading('Locations');
  locationList(writer, data.locations);
  writer.space(6);

  writer.heading('Questions and answers');
  if (data.answers.length === 0) writer.paragraph('No questions answered yet.');
  data.answers.forEach(({ question, answer }, index) => {
    // The question never ends a page without the first line of its answer.
    writer.paragraph(`${index + 1}. ${question}`, { bold: true, after: 1, keepWithNext: 13 });
    writer.paragraph(answer || '—', { indent: 14, after: 7 });
  });
  return writer.save();
}
