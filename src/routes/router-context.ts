import type { RuntimeConfig } from '@/api/contract/runtime-config';

/** What every route can reach: handed to the router once at start-up. */
export interface RouterContext {
  config: RuntimeConfig;
}
