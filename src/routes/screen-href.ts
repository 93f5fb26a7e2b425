import type { ScreenName } from '@/routes/screens';

/**
 * The address of a screen (specification §2 navigation rule): inside the client area
 * client/{screen}[/{params}]/{clientid}, outside it the plain route; landing's plain form is "/".
 */
export function screenHref(screen: ScreenName, clientid?: string, params: readonly string[] = []): string {
  const segments = [screen, ...params].map(encodeURIComponent);
  if (clientid) return `/client/${segments.join('/')}/${encodeURIComponent(clientid)}`;
  if (screen === 'landing') return '/';
  return `/${segments.join('/')}`;
}
