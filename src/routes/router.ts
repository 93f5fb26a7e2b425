import { createRouter } from '@tanstack/react-router';
import { clearLeftoverOverlays } from '@/routes/navigation-effects';
import { routeTree } from '@/routes/route-tree.gen';
import type { RouterContext } from '@/routes/router-context';
import type { ScreenName } from '@/routes/screens';

export function createAppRouter(context: RouterContext, options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    ...(options.history ? { history: options.history } : {}),
  });
  // Every navigation scrolls to the top and clears leftover modal backdrops (specification §2).
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (!pathChanged) return;
    clearLeftoverOverlays(document);
    window.scrollTo({ top: 0, left: 0 });
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    screen?: ScreenName;
  }
}
