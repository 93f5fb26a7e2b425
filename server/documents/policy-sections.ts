/** Sections the policy, declarations page and binder print alike, so the three never disagree. */
import { formatUsd } from '@shared/contract/money-format';
import type { PolicyDocumentData } from '@server/documents/document-data';
import type { PdfWriter } from '@server/documents/pdf-layout';

export function namedInsuredSection(writer: PdfWriter, data: PolicyDocumentData): void {
  writer.heading('Named insured');
  writer.field('Named insured', data.namedInsured.name, { bold: true });
  if (data.namedInsured.addressLines.length > 0) writer.field('Address', data.namedInsured.addressLines);
  writer.field('E-mail', data.insuredEmail);
  writer.space(6);
}

export function limitsSection(writer: PdfWriter, data: PolicyDocumentData): void {
  writer.heading('Limits of liability and deductible');
  writer.field('Each claim', formatUsd(data.limit.perClaimCents), { bold: true });
  writer.field('Aggregate', formatUsd(data.limit.aggregateCents), { bold: true });
  writer.field('Deductible (each claim)', formatUsd(data.deductible.amountCents));
  writer.space(6);
}
