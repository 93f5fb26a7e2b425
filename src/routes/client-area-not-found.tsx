import { Navigate, useLocation } from '@tanstack/react-router';
import { isCanonicalClientUrl } from '@shared/contract/specialities';
import { screenLocation } from '@/routes/screen-location';
import { screenPaths } from '@/routes/screen-paths.gen';
import PageNotFoundScreen from '@/screens/page-not-found/page-not-found-screen';

/**
 * An address under client/ that no screen claims. Branded addresses end with the client id, so
 * the last segment, when it could be one, leads to that broker's page-not-found (which shows the
 * broker, or the plain page when there is no such broker); otherwise the plain page shows here.
 */
export default function ClientAreaNotFound() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const last = decodeURIComponentSafe(pathname.split('/').filter(Boolean).at(-1) ?? '');
  // A screen's name in last place is a branded address missing its client id (`/client/landing`).
  if (isCanonicalClientUrl(last) && !Object.hasOwn(screenPaths, last) && last !== 'client') {
    const { to, params } = screenLocation({ screen: 'page-not-found' }, last);
    return <Navigate to={to} params={params as never} replace />;
  }
  return <PageNotFoundScreen />;
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
