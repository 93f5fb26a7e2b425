import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { screenLocation, type ScreenTarget } from '@/routes/screen-location';
import type { ScreenName } from '@shared/screens';
import { useClientArea } from '@/routes/use-broker';

/**
 * A link to a screen by the navigation rule: the branded twin inside the client area, the plain
 * route outside it; query and state pass through. The client route's guard loads the broker.
 */
export function ScreenLink<S extends ScreenName>({
  className,
  children,
  ...target
}: ScreenTarget<S> & { className?: string; children: ReactNode }) {
  const clientid = useClientArea();
  const { to, params, search, state, replace } = screenLocation(target as ScreenTarget<S>, clientid);
  return (
    <Link
      to={to as string}
      params={params as never}
      search={search as never}
      state={state as never}
      replace={replace}
      className={className}
    >
      {children}
    </Link>
  );
}
