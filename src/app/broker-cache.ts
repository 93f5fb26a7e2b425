import { isUnknownBrokerError } from '@/api/api-error';
import { getBrokerDetails } from '@/api/brokers';
import type { BrokerDetails } from '@shared/contract/brokers';

/** What a client id turned out to be: a broker, or no broker at all (the §8 404). */
export type BrokerLookup = { status: 'found'; details: BrokerDetails } | { status: 'unknown' };

export interface BrokerCache {
  /** The lookup already made for this client id, without asking the server. */
  peek(clientid: string): BrokerLookup | undefined;
  /**
   * The broker a client id names, asking the server only when not cached; concurrent calls share
   * one request. Rejects on anything but an answer (offline, 5xx), which is not cached.
   */
  load(clientid: string): Promise<BrokerLookup>;
  /** Called whenever a lookup lands in the cache; returns the function that stops listening. */
  subscribe(listener: () => void): () => void;
}

/** Client ids are matched case-insensitively by the server, so the cache is too. */
const keyOf = (clientid: string) => clientid.toLowerCase();

export function createBrokerCache(
  fetchDetails: (clientUrl: string) => Promise<BrokerDetails> = getBrokerDetails,
): BrokerCache {
  const lookups = new Map<string, BrokerLookup>();
  const pending = new Map<string, Promise<BrokerLookup>>();
  const listeners = new Set<() => void>();

  function settle(key: string, lookup: BrokerLookup): BrokerLookup {
    lookups.set(key, lookup);
    for (const listener of listeners) listener();
    return lookup;
  }

  return {
    peek: (clientid) => lookups.get(keyOf(clientid)),
    load(clientid) {
      const key = keyOf(clientid);
      const known = lookups.get(key);
      if (known) return Promise.resolve(known);
      let request = pending.get(key);
      if (!request) {
        request = fetchDetails(clientid)
          .then(
            (details) => settle(key, { status: 'found', details }),
            (error: unknown) => {
              if (isUnknownBrokerError(error)) return settle(key, { status: 'unknown' });
              throw error;
            },
          )
          .finally(() => pending.delete(key));
        pending.set(key, request);
      }
      return request;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
