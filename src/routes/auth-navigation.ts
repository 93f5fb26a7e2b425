import type { AnyRouter } from '@tanstack/react-router';
import type { AuthNavigation } from '@/app/auth-actor';
import type { RouterContext } from '@/routes/router-context';
import { goToScreen } from '@/routes/screen-navigation';

/** The broker's client id when the router is on a branded route of a known broker. */
function currentClientArea(router: AnyRouter): string | undefined {
  for (const match of [...router.state.matches].reverse()) {
    const { clientid } = match.params as { clientid?: string };
    if (!clientid) continue;
    const { brokers } = router.options.context as RouterContext;
    return brokers.peek(clientid)?.status === 'unknown' ? undefined : clientid;
  }
  return undefined;
}

/**
 * The auth machine's navigation through a router (src/app/auth-actor.ts). The router is read
 * when navigation happens, so the actor can be created before the router that holds it.
 */
export function routerNavigation(router: () => AnyRouter | undefined): AuthNavigation {
  return {
    toLanding() {
      const current = router();
      if (!current) return;
      const { brokers } = current.options.context as RouterContext;
      void goToScreen(current, brokers, { screen: 'landing' }, currentClientArea(current));
    },
    to(href) {
      void router()?.navigate({ href });
    },
  };
}
