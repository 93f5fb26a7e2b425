import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '@/routes/route-tree.gen';
import { screenHref, screenLocation, type ScreenTarget } from '@/routes/screen-location';
import { goToScreen } from '@/routes/screen-navigation';
import { screens, type ScreenName } from '@shared/screens';
import { parseSearch, stringifySearch } from '@/routes/search-serialization';

describe('screenLocation', () => {
  it('landing is the site root outside the client area and client/landing/{clientid} inside it', () => {
    expect(screenLocation({ screen: 'landing' })).toEqual({ to: '/', params: {}, search: {} });
    expect(screenLocation({ screen: 'landing' }, 'harbor-risk')).toEqual({
      to: '/client/landing/$clientid',
      params: { clientid: 'harbor-risk' },
      search: {},
    });
    expect(screenHref({ screen: 'landing' })).toBe('/');
    expect(screenHref({ screen: 'landing' }, 'harbor-risk')).toBe('/client/landing/harbor-risk');
  });

  it('a plain screen is /{screen}; its branded twin client/{screen}/{clientid}', () => {
    expect(screenLocation({ screen: 'dashboard' })).toEqual({ to: '/dashboard', params: {}, search: {} });
    expect(screenLocation({ screen: 'dashboard' }, 'harbor-risk')).toEqual({
      to: '/client/dashboard/$clientid',
      params: { clientid: 'harbor-risk' },
      search: {},
    });
    expect(screenHref({ screen: 'page-not-found' }, 'nobody')).toBe('/client/page-not-found/nobody');
    expect(screenHref({ screen: 'additionally-insured' })).toBe('/additionally-insured');
  });

  it('order screens put the submission id before the client id', () => {
    expect(screenLocation({ screen: 'order', params: { submissionid: '42' } })).toEqual({
      to: '/order/$submissionid',
      params: { submissionid: '42' },
      search: {},
    });
    expect(screenLocation({ screen: 'order', params: { submissionid: '42' } }, 'harbor-risk')).toEqual({
      to: '/client/order/$submissionid/$clientid',
      params: { submissionid: '42', clientid: 'harbor-risk' },
      search: {},
    });
    expect(screenHref({ screen: 'order', params: { submissionid: '42' } })).toBe('/order/42');
    expect(screenHref({ screen: 'order', params: { submissionid: '42' } }, 'harbor-risk')).toBe(
      '/client/order/42/harbor-risk',
    );
    expect(screenHref({ screen: 'ordersummary', params: { submissionid: '7' } }, 'summit-professional')).toBe(
      '/client/ordersummary/7/summit-professional',
    );
  });

  it('change password carries its token, before the client id when branded', () => {
    expect(screenHref({ screen: 'changepassword', params: { token: 'abc123' } })).toBe('/changepassword/abc123');
    expect(screenHref({ screen: 'changepassword', params: { token: 'abc123' } }, 'lakeside-brokers')).toBe(
      '/client/changepassword/abc123/lakeside-brokers',
    );
  });

  it('passes search and state through unchanged, and replace when asked', () => {
    const state = { specialityId: 103 };
    const location = screenLocation({ screen: 'quotes', state, replace: true }, 'harbor-risk');
    expect(location).toEqual({
      to: '/client/quotes/$clientid',
      params: { clientid: 'harbor-risk' },
      search: {},
      state,
      replace: true,
    });
    expect(location.state).toBe(state);

    const search = { speciality: 'TSACBHV2,Q9LY88FH', s: 'YTR9D4HY' };
    const specialities = screenLocation({ screen: 'specialities', search });
    expect(specialities.search).toEqual({ speciality: 'TSACBHV2,Q9LY88FH', s: 'YTR9D4HY' });
    // A copy: nothing done to the location reaches the caller's object.
    expect(specialities.search).not.toBe(search);
    expect(screenLocation({ screen: 'login', search: { redirect: '/dashboard' } }).search).toEqual({
      redirect: '/dashboard',
    });
    // No state or replace asked: none given.
    expect(screenLocation({ screen: 'quotes' })).not.toHaveProperty('state');
    expect(screenLocation({ screen: 'quotes' })).not.toHaveProperty('replace');
  });

  it('never lets the target’s params override the client id', () => {
    const location = screenLocation({ screen: 'order', params: { submissionid: '9' } }, 'harbor-risk');
    expect(location.params.clientid).toBe('harbor-risk');
  });

  it('screenHref puts the query after the path, as text', () => {
    expect(screenHref({ screen: 'specialities', search: { speciality: 'TSACBHV2,Q9LY88FH' } }, 'harbor-risk')).toBe(
      '/client/specialities/harbor-risk?speciality=TSACBHV2,Q9LY88FH',
    );
    expect(screenHref({ screen: 'login', search: { redirect: '/client/dashboard/harbor-risk' } })).toBe(
      '/login?redirect=%2Fclient%2Fdashboard%2Fharbor-risk',
    );
    expect(screenHref({ screen: 'landing', search: { s: undefined } })).toBe('/');
  });

  it('screenHref URL-encodes path parameters', () => {
    expect(screenHref({ screen: 'changepassword', params: { token: 'a/b?c#d e' } })).toBe(
      '/changepassword/a%2Fb%3Fc%23d%20e',
    );
    expect(screenHref({ screen: 'order', params: { submissionid: '1/2' } }, 'x y')).toBe('/client/order/1%2F2/x%20y');
    expect(screenHref({ screen: 'landing' }, 'ä%')).toBe('/client/landing/%C3%A4%25');
  });
});

/** A target for any one screen (ScreenTarget<ScreenName> asks for every screen's params at once). */
type AnyTarget = { [S in ScreenName]: ScreenTarget<S> }[ScreenName];

describe('screenHref and TanStack agree', () => {
  // Building addresses reads no context: the guards that would are never run.
  const router = createRouter({
    routeTree,
    context: {} as never,
    history: createMemoryHistory(),
    parseSearch,
    stringifySearch,
  });
  const tanstackHref = (target: AnyTarget, clientid?: string) =>
    router.buildLocation(screenLocation(target as never, clientid) as never).href;
  const href = (target: AnyTarget, clientid?: string) => screenHref(target as never, clientid);

  /** Every screen of the table, with parameters where it takes them. */
  const sampleParam: Record<string, string> = { submissionid: '42', token: 'reset-token-1', specialityid: '7' };
  const everyScreen = screens.map((screen) => {
    const names = [...screen.path.matchAll(/\$([a-z]+)/g)].map((match) => match[1]!);
    // A parameter with no sample here would make both sides agree on "undefined": name it instead.
    const params = Object.fromEntries(names.map((name) => [name, sampleParam[name] ?? `no sample for ${name}`]));
    return { screen: screen.name, ...(names.length ? { params } : {}) } as AnyTarget;
  });

  it('TanStack itself builds the addresses of the specification', () => {
    expect(tanstackHref({ screen: 'order', params: { submissionid: '42' } }, 'harbor-risk')).toBe(
      '/client/order/42/harbor-risk',
    );
    expect(tanstackHref({ screen: 'changepassword', params: { token: 't1' } })).toBe('/changepassword/t1');
    expect(tanstackHref({ screen: 'landing' })).toBe('/');
  });

  for (const clientid of [undefined, 'harbor-risk']) {
    it(`for every screen ${clientid ? 'in the client area' : 'on the plain site'}`, () => {
      for (const target of everyScreen) {
        expect(href(target, clientid), target.screen).toBe(tanstackHref(target, clientid));
      }
    });
  }

  it('with query strings', () => {
    const targets: Array<[AnyTarget, string | undefined]> = [
      [{ screen: 'specialities', search: { speciality: 'TSACBHV2,Q9LY88FH' } }, 'harbor-risk'],
      [{ screen: 'landing', search: { s: '12345678' } }, undefined],
      [{ screen: 'landing', search: { s: '1E5' } }, 'lakeside-brokers'],
      [{ screen: 'login', search: { redirect: '/client/order/42/harbor-risk?x=1&y=2' } }, 'harbor-risk'],
      [{ screen: 'specialities', search: { s: 'A B', speciality: undefined } }, undefined],
    ];
    for (const [target, clientid] of targets) expect(href(target, clientid)).toBe(tanstackHref(target, clientid));
  });

  it('with parameters that need encoding', () => {
    const targets: Array<[AnyTarget, string | undefined]> = [
      [{ screen: 'changepassword', params: { token: 'a b+c' } }, undefined],
      [{ screen: 'changepassword', params: { token: 'a/b?c#d' } }, 'harbor-risk'],
      [{ screen: 'order', params: { submissionid: '1 2' } }, 'x%y'],
      [{ screen: 'landing' }, 'Harbor Risk'],
    ];
    for (const [target, clientid] of targets) expect(href(target, clientid)).toBe(tanstackHref(target, clientid));
  });
});

/** A router that records what it was asked, and brokers whose load the test finishes. */
function fakes(loadFails = false) {
  const log: string[] = [];
  const navigations: unknown[] = [];
  let finishLoad!: () => void;
  const brokers = {
    load: (clientid: string) => {
      log.push(`load ${clientid}`);
      return new Promise<never>((resolve, reject) => {
        finishLoad = () => {
          log.push('loaded');
          if (loadFails) reject(new TypeError('Failed to fetch'));
          else resolve({ status: 'unknown' } as never);
        };
      });
    },
  };
  const router = {
    navigate: async (options: unknown) => {
      log.push('navigate');
      navigations.push(options);
    },
  };
  return { log, navigations, brokers, router: router as never, finishLoad: () => finishLoad() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('goToScreen', () => {
  it('inside the client area loads the broker first, then goes to the branded route', async () => {
    const { log, navigations, brokers, router, finishLoad } = fakes();
    const done = goToScreen(router, brokers, { screen: 'dashboard' }, 'harbor-risk');
    await tick();
    expect(log).toEqual(['load harbor-risk']);
    finishLoad();
    await done;
    expect(log).toEqual(['load harbor-risk', 'loaded', 'navigate']);
    expect(navigations).toEqual([
      { to: '/client/dashboard/$clientid', params: { clientid: 'harbor-risk' }, search: {} },
    ]);
  });

  it('outside the client area goes to the plain route without loading', async () => {
    const { log, navigations, brokers, router } = fakes();
    await goToScreen(router, brokers, { screen: 'order', params: { submissionid: '42' } }, undefined);
    expect(log).toEqual(['navigate']);
    expect(navigations).toEqual([{ to: '/order/$submissionid', params: { submissionid: '42' }, search: {} }]);
  });

  it('still navigates when the broker cannot be loaded', async () => {
    const { log, navigations, brokers, router, finishLoad } = fakes(true);
    const done = goToScreen(router, brokers, { screen: 'login' }, 'harbor-risk');
    await tick();
    finishLoad();
    await expect(done).resolves.toBeUndefined();
    expect(log).toEqual(['load harbor-risk', 'loaded', 'navigate']);
    expect(navigations).toEqual([{ to: '/client/login/$clientid', params: { clientid: 'harbor-risk' }, search: {} }]);
  });

  it('hands state, query and replace to navigate unchanged', async () => {
    const { navigations, brokers, router, finishLoad } = fakes();
    const state = { specialityId: 104 };
    const done = goToScreen(router, brokers, { screen: 'quotes', state, replace: true }, 'harbor-risk');
    await tick();
    finishLoad();
    await done;
    await goToScreen(
      router,
      brokers,
      { screen: 'specialities', search: { speciality: 'TSACBHV2,Q9LY88FH', s: undefined } },
      undefined,
    );
    expect(navigations).toEqual([
      {
        to: '/client/quotes/$clientid',
        params: { clientid: 'harbor-risk' },
        search: {},
        state: { specialityId: 104 },
        replace: true,
      },
      { to: '/specialities', params: {}, search: { speciality: 'TSACBHV2,Q9LY88FH', s: undefined } },
    ]);
    expect((navigations[0] as { state: unknown }).state).toBe(state);
  });
});
