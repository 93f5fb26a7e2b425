import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { User } from '@/api/contract/auth';
import type { StoredState } from '@/api/session-store';
import { fallbackConfig } from '@/app/runtime-config';
import { authMachine } from '@/machines/auth.machine';
import { allowsEntry, alwaysAllow, requireSignedIn, type GuardArgs } from '@/routes/guards';
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

function args(auth: GuardArgs['context']['auth'], href: string, params: Record<string, string> = {}): GuardArgs {
  return { context: { config: fallbackConfig, auth }, location: { href } as GuardArgs['location'], params };
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
    const thrown = await guard.then(() => undefined, (error: unknown) => error);
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: unknown }).options).toMatchObject({ to: '/login', search: { redirect: '/signupconfirmation?x=1' } });
    auth.stop();
  });

  it('keeps a signed-out user inside the client area: the branded login', async () => {
    const { auth, release } = restoringAuth();
    release({ user: null, rememberCookie: null });
    const thrown = await requireSignedIn(
      args(auth, '/client/signupconfirmation/harbor-risk', { clientid: 'harbor-risk' }),
    ).then(() => undefined, (error: unknown) => error);
    expect((thrown as { options: unknown }).options).toMatchObject({
      to: '/client/login/$clientid',
      params: { clientid: 'harbor-risk' },
      search: { redirect: '/client/signupconfirmation/harbor-risk' },
    });
    auth.stop();
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

describe('safeRedirect', () => {
  it('keeps paths of this site and drops anything that could leave it', () => {
    expect(safeRedirect('/signupconfirmation?x=1')).toBe('/signupconfirmation?x=1');
    expect(safeRedirect('/client/dashboard/harbor-risk')).toBe('/client/dashboard/harbor-risk');
    for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '/x\nSet-Cookie', '', undefined]) {
      expect(safeRedirect(target)).toBeUndefined();
    }
  });
});
