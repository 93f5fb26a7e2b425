/**
 * The Extended Reporting Period endorsement (issue 19): drawn when a tail's invoice is paid and
 * kept as the endorsement's PDF. It says which policy it extends, from when to when claims may
 * still be reported, for work done from the retroactive date up to the end of cover, and what it
 * cost. Deterministic like every document (pdf-layout.ts): its dates come from its time of issue.
 */
import type { TailOption } from '@shared/contract/cancellation';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import type { NamedParty } from '@server/documents/named-insured';
import { CONTENT_WIDTH, PdfWriter, policyPeriod, usDate, type Column } from '@server/documents/pdf-layout';

export type TailEndorsementData = {
  policyNumber: string;
  endorsementNumber: string;
  specialityName: string;
  effectiveDate: string;
  expirationDate: string;
  retroactiveDate: string;
  /** The first day the tail covers: the cancellation date, or the expiration date. */
  startsOn: string;
  tail: TailOption;
  namedInsured: NamedParty;
  issuedAt: Date;
  trust: Trust;
};

export const TAIL_ENDORSEMENT_TITLE = 'Extended reporting period endorsement';

const MONEY: Column[] = [
  { heading: 'Item', width: CONTENT_WIDTH - 140 },
  { heading: 'Amount', width: 140, align: 'right' },
];

export async function tailEndorsementPdf(data: TailEndorsementData): Promise<Uint8Array> {
  const { tail } = data;
  const writer = await PdfWriter.open({
    title: TAIL_ENDORSEMENT_TITLE,
    number: data.endorsementNumber,
    subject: `Extended reporting period of ${tail.years} year${tail.years === 1 ? '' : 's'} on policy ${data.policyNumber}`,
    date: data.issuedAt,
    trust: data.trust,
  });
  writer.title(TAIL_ENDORSEMENT_TITLE, `Endorsement ${data.endorsementNumber}`);
  writer.heading('Policy');
  writer.field('Policy number', data.policyNumber, { bold: true });
  writer.field('Named insured', [data.namedInsured.name, ...data.namedInsured.addressLines]);
  writer.field('Coverage', `Professional liability (claims-made) — ${data.specialityName}`);
  writer.field('Policy period', policyPeriod(data.effectiveDate, data.expirationDate));
  writer.field('Retroactive date', usDate(data.retroactiveDate));

  writer.heading('Extended reporting period');
  writer.field('Length', `${tail.years} year${tail.years === 1 ? '' : 's'}`, { bold: true });
  writer.field('Reporting period', `From ${usDate(data.startsOn)} to ${usDate(tail.reportingUntil)}, 12:01 a.m.`);
  writer.paragraph(
    `Claims first made against the insured from ${usDate(data.startsOn)} up to ${usDate(tail.reportingUntil)}, ` +
      `about professional services rendered on or after the retroactive date (${usDate(data.retroactiveDate)}) and ` +
      `before ${usDate(data.startsOn)}, may be reported under this policy as if made during its period. The limits ` +
      'are not reinstated or increased: the aggregate of the policy applies to them.',
  );
  writer.heading('Premium');
  writer.table(MONEY, [
    { cells: [`Premium (${tail.percentBps / 100}% of the annual premium)`, formatUsd(tail.premiumCents)] },
    { cells: ['Taxes', formatUsd(tail.taxCents)] },
    { cells: ['State fees', formatUsd(tail.stateFeeCents)] },
    { cells: ['Total paid', formatUsd(tail.totalCents)], bold: true },
  ]);
  return writer.save();
}
