import { createRouter } from '@tanstack/react-router';
import { ROUTE_ERROR_TITLE, RouteError } from '@/components/route-error';
import { clearLeftoverOverlays, documentTitle } from '@/routes/navigation-effects';
import { routeTree } from '@/routes/route-tree.gen';
import type { RouterContext } from '@/routes/router-context';
import type { ScreenState } from '@/routes/screen-location';
import type { ScreenName } from '@shared/screens';
import { parseSearch, stringifySearch } from '@/routes/search-serialization';

type ResolvedMatch = { _notFound?: boolean; status: string; staticData: { title?: string } };

/** The title of what shows: a screen, page-not-found, or a route that could not load. */
function screenTitle(matches: readonly ResolvedMatch[]): string | undefined {
  if (matches.some((match) => match.status === 'error')) return ROUTE_ERROR_TITLE;
  // A path no screen fully claims may still partly match one (`/landing/extra`): it is page-not-found.
  if (matches.some((match) => match._notFound || match.status === 'notFound')) return undefined;
  return matches.at(-1)?.staticData.title;
}

export function createAppRouter(
  context: RouterContext,
  options: { history?: Parameters<typeof createRouter>[0]['history'] } = {},
) {
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
  router.subscribe('onResolved', ({ pathChanged, hrefChanged, fromLocation }) => {
    document.title = documentTitle(screenTitle(router.state.matches));
    if (!hrefChanged) return;
    // Every navigation, a change of query alone included, scrolls to the top and clears leftover
    // modal backdrops and scroll locks (specification §2).
    clearLeftoverOverlays(document);
    window.scrollTo({ top: 0, left: 0 });
    // After an in-app move to another screen, screen readers start at the new content.
    if (pathChanged && fromLocation) document.getElementById('main')?.focus({ preventScroll: true });
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
