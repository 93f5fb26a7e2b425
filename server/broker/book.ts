/**
 * The broker's own book (issue 9): the orders that came through its client URL (submissions
 * carry the broker they were quoted under), their policies, and the links to its storefront.
 * A broker's user sees their broker's orders and no other's; a broker's user not tied to a
 * broker is told so (409), never shown everyone's.
 */
import { BOOK_PAGE_SIZE, type Book } from '@shared/contract/broker-book';
import { formatCalendarDay } from '@shared/contract/date-format';
import type { SubmissionStatus } from '@shared/contract/submissions';
import type { AuthUser } from '@server/auth/user';
import { bookCount, bookRows, brokerOfUser, storefrontSpecialities } from '@server/broker/book-queries';
import type { Database } from '@server/db/connection';
import { conflict } from '@server/http/http-error';

/** What happens next, by status, as the broker would tell the insured's story. */
const NEXT_STEPS: Record<SubmissionStatus, string> = {
  draft: 'The insured is answering the questions',
  quoted: 'Quoted: the insured can buy',
  checks: 'Being checked',
  incomplete: 'The insured is to add what is missing',
  underwriter_review: 'With an underwriter',
  missing_info: 'The underwriter asked the insured for more information',
  application_under_review: 'With an underwriter, after the insured’s answer',
  approved: 'Approved: the insured is to pay',
  awaiting_payment: 'The insured is to pay',
  bound: 'Bound: the policy is being issued',
  complete: 'Policy issued',
  declined: 'Declined',
  close_lost: 'Closed',
};

export async function brokerBook(
  db: Database,
  user: AuthUser,
  publicUrl: string,
  query: { status?: SubmissionStatus | undefined; page: number },
): Promise<Book> {
  const broker = await brokerOfUser(db, user.id);
  if (!broker)
    throw conflict('Your account is not tied to a broker: ask an administrator to name yours', {
      brokerId: 'is not set for your account',
    });

  const rows = await bookRows(db, broker.id, query.status, BOOK_PAGE_SIZE, (query.page - 1) * BOOK_PAGE_SIZE);
  const total = await bookCount(db, broker.id, query.status);
  const sold = await storefrontSpecialities(db, broker.id);
  const landing = `${publicUrl}/client/landing/${broker.clientUrl}`;
  const withCodes = (codes: string[]) => `${landing}?s=${codes.map(encodeURIComponent).join(',')}`;

  return {
    broker,
    storefront: {
      url: landing,
      specialities: sold.map((speciality) => ({ ...speciality, url: withCodes([speciality.code]) })),
      allSpecialitiesUrl: sold.length > 1 ? withCodes(sold.map((speciality) => speciality.code)) : null,
    },
    orders: rows.map((row) => ({
      submissionId: row.id,
      number: row.number,
      // A visitor's quote not yet signed up for has no insured to name.
      insuredName:
        [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email || 'A visitor (not signed up yet)',
      companyName: row.companyName,
      speciality: { id: row.specialityId, name: row.specialityName },
      stateCode: row.stateCode,
      status: row.status,
      totalCents: row.status === 'draft' ? null : row.premiumCents,
      nextStep:
        row.policyStatus === 'cancelled'
          ? `Policy cancelled${row.cancellationDate ? ` from ${formatCalendarDay(row.cancellationDate)}` : ''}`
          : // Issue 20: a renewal's order says which policy it renews.
            `${row.renewalOf ? `Renewal of ${row.renewalOf}: ` : ''}${NEXT_STEPS[row.status]}`,
      renewalOf: row.renewalOf,
      updatedAt: row.updatedAt.toISOString(),
      policy:
        row.policyNumber && row.effectiveDate && row.expirationDate
          ? {
              number: row.policyNumber,
              effectiveDate: row.effectiveDate,
              expirationDate: row.expirationDate,
              status: row.policyStatus ?? 'in_force',
              cancellationDate: row.policyStatus === 'cancelled' ? row.cancellationDate : null,
            }
          : null,
    })),
    total,
    page: query.page,
    pageSize: BOOK_PAGE_SIZE,
  };
}
