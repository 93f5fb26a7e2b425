/**
 * The signed application: the record exactly as the insured signed it (kept with the signature,
 * never redrawn from today's data), every question with its answer, the cover chosen, the
 * declarations, and the signature block an ESIGN/UETA signature is proved by — who, when (ISO and
 * in words, UTC), from which address and browser, and the SHA-256 of the record signed.
 */
import { dayOf } from '@shared/calendar';
import type { ApplicationRecord } from '@shared/contract/application-signature';
import type { Trust } from '@shared/contract/runtime-config';
import { formatUsd } from '@shared/contract/money-format';
import { CONSENT_STATEMENT } from '@server/application/declarations';
import { coverageText, PdfWriter, usDate } from '@server/documents/pdf-layout';

export const SIGNED_APPLICATION_TITLE = 'Signed application';

export type SignedApplicationData = {
  record: ApplicationRecord;
  signature: { signerName: string; signedAt: Date; ip: string; userAgent: string | null; recordHash: string };
  /** Once the policy is issued. */
  policyNumber: string | null;
  /** The insurer and the producer's licences, named under the title as on every policy document. */
  trust: Trust;
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "June 25, 2026, 14:05:09 UTC": the same words wherever the server runs. */
export function utcWords(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${time} UTC`;
}

export async function signedApplicationPdf({
  record,
  signature,
  policyNumber,
  trust,
}: SignedApplicationData): Promise<Uint8Array> {
  const applicant = record.insured.company ?? record.insured.name;
  const writer = await PdfWriter.open({
    title: SIGNED_APPLICATION_TITLE,
    number: record.orderNumber,
    subject: `${record.speciality}: ${applicant}`,
    date: signature.signedAt,
    trust,
  });
  writer.title(SIGNED_APPLICATION_TITLE, `Signed ${usDate(dayOf(signature.signedAt))}`);

  writer.heading('Applicant');
  writer.field('Order number', record.orderNumber, { bold: true });
  if (policyNumber) writer.field('Policy number', policyNumber, { bold: true });
  writer.field('Applicant', record.insured.name, { bold: true });
  if (record.insured.company) writer.field('Company', record.insured.company);
  writer.field('Practice address', record.practiceAddress ?? 'None on file');
  writer.field('State and ZIP code', [record.state, record.zipcode].filter(Boolean).join(' '));
  writer.field('Coverage', coverageText(record.speciality));
  writer.space(6);

  let number = 0;
  for (const section of record.sections) {
    writer.heading(section.title);
    if (section.answers.length === 0) writer.paragraph('No questions in this part.');
    for (const { question, answer } of section.answers) {
      number += 1;
      // The question never ends a page without the first line of its answer.
      writer.paragraph(`${number}. ${question}`, { bold: true, after: 1, keepWithNext: 13 });
      writer.paragraph(answer || '—', { indent: 14, after: 7 });
    }
    writer.space(4);
  }

  writer.heading('Cover chosen');
  writer.field('Limit of liability', record.cover.limit);
  writer.field('Deductible', record.cover.deductible);
  writer.field('Payment plan', record.cover.paymentPlan);
  writer.field('Total for the policy year', formatUsd(record.cover.totalCents), { bold: true });
  writer.field(
    'Effective date',
    record.cover.effectiveDate ? usDate(record.cover.effectiveDate) : 'The day the first payment is made',
  );
  writer.space(6);

  writer.heading('Declarations');
  writer.paragraph('By signing, the applicant declares:', { after: 3 });
  record.declarations.forEach((declaration, index) =>
    writer.paragraph(`${index + 1}. ${declaration}`, { indent: 8, after: 4 }),
  );
  writer.space(6);

  // The signature block and its consent statement stay together on one page.
  writer.ensure(200);
  writer.heading('Electronic signature');
  writer.field('Signed electronically by', signature.signerName, { bold: true });
  writer.field('Signed at', [signature.signedAt.toISOString(), utcWords(signature.signedAt)]);
  writer.field('From IP address', signature.ip);
  if (signature.userAgent) writer.field('Browser', signature.userAgent);
  writer.field('Record SHA-256', signature.recordHash);
  writer.space(4);
  writer.paragraph(CONSENT_STATEMENT, { after: 4 });
  writer.paragraph(
    'The SHA-256 is of the record’s canonical JSON (every key sorted, no spaces), as kept with the signature.',
    { size: 8 },
  );
  return writer.save();
}
