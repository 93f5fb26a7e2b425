import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { errorText } from '@/api/api-error';

export const ROUTE_ERROR_TITLE = 'This page could not be loaded';

/**
 * A route that could not load (the server unreachable while a broker's details or a screen's
 * code were fetched): the reason in words and a way to try again, never a blank page.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section data-screen="route-error" className="screen screen--narrow" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{ROUTE_ERROR_TITLE}</h1>
      <p role="alert">{errorText(error)}</p>
      <button type="button" className="button" onClick={() => void router.invalidate()}>
        Try again
      </button>
    </section>
  );
}
