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
import { createContext, useContext, useEffect, useState, type ComponentType } from 'react';
import { fromPromise } from 'xstate';
import type { RuntimeConfig } from '@/api/contract/runtime-config';
import type { StoredState } from '@/api/session-store';
import { createAuthActor } from '@/app/auth-actor';
import { fallbackConfig } from '@/app/runtime-config';
import { RootLayout } from '@/components/root-layout';
import { authMachine } from '@/machines/auth.machine';
import { routerNavigation } from '@/routes/auth-navigation';
import type { AuthActor, RouterContext } from '@/routes/router-context';
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
  /**
   * `session`: what the browser has stored when the story opens (default: nothing, signed out).
   * The story's auth actor restores it like the app does, asking GET insured/isLogin (an MSW
   * handler) whether it is still good. Storage and cookies are left alone.
   */
  session?: StoredState;
  /** `config`: runtime config overrides, e.g. a Google client id. */
  config?: Partial<RuntimeConfig>;
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

/** The app's auth machine with the story's stored session, and no storage or cookies touched. */
function storyAuthMachine(session: StoredState | undefined) {
  return authMachine.provide({
    actors: {
      readStoredSession: fromPromise(async () => session ?? { user: null, rememberCookie: null }),
    },
    actions: { writeSession: () => {}, clearSession: () => {}, clearAllCookies: () => {} },
  });
}

/** The app's addresses (src/routes/screens.ts, plain and branded), every one showing the story. */
function createStoryRouter(route: string, appShell: boolean, session: StoredState | undefined, config: Partial<RuntimeConfig>) {
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
  // Like the app (src/main.tsx): the actor navigates through the router that holds it.
  const story: { router?: ReturnType<typeof createRouter> } = {};
  const auth: AuthActor = createAuthActor(routerNavigation(() => story.router), storyAuthMachine(session));
  auth.start();
  const router = (story.router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    context: { config: { ...fallbackConfig, ...config }, auth } satisfies RouterContext,
    history: createMemoryHistory({ initialEntries: [route] }),
  }));
  return { router, auth };
}

function StoryRouter({
  Story,
  route,
  appShell,
  session,
  config,
}: {
  Story: ComponentType;
  route: string;
  appShell: boolean;
  session: StoredState | undefined;
  config: Partial<RuntimeConfig>;
}) {
  const [{ router, auth }] = useState(() => createStoryRouter(route, appShell, session, config));
  // The story's actor ends with the story: no refresh timer outlives it.
  useEffect(() => () => auth.stop(), [auth]);
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
  const { route = '/', appShell = true, session, config = {} } = parameters as RouterParameters;
  return (
    <StoryRouter
      key={`${route}|${appShell}`}
      Story={Story}
      route={route}
      appShell={appShell}
      session={session}
      config={config}
    />
  );
};
