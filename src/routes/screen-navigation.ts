import { useRouter, type AnyRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { BrokerCache } from '@/app/broker-cache';
import { screenLocation, type ScreenTarget } from '@/routes/screen-location';
import type { ScreenName } from '@shared/screens';
import { useClientArea } from '@/routes/use-broker';

/**
 * The one navigate helper (specification §2): inside the client area it goes to the branded
 * route, loading the broker's details first when they are not cached; outside, the plain route.
 * Query parameters and state pass through.
 */
export async function goToScreen<S extends ScreenName>(
  router: Pick<AnyRouter, 'navigate'>,
  brokers: Pick<BrokerCache, 'load'>,
  target: ScreenTarget<S>,
  clientid: string | undefined,
): Promise<void> {
  if (clientid) {
    // A failed lookup is left to the client route's guard, which shows it on arrival.
    await brokers.load(clientid).catch(() => undefined);
  }
  await router.navigate(screenLocation(target, clientid) as never);
}

/** goToScreen from the current route's client area. */
export function useScreenNavigate(): <S extends ScreenName>(target: ScreenTarget<S>) => Promise<void> {
  const router = useRouter();
  const clientid = useClientArea();
  return useCallback(
    (target) => goToScreen(router, router.options.context.brokers, target, clientid),
    [router, clientid],
  );
}
