import { createRootRouteWithContext, lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { RootLayout } from '@/components/root-layout';
import type { RouterContext } from '@/routes/router-context';

// Typed, not inferred: the screen reads the router, whose type includes this route.
const PageNotFound: RouteComponent = lazyRouteComponent(() => import('@/screens/page-not-found/page-not-found-screen'));

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Any unknown path shows page-not-found (specification §2).
  notFoundComponent: PageNotFound,
});
