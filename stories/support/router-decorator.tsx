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
import type { RuntimeConfig } from '@shared/contract/runtime-config';
import type { StoredState } from '@/api/session-store';
import { createAuthActor } from '@/app/auth-actor';
import { createBrokerCache } from '@/app/broker-cache';
import { fallbackConfig } from '@/app/runtime-config';
import { RootLayout } from '@/components/root-layout';
import { RouteError } from '@/components/route-error';
import { authMachine } from '@/machines/auth.machine';
import { routerNavigation } from '@/routes/auth-navigation';
import { clientRoot } from '@/routes/guards';
import type { AuthActor, RouterContext } from '@/routes/router-context';
import type { ScreenState } from '@/routes/screen-location';
import { brandedChildPath, screens } from '@shared/screens';
import * as searchParams from '@/routes/search-params';
import { parseSearch, stringifySearch } from '@/routes/search-serialization';
import { demoTrust } from './trust-fixtures';

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
  /** `config`: runtime config overrides, e.g. a Google client id, or `trust` (default: the demo's insurer). */
  config?: Partial<RuntimeConfig>;
  /**
   * `historyState`: the history state the story's address was opened with, as a screen hands it
   * on when it navigates (quotes' `specialityId`).
   */
  historyState?: ScreenState;
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
 * of rendering another screen, so a story and its play function can see the navigation, and the
 * history state it handed on (`data-story-navigated-state`, JSON). When it only changes the query
 * (specialities?s=… → specialities?speciality=…) the story stays, and a hidden
 * `data-story-location` element holds the current address.
 */
function StoryOrDestination() {
  const frame = useContext(StoryFrameContext)!;
  const location = useRouterState({ select: (state) => state.location });
  if (location.pathname === frame.pathname) {
    return (
      <>
        <frame.Story />
        <span hidden data-story-location={location.href} />
      </>
    );
  }
  const state = screenState(location.state);
  return (
    <section
      className="screen screen--narrow"
      data-story-navigated-to={location.href}
      data-story-navigated-state={JSON.stringify(state)}
    >
      <p className="eyebrow">Storybook</p>
      <p role="status">
        The screen navigated to <code>{location.href}</code>
        {Object.keys(state).length > 0 && (
          <>
            {' '}
            with state <code>{JSON.stringify(state)}</code>
          </>
        )}
        .
      </p>
    </section>
  );
}

/** History state without TanStack's own bookkeeping (`key`, `__TSR_key`, `__TSR_index`, `__hashScrollIntoViewOptions`). */
function screenState(state: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).filter(([key]) => key !== 'key' && !key.startsWith('__')));
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

/** The app's addresses (shared/screens.ts, plain and branded), every one showing the story. */
function createStoryRouter(
  route: string,
  appShell: boolean,
  session: StoredState | undefined,
  config: Partial<RuntimeConfig>,
  historyState: ScreenState | undefined,
) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: appShell ? RootLayout : Outlet,
    notFoundComponent: StoryOrDestination,
  });
  const searchOf = (screen: (typeof screens)[number]) =>
    'search' in screen ? { validateSearch: searchParams[screen.search] } : {};
  const plainRoutes = screens.flatMap((screen) =>
    [...('aliases' in screen ? screen.aliases : []), screen.path].map((path) =>
      createRoute({
        getParentRoute: () => rootRoute,
        path: `/${path}`,
        component: StoryOrDestination,
        ...searchOf(screen),
      }),
    ),
  );
  // Branded twins under a client root with the app's guard: the broker is loaded (from the
  // story's MSW handlers) before the screen shows, and an unknown one ends on page-not-found.
  const clientRoute = createRoute({ getParentRoute: () => rootRoute, path: 'client', beforeLoad: clientRoot });
  const brandedRoutes = screens.map((screen) =>
    createRoute({
      getParentRoute: () => clientRoute,
      path: brandedChildPath(screen.path),
      component: StoryOrDestination,
      ...searchOf(screen),
    }),
  );
  const routes = [...plainRoutes, clientRoute.addChildren(brandedRoutes)];
  // Like the app (src/main.tsx): the actor navigates through the router that holds it.
  const story: { router?: ReturnType<typeof createRouter> } = {};
  const auth: AuthActor = createAuthActor(
    routerNavigation(() => story.router),
    storyAuthMachine(session),
  );
  auth.start();
  const history = createMemoryHistory({ initialEntries: [route] });
  // A memory history takes no initial state: the first entry is replaced by itself, with the state.
  if (historyState) history.replace(route, historyState);
  const router = (story.router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    // Like the demo server's /config.json: its fictitious insurer, unless the story says otherwise.
    context: {
      config: { ...fallbackConfig, trust: demoTrust, ...config },
      auth,
      brokers: createBrokerCache(),
    } satisfies RouterContext,
    history,
    // As in the app (src/routes/router.ts): a route that cannot load says so and offers a retry.
    defaultErrorComponent: RouteError,
    parseSearch,
    stringifySearch,
  }));
  return { router, auth };
}

function StoryRouter({
  Story,
  route,
  appShell,
  session,
  config,
  historyState,
}: {
  Story: ComponentType;
  route: string;
  appShell: boolean;
  session: StoredState | undefined;
  config: Partial<RuntimeConfig>;
  historyState: ScreenState | undefined;
}) {
  const [{ router, auth }] = useState(() => createStoryRouter(route, appShell, session, config, historyState));
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
  const { route = '/', appShell = true, session, config = {}, historyState } = parameters as RouterParameters;
  return (
    <StoryRouter
      key={`${route}|${appShell}|${JSON.stringify(historyState ?? {})}`}
      Story={Story}
      route={route}
      appShell={appShell}
      session={session}
      config={config}
      historyState={historyState}
    />
  );
};
