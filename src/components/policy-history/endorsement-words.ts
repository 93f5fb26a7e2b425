import type { Endorsement, EndorsementChange } from '@shared/contract/endorsements';
import { formatUsd, groupThousands } from '@shared/contract/money-format';
import { formatDay } from '@/components/format/dates';

/**
 * A row of the policy's history in words an insured reads: what kind of endorsement, where it
 * stands, what it changed (before → after) and what it costs or returns. The server records a
 * change by its codes ("1M/3M", "2500"); they are written here as the amounts they stand for.
 */

export function kindWords(endorsement: Pick<Endorsement, 'kind'>): string {
  switch (endorsement.kind) {
    case 'change':
      return 'Change';
    case 'cancellation':
      return 'Cancellation';
    case 'tail':
      return 'Tail cover';
  }
}

export function statusWords(endorsement: Pick<Endorsement, 'status' | 'issuedAt'>): string {
  switch (endorsement.status) {
    case 'issued':
      return endorsement.issuedAt ? `Issued ${formatDay(endorsement.issuedAt)}` : 'Issued';
    case 'awaiting_payment':
      return 'Awaiting payment';
    case 'referred':
      return 'With the underwriter';
    case 'declined':
      return 'Declined';
  }
}

/** "1M" → 100,000,000 cents, "250K" → 25,000,000; undefined for anything else. */
function amountOfCode(part: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)([KM]?)$/i.exec(part.trim());
  if (!match) return undefined;
  const scale = { '': 1, K: 1_000, M: 1_000_000 }[match[2]!.toUpperCase() as '' | 'K' | 'M'];
  return Math.round(Number(match[1]) * scale);
}

const dollars = (whole: number) => `$${groupThousands(whole)}`;

/** "1M/3M" → "$1,000,000/$3,000,000"; a code of another shape as it is. */
export function limitWords(code: string): string {
  const parts = code.split('/').map(amountOfCode);
  return parts.every((part) => part !== undefined) ? parts.map((part) => dollars(part!)).join('/') : code;
}

/** "2500" → "$2,500", "0" → "no deductible"; a code of another shape as it is. */
export function deductibleWords(code: string): string {
  const amount = amountOfCode(code);
  if (amount === undefined) return code;
  return amount === 0 ? 'no deductible' : dollars(amount);
}

const RETURN_METHODS: Record<string, string> = {
  pro_rata: 'pro rata, by the days left',
  short_rate: 'short rate (90% of pro rata)',
  flat: 'in full, cancelled from the start',
};

type Value = EndorsementChange['before'];
const text = (value: Value) => (value === null ? 'none' : String(value));
/** An address kept as its printed lines, one a line: on one line, with commas. */
const oneLine = (value: Value) => text(value).split('\n').join(', ');

/** One thing the endorsement changed, in words; null for what the other lines already say. */
export function changeWords(change: EndorsementChange): string | null {
  const { field, before, after } = change;
  switch (field) {
    case 'limitCode':
      return `Limit ${limitWords(text(before))} → ${limitWords(text(after))}`;
    case 'deductibleCode':
      return `Deductible ${deductibleWords(text(before))} → ${deductibleWords(text(after))}`;
    case 'insuredName':
      return `Named insured ${text(before)} → ${text(after)}`;
    case 'address':
      return `Practice address ${oneLine(before)} → ${oneLine(after)}`;
    // The cancellation's status change is the row's kind itself.
    case 'status':
      return null;
    case 'cancellationDate':
      return typeof after === 'string' ? `Cover stops at 12:01 a.m. on ${formatDay(after)}` : null;
    case 'returnMethod':
      return typeof after === 'string' ? `Premium returned ${RETURN_METHODS[after] ?? after}` : null;
    case 'tailYears':
      return `Extended reporting period of ${text(after)} ${after === 1 ? 'year' : 'years'}`;
    case 'reportingUntil':
      return typeof after === 'string' ? `Claims can be reported until ${formatDay(after)}` : null;
    // Why a change was not made: the underwriter's words, or the cancellation that withdrew it.
    case 'declineReason':
      return typeof after === 'string' ? `Declined: ${after}` : null;
    // The mark of a change withdrawn by a cancellation: its reason line says so.
    case 'withdrawnByCancellation':
      return null;
    default:
      return `${field}: ${text(before)} → ${text(after)}`;
  }
}

export function changeLines(endorsement: Pick<Endorsement, 'changes'>): string[] {
  return endorsement.changes.map(changeWords).filter((line): line is string => line !== null);
}

export interface MoneyWords {
  text: string;
  tone: 'due' | 'paid' | 'owed' | 'none';
  /** An additional premium still to be paid: the row offers Pay. */
  payable: boolean;
}

/** What the endorsement costs (additional premium) or gives back (return premium), and where that stands. */
export function moneyWords(
  endorsement: Pick<Endorsement, 'status' | 'totalChangeCents' | 'returnPremiumStatus' | 'invoiceNumber'>,
): MoneyWords {
  const { status, totalChangeCents: total } = endorsement;
  if (status === 'declined') return { text: 'Nothing to pay: it was not made.', tone: 'none', payable: false };
  if (total > 0) {
    const invoice = endorsement.invoiceNumber ? ` (invoice ${endorsement.invoiceNumber})` : '';
    if (status === 'awaiting_payment') {
      return { text: `Additional premium ${formatUsd(total)} awaiting payment${invoice}`, tone: 'due', payable: true };
    }
    if (status === 'issued')
      return { text: `Additional premium ${formatUsd(total)} paid${invoice}`, tone: 'paid', payable: false };
    return { text: `Additional premium ${formatUsd(total)}, to pay once approved`, tone: 'none', payable: false };
  }
  if (total < 0) {
    const amount = formatUsd(-total);
    return endorsement.returnPremiumStatus === 'owed'
      ? { text: `Return premium ${amount} owed to you: we credit or refund it`, tone: 'owed', payable: false }
      : { text: `Return premium ${amount}`, tone: 'paid', payable: false };
  }
  return { text: 'No change to your premium', tone: 'none', payable: false };
}
