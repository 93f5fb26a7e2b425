import { createRoute, lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { clientRoot } from '@/routes/guards';
import { rootRoute } from '@/routes/root-route';
import { pageNotFoundTitle } from '@/routes/screen-paths.gen';

// Typed, not inferred: the component reads the router, whose type includes this route.
const ClientAreaNotFound: RouteComponent = lazyRouteComponent(() => import('@/routes/client-area-not-found'));

/**
 * The client root: every branded route hangs off it (route-tree.gen.ts), so its guard runs
 * first for all of them. An address under client/ that no screen claims shows page-not-found.
 */
export const clientRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'client',
  beforeLoad: clientRoot,
  notFoundComponent: ClientAreaNotFound,
});

/** `/client` itself names no screen and no broker: page-not-found, like any unknown address. */
export const clientIndexRoute = createRoute({
  getParentRoute: () => clientRoute,
  path: '/',
  component: ClientAreaNotFound,
  staticData: { screen: 'page-not-found', title: pageNotFoundTitle },
});
