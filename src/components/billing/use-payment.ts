import { useMachine } from '@xstate/react';
import { paymentMachine } from '@/machines/payment.machine';
import { useClientArea } from '@/routes/use-broker';

/**
 * Leaves the app for the hosted checkout: a full page navigation (the provider's page is not
 * ours, and the browser comes back to paymentconfirm with a fresh start).
 */
const paymentWithCheckout = paymentMachine.provide({
  actions: { goToCheckout: (_, { url }) => window.location.assign(url) },
});

/** The payment machine for one order; inside a broker's client area the checkout returns to the branded screens. */
export function usePayment(submissionId: number) {
  const clientId = useClientArea();
  return useMachine(paymentWithCheckout, { input: { submissionId, clientId } });
}
