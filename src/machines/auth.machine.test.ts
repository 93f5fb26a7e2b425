import { HTTPError, TimeoutError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Session, User } from '@shared/contract/auth';
import type { RememberCookie, StoredState, StoredUser } from '@/api/session-store';
import {
  authMachine,
  describeAuthFailure,
  failureOf,
  isSignedIn,
  MAX_REFRESH_FAILURES,
  refreshDelayMs,
  REFRESH_RETRY_MS,
  SIGN_OUT_TIMEOUT_MS,
  type AuthSnapshot,
} from '@/machines/auth.machine';
import { getTransitionPaths, transitionsOf } from '@/machines/transition-paths';

const NOW = Date.UTC(2030, 0, 15, 9, 0, 0);

const ada: User = { id: 7, email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', role: 'insured' };

function session(rememberMe: boolean, n = 1): Session {
  return { token: `access-${n}`, refreshToken: `refresh-${n}`, expiresIn: 900, rememberMe, user: ada };
}

function stored(overrides: Partial<StoredUser>, rememberCookie: RememberCookie): StoredState {
  return {
    user: {
      ...ada,
      token: 'access-0',
      refreshToken: 'refresh-0',
      rememberMe: true,
      expiresAt: NOW + 600_000,
      ...overrides,
    },
    rememberCookie,
  };
}

const storedNone: StoredState = { user: null, rememberCookie: 'false' };
const storedGood = stored({}, 'true');
const storedExpired = stored({ expiresAt: NOW - 60_000 }, 'true');
/** "Remember me" was off and the browser was closed: the session cookie is gone. */
const storedBrowserClosed = stored({ rememberMe: false }, null);
/** "Remember me" off, same browser session (a reload). */
const storedReloaded = stored({ rememberMe: false }, 'false');

function httpError(
  status: number,
  body: { message?: string; fields?: Record<string, string> } = {},
  headers: Record<string, string> = {},
) {
  const request = new Request('http://localhost/api/weborder/auth/generate-token');
  const error = new HTTPError(new Response('{}', { status, headers }), request, {} as never);
  // As the ky wrapper leaves it: "status: message", with `fields` when the body was the API's error.
  error.message = `${status}: ${body.message ?? 'Request failed'}`;
  if (body.message !== undefined) Object.assign(error, { fields: body.fields ?? {} });
  // The label keeps the traversal from merging errors that serialise alike.
  return Object.assign(error, { label: `HTTP ${status}` });
}

function networkError() {
  return Object.assign(new TypeError('fetch failed'), { label: 'network' });
}

/** Every outcome of every call the machine makes, and every event a screen or the client sends. */
const traversalEvents = [
  { type: 'xstate.done.actor.readStoredSession', output: storedNone },
  { type: 'xstate.done.actor.readStoredSession', output: storedGood },
  { type: 'xstate.done.actor.readStoredSession', output: storedExpired },
  { type: 'xstate.done.actor.readStoredSession', output: storedBrowserClosed },
  { type: 'xstate.done.actor.readStoredSession', output: storedReloaded },
  { type: 'xstate.done.actor.checkSession', output: ada },
  { type: 'xstate.error.actor.checkSession', error: httpError(401) },
  { type: 'xstate.error.actor.checkSession', error: networkError() },
  { type: 'xstate.done.actor.refreshSession', output: session(true, 2) },
  {
    type: 'xstate.error.actor.refreshSession',
    error: httpError(401, { message: 'This refresh token was already used.' }),
  },
  { type: 'xstate.error.actor.refreshSession', error: networkError() },
  { type: 'xstate.error.actor.refreshSession', error: httpError(503, { message: 'Maintenance.' }) },
  { type: 'xstate.done.actor.signIn', output: session(true) },
  { type: 'xstate.done.actor.signIn', output: session(false) },
  { type: 'xstate.error.actor.signIn', error: httpError(401, { message: 'Wrong e-mail or password.' }) },
  { type: 'xstate.error.actor.signIn', error: networkError() },
  { type: 'xstate.done.actor.signUp', output: session(false) },
  {
    type: 'xstate.error.actor.signUp',
    error: httpError(409, { message: 'An account with this e-mail already exists.' }),
  },
  { type: 'xstate.done.actor.signInWithGoogle', output: session(true) },
  { type: 'xstate.error.actor.signInWithGoogle', error: httpError(401, { message: 'The Google token is not valid.' }) },
  { type: 'xstate.done.actor.revokeSession', output: undefined },
  { type: 'xstate.error.actor.revokeSession', error: httpError(500, { message: 'Database unavailable' }) },
  {
    type: 'auth.signIn',
    username: 'ada@example.com',
    password: 'correct horse 1',
    rememberMe: true,
    next: '/dashboard',
  },
  {
    type: 'auth.signUp',
    account: {
      email: 'ada@example.com',
      password: 'correct horse 1',
      firstname: 'Ada',
      lastname: 'Lovelace',
      insuredtype: 'individual',
    },
    next: '/signupconfirmation',
  },
  { type: 'auth.google', googletoken: 'google-id-token', clientId: 'harbor-risk', next: '/landing' },
  { type: 'auth.signOut' },
  { type: 'auth.unauthorized' },
  { type: 'auth.sessionEnded' },
  { type: 'auth.refresh' },
  { type: 'auth.clearError' },
  // Timers: the traversal sends only the events listed here.
  { type: 'xstate.after.refreshDelay.auth.signedIn.idle' },
  { type: `xstate.after.${SIGN_OUT_TIMEOUT_MS}.auth.signingOut.revoking` },
] as never[];

/** Shortest paths tell states apart by everything the flow depends on: who, which cookie, which failure. */
function serializeState(snapshot: AuthSnapshot): string {
  const { value, context } = snapshot;
  return JSON.stringify({
    value,
    user: context.user?.token ?? null,
    rememberCookie: context.rememberCookie,
    refreshFailures: context.refreshFailures,
    failure: context.failure?.operation ?? null,
  });
}

/**
 * Simple paths (no state visited twice) grow exponentially with the states told apart. Told apart
 * by state and by whether a failure is on show (so that a failed sign-in back to signedOut is a
 * step of its own) there are some 3,600; counting refresh failures too, 10,000; told apart by
 * everything above, hundreds of thousands. Retries after refresh failures have their own tests.
 */
function serializeFlowState(snapshot: AuthSnapshot): string {
  return JSON.stringify({ value: snapshot.value, failing: snapshot.context.failure !== null });
}

const traversal = { events: traversalEvents, serializeState: serializeState as never };
const flowTraversal = { events: traversalEvents, serializeState: serializeFlowState as never };

interface Step {
  event: AnyEventObject;
  state: AuthSnapshot;
}

/** What the provided actions did to a fake browser, in order. */
interface World {
  storage: StoredUser | null;
  cookies: Map<string, string>;
  landings: number;
  nexts: Array<string | null>;
  calls: Record<string, unknown[]>;
  /** Times the visitor's saved order was marked handed over (signed in or up). */
  handOvers: number;
}

/** A real auth actor whose calls wait to be answered, and whose storage and navigation are fakes. */
function harness() {
  // Every run starts at the same moment, with no timer left over from the last.
  vi.clearAllTimers();
  vi.setSystemTime(NOW);
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const world: World = {
    storage: null,
    cookies: new Map([['theme', 'dark']]),
    landings: 0,
    nexts: [],
    calls: {},
    handOvers: 0,
  };
  const deferred = (id: string) =>
    fromPromise(({ input }: { input: unknown }) => {
      (world.calls[id] ??= []).push(input);
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    });
  const actor = createActor(
    authMachine.provide({
      actors: {
        readStoredSession: deferred('readStoredSession'),
        checkSession: deferred('checkSession'),
        refreshSession: deferred('refreshSession'),
        signIn: deferred('signIn'),
        signUp: deferred('signUp'),
        signInWithGoogle: deferred('signInWithGoogle'),
        revokeSession: deferred('revokeSession'),
      } as never,
      actions: {
        writeSession: ({ context }) => {
          world.storage = context.user;
          world.cookies.set('remember', String(context.user!.rememberMe));
        },
        clearSession: () => void (world.storage = null),
        clearAllCookies: () => world.cookies.clear(),
        goToLanding: () => void world.landings++,
        goToNext: (_, params) => void world.nexts.push(params.next),
        handOverQuoteInProgress: () => void world.handOvers++,
      },
    }),
  ).start();

  /** Answers the call the machine is waiting on. */
  function answer(id: string, outcome: 'done' | 'error', value: unknown) {
    const waiting = pending.get(id);
    expect(waiting, `${id} was not called`).toBeDefined();
    pending.delete(id);
    if (id === 'readStoredSession') {
      const read = value as StoredState;
      world.storage = read.user;
      if (read.rememberCookie) world.cookies.set('remember', read.rememberCookie);
    }
    if (outcome === 'done') waiting!.resolve(value);
    else waiting!.reject(value);
  }

  return { actor, world, answer };
}

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/**
 * Replays one path on a real actor. Each call the machine makes waits until the path says how it
 * ends (the step `xstate.done.actor.x` or `xstate.error.actor.x`); `xstate.after` steps advance the
 * fake clock to the next timer. After every step the actor must be where the path says. Returns
 * the actor's own snapshots, one per step (the traversal's may stand for several alike).
 */
async function replay(steps: readonly Step[]) {
  const { actor, world, answer } = harness();
  const snapshots: AuthSnapshot[] = [];
  for (const { event, state } of steps) {
    const call = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (event.type === 'xstate.init') {
      // The start.
    } else if (call) {
      const [, outcome, id] = call;
      const payload = event as unknown as { output?: unknown; error?: unknown };
      answer(id!, outcome as 'done' | 'error', outcome === 'done' ? payload.output : payload.error);
    } else if (event.type.startsWith('xstate.after.')) {
      await vi.advanceTimersToNextTimerAsync();
    } else {
      actor.send(event as never);
    }
    await settle();
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(state.value);
    snapshots.push(actor.getSnapshot());
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { snapshot, world, snapshots };
}

/**
 * Entering signedOut from a session (not at start-up) goes to landing, once; except when the
 * server ended every session (auth.sessionEnded), which leaves the page on show.
 */
function expectedLandings(steps: readonly Step[], snapshots: readonly AuthSnapshot[]): number {
  let count = 0;
  for (let i = 1; i < snapshots.length; i++) {
    const before = snapshots[i - 1]!;
    if (steps[i]?.event.type === 'auth.sessionEnded') continue;
    if (snapshots[i]!.matches({ signedOut: 'idle' }) && isSignedIn(before)) count++;
  }
  return count;
}

/** What must hold wherever a path ends. */
function expectConsistent(steps: readonly Step[], snapshots: readonly AuthSnapshot[], world: World) {
  const snapshot = snapshots.at(-1)!;
  const value = JSON.stringify(snapshot.value);
  // Signed out means nothing is stored; signed in means storage holds the tokens the machine holds.
  if (snapshot.matches({ signedOut: 'idle' })) {
    expect(world.storage, value).toBeNull();
    expect(snapshot.context.user).toBeNull();
  }
  if (snapshot.matches({ signedIn: 'idle' })) expect(world.storage?.token, value).toBe(snapshot.context.user?.token);
  expect(world.landings, value).toBe(expectedLandings(steps, snapshots));
  // Every successful sign-in or sign-up goes where the screen asked, and only then.
  const arrivals = steps.filter((step) =>
    /^xstate\.done\.actor\.(signIn|signUp|signInWithGoogle)$/.test(step.event.type),
  );
  expect(world.nexts).toHaveLength(arrivals.length);
  // Sign-out clears every cookie when the remember cookie is "false", and none when it is "true".
  const before = snapshots.at(-2);
  if (before?.matches('signingOut') && snapshot.matches({ signedOut: 'idle' })) {
    if (before.context.rememberCookie === 'false') expect(world.cookies.size, 'cookies after sign-out').toBe(0);
    else expect(world.cookies.get('theme'), 'cookies after sign-out').toBe('dark');
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('authMachine paths', () => {
  it('reaches every state by its shortest path, and a real actor follows each one', async () => {
    const paths = getShortestPaths(authMachine, traversal);
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    const states = [
      { restoring: 'reading' },
      { restoring: 'verifying' },
      { restoring: 'renewing' },
      { signedOut: 'idle' },
      { signedOut: 'signingIn' },
      { signedOut: 'signingUp' },
      { signedOut: 'signingInWithGoogle' },
      { signedIn: 'idle' },
      { signedIn: 'refreshing' },
      { signingOut: 'revoking' },
    ];
    expect([...reached].sort()).toEqual(states.map((state) => JSON.stringify(state)).sort());
    for (const path of paths) {
      const { world, snapshots } = await replay(path.steps as never);
      expectConsistent(path.steps as never, snapshots, world);
    }
  });

  it('takes every transition — failures, refreshes, sign-outs and the 401 rule included — on a real actor', async () => {
    const paths = getTransitionPaths(authMachine, flowTraversal);
    const taken = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    // Not only the happy path: every failure and interruption is on some path.
    for (const type of [
      'xstate.error.actor.signIn',
      'xstate.error.actor.signUp',
      'xstate.error.actor.signInWithGoogle',
      'xstate.error.actor.refreshSession',
      'xstate.error.actor.checkSession',
      'xstate.error.actor.revokeSession',
      'xstate.after.refreshDelay.auth.signedIn.idle',
      `xstate.after.${SIGN_OUT_TIMEOUT_MS}.auth.signingOut.revoking`,
      'auth.unauthorized',
      'auth.sessionEnded',
      'auth.signOut',
      'auth.refresh',
    ]) {
      expect(taken, type).toContain(type);
    }
    // One path per transition, each a shortest way to where it starts and that step; every
    // state the walk reaches is left by each way out it has.
    const transitions = transitionsOf(authMachine, flowTraversal);
    expect(paths.length).toBe(Object.values(transitions).flat().length);
    expect(
      Object.entries(transitions)
        .filter(([, out]) => out.length === 0)
        .map(([key]) => JSON.parse(key).value),
    ).toEqual([]);
    for (const path of paths) {
      const { world, snapshots } = await replay(path.steps as never);
      expectConsistent(path.steps as never, snapshots, world);
    }
  }, 120_000);
});

/** A path spelled out by hand: [event, state it must reach]. */
function path(...pairs: Array<[Record<string, unknown>, unknown]>): Step[] {
  return [
    { event: { type: 'xstate.init' }, state: { value: { restoring: 'reading' } } as never },
    ...pairs.map(([event, value]) => ({ event: event as AnyEventObject, state: { value } as never })),
  ];
}

const start = (output: StoredState): [Record<string, unknown>, unknown] => [
  { type: 'xstate.done.actor.readStoredSession', output },
  output.user
    ? output.user.expiresAt <= NOW
      ? { restoring: 'renewing' }
      : { restoring: 'verifying' }
    : { signedOut: 'idle' },
];
const signInWith = (rememberMe: boolean): Array<[Record<string, unknown>, unknown]> => [
  [
    { type: 'auth.signIn', username: 'ada@example.com', password: 'pw', rememberMe, next: '/dashboard' },
    { signedOut: 'signingIn' },
  ],
  [{ type: 'xstate.done.actor.signIn', output: session(rememberMe) }, { signedIn: 'idle' }],
];

describe('authMachine rules', () => {
  it('keeps a wrong password in words for the login screen, stores nothing and stays signed out', async () => {
    const { snapshot, world } = await replay(
      path(start(storedNone), signInWith(true)[0]!, [
        { type: 'xstate.error.actor.signIn', error: httpError(401, { message: 'Wrong e-mail or password.' }) },
        { signedOut: 'idle' },
      ]),
    );
    expect(failureOf(snapshot, 'signIn')?.message).toMatch(/do not match an account/);
    expect(failureOf(snapshot, 'signUp')).toBeNull();
    expect(world.storage).toBeNull();
    // Refused: a visitor's saved order is still theirs to hand over (and the login still the purchase's step).
    expect(world.handOvers).toBe(0);
    expect(world.calls.signIn).toEqual([
      { username: 'ada@example.com', password: 'pw', params: { rememberMe: true }, submissionRequest: null },
    ]);
  });

  it('says when the server cannot be reached, and clears the message when asked', async () => {
    const { snapshot } = await replay(
      path(start(storedNone), signInWith(true)[0]!, [
        { type: 'xstate.error.actor.signIn', error: networkError() },
        { signedOut: 'idle' },
      ]),
    );
    expect(snapshot.context.failure?.message).toMatch(/could not be reached/);
    const cleared = await replay(
      path(
        start(storedNone),
        signInWith(true)[0]!,
        [{ type: 'xstate.error.actor.signIn', error: networkError() }, { signedOut: 'idle' }],
        [{ type: 'auth.clearError' }, { signedOut: 'idle' }],
      ),
    );
    expect(cleared.snapshot.context.failure).toBeNull();
  });

  it('signs in, stores the tokens under the specified keys’ object, and goes where the screen asked', async () => {
    const { snapshot, world } = await replay(path(start(storedNone), ...signInWith(false)));
    expect(world.storage).toEqual({
      ...ada,
      token: 'access-1',
      refreshToken: 'refresh-1',
      rememberMe: false,
      expiresAt: NOW + 900_000,
    });
    expect(world.cookies.get('remember')).toBe('false');
    expect(world.nexts).toEqual(['/dashboard']);
    expect(snapshot.context.rememberCookie).toBe('false');
    // Signed in: the order saved as a visitor went with it, so a later login here is not the purchase's.
    expect(world.handOvers).toBe(1);
  });

  it('refreshes a minute before the access token expires, and not before', async () => {
    const { actor, answer } = harness();
    answer('readStoredSession', 'done', storedNone);
    await settle();
    actor.send({ type: 'auth.signIn', username: 'ada@example.com', password: 'pw', rememberMe: true });
    answer('signIn', 'done', session(true));
    await settle();
    // expiresIn 900 s: the refresh is due at 840 s.
    await vi.advanceTimersByTimeAsync(840_000 - 1);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'refreshing' });
    actor.stop();
  });

  it('rotates the tokens on refresh and keeps the user signed in', async () => {
    const { snapshot, world } = await replay(
      path(
        start(storedNone),
        ...signInWith(true),
        [{ type: 'xstate.after.refreshDelay.auth.signedIn.idle' }, { signedIn: 'refreshing' }],
        [{ type: 'xstate.done.actor.refreshSession', output: session(true, 2) }, { signedIn: 'idle' }],
      ),
    );
    expect(world.calls.refreshSession).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(world.storage?.token).toBe('access-2');
    expect(world.storage?.refreshToken).toBe('refresh-2');
    expect(snapshot.context.user?.refreshToken).toBe('refresh-2');
  });

  it('ends the session when a refresh is refused (a reused token ends its family) and goes to landing', async () => {
    const { snapshot, world } = await replay(
      path(
        start(storedGood),
        [{ type: 'xstate.done.actor.checkSession', output: ada }, { signedIn: 'idle' }],
        [{ type: 'auth.refresh' }, { signedIn: 'refreshing' }],
        [
          { type: 'xstate.error.actor.refreshSession', error: httpError(401, { message: 'Refresh token reused.' }) },
          { signedOut: 'idle' },
        ],
      ),
    );
    expect(snapshot.context.user).toBeNull();
    expect(world.storage).toBeNull();
    expect(world.landings).toBe(1);
  });

  it('keeps the session through an outage, retrying with a growing wait, and never gives up on it', async () => {
    const outage: Array<[Record<string, unknown>, unknown]> = [];
    for (let i = 0; i < MAX_REFRESH_FAILURES + 2; i++) {
      outage.push([{ type: 'xstate.after.refreshDelay.auth.signedIn.idle' }, { signedIn: 'refreshing' }]);
      outage.push([{ type: 'xstate.error.actor.refreshSession', error: networkError() }, { signedIn: 'idle' }]);
    }
    const { snapshot, world } = await replay(path(start(storedNone), ...signInWith(true), ...outage));
    expect(snapshot.context.refreshFailures).toBe(MAX_REFRESH_FAILURES);
    expect(snapshot.context.user?.token).toBe('access-1');
    expect(world.storage?.token).toBe('access-1');
    expect(world.landings).toBe(0);
    // The retries waited 10 s, 20 s, then 30 s each time (the wait grows no further), after the first attempt at 14 min.
    expect(Date.now() - NOW).toBe(840_000 + REFRESH_RETRY_MS * (1 + 2 + 3 + 3));
    // Back online: the next refresh succeeds and the count starts again.
    const back = await replay(
      path(
        start(storedNone),
        ...signInWith(true),
        ...outage,
        [{ type: 'xstate.after.refreshDelay.auth.signedIn.idle' }, { signedIn: 'refreshing' }],
        [{ type: 'xstate.done.actor.refreshSession', output: session(true, 2) }, { signedIn: 'idle' }],
      ),
    );
    expect(back.snapshot.context.refreshFailures).toBe(0);
    expect(back.world.storage?.token).toBe('access-2');
  });

  it('keeps the session when a refresh meets a 503, and retries', async () => {
    const { snapshot, world } = await replay(
      path(
        start(storedNone),
        ...signInWith(true),
        [{ type: 'auth.refresh' }, { signedIn: 'refreshing' }],
        [
          { type: 'xstate.error.actor.refreshSession', error: httpError(503, { message: 'Maintenance.' }) },
          { signedIn: 'idle' },
        ],
        [{ type: 'xstate.after.refreshDelay.auth.signedIn.idle' }, { signedIn: 'refreshing' }],
      ),
    );
    expect(snapshot.context.user?.refreshToken).toBe('refresh-1');
    expect(world.storage?.token).toBe('access-1');
    expect(world.landings).toBe(0);
    expect(world.calls.refreshSession).toEqual([{ refreshToken: 'refresh-1' }, { refreshToken: 'refresh-1' }]);
    expect(Date.now() - NOW).toBe(REFRESH_RETRY_MS);
  });

  it('keeps the session when a refresh is rate-limited (429) or times out', async () => {
    for (const error of [
      httpError(429, { message: 'Too many requests.' }),
      new TimeoutError(new Request('http://localhost/')),
    ]) {
      const { snapshot, world } = await replay(
        path(
          start(storedNone),
          ...signInWith(true),
          [{ type: 'auth.refresh' }, { signedIn: 'refreshing' }],
          [{ type: 'xstate.error.actor.refreshSession', error }, { signedIn: 'idle' }],
        ),
      );
      expect(isSignedIn(snapshot)).toBe(true);
      expect(world.storage?.token).toBe('access-1');
      expect(world.landings).toBe(0);
    }
  });

  it('ends the session when a refresh is answered 401', async () => {
    const { snapshot, world } = await replay(
      path(
        start(storedNone),
        ...signInWith(true),
        [{ type: 'auth.refresh' }, { signedIn: 'refreshing' }],
        [{ type: 'xstate.error.actor.refreshSession', error: httpError(401) }, { signedOut: 'idle' }],
      ),
    );
    expect(snapshot.context.user).toBeNull();
    expect(world.storage).toBeNull();
    expect(world.landings).toBe(1);
  });

  it('ends the session when the refresh token is rejected with a 400, even after a failed retry', async () => {
    const { world } = await replay(
      path(
        start(storedNone),
        ...signInWith(false),
        [{ type: 'auth.refresh' }, { signedIn: 'refreshing' }],
        [{ type: 'xstate.error.actor.refreshSession', error: networkError() }, { signedIn: 'idle' }],
        [{ type: 'xstate.after.refreshDelay.auth.signedIn.idle' }, { signedIn: 'refreshing' }],
        [
          { type: 'xstate.error.actor.refreshSession', error: httpError(400, { message: 'Invalid refresh token.' }) },
          { signedOut: 'idle' },
        ],
      ),
    );
    expect(world.storage).toBeNull();
    // Remember "false": every cookie goes, as with any sign-out.
    expect(world.cookies.size).toBe(0);
    expect(world.landings).toBe(1);
  });

  it('applies the 401 rule while signed in: signed out, storage cleared, landing', async () => {
    const { snapshot, world } = await replay(
      path(start(storedNone), ...signInWith(true), [{ type: 'auth.unauthorized' }, { signedOut: 'idle' }]),
    );
    expect(snapshot.context.user).toBeNull();
    expect(world.storage).toBeNull();
    expect(world.landings).toBe(1);
    // Remember-me was on: the 401 signs out, and a sign-out with remember "true" keeps the cookies.
    expect(world.cookies.get('remember')).toBe('true');
  });

  it('signs out quietly when the server ended every session (a password change), staying on the page', async () => {
    const { snapshot, world } = await replay(
      path(start(storedNone), ...signInWith(false), [{ type: 'auth.sessionEnded' }, { signedOut: 'idle' }]),
    );
    expect(snapshot.context.user).toBeNull();
    expect(world.storage).toBeNull();
    expect(world.cookies.size).toBe(0);
    expect(world.landings).toBe(0);
    expect(world.calls.revokeSession).toBeUndefined();
  });

  it('applies the 401 rule as a sign-out with remember "false": every cookie goes too', async () => {
    const { world } = await replay(
      path(start(storedNone), ...signInWith(false), [{ type: 'auth.unauthorized' }, { signedOut: 'idle' }]),
    );
    expect(world.storage).toBeNull();
    expect(world.cookies.size).toBe(0);
    expect(world.landings).toBe(1);
  });

  it('signs out with remember "false": revokes, clears the token, the user and every cookie, then landing', async () => {
    const { world } = await replay(
      path(
        start(storedNone),
        ...signInWith(false),
        [{ type: 'auth.signOut' }, { signingOut: 'revoking' }],
        [{ type: 'xstate.done.actor.revokeSession', output: undefined }, { signedOut: 'idle' }],
      ),
    );
    expect(world.calls.revokeSession).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(world.storage).toBeNull();
    expect(world.cookies.size).toBe(0);
    expect(world.landings).toBe(1);
  });

  it('signs out with remember "true": the cookies stay; a failed revoke changes nothing', async () => {
    const { world } = await replay(
      path(
        start(storedNone),
        ...signInWith(true),
        [{ type: 'auth.signOut' }, { signingOut: 'revoking' }],
        [{ type: 'xstate.error.actor.revokeSession', error: networkError() }, { signedOut: 'idle' }],
      ),
    );
    expect(world.storage).toBeNull();
    expect([...world.cookies.keys()].sort()).toEqual(['remember', 'theme']);
    expect(world.landings).toBe(1);
  });

  it('does not wait more than five seconds for the server to revoke', async () => {
    const { world } = await replay(
      path(
        start(storedGood),
        [{ type: 'xstate.done.actor.checkSession', output: ada }, { signedIn: 'idle' }],
        [{ type: 'auth.signOut' }, { signingOut: 'revoking' }],
        [{ type: `xstate.after.${SIGN_OUT_TIMEOUT_MS}.auth.signingOut.revoking` }, { signedOut: 'idle' }],
      ),
    );
    expect(Date.now() - NOW).toBe(SIGN_OUT_TIMEOUT_MS);
    expect(world.landings).toBe(1);
  });

  it('restores a stored session the server still accepts, taking the user’s current name', async () => {
    const renamed = { ...ada, firstname: 'Augusta' };
    const { snapshot, world } = await replay(
      path(start(storedGood), [{ type: 'xstate.done.actor.checkSession', output: renamed }, { signedIn: 'idle' }]),
    );
    expect(snapshot.context.user?.firstname).toBe('Augusta');
    expect(snapshot.context.user?.token).toBe('access-0');
    expect(world.storage?.firstname).toBe('Augusta');
    expect(world.landings).toBe(0);
  });

  it('renews an expired access token with the refresh token at start-up', async () => {
    const { snapshot, world } = await replay(
      path(start(storedExpired), [
        { type: 'xstate.done.actor.refreshSession', output: session(true, 2) },
        { signedIn: 'idle' },
      ]),
    );
    expect(world.calls.refreshSession).toEqual([{ refreshToken: 'refresh-0' }]);
    expect(world.calls.checkSession).toBeUndefined();
    expect(snapshot.context.user?.token).toBe('access-2');
  });

  it('tries the refresh token when the stored access token is refused, and signs out quietly if that fails too', async () => {
    const { snapshot, world } = await replay(
      path(
        start(storedGood),
        [{ type: 'xstate.error.actor.checkSession', error: httpError(401) }, { restoring: 'renewing' }],
        [{ type: 'xstate.error.actor.refreshSession', error: httpError(401) }, { signedOut: 'idle' }],
      ),
    );
    expect(snapshot.context.user).toBeNull();
    expect(world.storage).toBeNull();
    // The page the user opened stays: start-up never navigates.
    expect(world.landings).toBe(0);
  });

  it('keeps the session when offline at start-up with an expired access token, and retries the refresh', async () => {
    const { snapshot, world } = await replay(
      path(
        start(storedExpired),
        [{ type: 'xstate.error.actor.refreshSession', error: networkError() }, { signedIn: 'idle' }],
        [{ type: 'xstate.after.refreshDelay.auth.signedIn.idle' }, { signedIn: 'refreshing' }],
        [{ type: 'xstate.done.actor.refreshSession', output: session(true, 2) }, { signedIn: 'idle' }],
      ),
    );
    expect(world.calls.refreshSession).toEqual([{ refreshToken: 'refresh-0' }, { refreshToken: 'refresh-0' }]);
    expect(Date.now() - NOW).toBe(REFRESH_RETRY_MS);
    expect(snapshot.context.user?.token).toBe('access-2');
    expect(world.landings).toBe(0);
    // And while still offline, the stored session stays as it was.
    const offline = await replay(
      path(start(storedExpired), [
        { type: 'xstate.error.actor.refreshSession', error: networkError() },
        { signedIn: 'idle' },
      ]),
    );
    expect(isSignedIn(offline.snapshot)).toBe(true);
    expect(offline.snapshot.context.user?.refreshToken).toBe('refresh-0');
    expect(offline.world.storage?.refreshToken).toBe('refresh-0');
  });

  it('keeps the session when the server answers 503 to the start-up refresh', async () => {
    const { snapshot, world } = await replay(
      path(start(storedExpired), [
        { type: 'xstate.error.actor.refreshSession', error: httpError(503) },
        { signedIn: 'idle' },
      ]),
    );
    expect(isSignedIn(snapshot)).toBe(true);
    expect(world.storage?.refreshToken).toBe('refresh-0');
  });

  it('keeps a stored session through a reload, but not once the browser was closed without "Remember me"', async () => {
    const reloaded = await replay(
      path(start(storedReloaded), [{ type: 'xstate.done.actor.checkSession', output: ada }, { signedIn: 'idle' }]),
    );
    expect(reloaded.world.storage?.token).toBe('access-0');
    const closed = await replay(
      path([{ type: 'xstate.done.actor.readStoredSession', output: storedBrowserClosed }, { signedOut: 'idle' }]),
    );
    expect(closed.world.storage).toBeNull();
    expect(closed.world.calls.checkSession).toBeUndefined();
  });

  it('hands Google’s ID token over with the broker, and goes where the screen asked', async () => {
    const { world } = await replay(
      path(
        start(storedNone),
        [
          {
            type: 'auth.google',
            googletoken: 'google-id-token',
            clientId: 'harbor-risk',
            next: '/client/landing/harbor-risk',
          },
          { signedOut: 'signingInWithGoogle' },
        ],
        [{ type: 'xstate.done.actor.signInWithGoogle', output: session(false) }, { signedIn: 'idle' }],
      ),
    );
    expect(world.calls.signInWithGoogle).toEqual([
      { googletoken: 'google-id-token', params: { rememberMe: false }, clientId: 'harbor-risk' },
    ]);
    expect(world.nexts).toEqual(['/client/landing/harbor-risk']);
  });

  it('keeps a field error from sign-up for the screen', async () => {
    const { snapshot } = await replay(
      path(
        start(storedNone),
        [
          {
            type: 'auth.signUp',
            account: {
              email: 'ada@example.com',
              password: 'correct horse 1',
              firstname: 'Ada',
              lastname: 'Lovelace',
              insuredtype: 'individual',
            },
          },
          { signedOut: 'signingUp' },
        ],
        [
          {
            type: 'xstate.error.actor.signUp',
            error: httpError(409, { message: 'An account with this e-mail already exists.' }),
          },
          { signedOut: 'idle' },
        ],
      ),
    );
    expect(failureOf(snapshot, 'signUp')).toEqual({
      operation: 'signUp',
      status: 409,
      message: 'An account with this e-mail already exists.',
      fields: { email: 'already has an account' },
    });
  });
});

describe('describeAuthFailure', () => {
  it('passes field messages from a 400 through, by wire name', () => {
    const failure = describeAuthFailure(
      'signUp',
      httpError(400, { message: 'Invalid body', fields: { password: 'must contain a letter' } }),
    );
    expect(failure.fields).toEqual({ password: 'must contain a letter' });
    expect(failure.message).toMatch(/see the messages by each field/);
  });

  it('asks the user to wait as long as Retry-After says', () => {
    const failure = describeAuthFailure(
      'signIn',
      httpError(429, { message: 'Too many attempts.' }, { 'retry-after': '300' }),
    );
    expect(failure.message).toBe('Too many attempts. Please wait 5 minutes before trying again.');
  });

  it('uses the server’s words for other errors, and plain ones when it sent none', () => {
    expect(describeAuthFailure('google', httpError(503, { message: 'Maintenance until 10:00.' })).message).toBe(
      'We could not sign you in with Google. Maintenance until 10:00.',
    );
    expect(describeAuthFailure('signIn', httpError(502)).message).toBe(
      'We could not sign you in. The server answered with an error (502). Please try again in a moment.',
    );
  });
});

describe('refreshDelayMs', () => {
  it('refreshes a minute early for ordinary tokens, a fifth early for short ones, at once for expired ones', () => {
    expect(refreshDelayMs(NOW + 15 * 60_000, NOW)).toBe(14 * 60_000);
    expect(refreshDelayMs(NOW + 30_000, NOW)).toBe(24_000);
    expect(refreshDelayMs(NOW - 1, NOW)).toBe(0);
  });
});
