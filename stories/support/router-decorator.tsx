import type { Decorator } from '@storybook/react-vite';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { createContext, useContext, useState, type ComponentType } from 'react';
import { fallbackConfig } from '@/app/runtime-config';
import { RootLayout } from '@/components/root-layout';
import type { RouterContext } from '@/routes/router-context';
import { brandedPath, screens } from '@/routes/screens';

/**
 * Story parameters the decorator reads:
 * - `route`: the address the story opens at, e.g. `/client/landing/harbor-risk` (default `/`);
 *   `useParams` and `useClientId` see its params.
 * - `appShell`: false renders the screen without the site header and footer (default true).
 */
export interface RouterParameters {
  route?: string;
  appShell?: boolean;
}

interface StoryFrame {
  Story: ComponentType;
  /** The pathname the story opened at: it renders there, and only there. */
  pathname: string;
}

const StoryFrameContext = createContext<StoryFrame | null>(null);

/**
 * Each route shows the story at the story's own address. When the screen navigates elsewhere (a
 * link, or a redirect such as an unknown broker's page-not-found), it says where it went instead
 * of rendering another screen, so a story and its play function can see the navigation.
 */
function StoryOrDestination() {
  const frame = useContext(StoryFrameContext)!;
  const location = useRouterState({ select: (state) => state.location });
  if (location.pathname === frame.pathname) return <frame.Story />;
  return (
    <section className="screen screen--narrow" data-story-navigated-to={location.href}>
      <p className="eyebrow">Storybook</p>
      <p role="status">
        The screen navigated to <code>{location.href}</code>.
      </p>
    </section>
  );
}

/** The app's addresses (src/routes/screens.ts, plain and branded), every one showing the story. */
function createStoryRouter(route: string, appShell: boolean) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: appShell ? RootLayout : Outlet,
    notFoundComponent: StoryOrDestination,
  });
  const paths = screens.flatMap((screen) => [
    ...('aliases' in screen ? screen.aliases : []),
    screen.path,
    brandedPath(screen.path),
  ]);
  const routes = [...new Set(paths)].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path: `/${path}`, component: StoryOrDestination }),
  );
  return createRouter({
    routeTree: rootRoute.addChildren(routes),
    context: { config: fallbackConfig },
    history: createMemoryHistory({ initialEntries: [route] }),
  });
}

function StoryRouter({ Story, route, appShell }: { Story: ComponentType; route: string; appShell: boolean }) {
  const [router] = useState(() => createStoryRouter(route, appShell));
  const frame: StoryFrame = { Story, pathname: new URL(route, 'http://story.invalid').pathname };
  return (
    <StoryFrameContext.Provider value={frame}>
      {/* The app registers its own router type; this one has the same addresses, built for the story. */}
      <RouterProvider router={router as never} />
    </StoryFrameContext.Provider>
  );
}

/** Renders every story inside a TanStack memory router, at `parameters.route`. */
export const routerDecorator: Decorator = (Story, { parameters }) => {
  const { route = '/', appShell = true } = parameters as RouterParameters;
  return <StoryRouter key={`${route}|${appShell}`} Story={Story} route={route} appShell={appShell} />;
};
