import { createActor } from 'xstate';
import { onUnauthorized } from '@/api/client';
import { authMachine } from '@/machines/auth.machine';
import type { AuthActor } from '@/routes/router-context';

/** Where the auth machine's navigation actions go: provided by the router edge. */
export interface AuthNavigation {
  /** Landing, or client/landing/{clientid} inside the client area. */
  toLanding(): void;
  /** A path of this site, after signing in or up. */
  to(href: string): void;
}

/** The auth machine with its navigation provided; not started. */
export function createAuthActor(navigation: AuthNavigation, machine: typeof authMachine = authMachine): AuthActor {
  return createActor(
    machine.provide({
      actions: {
        goToLanding: () => navigation.toLanding(),
        goToNext: (_, { next }) => (next ? navigation.to(next) : navigation.toLanding()),
      },
    }),
  );
}

/**
 * Start-up, once, outside React (StrictMode mounts components twice; this runs once): the auth
 * actor starts restoring the stored session, and a 401 from any call but sign-in, isLogin and
 * forgotpassword signs the user out (specification §8).
 */
export function startAuth(navigation: AuthNavigation): AuthActor {
  const auth = createAuthActor(navigation);
  onUnauthorized(() => auth.send({ type: 'auth.unauthorized' }));
  auth.start();
  return auth;
}
