import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { statusScreenTarget } from '@/components/order/status-target';
import { paymentMachine } from '@/machines/payment.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';
import { useClientArea } from '@/routes/use-broker';

/**
 * The payment machine for one order; inside a broker's client area the checkout returns to the
 * branded screens. Leaving for the hosted checkout is a full page navigation (the provider's page
 * is not ours, and the browser comes back to paymentconfirm with a fresh start); an order buy now
 * referred or declined goes on to its status screen, in place of this one (Back does not come
 * back to a review that is over).
 */
export function usePayment(submissionId: number) {
  const clientId = useClientArea();
  const navigate = useScreenNavigate();
  const [machine] = useState(() =>
    paymentMachine.provide({
      actions: {
        goToCheckout: (_, { url }) => window.location.assign(url),
        showStatus: (_, { screen }) => void navigate(statusScreenTarget(screen, submissionId, true)),
      },
    }),
  );
  return useMachine(machine, { input: { submissionId, clientId } });
}
