/**
 * The binder: evidence that cover is bound from the effective date until the policy itself is
 * delivered, for at most BINDER_DAYS days, so the insured can show proof of insurance the day
 * they pay, before the policy documents reach them.
 */
import { addDays, dayOf } from '@shared/calendar';
import type { PolicyDocumentData } from '@server/documents/document-data';
import { limitsSection, namedInsuredSection } from '@server/documents/policy-sections';
import {
  brokerText,
  coverageText,
  locationList,
  PdfWriter,
  policyPeriod,
  priceTable,
  usDate,
} from '@server/documents/pdf-layout';

export const BINDER_TITLE = 'Binder of insurance';
/** The binder lapses this many days after the effective date if the policy was not delivered. */
export const BINDER_DAYS = 30;

export async function binderPdf(data: PolicyDocumentData): Promise<Uint8Array> {
  const writer = await PdfWriter.open({
    title: BINDER_TITLE,
    number: data.policyNumber,
    subject: `${data.specialityName}: ${data.namedInsured.name}`,
    date: data.issuedAt,
    trust: data.trust,
  });
  const issued = usDate(dayOf(data.issuedAt));
  const lapses = usDate(addDays(data.effectiveDate, BINDER_DAYS));
  writer.title(BINDER_TITLE, `Issued ${issued}`);
  writer.paragraph(
    `This binder confirms that the professional liability insurance described below is bound for the named insured. It ` +
      `takes effect at 12:01 a.m. standard time on ${usDate(data.effectiveDate)} and remains in force until the policy is ` +
      `delivered or for ${BINDER_DAYS} days (until ${lapses}), whichever comes first. The policy, once delivered, replaces it.`,
    { after: 10 },
  );

  writer.heading('Binder');
  writer.field('Policy number', data.policyNumber, { bold: true });
  writer.field('Order number', data.orderNumber);
  writer.field(
    'Binder period',
    `From ${usDate(data.effectiveDate)} until the policy is delivered, at the latest ${lapses}`,
  );
  writer.field('Policy period', policyPeriod(data.effectiveDate, data.expirationDate));
  writer.field('Coverage', `${coverageText(data.specialityName)}, claims-made and reported`);
  writer.field('Retroactive date', usDate(data.retroactiveDate));
  writer.field('State', data.stateName);
  writer.field('Issue date', issued);
  writer.space(6);

  namedInsuredSection(writer, data);
  limitsSection(writer, data);

  writer.heading('Premium');
  priceTable(writer, data.price);
  writer.field('Payment plan', data.paymentTermName);
  writer.space(6);

  writer.heading('Covered locations');
  locationList(writer, data.locations);
  writer.space(6);

  writer.heading('Producer');
  writer.field('Broker', brokerText(data.broker));
  writer.space(8);

  writer.paragraph(
    'This binder is subject to all the terms, conditions and exclusions of the policy to be issued. It may be cancelled by ' +
      'the insured at any time, or by the insurer with notice as the law of the state above requires. It is void if the ' +
      'first installment of the premium is not paid.',
    { size: 8.5 },
  );
  return writer.save();
}
