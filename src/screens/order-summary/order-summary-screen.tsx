import { formatNumber } from '@shared/contract/number-format';
import { useParams } from '@tanstack/react-router';
import { formatDay } from '@/components/format/dates';
import { OrderFacts } from '@/components/order/order-facts';
import { OrderFrame, type LoadedOrder } from '@/components/order/order-frame';
import { OrderHeading } from '@/components/order/order-heading';
import { OrderHistory } from '@/components/order/order-history';
import { orderIdOf } from '@/components/order/order-id';
import { ContactSection, FilesSection, InfoRequestSection, LocationsSection } from '@/components/order/order-sections';
import { ReasonList } from '@/components/order/reason-list';
import { RequiredItemList } from '@/components/order/required-items';
import { statusScreenTarget } from '@/components/order/status-target';
import { Worksheet } from '@/components/quote/worksheet';
import { ScreenLink } from '@/components/screen-link';
import { statusScreen } from '@shared/lifecycle/order-lifecycle.machine';

/**
 * ordersummary/{submissionid}: everything about one order in any status (cover, price and how it
 * is worked out, locations, contact, files, what is missing, the decision, the underwriter's
 * request and the history), with the way on to the screen where its next step happens.
 */
export default function OrderSummaryScreen() {
  const { submissionid } = useParams({ strict: false }) as { submissionid?: string };
  return (
    <OrderFrame screen="ordersummary" submissionId={orderIdOf(submissionid)} title="Order summary">
      {(order) => <Summary order={order} />}
    </OrderFrame>
  );
}

function Summary({ order }: { order: LoadedOrder }) {
  const { details, titleId } = order;
  const { order: placed } = details;
  const next = statusScreenTarget(statusScreen(placed.status), placed.submissionId);
  return (
    <>
      <OrderHeading
        order={placed}
        titleId={titleId}
        title={`Summary of order ${placed.number}: ${placed.speciality.name}`}
      />
      <p className="order-summary__next">
        <ScreenLink {...next} className="button">
          What happens next
        </ScreenLink>
      </p>

      <section className="order-section" aria-labelledby="summary-cover-title">
        <h2 id="summary-cover-title">Cover and price</h2>
        <OrderFacts order={placed} />
      </section>

      {placed.rating && (
        <section className="order-section quote-worksheet" aria-labelledby="summary-worksheet-title">
          <h2 id="summary-worksheet-title">How your price is worked out</h2>
          <Worksheet lines={placed.rating.worksheet} />
        </section>
      )}

      {details.requiredItems.length > 0 && (
        <section className="order-section" aria-labelledby="summary-missing-title">
          <h2 id="summary-missing-title">Still needed</h2>
          <RequiredItemList items={details.requiredItems} submissionId={placed.submissionId} />
        </section>
      )}

      {details.reasons.length > 0 && (
        <section className="order-section" aria-labelledby="summary-reasons-title">
          <h2 id="summary-reasons-title">
            {placed.status === 'declined' ? 'Why it was declined' : 'Why an underwriter reviews it'}
          </h2>
          <ReasonList reasons={details.reasons} />
        </section>
      )}

      {details.decision && (
        <section className="order-section" aria-labelledby="summary-decision-title">
          <h2 id="summary-decision-title">Decision</h2>
          <p data-decision={details.decision.kind}>
            {details.decision.kind === 'approved' ? 'Approved' : 'Declined'} by {details.decision.by ?? 'our rules'} on{' '}
            <time dateTime={details.decision.at}>{formatDay(details.decision.at)}</time>
            {details.decision.reason ? `: ${details.decision.reason}` : '.'}
          </p>
          {details.decision.adjustmentBps !== 0 && (
            <p>
              Premium adjusted by {details.decision.adjustmentBps > 0 ? '+' : ''}
              {formatNumber(details.decision.adjustmentBps / 100)} %.
            </p>
          )}
        </section>
      )}

      <InfoRequestSection details={details} />
      <LocationsSection details={details} />
      <ContactSection details={details} />
      <FilesSection details={details} />

      <section className="order-section" aria-labelledby="summary-history-title">
        <h2 id="summary-history-title">History</h2>
        <OrderHistory entries={placed.history} audience="insured" />
      </section>
    </>
  );
}
