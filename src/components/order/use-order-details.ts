import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { statusScreenTarget } from '@/components/order/status-target';
import { orderDetailsMachine, type OrderScreenName } from '@/machines/order-details.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';

/**
 * The order machine for one of the order's screens, with its navigation provided here at the
 * router edge: on to the screen of the order's status (replacing the address when the order was
 * opened on the wrong one), or to the dashboard once it is closed.
 */
export function useOrderDetails(submissionId: number, screen: OrderScreenName) {
  const navigate = useScreenNavigate();
  const [machine] = useState(() =>
    orderDetailsMachine.provide({
      actions: {
        goToStatusScreen: (_, target) =>
          void navigate(statusScreenTarget(target.screen, target.submissionId, target.replace)),
        goToDashboard: () => void navigate({ screen: 'dashboard' }),
      },
    }),
  );
  return useMachine(machine, { input: { submissionId, screen } });
}
