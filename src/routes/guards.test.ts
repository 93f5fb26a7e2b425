// @vitest-environment jsdom
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { HTTPError } from 'ky';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { User } from '@shared/contract/auth';
import type { StoredState } from '@/api/session-store';
import type { BrokerDetails } from '@shared/contract/brokers';
import { createBrokerCache } from '@/app/broker-cache';
import { fallbackConfig } from '@/app/runtime-config';
import { authMachine } from '@/machines/auth.machine';
import {
  administers,
  allowsEntry,
  alwaysAllow,
  clientRoot,
  keepsABook,
  requireAdmin,
  requireBroker,
  requireSignedIn,
  requireUnderwriter,
  worksTheDesk,
  type GuardArgs,
} from '@/routes/guards';
import { safeRedirect } from '@/routes/search-params';

/** An auth actor still restoring until `release` hands it what storage holds. */
function restoringAuth() {
  let release!: (stored: StoredState) => void;
  const stored = new Promise<StoredState>((resolve) => (release = resolve));
  const auth = createActor(
    authMachine.provide({
      actors: {
        readStoredSession: fromPromise(() => stored),
        checkSession: fromPromise<User | null>(async () => null),
      },
      actions: { writeSession: () => {}, clearSession: () => {}, clearAllCookies: () => {} },
    }),
  ).start();
  return { auth, release };
}

const harbor: BrokerDetails = {
  name: 'Harbor Risk Partners',
  brokerAbbrivation: 'HRP',
  brokerProfile: null,
  brokerProfileType: null,
  brokerspecialities: [{ id: 1, speiclaityRandomCode: 'TSACBHV2' }],
};

function notFoundError(): HTTPError {
  return new HTTPError(new Response('{}', { status: 404 }), new Request('http://localhost/'), {} as never);
}

/** A broker cache whose server knows harbor-risk only, and fails outright for "offline". */
function brokerCache() {
  const asked: string[] = [];
  const cache = createBrokerCache(async (clientUrl) => {
    asked.push(clientUrl);
    if (clientUrl === 'offline') throw new TypeError('Failed to fetch');
    if (clientUrl === 'harbor-risk') return harbor;
    throw notFoundError();
  });
  return { cache, asked };
}

function args(
  auth: GuardArgs['context']['auth'],
  href: string,
  params: Record<string, string> = {},
  brokers = brokerCache().cache,
): GuardArgs {
  const pathname = href.split('?')[0]!;
  return {
    context: { config: fallbackConfig, auth, brokers },
    location: { href, pathname } as GuardArgs['location'],
    params,
  };
}

const adaStored: StoredState = {
  user: {
    id: 7,
    email: 'ada@example.com',
    firstname: 'Ada',
    lastname: 'Lovelace',
    role: 'insured',
    token: 'access',
    refreshToken: 'refresh',
    rememberMe: true,
    expiresAt: Date.now() + 600_000,
  },
  rememberCookie: 'true',
};

describe('requireSignedIn', () => {
  it('waits for the stored session to be restored, then lets a signed-in user in', async () => {
    const { auth, release } = restoringAuth();
    let settled = false;
    const guard = requireSignedIn(args(auth, '/signupconfirmation')).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release(adaStored);
    await guard;
    expect(settled).toBe(true);
    auth.stop();
  });

  it('sends a signed-out user to login, with the way back in `redirect`', async () => {
    const { auth, release } = restoringAuth();
    const guard = requireSignedIn(args(auth, '/signupconfirmation?x=1'));
    release({ user: null, rememberCookie: null });
    const thrown = await guard.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({
      to: '/login',
      search: { redirect: '/signupconfirmation?x=1' },
    });
    auth.stop();
  });

  it('keeps a signed-out user inside the client area: the branded login', async () => {
    const { auth, release } = restoringAuth();
    release({ user: null, rememberCookie: null });
    const thrown = await requireSignedIn(
      args(auth, '/client/signupconfirmation/harbor-risk', { clientid: 'harbor-risk' }),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((thrown as { options: unknown }).options).toMatchObject({
      to: '/client/login/$clientid',
      params: { clientid: 'harbor-risk' },
      search: { redirect: '/client/signupconfirmation/harbor-risk' },
    });
    auth.stop();
  });
});

describe('requireUnderwriter', () => {
  const storedAs = (role: 'insured' | 'underwriter' | 'admin' | 'broker'): StoredState => ({
    ...adaStored,
    user: { ...adaStored.user!, role },
  });

  it('lets an underwriter or an admin in, once the stored session is restored', async () => {
    for (const role of ['underwriter', 'admin'] as const) {
      const { auth, release } = restoringAuth();
      const guard = requireUnderwriter(args(auth, '/underwriting?status=missing_info'));
      release(storedAs(role));
      await expect(guard).resolves.toBeUndefined();
      auth.stop();
    }
  });

  it('answers anyone else signed in "not found", not a redirect: the desk is not advertised', async () => {
    for (const role of ['insured', 'broker'] as const) {
      const { auth, release } = restoringAuth();
      release(storedAs(role));
      const thrown = await requireUnderwriter(args(auth, '/underwriting/4217')).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isNotFound(thrown), role).toBe(true);
      expect(isRedirect(thrown)).toBe(false);
      auth.stop();
    }
  });

  it('in a broker’s client area, sends anyone else to that broker’s page-not-found', async () => {
    const { auth, release } = restoringAuth();
    release(storedAs('insured'));
    const thrown = await requireUnderwriter(
      args(auth, '/client/underwriting/harbor-risk', { clientid: 'harbor-risk' }),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({
      to: '/client/page-not-found/$clientid',
      params: { clientid: 'harbor-risk' },
      replace: true,
    });
    auth.stop();
  });

  it('sends someone signed out to login, with the way back', async () => {
    const { auth, release } = restoringAuth();
    release({ user: null, rememberCookie: null });
    const thrown = await requireUnderwriter(args(auth, '/underwriting/4217')).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({
      to: '/login',
      search: { redirect: '/underwriting/4217' },
    });
    auth.stop();
  });

  it('worksTheDesk: the roles that may', () => {
    expect(
      [null, undefined, { role: 'insured' }, { role: 'broker' }, { role: 'underwriter' }, { role: 'admin' }].map(
        worksTheDesk,
      ),
    ).toEqual([false, false, false, false, true, true]);
  });
});

describe('the guard on signup and login', () => {
  it('always allows entry (specification §2)', () => {
    const { auth } = restoringAuth();
    expect(allowsEntry(args(auth, '/login'))).toBe(true);
    expect(() => alwaysAllow(args(auth, '/login'))).not.toThrow();
    auth.stop();
  });
});

describe('the client root guard', () => {
  afterEach(() => sessionStorage.clear());

  it('loads the broker once, before any branded screen, and keeps its client id in the session', async () => {
    const { auth } = restoringAuth();
    const { cache, asked } = brokerCache();
    await clientRoot(args(auth, '/client/landing/harbor-risk', { clientid: 'harbor-risk' }, cache));
    await clientRoot(args(auth, '/client/login/harbor-risk', { clientid: 'harbor-risk' }, cache));
    expect(asked).toEqual(['harbor-risk']);
    expect(cache.peek('harbor-risk')).toEqual({ status: 'found', details: harbor });
    expect(sessionStorage.getItem('clientid')).toBe('harbor-risk');
    auth.stop();
  });

  it('remembers nothing while only preloading', async () => {
    const { auth } = restoringAuth();
    await clientRoot({ ...args(auth, '/client/landing/harbor-risk', { clientid: 'harbor-risk' }), preload: true });
    expect(sessionStorage.getItem('clientid')).toBeNull();
    auth.stop();
  });

  it('sends an unknown client id to its page-not-found (specification §8), replacing the address', async () => {
    const { auth } = restoringAuth();
    const thrown = await clientRoot(
      args(auth, '/client/dashboard/no-such-broker', { clientid: 'no-such-broker' }),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({
      to: '/client/page-not-found/$clientid',
      params: { clientid: 'no-such-broker' },
      replace: true,
    });
    expect(sessionStorage.getItem('clientid')).toBeNull();
    auth.stop();
  });

  it('lets that page-not-found itself show, without redirecting again', async () => {
    const { auth } = restoringAuth();
    await expect(
      clientRoot(args(auth, '/client/page-not-found/no-such-broker', { clientid: 'no-such-broker' })),
    ).resolves.toBeUndefined();
    auth.stop();
  });

  it('lets an address with no client id through to the not-found page, asking nothing', async () => {
    const { auth } = restoringAuth();
    const { cache, asked } = brokerCache();
    await expect(clientRoot(args(auth, '/client/nothing', {}, cache))).resolves.toBeUndefined();
    expect(asked).toEqual([]);
    auth.stop();
  });

  it('fails, rather than calling a broker unknown, when the server cannot be reached', async () => {
    const { auth } = restoringAuth();
    const { cache } = brokerCache();
    await expect(clientRoot(args(auth, '/client/landing/offline', { clientid: 'offline' }, cache))).rejects.toThrow(
      'Failed to fetch',
    );
    expect(cache.peek('offline')).toBeUndefined();
    auth.stop();
  });
});

describe('safeRedirect', () => {
  it('keeps paths of this site and drops anything that could leave it', () => {
    expect(safeRedirect('/signupconfirmation?x=1')).toBe('/signupconfirmation?x=1');
    expect(safeRedirect('/client/dashboard/harbor-risk')).toBe('/client/dashboard/harbor-risk');
    for (const target of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/x\nSet-Cookie',
      '',
      undefined,
    ]) {
      expect(safeRedirect(target)).toBeUndefined();
    }
  });
});

describe('requireBroker', () => {
  const storedAs = (role: 'insured' | 'underwriter' | 'admin' | 'broker'): StoredState => ({
    ...adaStored,
    user: { ...adaStored.user!, role },
  });

  it('lets a broker in, and answers every other role "not found"', async () => {
    const broker = restoringAuth();
    const guard = requireBroker(args(broker.auth, '/broker'));
    broker.release(storedAs('broker'));
    await expect(guard).resolves.toBeUndefined();
    broker.auth.stop();
    for (const role of ['insured', 'underwriter', 'admin'] as const) {
      const { auth, release } = restoringAuth();
      release(storedAs(role));
      const thrown = await requireBroker(args(auth, '/broker')).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isNotFound(thrown), role).toBe(true);
      auth.stop();
    }
  });

  it('sends someone signed out to login, with the way back', async () => {
    const { auth, release } = restoringAuth();
    release({ user: null, rememberCookie: null });
    const thrown = await requireBroker(args(auth, '/broker?status=bound')).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((thrown as { options: unknown }).options).toMatchObject({
      to: '/login',
      search: { redirect: '/broker?status=bound' },
    });
    auth.stop();
  });

  it('keepsABook: brokers only', () => {
    expect(
      [null, undefined, { role: 'insured' }, { role: 'underwriter' }, { role: 'admin' }, { role: 'broker' }].map(
        keepsABook,
      ),
    ).toEqual([false, false, false, false, false, true]);
  });
});

describe('requireAdmin', () => {
  const storedAs = (role: 'insured' | 'underwriter' | 'admin' | 'broker'): StoredState => ({
    ...adaStored,
    user: { ...adaStored.user!, role },
  });

  it('lets an administrator in, and answers every other role "not found", inside a storefront its page-not-found', async () => {
    const admin = restoringAuth();
    const guard = requireAdmin(args(admin.auth, '/admin/brokers'));
    admin.release(storedAs('admin'));
    await expect(guard).resolves.toBeUndefined();
    admin.auth.stop();
    for (const role of ['insured', 'underwriter', 'broker'] as const) {
      const { auth, release } = restoringAuth();
      release(storedAs(role));
      const thrown = await requireAdmin(args(auth, '/admin/users')).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isNotFound(thrown), role).toBe(true);
      const branded = await requireAdmin(
        args(auth, '/client/admin/users/harbor-risk', { clientid: 'harbor-risk' }),
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect((branded as { options: unknown }).options, role).toMatchObject({
        to: '/client/page-not-found/$clientid',
        params: { clientid: 'harbor-risk' },
      });
      auth.stop();
    }
  });

  it('sends someone signed out to login, with the way back', async () => {
    const { auth, release } = restoringAuth();
    release({ user: null, rememberCookie: null });
    const thrown = await requireAdmin(args(auth, '/admin/ratetables?specialityId=1&state=TX')).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((thrown as { options: unknown }).options).toMatchObject({
      to: '/login',
      search: { redirect: '/admin/ratetables?specialityId=1&state=TX' },
    });
    auth.stop();
  });

  it('administers: administrators only', () => {
    expect(
      [null, undefined, { role: 'insured' }, { role: 'underwriter' }, { role: 'broker' }, { role: 'admin' }].map(
        administers,
      ),
    ).toEqual([false, false, false, false, false, true]);
  });
});
