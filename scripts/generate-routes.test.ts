import { readFileSync } from 'node:fs';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../src/routes/route-tree.gen';
import { screens, type ScreenDefinition } from '../shared/screens';
import { renderRouteTree, renderScreenPaths, ROUTE_TREE_FILE, SCREEN_PATHS_FILE } from './generate-routes';

// Matching needs no context: nothing here loads a route.
const router = createRouter({ routeTree, history: createMemoryHistory(), context: {} as never });

/** The screen a pathname shows and its params, as the app's router matches it. */
function match(pathname: string) {
  const matches = router.matchRoutes(pathname, {});
  const leaf = matches.at(-1)!;
  return {
    screen: leaf.staticData.screen,
    params: leaf.params as Record<string, string>,
    notFound: matches.some((m) => m._notFound) || leaf.routeId === '__root__' || leaf.routeId === '/client',
    guarded: matches.filter((m) => m.routeId === '/client').length,
  };
}

/** A screen's path with each `$param` filled in with a sample value. */
const sample = (path: string) => path.replace(/\$submissionid/, '42').replace(/\$token/, 'tok-1');

describe('route tree', () => {
  it('is committed as generated from the table of screens (run `npm run routes` when this fails)', () => {
    expect(readFileSync(ROUTE_TREE_FILE, 'utf8')).toBe(renderRouteTree());
    expect(readFileSync(SCREEN_PATHS_FILE, 'utf8')).toBe(renderScreenPaths());
  });

  it.each(screens.map((screen) => [screen.name, screen.path] as const))(
    'shows %s at its plain path and at its branded twin, with the client id last',
    (name, path) => {
      expect(match(`/${sample(path)}`)).toMatchObject({ screen: name, notFound: false, guarded: 0 });
      const branded = match(`/client/${sample(path)}/harbor-risk`);
      // Every branded twin hangs off the client root, whose guard loads the broker first.
      expect(branded).toMatchObject({ screen: name, notFound: false, guarded: 1 });
      expect(branded.params.clientid).toBe('harbor-risk');
    },
  );

  it('shows landing at the empty path too, and passes order and change-password params', () => {
    expect(match('/').screen).toBe('landing');
    expect(match('/client/order/42/harbor-risk').params).toMatchObject({ submissionid: '42', clientid: 'harbor-risk' });
    expect(match('/client/changepassword/tok-1/harbor-risk').params).toMatchObject({
      token: 'tok-1',
      clientid: 'harbor-risk',
    });
    expect(match('/ordersummary/7').params).toMatchObject({ submissionid: '7' });
  });

  it.each([
    '/nope',
    '/landing/extra',
    '/order',
    '/client',
    '/client/nope',
    '/client/landing',
    '/client/order/harbor-risk',
    '/changepassword',
  ])('matches no screen at %s', (pathname) => {
    const { notFound, screen } = match(pathname);
    // `/client` has a route of its own, which shows page-not-found.
    expect(notFound || screen === 'page-not-found').toBe(true);
  });

  it('lazy-loads every screen on its own and runs each screen’s guard on both forms', () => {
    const source = renderRouteTree();
    expect(source.match(/lazyRouteComponent\(/g)).toHaveLength(screens.length);
    for (const screen of screens as readonly ScreenDefinition[]) {
      if (!screen.guard) continue;
      const guarded = source
        .split('\n')
        .filter((line) => line.includes(`screen: '${screen.name}'`) && line.includes(`beforeLoad: ${screen.guard}`));
      expect(guarded.length, screen.name).toBe((screen.aliases?.length ?? 0) + 2);
    }
  });
});
