import '@/styles/order-status.css';
import type { OrderDetails } from '@shared/contract/submissions';
import { orderStatusTone, orderStatusWords } from '@/components/dashboard/order-status';

/** The order's h1 ("Order Q-2026-004217: Architects") and its status in words. */
export function OrderHeading({ order, titleId, title }: { order: OrderDetails; titleId: string; title?: string }) {
  return (
    <>
      {/* Focusable from script only: where focus goes when the section it was in is replaced. */}
      <h1 id={titleId} tabIndex={-1}>
        {title ?? `Order ${order.number}: ${order.speciality.name}`}
      </h1>
      <p className="order-status">
        <span className="visually-hidden">Status: </span>
        <span
          className={`order-status-badge order-status-badge--${orderStatusTone(order.status)}`}
          data-order-status={order.status}
        >
          {orderStatusWords(order.status)}
        </span>
      </p>
    </>
  );
}
