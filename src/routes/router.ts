import { createRouter } from '@tanstack/react-router';
import { RouteError } from '@/components/route-error';
import { clearLeftoverOverlays, documentTitle } from '@/routes/navigation-effects';
import { routeTree } from '@/routes/route-tree.gen';
import type { RouterContext } from '@/routes/router-context';
import type { ScreenState } from '@/routes/screen-location';
import type { ScreenName } from '@/routes/screens';
import { parseSearch, stringifySearch } from '@/routes/search-serialization';

export function createAppRouter(context: RouterContext, options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  const router = createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // A screen that could not load says so inside the site's header and footer.
    defaultErrorComponent: RouteError,
    parseSearch,
    stringifySearch,
    ...(options.history ? { history: options.history } : {}),
  });
  router.subscribe('onResolved', ({ pathChanged, fromLocation }) => {
    // A path no screen fully claims may still partly match one (`/landing/extra`): it is page-not-found.
    const notFound = router.state.matches.some((match) => match._notFound || match.status === 'notFound');
    document.title = documentTitle(notFound ? undefined : router.state.matches.at(-1)?.staticData.title);
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
  // Declaration merging needs an interface; it adds ScreenState's members to TanStack's.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HistoryState extends ScreenState {}
  interface StaticDataRouteOption {
    screen?: ScreenName;
    title?: string;
  }
}
