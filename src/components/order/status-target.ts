import type { StatusScreen } from '@shared/lifecycle/order-lifecycle.machine';
import type { ScreenTarget } from '@/routes/screen-location';

/**
 * Where an order's status screen is: `order` takes the order as a path parameter, the five status
 * screens as `?submissionid`.
 */
export function statusScreenTarget(screen: StatusScreen, submissionId: number, replace = false): ScreenTarget<'order'> {
  const target =
    screen === 'order'
      ? { screen, params: { submissionid: String(submissionId) } }
      : { screen, search: { submissionid: submissionId } };
  // Each branch fits its own screen's target; the union is checked where screenLocation reads it.
  return { ...target, ...(replace ? { replace } : {}) } as ScreenTarget<'order'>;
}
