import { useParams } from '@tanstack/react-router';

/** The broker's client id when the current route is a branded one, else undefined. */
export function useClientId(): string | undefined {
  const params = useParams({ strict: false }) as { clientid?: string };
  return params.clientid;
}
