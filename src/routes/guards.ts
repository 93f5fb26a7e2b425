import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isCanonicalClientUrl } from '@shared/contract/specialities';
import { writeClientId } from '@/api/session-values';
import { isRestoring, isSignedIn, signedInUser } from '@/machines/auth.machine';
import { startEarlyReads } from '@/routes/early-reads';
import type { RouterContext } from '@/routes/router-context';
import { screenLocation } from '@/routes/screen-location';

/** What a route's beforeLoad hands a guard. */
export interface GuardArgs {
  context: RouterContext;
  location: ParsedLocation;
  params: unknown;
  /** True when only preloading (a pointer resting on a link): nothing is remembered then. */
  preload?: boolean;
  /** The route's validated search. */
  search?: unknown;
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
  if (allowsEntry(args)) return;
  // Turned away inside a broker's client area, the visitor stays in it.
  const { clientid } = args.params as { clientid?: string };
  throw redirect(screenLocation({ screen: 'landing' }, clientid) as never);
}

/**
 * beforeLoad of the client root, run before every branded screen: the same always-allow guard,
 * then the broker's details, loaded unless cached, so every branded screen shows its broker. An
 * unknown client id ends on client/page-not-found/{clientid} (specification §8); a known one is
 * kept in the session as `clientid`.
 */
export async function clientRoot(args: GuardArgs): Promise<void> {
  alwaysAllow(args);
  const { clientid } = args.params as { clientid?: string };
  // An address under client/ that no screen claims: the client route's not-found takes it.
  if (!clientid) return;
  const lookup = isCanonicalClientUrl(clientid) ? await args.context.brokers.load(clientid) : { status: 'unknown' };
  if (lookup.status === 'found') {
    if (!args.preload) writeClientId(clientid);
    return;
  }
  // Read from the address, not TanStack's matches: their type is the router's, which includes this guard.
  if (args.location.pathname.startsWith('/client/page-not-found/')) return;
  throw redirect(screenLocation({ screen: 'page-not-found', replace: true }, clientid) as never);
}

/**
 * beforeLoad for screens that need a signed-in user. Waits until the auth actor has finished
 * restoring a stored session (no timers), then sends anyone signed out to login — the branded
 * login inside the client area — with `redirect` pointing back here. The screen's early reads
 * (src/routes/early-reads.ts) start first.
 */
export async function requireSignedIn({ context, location, params, preload, search }: GuardArgs): Promise<void> {
  // The screen's first reads go out beside the session check, not after it.
  if (!preload) startEarlyReads({ pathname: location.pathname, search });
  const snapshot = await waitFor(context.auth, (state) => !isRestoring(state));
  if (isSignedIn(snapshot)) return;
  const { clientid } = params as { clientid?: string };
  throw redirect(screenLocation({ screen: 'login', search: { redirect: location.href } }, clientid) as never);
}

/** Roles that work the underwriter's desk. */
export const UNDERWRITING_ROLES: readonly string[] = ['underwriter', 'admin'];

/** Whether a signed-in user may open the desk: the guard below, and the header's link to it. */
export function worksTheDesk(user: { role: string } | null | undefined): boolean {
  return user != null && UNDERWRITING_ROLES.includes(user.role);
}

/**
 * beforeLoad for the underwriter's desk: signed out goes to login as requireSignedIn does; signed
 * in without the role is page-not-found (the desk's existence is not advertised), decided before
 * anything of the screen loads, so nothing flashes.
 */
export async function requireUnderwriter(args: GuardArgs): Promise<void> {
  await requireRole(args, worksTheDesk);
}

/** Whether a signed-in user has a broker's book to read: the guard below, and the header's link to it. */
export function keepsABook(user: { role: string } | null | undefined): boolean {
  return user?.role === 'broker';
}

/** beforeLoad for the broker's book: as the desk's, for role broker. */
export async function requireBroker(args: GuardArgs): Promise<void> {
  await requireRole(args, keepsABook);
}

/** Whether a signed-in user may open the administration screens: the guard below, and the header's link. */
export function administers(user: { role: string } | null | undefined): boolean {
  return user?.role === 'admin';
}

/** beforeLoad for the administration screens: as the desk's, for role admin. */
export async function requireAdmin(args: GuardArgs): Promise<void> {
  await requireRole(args, administers);
}

/** Signed out: to login; signed in without the role: page-not-found, before anything of the screen loads. */
async function requireRole(
  args: GuardArgs,
  allowed: (user: ReturnType<typeof signedInUser>) => boolean,
): Promise<void> {
  await requireSignedIn(args);
  if (allowed(signedInUser(args.context.auth.getSnapshot()))) return;
  const { clientid } = args.params as { clientid?: string };
  // Inside a broker's client area, as any address there that shows nothing: its page-not-found.
  if (clientid) throw redirect(screenLocation({ screen: 'page-not-found', replace: true }, clientid) as never);
  throw notFound();
}
