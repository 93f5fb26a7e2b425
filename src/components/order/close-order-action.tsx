import type { ActorRefFrom } from 'xstate';
import { CloseOrderDialog } from '@/components/order/close-order-dialog';
import type { LoadedOrder } from '@/components/order/order-frame';
import type { closeLostMachine } from '@/machines/close-lost.machine';

/** "Close this order" where the order can still be closed, and its dialog while it is open. */
export function CloseOrderAction({ order }: { order: LoadedOrder }) {
  const { details, state, send } = order;
  if (!details.canCloseLost) return null;
  const dialog = state.children.closeLost as ActorRefFrom<typeof closeLostMachine> | undefined;
  return (
    <section className="order-close" aria-labelledby="order-close-title">
      <h2 id="order-close-title">Not going ahead?</h2>
      <p>If you no longer want this cover, close the order. Nothing is charged.</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => send({ type: 'close.open' })}
        aria-disabled={!state.matches({ showing: 'ready' }) || undefined}
      >
        Close this order
      </button>
      {state.matches('closing') && dialog && <CloseOrderDialog actor={dialog} />}
    </section>
  );
}
