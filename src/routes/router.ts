import { createRouter } from '@tanstack/react-router';
import { clearLeftoverOverlays, documentTitle } from '@/routes/navigation-effects';
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
  router.subscribe('onResolved', ({ pathChanged, fromLocation }) => {
    document.title = documentTitle(router.state.matches.at(-1)?.staticData.title);
    if (!pathChanged) return;
    // Every navigation scrolls to the top and clears leftover modal backdrops (specification §2).
    clearLeftoverOverlays(document);
    window.scrollTo({ top: 0, left: 0 });
    // After an in-app move, screen readers start at the new content, not at the old link.
    if (fromLocation) document.getElementById('main')?.focus({ preventScroll: true });
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    screen?: ScreenName;
    title?: string;
  }
}
