import type { HistoryEntry } from '@shared/contract/submissions';
import { formatDay } from '@/components/format/dates';
import { CloseOrderAction } from '@/components/order/close-order-action';
import { OrderFrame, type LoadedOrder } from '@/components/order/order-frame';
import { OrderHeading } from '@/components/order/order-heading';
import { FilesSection, InfoRequestSection } from '@/components/order/order-sections';
import { OrderSummaryLink } from '@/components/order/order-summary-link';
import { useOrderSearch } from '@/components/order/use-order-search';

/**
 * application-under-review?submissionid: the insured sent the underwriter what was asked for.
 * What was asked, what was sent (the message and the files), and what happens next.
 */
export default function ApplicationUnderReviewScreen() {
  return (
    <OrderFrame screen="application-under-review" submissionId={useOrderSearch()} title="Application under review">
      {(order) => <UnderReview order={order} />}
    </OrderFrame>
  );
}

/** The insured's latest resubmission: its message travels as the move's reason. */
const lastResubmission = (history: HistoryEntry[]) =>
  history.filter((entry) => entry.event === 'order.resubmit').at(-1);

function UnderReview({ order }: { order: LoadedOrder }) {
  const { details, titleId } = order;
  const { order: placed } = details;
  const sent = lastResubmission(placed.history);
  return (
    <>
      <OrderHeading order={placed} titleId={titleId} title="Your application is under review" />
      <p className="order-screen__lead">
        Order {placed.number}, {placed.speciality.name}. Thank you: the underwriter has what you sent.
      </p>

      <InfoRequestSection details={details} />

      <section className="order-section" aria-labelledby="under-review-sent-title">
        <h2 id="under-review-sent-title">What you sent</h2>
        {sent ? (
          <p>
            Sent on <time dateTime={sent.at}>{formatDay(sent.at)}</time>
            {sent.reason ? (
              <>
                {' '}
                with your message: <q className="order-sent__message">{sent.reason}</q>
              </>
            ) : (
              '.'
            )}
          </p>
        ) : (
          <p>Your answer and the files below.</p>
        )}
      </section>

      <FilesSection details={details} title="Files the underwriter has" />

      <section className="order-section" aria-labelledby="under-review-next-title">
        <h2 id="under-review-next-title">What happens next</h2>
        <ol className="order-steps">
          <li>The underwriter reads what you sent, usually within two working days.</li>
          <li>They approve your order, ask for something more, or explain why they cannot offer cover.</li>
          <li>We e-mail you as soon as they decide.</li>
        </ol>
      </section>

      <p>
        <OrderSummaryLink submissionId={placed.submissionId} />
      </p>
      <CloseOrderAction order={order} />
    </>
  );
}
