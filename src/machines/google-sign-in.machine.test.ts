import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { GoogleIdentity } from '@/api/google-identity';
import { googleSignInMachine } from '@/machines/google-sign-in.machine';

const identity = { label: 'google.accounts.id', initialize: () => {}, renderButton: () => {} } as GoogleIdentity;

/** A real actor whose client-id lookup and script load end as told. */
async function run(configuredClientId: string | null, fetched: string | null | Error, loaded: GoogleIdentity | Error) {
  const asked: string[] = [];
  const actor = createActor(
    googleSignInMachine.provide({
      actors: {
        fetchClientId: fromPromise(async () => {
          asked.push('fetchClientId');
          if (fetched instanceof Error) throw fetched;
          return fetched;
        }),
        loadScript: fromPromise(async () => {
          asked.push('loadScript');
          if (loaded instanceof Error) throw loaded;
          return loaded;
        }),
      },
    }),
    { input: { configuredClientId } },
  ).start();
  const snapshot = await waitFor(actor, (s) => s.status === 'done');
  return { state: snapshot.value, context: snapshot.context, asked };
}

describe('googleSignInMachine', () => {
  it('reaches every state', () => {
    const events = [
      { type: 'xstate.done.actor.fetchClientId', output: 'id.apps.googleusercontent.com' },
      { type: 'xstate.done.actor.fetchClientId', output: null },
      { type: 'xstate.error.actor.fetchClientId', error: { label: 'network' } },
      { type: 'xstate.done.actor.loadScript', output: identity },
      { type: 'xstate.error.actor.loadScript', error: { label: 'blocked' } },
    ] as never[];
    const fromConfig = getShortestPaths(googleSignInMachine, { events, input: { configuredClientId: 'configured' } });
    const fromApi = getShortestPaths(googleSignInMachine, { events, input: { configuredClientId: null } });
    expect(new Set([...fromConfig, ...fromApi].map((path) => path.state.value))).toEqual(
      new Set(['loadingScript', 'fetchingClientId', 'ready', 'unavailable']),
    );
  });

  it('uses the runtime config’s client id without asking the API', async () => {
    const { state, context, asked } = await run('configured', new Error('not asked'), identity);
    expect(state).toBe('ready');
    expect(context.clientId).toBe('configured');
    expect(asked).toEqual(['loadScript']);
  });

  it('asks GET auth/googleClientId when the config has none', async () => {
    const { state, context } = await run(null, 'from-api', identity);
    expect(state).toBe('ready');
    expect(context.clientId).toBe('from-api');
  });

  it('offers no button when Google is not configured, the API fails, or the script does not load (no network)', async () => {
    expect((await run(null, null, identity)).state).toBe('unavailable');
    expect((await run(null, null, identity)).asked).toEqual(['fetchClientId']);
    expect((await run(null, new TypeError('fetch failed'), identity)).state).toBe('unavailable');
    expect((await run('configured', null, new Error('Google sign-in could not be loaded.'))).state).toBe('unavailable');
  });
});
