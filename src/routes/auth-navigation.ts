import type { AnyRouter } from '@tanstack/react-router';
import type { AuthNavigation } from '@/app/auth-actor';

/** The broker's client id when the router is on a branded route. */
function currentClientId(router: AnyRouter): string | undefined {
  for (const match of [...router.state.matches].reverse()) {
    const { clientid } = match.params as { clientid?: string };
    if (clientid) return clientid;
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
      const clientid = currentClientId(current);
      void (clientid
        ? current.navigate({ to: '/client/landing/$clientid', params: { clientid } })
        : current.navigate({ to: '/' }));
    },
    to(href) {
      void router()?.navigate({ href });
    },
  };
}
