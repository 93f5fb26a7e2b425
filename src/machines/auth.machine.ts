import {
  assertEvent,
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import { errorFields, errorStatus, errorText, retryAfterSeconds, serverMessage } from '@/api/api-error';
import { isLogin, signIn, signInWithGoogle, signOut, signUp } from '@/api/auth';
import { forgetSavedQuote, handOverVisitorQuotes } from '@/api/saved-quote';
import type {
  GoogleSignInRequest,
  Session,
  SignInRequest,
  SignUpRequest,
  SubmissionRequest,
  User,
} from '@shared/contract/auth';
import {
  clearAllCookies,
  clearStoredUser,
  readStoredState,
  refreshSharedSession,
  storedUserFromSession,
  writeRememberCookie,
  writeStoredUser,
  type RememberCookie,
  type StoredState,
  type StoredUser,
} from '@/api/session-store';
import { errorOf } from '@/machines/actor-events';

/**
 * Who the user is (issue 3): restoring the session from storage at start-up, sign-in, sign-up,
 * Google sign-in, refreshing the access token before it expires, sign-out, and the 401 rule
 * (specification §4, §8). Created once at start-up (src/app/auth-actor.ts); screens read it and
 * send it events. Storage and cookies are touched only by the named actions and the
 * `readStoredSession` actor, and navigation only by `goToLanding` and `goToNext`, which the
 * router edge provides.
 *
 * Four phases, each a parent state: `restoring` (start-up), `signedOut` (with the sign-in,
 * sign-up and Google attempts inside), `signedIn` (with the renewals inside) and `signingOut`.
 * What ends a session from either inner state of `signedIn` (sign-out, the 401 rule, every
 * session ended) is written once on it, as start-up's quiet sign-out is on `restoring`.
 */

export type AuthOperation = 'signIn' | 'signUp' | 'google';

/** A failed sign-in, sign-up or Google sign-in, in words for the screen that asked. */
export interface AuthFailure {
  operation: AuthOperation;
  status: number | undefined;
  /** What to tell the user, in full sentences. */
  message: string;
  /** Field-level messages from a 400 (or a taken e-mail), by wire field name. */
  fields: Record<string, string>;
}

export interface AuthContext {
  /** The signed-in user with the tokens, exactly as ssp-auth-user keeps it; null when signed out. */
  user: StoredUser | null;
  /** The remember cookie as last read or written: sign-out clears every cookie when it is "false". */
  rememberCookie: RememberCookie;
  failure: AuthFailure | null;
  /** Where to go once a sign-in or sign-up succeeds (a path of this site). */
  next: string | null;
  /** Refreshes in a row that could not reach the server. */
  refreshFailures: number;
}

export type AuthEvent =
  | {
      type: 'auth.signIn';
      username: string;
      password: string;
      rememberMe: boolean;
      /** A quote saved before signing in, attached to the account (issue 5). */
      submissionRequest?: SubmissionRequest | undefined;
      next?: string;
    }
  | { type: 'auth.signUp'; account: SignUpRequest; next?: string }
  | {
      type: 'auth.google';
      googletoken: string;
      rememberMe?: boolean;
      clientId?: string;
      /** A quote saved before signing in, attached to the account (issue 5). */
      submissionRequest?: SubmissionRequest | undefined;
      next?: string;
    }
  | { type: 'auth.signOut' }
  | { type: 'auth.unauthorized' }
  /** The server has ended every session (a password change): sign out here too, quietly, staying on the page. */
  | { type: 'auth.sessionEnded' }
  | { type: 'auth.refresh' }
  | { type: 'auth.clearError' };

/** A refresh the server did not refuse (offline, a timeout, a 429 or a 5xx) is tried again this often, times the failures so far… */
export const REFRESH_RETRY_MS = 10_000;
/** …up to this many times the interval: the wait grows no further, and the session is kept (only a refusal ends it). */
export const MAX_REFRESH_FAILURES = 3;
/** How long sign-out waits for the server to revoke the refresh token before leaving anyway. */
export const SIGN_OUT_TIMEOUT_MS = 5_000;
/** A restored access token with less than this left is refreshed before anything else. */
const EXPIRY_SLACK_MS = 5_000;

/**
 * When to refresh: a minute before the access token expires, or a fifth of its remaining life
 * before for short ones; never negative, never longer than a timer can wait.
 */
export function refreshDelayMs(expiresAt: number, now: number): number {
  const remaining = expiresAt - now;
  if (remaining <= 0) return 0;
  return Math.min(2 ** 31 - 1, Math.round(remaining - Math.min(60_000, remaining / 5)));
}

function minutes(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds / 60));
  return whole === 1 ? 'a minute' : `${whole} minutes`;
}

const FALLBACK_MESSAGES: Record<AuthOperation, { unauthorized: string; other: string }> = {
  signIn: {
    unauthorized:
      'That e-mail address and password do not match an account. Check them and try again, or reset your password.',
    other: 'We could not sign you in.',
  },
  signUp: { unauthorized: 'We could not create your account.', other: 'We could not create your account.' },
  google: {
    unauthorized: 'Google could not confirm who you are. Please try again, or sign in with your e-mail address.',
    other: 'We could not sign you in with Google.',
  },
};

/** The words a screen shows for a failed sign-in, sign-up or Google sign-in. */
export function describeAuthFailure(operation: AuthOperation, error: unknown): AuthFailure {
  const status = errorStatus(error);
  const fields = { ...errorFields(error) };
  const fallback = FALLBACK_MESSAGES[operation];
  let message: string;
  if (status === undefined) {
    message = errorText(error);
  } else if (status === 429 || status === 423) {
    const wait = retryAfterSeconds(error);
    message = `${serverMessage(error) ?? 'Too many attempts.'} ${wait ? `Please wait ${minutes(wait)} before trying again.` : 'Please wait a while before trying again.'}`;
  } else if (status === 401 && operation === 'signIn') {
    message = fallback.unauthorized;
  } else if (status === 401) {
    message = serverMessage(error) ?? fallback.unauthorized;
  } else if (status === 409 && operation === 'signUp') {
    message = serverMessage(error) ?? 'An account with this e-mail address already exists.';
    fields.email ??= 'already has an account';
  } else if (status === 400 && Object.keys(fields).length > 0) {
    message = 'Some details need correcting: see the messages by each field.';
  } else {
    const detail =
      serverMessage(error) ?? `The server answered with an error (${status}). Please try again in a moment.`;
    message = `${fallback.other} ${detail}`;
  }
  return { operation, status, message: message.trim(), fields };
}

/**
 * The server refused the refresh token (401, or 400 for a malformed or unknown one): the only
 * refresh failure that ends a session. Offline, a timeout, a 429 or a 5xx keeps it.
 */
export function isRefreshRefused(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 401 || status === 400;
}

/**
 * Every way a session ends: sign-out, and the 401 rule, which is a sign-out too (§4, §8). The
 * token and the user go, and every cookie as well when the remember cookie is "false"
 * (clearAllCookiesUnlessRemembered decides, so each way out is one transition). `why` is the
 * transition's description, in words, without a full stop.
 */
function endSession<const Target extends string>(
  target: Target,
  why: string,
  then: readonly ('goToLanding' | 'forgetQuoteInProgress')[] = [],
) {
  return {
    target,
    actions: ['clearSession', 'clearAllCookiesUnlessRemembered', 'forgetUser', ...then],
    description: `${why}; with “remember me” off, every cookie is cleared too.`,
  } as const;
}

/** endSession, only when the server refused the refresh token (isRefreshRefused). */
function endRefusedSession<const Target extends string>(
  target: Target,
  why: string,
  then: readonly 'goToLanding'[] = [],
) {
  return { guard: { type: 'isRefreshRefused', params: errorOf }, ...endSession(target, why, then) } as const;
}

const OPERATION_WORDS: Record<AuthOperation, string> = {
  signIn: 'sign-in',
  signUp: 'sign-up',
  google: 'Google sign-in',
};

/**
 * How any sign-in ends (password, sign-up, Google): the session is stored and the page the screen
 * asked for opens, or the failure is kept in words for the screen that asked.
 */
function signInOutcome(operation: AuthOperation) {
  return {
    onDone: {
      target: '#auth.signedIn',
      description: `The ${OPERATION_WORDS[operation]} succeeded: the person is signed in and the page they were going to opens.`,
      actions: [
        { type: 'storeSession', params: ({ event }: { event: { output: Session } }) => event.output },
        'writeSession',
        // Whatever order this tab saved as a visitor went with the sign-in: it is the account's now.
        'handOverQuoteInProgress',
        { type: 'goToNext', params: ({ context }: { context: AuthContext }) => ({ next: context.next }) },
      ],
    },
    onError: {
      target: 'idle',
      description: `The ${OPERATION_WORDS[operation]} failed: refused, or the server was not reached, and the screen says why.`,
      actions: {
        type: 'storeFailure',
        params: ({ event }: { event: ErrorActorEvent }) => ({ operation, error: event.error }),
      },
    },
  } as const;
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** Storage and the remember cookie, as they are at start-up. */
    readStoredSession: fromPromise<StoredState>(async () => readStoredState()),
    /** GET insured/isLogin with the stored token. */
    checkSession: fromPromise<User | null>(async () => isLogin()),
    /** POST refreshtoken, once for all the tabs that share the session. */
    refreshSession: fromPromise<Session, { refreshToken: string }>(async ({ input }) =>
      refreshSharedSession(input.refreshToken),
    ),
    signIn: fromPromise<Session, SignInRequest>(async ({ input }) => signIn(input)),
    signUp: fromPromise<Session, SignUpRequest>(async ({ input }) => signUp(input)),
    signInWithGoogle: fromPromise<Session, GoogleSignInRequest>(async ({ input }) => signInWithGoogle(input)),
    /** POST auth/signout: revokes the refresh token. */
    revokeSession: fromPromise<void, { refreshToken: string }>(async ({ input }) => signOut(input.refreshToken)),
  },
  actions: {
    storeSession: assign((_, session: Session) => ({
      user: storedUserFromSession(session),
      rememberCookie: (session.rememberMe ? 'true' : 'false') as RememberCookie,
      failure: null,
      refreshFailures: 0,
    })),
    storeRestored: assign((_, stored: StoredState) => ({ user: stored.user, rememberCookie: stored.rememberCookie })),
    storeRememberCookie: assign((_, stored: StoredState) => ({ rememberCookie: stored.rememberCookie })),
    /** isLogin may say who the user is now (a changed name): the tokens stay. */
    updateUser: assign(({ context }, user: User | null) =>
      user && context.user ? { user: { ...context.user, ...user } } : {},
    ),
    forgetUser: assign({ user: null, next: null, refreshFailures: 0 }),
    rememberNext: assign((_, next: string | undefined) => ({ next: next ?? null, failure: null })),
    storeFailure: assign((_, failure: { operation: AuthOperation; error: unknown }) => ({
      failure: describeAuthFailure(failure.operation, failure.error),
    })),
    clearFailure: assign({ failure: null }),
    noteRefreshFailure: assign(({ context }) => ({
      refreshFailures: Math.min(MAX_REFRESH_FAILURES, context.refreshFailures + 1),
    })),
    /** ssp-auth-token, ssp-auth-user and the remember cookie. */
    writeSession: ({ context }) => {
      if (!context.user) return;
      writeStoredUser(context.user);
      writeRememberCookie(context.user.rememberMe);
    },
    /** Sign-out (§4) and the 401 rule (§8): the token and the user go. */
    clearSession: () => clearStoredUser(),
    forgetQuoteInProgress: () => forgetSavedQuote(),
    handOverQuoteInProgress: () => handOverVisitorQuotes(),
    /** Sign-out when the remember cookie is "false" (§4). */
    clearAllCookies: () => clearAllCookies(),
    /** Provided at the router edge: landing, or client/landing/{clientid} inside the client area. */
    goToLanding: () => {},
    /** Provided at the router edge: where the screen asked to go after signing in or up. */
    goToNext: (_, _params: { next: string | null }) => {},
  },
  guards: {
    hasNoStoredUser: (_, stored: StoredState) => stored.user === null,
    /** "Remember me" was off and the browser has been closed since: the remember cookie went with it. */
    isBrowserSessionOver: (_, stored: StoredState) =>
      stored.user?.rememberMe === false && stored.rememberCookie === null,
    isAccessTokenExpired: (_, stored: StoredState) =>
      stored.user !== null && stored.user.expiresAt <= Date.now() + EXPIRY_SLACK_MS,
    isUnauthorized: (_, error: unknown) => errorStatus(error) === 401,
    /** Refused (expired, revoked, or a reused token that ended its family): the session is over. */
    isRefreshRefused: (_, error: unknown) => isRefreshRefused(error),
    isRememberCookieFalse: ({ context }) => context.rememberCookie === 'false',
  },
  delays: {
    refreshDelay: ({ context }) =>
      context.refreshFailures > 0
        ? REFRESH_RETRY_MS * context.refreshFailures
        : refreshDelayMs(context.user?.expiresAt ?? 0, Date.now()),
  },
})
  // Setup's actions cannot name one another; an action made of named ones is added here.
  .extend({
    actions: {
      /** Every way a session ends: clearAllCookies when the remember cookie is "false", else nothing. */
      clearAllCookiesUnlessRemembered: enqueueActions<
        AuthContext,
        AuthEvent,
        undefined,
        AuthEvent,
        never,
        { type: 'clearAllCookies'; params: undefined },
        { type: 'isRememberCookieFalse'; params: undefined }
      >(({ check, enqueue }) => {
        if (check('isRememberCookieFalse')) enqueue('clearAllCookies');
      }),
    },
  })
  .createMachine({
    id: 'auth',
    // Too many ways to move for one readable picture in full: docs/machines draws it as an overview.
    meta: { diagram: 'overview' },
    context: { user: null, rememberCookie: null, failure: null, next: null, refreshFailures: 0 },
    initial: 'restoring',
    states: {
      restoring: {
        description:
          'Start-up: a session kept in this browser is looked for and checked before anyone is shown as signed in.',
        initial: 'reading',
        on: {
          // Start-up only learns the stored session is dead: no navigation away from the page opened.
          'auth.unauthorized': endSession(
            'signedOut',
            'The server refused the kept session: signed out quietly, staying on the page',
          ),
          'auth.sessionEnded': endSession(
            'signedOut',
            'The server ended every session (a password change): signed out quietly, staying on the page',
          ),
        },
        states: {
          reading: {
            description: 'The session kept in this browser, if any, is being read.',
            invoke: {
              id: 'readStoredSession',
              src: 'readStoredSession',
              onDone: [
                {
                  description: 'No one is signed in on this browser.',
                  guard: { type: 'hasNoStoredUser', params: ({ event }) => event.output },
                  target: '#auth.signedOut',
                  actions: { type: 'storeRememberCookie', params: ({ event }) => event.output },
                },
                {
                  description:
                    '“Remember me” was off and the browser has been closed since: the kept session is dropped.',
                  guard: { type: 'isBrowserSessionOver', params: ({ event }) => event.output },
                  target: '#auth.signedOut',
                  actions: [{ type: 'storeRememberCookie', params: ({ event }) => event.output }, 'clearSession'],
                },
                {
                  description: 'A session is kept but has run out (or nearly): it is renewed first.',
                  guard: { type: 'isAccessTokenExpired', params: ({ event }) => event.output },
                  target: 'renewing',
                  actions: { type: 'storeRestored', params: ({ event }) => event.output },
                },
                {
                  target: 'verifying',
                  description: 'A session is kept: the server is asked whether it is still good.',
                  actions: { type: 'storeRestored', params: ({ event }) => event.output },
                },
              ],
              onError: {
                target: '#auth.signedOut',
                description: 'The kept session could not be read: it is dropped.',
                actions: 'clearSession',
              },
            },
          },
          verifying: {
            description: 'The server is asked whether the kept session is still good.',
            invoke: {
              id: 'checkSession',
              src: 'checkSession',
              onDone: {
                target: '#auth.signedIn',
                description: 'It is: the person is signed in.',
                actions: [{ type: 'updateUser', params: ({ event }) => event.output }, 'writeSession'],
              },
              onError: [
                {
                  // The access token is refused: the refresh token may still be good.
                  description: 'The server refused it: the session is renewed, if it still can be.',
                  guard: { type: 'isUnauthorized', params: errorOf },
                  target: 'renewing',
                },
                // The server cannot be reached: keep the stored session; the next call decides.
                {
                  target: '#auth.signedIn',
                  description: 'The server could not be reached: the kept session is trusted until the next request.',
                },
              ],
            },
          },
          renewing: {
            description: 'The kept session is being renewed with the server.',
            invoke: {
              id: 'refreshSession',
              src: 'refreshSession',
              input: ({ context }) => ({ refreshToken: context.user?.refreshToken ?? '' }),
              onDone: {
                target: '#auth.signedIn',
                description: 'Renewed: the person is signed in.',
                actions: [{ type: 'storeSession', params: ({ event }) => event.output }, 'writeSession'],
              },
              onError: [
                // Refused: the stored session is dead; start-up signs out quietly, without navigating.
                endRefusedSession(
                  '#auth.signedOut',
                  'The server refused to renew the kept session: signed out quietly, staying on the page',
                ),
                // Offline, a timeout, a 429 or a 5xx: keep the stored session; the next refresh retries.
                {
                  target: '#auth.signedIn',
                  description:
                    'The server could not be reached: the kept session stays, and renewing is tried again later.',
                  actions: 'noteRefreshFailure',
                },
              ],
            },
          },
        },
      },

      signedOut: {
        description:
          'No one is signed in on this browser: the person can sign in, sign up or sign in with Google, and the attempt is checked.',
        initial: 'idle',
        states: {
          idle: {
            description: 'Signing in, signing up and signing in with Google are offered; a failed attempt says why.',
            on: {
              'auth.signIn': {
                target: 'signingIn',
                description: 'The person signs in by e-mail: with their e-mail address and password.',
                actions: { type: 'rememberNext', params: ({ event }) => event.next },
              },
              'auth.signUp': {
                target: 'signingUp',
                description: 'The person creates an account.',
                actions: { type: 'rememberNext', params: ({ event }) => event.next },
              },
              'auth.google': {
                target: 'signingInWithGoogle',
                description: 'The person signs in with Google: with their Google account.',
                actions: { type: 'rememberNext', params: ({ event }) => event.next },
              },
              'auth.clearError': {
                description: 'The last sign-in failure message is dismissed.',
                actions: 'clearFailure',
              },
            },
          },

          signingIn: {
            description: 'The e-mail and password are being checked.',
            invoke: {
              id: 'signIn',
              src: 'signIn',
              input: ({ event }) => {
                assertEvent(event, 'auth.signIn');
                return {
                  username: event.username,
                  password: event.password,
                  params: { rememberMe: event.rememberMe },
                  submissionRequest: event.submissionRequest ?? null,
                };
              },
              ...signInOutcome('signIn'),
            },
          },

          signingUp: {
            description: 'The new account is being created.',
            invoke: {
              id: 'signUp',
              src: 'signUp',
              input: ({ event }) => {
                assertEvent(event, 'auth.signUp');
                return event.account;
              },
              ...signInOutcome('signUp'),
            },
          },

          signingInWithGoogle: {
            description: 'The Google sign-in is being checked.',
            invoke: {
              id: 'signInWithGoogle',
              src: 'signInWithGoogle',
              input: ({ event }) => {
                assertEvent(event, 'auth.google');
                return {
                  googletoken: event.googletoken,
                  params: { rememberMe: event.rememberMe ?? false },
                  ...(event.clientId ? { clientId: event.clientId } : {}),
                  ...(event.submissionRequest ? { submissionRequest: event.submissionRequest } : {}),
                };
              },
              ...signInOutcome('google'),
            },
          },
        },
      },

      signedIn: {
        description:
          'The person is signed in: the session is renewed shortly before it runs out, and ends when they sign out or the server refuses it.',
        tags: ['signedIn'],
        initial: 'idle',
        // Written once for both inner states: a refusal or a sign-out ends the session, renewing or not.
        on: {
          'auth.signOut': { target: 'signingOut', description: 'The person signs out.' },
          'auth.unauthorized': endSession(
            'signedOut',
            'The server refused a request as not signed in: signed out, and the landing page opens',
            ['goToLanding'],
          ),
          // The page that said so stays on show (the change-password success).
          'auth.sessionEnded': endSession(
            'signedOut',
            'The server ended every session (a password change): signed out, staying on the page that said so',
          ),
        },
        states: {
          idle: {
            description: 'The session is good until shortly before it runs out.',
            after: {
              refreshDelay: {
                target: 'refreshing',
                description:
                  'Time to renew: shortly before the session runs out, or a while after a renewal that could not reach the server.',
              },
            },
            on: {
              'auth.refresh': {
                target: 'refreshing',
                description: 'Back from sleep or offline: the session has run out or nearly, so it is renewed now.',
              },
              'auth.clearError': {
                description: 'The last sign-in failure message is dismissed.',
                actions: 'clearFailure',
              },
            },
          },

          refreshing: {
            description: 'The session is being renewed with the server; the person stays signed in meanwhile.',
            invoke: {
              id: 'refreshSession',
              src: 'refreshSession',
              input: ({ context }) => ({ refreshToken: context.user?.refreshToken ?? '' }),
              onDone: {
                target: 'idle',
                description: 'Renewed.',
                actions: [{ type: 'storeSession', params: ({ event }) => event.output }, 'writeSession'],
              },
              onError: [
                // Refused (expired, revoked, or a reused token that ended its family): the session is over.
                endRefusedSession(
                  '#auth.signedOut',
                  'The server refused to renew the session: signed out, and the landing page opens',
                  ['goToLanding'],
                ),
                // Offline, a timeout, a 429 or a 5xx: keep the session and try again, waiting longer each time.
                {
                  target: 'idle',
                  description:
                    'The server could not be reached: the session stays, and renewing is tried again after a longer wait.',
                  actions: 'noteRefreshFailure',
                },
              ],
            },
          },
        },
      },

      signingOut: {
        description:
          'The person is being signed out: the server is asked to end the session, then this browser forgets it.',
        tags: ['signedIn', 'signingOut'],
        initial: 'revoking',
        on: {
          // The revoke call may itself answer 401 (an expired token): sign-out goes on regardless.
          'auth.unauthorized': { description: 'A refusal while signing out changes nothing: sign-out goes on.' },
        },
        states: {
          revoking: {
            description: 'The server is asked to end the session, for a few seconds at most.',
            invoke: {
              id: 'revokeSession',
              src: 'revokeSession',
              input: ({ context }) => ({ refreshToken: context.user?.refreshToken ?? '' }),
              // Whether or not the server could revoke it, the session ends here.
              onDone: { target: 'leaving', description: 'The server ended the session.' },
              onError: { target: 'leaving', description: 'The server could not end it: signing out goes on anyway.' },
            },
            after: {
              [SIGN_OUT_TIMEOUT_MS]: {
                target: 'leaving',
                description: 'No answer in time: signing out goes on anyway.',
              },
            },
          },
          leaving: {
            description:
              'The session and any quote in progress are forgotten on this browser, so the next person finds neither.',
            // The next person at this browser must not find this one's quote in progress.
            always: endSession('#auth.signedOut', 'Signed out: the landing page opens', [
              'forgetQuoteInProgress',
              'goToLanding',
            ]),
          },
        },
      },
    },
  });

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Still finding out whether a stored session is good (start-up). */
export function isRestoring(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('restoring');
}

export function isSignedIn(snapshot: AuthSnapshot): boolean {
  return snapshot.hasTag('signedIn');
}

export function signedInUser(snapshot: AuthSnapshot): StoredUser | null {
  return snapshot.hasTag('signedIn') ? snapshot.context.user : null;
}

/** The failure a screen should show: only its own operation's, never another screen's. */
export function failureOf(snapshot: AuthSnapshot, ...operations: AuthOperation[]): AuthFailure | null {
  const { failure } = snapshot.context;
  return failure && operations.includes(failure.operation) ? failure : null;
}
