/**
 * The mails of mid-term changes (issue 19): an endorsement issued (its PDF attached, the
 * declarations reissued), a change sent to the underwriter, and the underwriter's decision on it.
 * Each goes to the insured and, when the order came through a broker with an address, a copy to
 * the broker, who is told whose policy it is.
 */
import { formatCalendarDay } from '@shared/contract/date-format';
import type { OutgoingMail } from '@server/mail/outbox';
import { greet, render, type Block } from '@server/mail/templates';

/** Who a mail goes to: the insured by first name, or their broker with whose policy it is. */
export type EndorsementRecipient = { to: string; firstName: string | null; brokerOf?: string };

const opening = (recipient: EndorsementRecipient): Block[] =>
  recipient.brokerOf ? [{ text: `A copy for you as the broker of ${recipient.brokerOf}.` }] : [];

const greeting = (recipient: EndorsementRecipient) => (recipient.brokerOf ? 'Hello,' : greet(recipient.firstName));

/** The money of a change in words: what is paid, owed back, or that nothing changes. */
function moneyLine(totalCents: number, total: string): string {
  if (totalCents > 0) return `The additional premium of ${total} is paid.`;
  if (totalCents < 0) return `A return premium of ${total} is owed to you: we will credit or refund it.`;
  return 'The premium does not change.';
}

/** An endorsement in effect: what it changes from when, the premium, the PDF attached. */
export function endorsementIssuedMail(
  recipient: EndorsementRecipient,
  input: {
    policyNumber: string;
    endorsementNumber: string;
    effectiveDate: string;
    /** Each change in words: "Limit of liability: $1M / $3M to $2M / $4M". */
    changes: string[];
    totalCents: number;
    /** The total without its sign, formatted ($123.45). */
    total: string;
    documentsUrl: string;
  },
): OutgoingMail {
  return render(
    recipient.to,
    `Your policy ${input.policyNumber} is changed: endorsement ${input.endorsementNumber}`,
    greeting(recipient),
    [
      ...opening(recipient),
      {
        text:
          `Endorsement ${input.endorsementNumber} changes policy ${input.policyNumber} from 12:01 a.m. on ` +
          `${formatCalendarDay(input.effectiveDate)}:`,
      },
      { quote: input.changes.join('\n') },
      { text: moneyLine(input.totalCents, input.total) },
      { text: 'The endorsement is attached. Your declarations are reissued; both are kept with your documents.' },
      { link: input.documentsUrl, label: 'Your documents' },
    ],
  );
}

/** A change the rules send to the underwriter: nothing changes until they decide. */
export function endorsementReferredMail(
  recipient: EndorsementRecipient,
  input: { policyNumber: string; endorsementNumber: string; changes: string[]; reason: string; policyUrl: string },
): OutgoingMail {
  return render(
    recipient.to,
    `Your change to policy ${input.policyNumber} is with our underwriter`,
    greeting(recipient),
    [
      ...opening(recipient),
      { text: `The change you asked for (${input.endorsementNumber}) needs our underwriter’s review:` },
      { quote: input.changes.join('\n') },
      { text: `${input.reason} Your policy stays as it is until they decide; we will write to you then.` },
      { link: input.policyUrl, label: 'Your policy' },
    ],
  );
}

/** The underwriter approved a change that costs more (pay to put it in effect), or declined it. */
export function endorsementDecisionMail(
  recipient: EndorsementRecipient,
  input: {
    policyNumber: string;
    endorsementNumber: string;
    decision: 'approved' | 'declined';
    reason: string | null;
    /** The additional premium to pay, formatted, for an approval. */
    total: string | null;
    policyUrl: string;
  },
): OutgoingMail {
  if (input.decision === 'approved') {
    return render(
      recipient.to,
      `Your change ${input.endorsementNumber} is approved: pay to put it in effect`,
      greeting(recipient),
      [
        ...opening(recipient),
        {
          text:
            `Our underwriter has approved the change ${input.endorsementNumber} to policy ${input.policyNumber}. ` +
            `It takes effect once its additional premium of ${input.total ?? ''} is paid.`,
        },
        ...(input.reason ? [{ quote: input.reason }] : []),
        { link: input.policyUrl, label: 'Pay and see your policy' },
      ],
    );
  }
  return render(
    recipient.to,
    `Your change ${input.endorsementNumber} to policy ${input.policyNumber} is declined`,
    greeting(recipient),
    [
      ...opening(recipient),
      {
        text:
          `Our underwriter has reviewed the change ${input.endorsementNumber} to policy ${input.policyNumber} and ` +
          'cannot accept it. Your policy stays as it is:',
      },
      ...(input.reason ? [{ quote: input.reason }] : []),
      { link: input.policyUrl, label: 'Your policy' },
    ],
  );
}

/**
 * A tail (Extended Reporting Period) paid for and issued: the receipt, to the insured, with the
 * tail's endorsement attached — sent once, by the transaction that issues it.
 */
export function tailIssuedMail(
  recipient: { to: string; firstName: string | null },
  input: {
    policyNumber: string;
    endorsementNumber: string;
    years: number;
    /** The first day it covers (the cancellation or expiration date) and the day reporting ends, YYYY-MM-DD. */
    startsOn: string;
    reportingUntil: string;
    invoiceNumber: string;
    /** What was paid, formatted ($1,234.56). */
    total: string;
    documentsUrl: string;
  },
): OutgoingMail {
  const period = `${input.years} ${input.years === 1 ? 'year' : 'years'}`;
  return render(
    recipient.to,
    `Your tail cover for policy ${input.policyNumber} is in place`,
    greet(recipient.firstName),
    [
      {
        text:
          `Thank you: we received your payment of ${input.total} (invoice ${input.invoiceNumber}) for an extended ` +
          `reporting period (tail) of ${period} on policy ${input.policyNumber}.`,
      },
      {
        text:
          `Claims first made against you from 12:01 a.m. on ${formatCalendarDay(input.startsOn)} until 12:01 a.m. on ` +
          `${formatCalendarDay(input.reportingUntil)} can be reported under it, for work done while the policy was in force.`,
      },
      { text: `The tail's endorsement (${input.endorsementNumber}) is attached, and kept with your documents.` },
      { link: input.documentsUrl, label: 'Your documents' },
    ],
  );
}
