import { useRouter } from '@tanstack/react-router';
import { useCallback, useSyncExternalStore } from 'react';
import type { BrokerLookup } from '@/app/broker-cache';
import { useClientId } from '@/routes/use-client-id';

/** The cached lookup of the current route's broker; undefined outside the client area. */
export function useBrokerLookup(): BrokerLookup | undefined {
  const clientid = useClientId();
  const { brokers } = useRouter().options.context;
  const read = useCallback(() => (clientid ? brokers.peek(clientid) : undefined), [brokers, clientid]);
  return useSyncExternalStore(brokers.subscribe, read, read);
}

/**
 * The client id when the page is in a broker's client area. A client id that names no broker
 * (its page-not-found) is not an area: links from there lead to the plain site.
 */
export function useClientArea(): string | undefined {
  const clientid = useClientId();
  const lookup = useBrokerLookup();
  return clientid && lookup?.status !== 'unknown' ? clientid : undefined;
}
