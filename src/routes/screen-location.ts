import type * as v from 'valibot';
import type * as searchParams from '@/routes/search-params';
import { stringifySearch } from '@/routes/search-serialization';
import { screenPaths } from '@/routes/screen-paths.gen';
import type { BrandedRoutePath, PlainRoutePath, ScreenName, ScreenOf, ScreenParamName } from '@shared/screens';

/** What a screen's query string takes, from its row's `search` schema. */
export type ScreenSearch<S extends ScreenName> =
  ScreenOf<S> extends { search: infer K extends keyof typeof searchParams }
    ? (typeof searchParams)[K] extends v.GenericSchema
      ? v.InferInput<(typeof searchParams)[K]>
      : never
    : Record<string, never>;

/** History state a screen may be handed (specification §2: quotes gets `specialityId`). */
export interface ScreenState {
  specialityId?: number;
}

/** Where to go: a screen of the table, its path parameters, query and state. */
export type ScreenTarget<S extends ScreenName = ScreenName> = {
  screen: S;
  search?: ScreenSearch<S>;
  state?: ScreenState;
  replace?: boolean;
} & ([ScreenParamName<S>] extends [never] ? { params?: undefined } : { params: { [K in ScreenParamName<S>]: string } });

/** TanStack navigate/Link options for a target. */
export interface ScreenLocation<S extends ScreenName = ScreenName> {
  to: PlainRoutePath<S> | BrandedRoutePath<S>;
  params: Record<string, string>;
  search: Record<string, unknown>;
  state?: ScreenState;
  replace?: boolean;
}

/**
 * The navigation rule (specification §2): inside the client area (a client id given) the branded
 * route client/{screen}[/{params}]/{clientid}, outside it the plain route; query parameters and
 * state pass through unchanged. The one place addresses of screens are made.
 */
export function screenLocation<S extends ScreenName>(target: ScreenTarget<S>, clientid?: string): ScreenLocation<S> {
  const path = screenPaths[target.screen];
  const params: Record<string, string> = { ...(target.params as Record<string, string> | undefined) };
  const to = clientid ? `/client/${path}/$clientid` : target.screen === 'landing' ? '/' : `/${path}`;
  if (clientid) params.clientid = clientid;
  return {
    to: to as ScreenLocation<S>['to'],
    params,
    search: { ...(target.search as Record<string, unknown> | undefined) },
    ...(target.state ? { state: target.state } : {}),
    ...(target.replace ? { replace: true } : {}),
  };
}

/** The same address as text, for a `redirect` query value or a machine's `next`. */
export function screenHref<S extends ScreenName>(target: ScreenTarget<S>, clientid?: string): string {
  const { to, params, search } = screenLocation(target, clientid);
  const pathname = to.replace(/\$([a-z]+)/gi, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return `${pathname}${stringifySearch(search)}`;
}
