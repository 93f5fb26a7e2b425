import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { screenHref } from '@/routes/screen-href';
import type { ScreenName } from '@/routes/screens';
import { useClientId } from '@/routes/use-client-id';

/** A link to a screen that stays inside the client area when the page is in it (branded twin). */
export function ScreenLink({
  screen,
  params,
  search,
  className,
  children,
}: {
  screen: ScreenName;
  params?: readonly string[];
  search?: Record<string, string>;
  className?: string;
  children: ReactNode;
}) {
  const clientid = useClientId();
  return (
    <Link to={screenHref(screen, clientid, params) as '/'} search={search as never} className={className}>
      {children}
    </Link>
  );
}
