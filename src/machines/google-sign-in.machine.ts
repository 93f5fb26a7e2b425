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
      description: 'A moment’s check of whether the site’s settings already say which Google account to sign in with.',
      always: [
        { guard: 'hasClientId', target: 'loadingScript', description: 'They do.' },
        { target: 'fetchingClientId', description: 'They do not: the server is asked.' },
      ],
    },
    fetchingClientId: {
      description: 'The server is asked for the site’s Google sign-in settings.',
      invoke: {
        id: 'fetchClientId',
        src: 'fetchClientId',
        onDone: [
          {
            guard: { type: 'isClientId', params: ({ event }) => event.output },
            target: 'loadingScript',
            description: 'Google sign-in is set up.',
            actions: { type: 'storeClientId', params: ({ event }) => event.output },
          },
          { target: 'unavailable', description: 'Google sign-in is not set up.' },
        ],
        onError: { target: 'unavailable', description: 'The settings could not be fetched.' },
      },
    },
    loadingScript: {
      description: 'Google’s sign-in script is being loaded.',
      invoke: {
        id: 'loadScript',
        src: 'loadScript',
        onDone: {
          target: 'ready',
          description: 'The script loaded.',
          actions: { type: 'storeIdentity', params: ({ event }) => event.output },
        },
        onError: { target: 'unavailable', description: 'The script could not load.' },
      },
    },
    ready: { description: 'The “Sign in with Google” button is offered.', type: 'final' },
    unavailable: { description: 'Google sign-in is not offered; the rest of the page works as usual.', type: 'final' },
  },
});
