import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isRestoring, isSignedIn } from '@/machines/auth.machine';
import type { RouterContext } from '@/routes/router-context';

/** What a route's beforeLoad hands a guard. */
export interface GuardArgs {
  context: RouterContext;
  location: ParsedLocation;
  params: unknown;
}

/**
 * The specification's guard on signup, login and the client root (§2): it always allows entry.
 * A later rule about who may open those screens goes here, and nowhere else.
 */
export function allowsEntry(_args: GuardArgs): boolean {
  return true;
}

/** beforeLoad for signup and login. */
export function alwaysAllow(args: GuardArgs): void {
  if (!allowsEntry(args)) throw redirect({ to: '/' });
}

/**
 * beforeLoad for screens that need a signed-in user. Waits until the auth actor has finished
 * restoring a stored session (no timers), then sends anyone signed out to login — the branded
 * login inside the client area — with `redirect` pointing back here.
 */
export async function requireSignedIn({ context, location, params }: GuardArgs): Promise<void> {
  const snapshot = await waitFor(context.auth, (state) => !isRestoring(state));
  if (isSignedIn(snapshot)) return;
  const { clientid } = params as { clientid?: string };
  const search = { redirect: location.href };
  if (clientid) throw redirect({ to: '/client/login/$clientid', params: { clientid }, search });
  throw redirect({ to: '/login', search });
}
