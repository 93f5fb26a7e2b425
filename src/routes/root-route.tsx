import { createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import { RootLayout } from '@/components/root-layout';
import type { RouterContext } from '@/routes/router-context';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Any unknown path shows page-not-found (specification §2).
  notFoundComponent: lazyRouteComponent(() => import('@/screens/page-not-found/page-not-found-screen')),
});
