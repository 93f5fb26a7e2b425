/**
 * The cancellation notice (issue 19): the policy, the named insured, the day the cancellation
 * takes effect, the return premium owed and how it was worked out, and the Extended Reporting
 * Period (tail) the insured can still buy. Drawn once when the policy is cancelled, kept with the
 * policy's documents and mailed to the insured. Deterministic like every document (pdf-layout.ts):
 * its dates come from the cancellation's own time.
 */
import type { ReturnPremium, TailOption } from '@shared/contract/cancellation';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import type { NamedParty } from '@server/documents/named-insured';
import { CONTENT_WIDTH, PdfWriter, policyPeriod, usDate, type Column } from '@server/documents/pdf-layout';

export type CancellationNoticeData = {
  policyNumber: string;
  /** The cancellation's endorsement number (P-2026-000007-E01). */
  endorsementNumber: string;
  specialityName: string;
  effectiveDate: string;
  expirationDate: string;
  retroactiveDate: string;
  /** The first day without cover, YYYY-MM-DD. */
  cancellationDate: string;
  reason: string | null;
  namedInsured: NamedParty;
  returnPremium: ReturnPremium;
  tailOffer: TailOption[];
  /** When the cancellation was recorded: the notice's date. */
  cancelledAt: Date;
  trust: Trust;
};

export const CANCELLATION_NOTICE_TITLE = 'Notice of cancellation';

/** cancellation-notice-p-2026-000042.pdf */
export const cancellationNoticeFileName = (policyNumber: string) =>
  `cancellation-notice-${policyNumber.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}.pdf`;

const METHOD_WORDS: Record<ReturnPremium['method'], string> = {
  flat: 'Flat cancellation: cancelled from its first day, the whole premium is returned.',
  pro_rata: 'Pro rata: the premium for the days of cover given up is returned.',
  short_rate:
    'Short rate: 90% of the pro rata premium is returned, as the state allows for a cancellation the insured asks for.',
};

const MONEY: Column[] = [
  { heading: 'Returned', width: CONTENT_WIDTH - 140 },
  { heading: 'Amount', width: 140, align: 'right' },
];

const TAIL: Column[] = [
  { heading: 'Extended reporting period', width: CONTENT_WIDTH - 300 },
  { heading: 'Of annual premium', width: 100, align: 'right' },
  { heading: 'Reporting until', width: 100, align: 'right' },
  { heading: 'Price with taxes', width: 100, align: 'right' },
];

const percent = (bps: number) => `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

export async function cancellationNoticePdf(data: CancellationNoticeData): Promise<Uint8Array> {
  const writer = await PdfWriter.open({
    title: CANCELLATION_NOTICE_TITLE,
    number: data.policyNumber,
    subject: `Cancellation of policy ${data.policyNumber} from ${usDate(data.cancellationDate)}`,
    date: data.cancelledAt,
    trust: data.trust,
  });
  const returned = data.returnPremium;
  writer.title(CANCELLATION_NOTICE_TITLE, `Endorsement ${data.endorsementNumber}`);

  writer.heading('Policy');
  writer.field('Policy number', data.policyNumber, { bold: true });
  writer.field('Named insured', [data.namedInsured.name, ...data.namedInsured.addressLines]);
  writer.field('Coverage', `Professional liability (claims-made) — ${data.specialityName}`);
  writer.field('Policy period', policyPeriod(data.effectiveDate, data.expirationDate));
  writer.field('Retroactive date', usDate(data.retroactiveDate));

  writer.heading('Cancellation');
  writer.field('Cancellation date', `${usDate(data.cancellationDate)}, 12:01 a.m. (the first day without cover)`, {
    bold: true,
  });
  writer.field('Requested by', 'The named insured');
  if (data.reason) writer.field('Reason given', data.reason);
  writer.paragraph(
    `At the insured's request, this policy is cancelled: cover stops at 12:01 a.m. on ${usDate(data.cancellationDate)}, ` +
      'the first day without cover. No claim first made from that moment on is covered unless an extended reporting ' +
      'period is bought.',
  );

  writer.heading('Return premium');
  writer.paragraph(METHOD_WORDS[returned.method]);
  writer.paragraph(
    `Days of cover given up: ${returned.daysRemaining} of ${returned.daysInPeriod}; annual premium ` +
      `${formatUsd(returned.annualPremiumCents)}.`,
  );
  writer.table(MONEY, [
    { cells: ['Premium', formatUsd(returned.premiumCents)] },
    { cells: ['Policy fee', formatUsd(returned.policyFeeCents)] },
    { cells: ['Taxes', formatUsd(returned.taxCents)] },
    { cells: ['State fees', formatUsd(returned.stateFeeCents)] },
    { cells: ['Return premium owed to you', formatUsd(returned.totalCents)], bold: true },
  ]);

  writer.heading('Extended reporting period (tail)');
  writer.paragraph(
    'This is a claims-made policy. An extended reporting period lets claims first made after the cancellation, ' +
      `about work done from the retroactive date (${usDate(data.retroactiveDate)}) up to the cancellation date, ` +
      'still be reported under it. You can buy one of these from your account:',
  );
  writer.table(
    TAIL,
    data.tailOffer.map((option) => ({
      cells: [
        `${option.years} year${option.years === 1 ? '' : 's'}`,
        percent(option.percentBps),
        usDate(option.reportingUntil),
        formatUsd(option.totalCents),
      ],
    })),
  );
  return writer.save();
}
