/**
 * The endorsement (issue 19): the page that changes a policy from an effective date — its number
 * (the policy's, then -E01 …), what read what before and after, and the premium it costs or
 * returns for the rest of the period. Drawn once when the endorsement is issued and kept with it.
 */
import { dayOf } from '@shared/calendar';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import type { Party } from '@server/documents/document-data';
import { PdfWriter, policyPeriod, usDate } from '@server/documents/pdf-layout';

export const ENDORSEMENT_TITLE = 'Policy Endorsement';

export type EndorsementDocumentData = {
  endorsementNumber: string;
  policyNumber: string;
  specialityName: string;
  namedInsured: Party;
  /** YYYY-MM-DD: the change applies from 12:01 a.m. that day. */
  effectiveDate: string;
  policyEffectiveDate: string;
  policyExpirationDate: string;
  /** When it was issued: its date on the page and the PDF's metadata dates. */
  issuedAt: Date;
  /** What changed, in words: "Limit of liability", "$1,000,000 / $3,000,000", "$2,000,000 / $4,000,000". */
  changes: Array<{ label: string; before: string; after: string }>;
  annualPremiumBeforeCents: number;
  annualPremiumAfterCents: number;
  daysRemaining: number;
  daysInPeriod: number;
  premiumChangeCents: number;
  taxChangeCents: number;
  feeChangeCents: number;
  totalChangeCents: number;
  trust: Trust;
};

/** +$12.34 / -$12.34 / $0.00. */
const signedUsd = (cents: number) =>
  cents > 0 ? `+${formatUsd(cents)}` : cents < 0 ? `-${formatUsd(-cents)}` : formatUsd(0);

export async function endorsementPdf(data: EndorsementDocumentData): Promise<Uint8Array> {
  const writer = await PdfWriter.open({
    title: ENDORSEMENT_TITLE,
    number: data.endorsementNumber,
    subject: `${data.specialityName}: ${data.namedInsured.name}`,
    date: data.issuedAt,
    trust: data.trust,
  });
  writer.title(ENDORSEMENT_TITLE, `Issued ${usDate(dayOf(data.issuedAt))}`);
  writer.paragraph(
    `This endorsement forms a part of policy ${data.policyNumber} and changes it as shown below from 12:01 a.m. ` +
      `standard time on ${usDate(data.effectiveDate)}. Everything else in the policy is unchanged.`,
    { after: 10 },
  );

  writer.heading('Endorsement');
  writer.field('Endorsement number', data.endorsementNumber, { bold: true });
  writer.field('Policy number', data.policyNumber);
  writer.field('Effective date', usDate(data.effectiveDate));
  writer.field('Policy period', policyPeriod(data.policyEffectiveDate, data.policyExpirationDate));
  writer.field('Named insured', [data.namedInsured.name, ...data.namedInsured.addressLines]);
  writer.space(6);

  writer.heading('What changes');
  writer.table(
    [
      { heading: 'Item', width: 150 },
      { heading: 'Before', width: 183 },
      { heading: 'From the effective date', width: 183 },
    ],
    data.changes.map((change) => ({ cells: [change.label, change.before, change.after] })),
  );
  writer.space(6);

  writer.heading('Premium');
  writer.field('Annual premium before', formatUsd(data.annualPremiumBeforeCents));
  writer.field('Annual premium after', formatUsd(data.annualPremiumAfterCents));
  writer.field('Days remaining', `${data.daysRemaining} of ${data.daysInPeriod}`);
  writer.field('Prorated premium', signedUsd(data.premiumChangeCents));
  writer.field('Premium tax', signedUsd(data.taxChangeCents));
  writer.field('State fees', signedUsd(data.feeChangeCents));
  writer.field(data.totalChangeCents < 0 ? 'Return premium' : 'Additional premium', signedUsd(data.totalChangeCents), {
    bold: true,
  });
  writer.space(8);
  writer.paragraph(
    data.totalChangeCents < 0
      ? 'The return premium is credited or refunded to the named insured.'
      : 'The additional premium has been paid or is due with this endorsement.',
    { size: 8.5 },
  );
  return writer.save();
}

/** endorsement-p-2026-000007-e01.pdf */
export const endorsementFileName = (endorsementNumber: string) =>
  `endorsement-${endorsementNumber.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`;
