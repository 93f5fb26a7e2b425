import type { ActorRefFrom } from 'xstate';
import type { RuntimeConfig } from '@shared/contract/runtime-config';
import type { BrokerCache } from '@/app/broker-cache';
import type { authMachine } from '@/machines/auth.machine';

/** The one auth actor, started at start-up (src/app/auth-actor.ts). */
export type AuthActor = ActorRefFrom<typeof authMachine>;

/** What every route can reach: handed to the router once at start-up. */
export interface RouterContext {
  config: RuntimeConfig;
  auth: AuthActor;
  /** Broker details by client id, loaded once per tab (specification §2 navigation rule). */
  brokers: BrokerCache;
}
