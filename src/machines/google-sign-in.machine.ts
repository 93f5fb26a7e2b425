import { assign, fromPromise, setup } from 'xstate';
import { googleClientId } from '@/api/auth';
import { loadGoogleIdentity, type GoogleIdentity } from '@/api/google-identity';

export interface GoogleSignInContext {
  clientId: string | null;
  identity: GoogleIdentity | null;
}

/**
 * Whether the Google button can be offered: only with a client id (the runtime config's, else
 * GET auth/googleClientId) and once Google's script has loaded. Any failure means no button, and
 * the rest of the page is unaffected.
 */
export const googleSignInMachine = setup({
  types: {
    context: {} as GoogleSignInContext,
    input: {} as { configuredClientId: string | null },
  },
  actors: {
    fetchClientId: fromPromise<string | null>(async () => googleClientId()),
    loadScript: fromPromise<GoogleIdentity>(async () => loadGoogleIdentity()),
  },
  actions: {
    storeClientId: assign((_, clientId: string | null) => ({ clientId })),
    storeIdentity: assign((_, identity: GoogleIdentity) => ({ identity })),
  },
  guards: {
    hasClientId: ({ context }) => Boolean(context.clientId),
    isClientId: (_, clientId: string | null) => Boolean(clientId),
  },
}).createMachine({
  id: 'googleSignIn',
  context: ({ input }) => ({ clientId: input.configuredClientId, identity: null }),
  initial: 'resolving',
  states: {
    resolving: {
      always: [{ guard: 'hasClientId', target: 'loadingScript' }, { target: 'fetchingClientId' }],
    },
    fetchingClientId: {
      invoke: {
        id: 'fetchClientId',
        src: 'fetchClientId',
        onDone: [
          {
            guard: { type: 'isClientId', params: ({ event }) => event.output },
            target: 'loadingScript',
            actions: { type: 'storeClientId', params: ({ event }) => event.output },
          },
          { target: 'unavailable' },
        ],
        onError: 'unavailable',
      },
    },
    loadingScript: {
      invoke: {
        id: 'loadScript',
        src: 'loadScript',
        onDone: { target: 'ready', actions: { type: 'storeIdentity', params: ({ event }) => event.output } },
        onError: 'unavailable',
      },
    },
    ready: { type: 'final' },
    unavailable: { type: 'final' },
  },
});
