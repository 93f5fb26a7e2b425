import { createActor } from 'xstate';
import { onUnauthorized } from '@/api/client';
import { authMachine, type AuthSnapshot } from '@/machines/auth.machine';
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

/** On waking, an access token with less than this left is refreshed at once. */
export const WAKE_REFRESH_WINDOW_MS = 60_000;

/**
 * Whether a refresh is due now: signed in (and not already refreshing or signing out), with an
 * access token that has expired or expires within a minute. Timers do not run while a tab sleeps
 * or a laptop is closed, so the scheduled refresh may be long overdue when the page comes back.
 */
export function isRefreshDue(snapshot: AuthSnapshot, now: number = Date.now()): boolean {
  const { user } = snapshot.context;
  return snapshot.matches({ signedIn: 'idle' }) && user !== null && user.expiresAt - now <= WAKE_REFRESH_WINDOW_MS;
}

/** Sends auth.refresh when a refresh is due (isRefreshDue); does nothing when signed out. */
export function refreshIfDue(auth: AuthActor, now: number = Date.now()): boolean {
  if (!isRefreshDue(auth.getSnapshot(), now)) return false;
  auth.send({ type: 'auth.refresh' });
  return true;
}

type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * When the tab becomes visible again or the browser comes back online, refresh at once if the
 * access token expired (or nearly) meanwhile. Returns the function that stops listening.
 */
export function refreshOnWake(
  auth: AuthActor,
  win: Listenable = window,
  doc: Listenable & { visibilityState: DocumentVisibilityState } = document,
): () => void {
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') refreshIfDue(auth);
  };
  const onOnline = () => refreshIfDue(auth);
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('online', onOnline);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('online', onOnline);
  };
}

/**
 * Start-up, once, outside React (StrictMode mounts components twice; this runs once): the auth
 * actor starts restoring the stored session, and a 401 from any call but sign-in, isLogin and
 * forgotpassword signs the user out (specification §8). A refresh that fell due while the tab slept
 * or the browser was offline is made on waking (refreshOnWake).
 */
export function startAuth(navigation: AuthNavigation): AuthActor {
  const auth = createAuthActor(navigation);
  onUnauthorized(() => auth.send({ type: 'auth.unauthorized' }));
  auth.start();
  if (typeof window !== 'undefined' && typeof document !== 'undefined') refreshOnWake(auth);
  return auth;
}
