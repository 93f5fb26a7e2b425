import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import { checkResetToken, updatePassword } from '@/api/auth';
import { resetTokenSchema } from '@shared/contract/auth';
import { errorOf } from '@/machines/actor-events';

export interface ChangePasswordContext {
  token: string;
  failure: { message: string; fields: Record<string, string> } | null;
}

export type ChangePasswordEvent = { type: 'password.submit'; newpassword: string } | { type: 'password.retry' };

/** A reset token the server will not take: unknown, used, expired, or not a token at all. */
export function isRefusedToken(error: unknown): boolean {
  const status = errorStatus(error);
  if (status === 400) return 'token' in errorFields(error) || !('newpassword' in errorFields(error));
  return status === 401 || status === 403 || status === 404 || status === 410;
}

function describeFailure(error: unknown): { message: string; fields: Record<string, string> } {
  const status = errorStatus(error);
  const fields = errorFields(error);
  if (status === undefined) return { message: errorText(error), fields };
  if (status === 400 && Object.keys(fields).length) return { message: 'Please choose another password.', fields };
  return {
    message: serverMessage(error) ?? `The server answered with an error (${status}). Please try again in a moment.`,
    fields,
  };
}

/**
 * The change-password screen (changepassword/{token}): the token is checked on arrival; a good
 * one lets the user set a new password, once (the server then ends every session).
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    input: {} as { token: string },
    events: {} as ChangePasswordEvent,
  },
  actors: {
    /** POST auth/changepassword {token}. */
    checkToken: fromPromise<void, { token: string }>(async ({ input }) => checkResetToken(input.token)),
    /** POST auth/updatepassword {token, newpassword}. */
    savePassword: fromPromise<void, { token: string; newpassword: string }>(async ({ input }) =>
      updatePassword(input.token, input.newpassword),
    ),
  },
  actions: {
    storeFailure: assign((_, error: unknown) => ({ failure: describeFailure(error) })),
    clearFailure: assign({ failure: null }),
    /**
     * The server has ended every session, this browser's too: provided by the screen, which tells
     * the auth actor (auth.sessionEnded) so the page stops showing the user as signed in.
     */
    endSessions: () => {},
  },
  guards: {
    /** Not even shaped like a token (a mangled link): no need to ask the server. */
    isMalformedToken: ({ context }) => !v.is(resetTokenSchema, context.token),
    isRefusedToken: (_, error: unknown) => isRefusedToken(error),
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({ token: input.token, failure: null }),
  initial: 'arriving',
  states: {
    arriving: {
      description: 'The person opened the link from the password-reset e-mail; the link is given a first look.',
      always: [
        { guard: 'isMalformedToken', target: 'invalid', description: 'The link is not one the site sent.' },
        { target: 'checking', description: 'The link looks right: the server is asked about it.' },
      ],
    },
    checking: {
      description: 'The server is asked whether the reset link is still good.',
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'ready', description: 'The link is good.', actions: 'clearFailure' },
        onError: [
          {
            description: 'The link is unknown, used or expired.',
            guard: { type: 'isRefusedToken', params: errorOf },
            target: 'invalid',
          },
          {
            target: 'unreachable',
            description: 'The server could not be reached.',
            actions: { type: 'storeFailure', params: errorOf },
          },
        ],
      },
    },
    unreachable: {
      description: 'The link could not be checked; the reason shows with Try again.',
      on: { 'password.retry': { target: 'checking', description: 'The person tries again.' } },
    },
    ready: {
      description: 'The person is asked for a new password (and shown why the last one was refused, if it was).',
      on: {
        'password.submit': {
          target: 'saving',
          description: 'The person submits the new password.',
          actions: 'clearFailure',
        },
      },
    },
    saving: {
      description: 'The new password is being saved.',
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context, event }) => ({
          token: context.token,
          newpassword: event.type === 'password.submit' ? event.newpassword : '',
        }),
        onDone: {
          target: 'changed',
          description: 'Saved: every session of the account is ended.',
          actions: 'endSessions',
        },
        onError: [
          {
            description: 'The link was used or expired meanwhile.',
            guard: { type: 'isRefusedToken', params: errorOf },
            target: 'invalid',
          },
          {
            target: 'ready',
            description: 'Refused or not reached: the form says why.',
            actions: { type: 'storeFailure', params: errorOf },
          },
        ],
      },
    },
    changed: {
      description:
        'The password is changed: every device is signed out, and the person is asked to log in with the new one.',
      type: 'final',
    },
    invalid: {
      description:
        'The reset link cannot be used (expired, already used or copied incompletely); the person can ask for a new one.',
      type: 'final',
    },
  },
});
