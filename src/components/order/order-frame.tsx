import '@/styles/order.css';
import type { ReactNode } from 'react';
import type { OrderSummaryDetails } from '@shared/contract/lifecycle';
import { ScreenLink } from '@/components/screen-link';
import { useOrderDetails } from '@/components/order/use-order-details';
import { useFocusRescue } from '@/components/use-focus-rescue';
import type { OrderScreenName } from '@/machines/order-details.machine';

export type OrderMachine = ReturnType<typeof useOrderDetails>;

export interface LoadedOrder {
  details: OrderSummaryDetails;
  /** The id the screen's h1 takes (the section is labelled by it). */
  titleId: string;
  state: OrderMachine[0];
  send: OrderMachine[1];
}

interface OrderFrameProps {
  screen: OrderScreenName;
  /** Undefined when the address names no order. */
  submissionId: number | undefined;
  /** The heading while the order loads or cannot. */
  title: string;
  eyebrow?: string;
  /** The screen itself, once the order is loaded (its own h1 first). */
  children: (order: LoadedOrder) => ReactNode;
}

/**
 * What every order screen shares: the screen's root (data-screen), the order loading, "not
 * found" for an address that names no order of this account (404 alike), a failure with Try
 * again, and the moment of going to the screen the order's status belongs to.
 */
export function OrderFrame({ screen, submissionId, title, eyebrow = 'Your order', children }: OrderFrameProps) {
  const titleId = `${screen}-title`;
  return (
    <section data-screen={screen} className="screen order-screen" aria-labelledby={titleId}>
      <p className="eyebrow">{eyebrow}</p>
      {submissionId === undefined ? (
        <OrderNotFound titleId={titleId} />
      ) : (
        <LoadingOrder key={submissionId} screen={screen} submissionId={submissionId} title={title} titleId={titleId}>
          {children}
        </LoadingOrder>
      )}
    </section>
  );
}

export function OrderNotFound({ titleId }: { titleId: string }) {
  return (
    <>
      <h1 id={titleId}>We could not find that order</h1>
      <p>
        It may belong to another account. <ScreenLink screen="dashboard">See your orders</ScreenLink>.
      </p>
    </>
  );
}

function LoadingOrder({
  screen,
  submissionId,
  title,
  titleId,
  children,
}: Omit<OrderFrameProps, 'submissionId' | 'eyebrow'> & { submissionId: number; titleId: string }) {
  const [state, send] = useOrderDetails(submissionId, screen);
  const { details } = state.context;
  // Buy now, an upload or a save can take away the section the insured was in.
  useFocusRescue(titleId);
  if (state.matches('notFound')) return <OrderNotFound titleId={titleId} />;
  if (state.matches('redirecting') || state.matches('moved') || state.matches('closed')) {
    return (
      <>
        <h1 id={titleId}>{title}</h1>
        <p role="status">
          {state.matches('closed') ? 'Order closed. Taking you to your dashboard…' : 'Taking you to your order…'}
        </p>
      </>
    );
  }
  if (!details) {
    return (
      <>
        <h1 id={titleId}>{title}</h1>
        {state.matches('failed') ? (
          <div className="notice notice--error" role="alert">
            <p>We could not load your order. {state.context.errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'order.retry' })}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading your order…</p>
        )}
      </>
    );
  }
  return <>{children({ details, titleId, state, send })}</>;
}
