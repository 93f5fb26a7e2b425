import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, retryAfterSeconds, serverMessage } from '@/api/api-error';
import { forgotPassword } from '@/api/auth';
import { errorOf } from '@/machines/actor-events';

export interface ForgotPasswordContext {
  /** The broker's client URL inside the client area: the e-mailed link is branded then. */
  clientId: string | undefined;
  email: string;
  failure: { message: string; fields: Record<string, string> } | null;
}

export type ForgotPasswordEvent = { type: 'forgot.submit'; email: string } | { type: 'forgot.restart' };

/** Words for a request that did not go through. The answer itself never says whether the address exists. */
export function describeForgotFailure(error: unknown): { message: string; fields: Record<string, string> } {
  const status = errorStatus(error);
  const fields = errorFields(error);
  if (status === 429) {
    const wait = retryAfterSeconds(error);
    const minutes = wait ? Math.max(1, Math.ceil(wait / 60)) : undefined;
    return {
      message: `Too many reset requests. ${minutes ? `Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.` : 'Please wait a while and try again.'}`,
      fields,
    };
  }
  if (status === 400 && Object.keys(fields).length) return { message: 'Please check the e-mail address.', fields };
  if (status === undefined) return { message: errorText(error), fields };
  return {
    message: `We could not send the reset link. ${serverMessage(error) ?? `The server answered with an error (${status}). Please try again in a moment.`}`,
    fields,
  };
}

/** The forgot-password screen: one request, then the same neutral confirmation whatever the address. */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    input: {} as { clientId?: string | undefined },
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    /** POST auth/forgotpassword {email, clientId}. */
    requestReset: fromPromise<void, { email: string; clientId: string | undefined }>(async ({ input }) => {
      await forgotPassword(input.email, input.clientId);
    }),
  },
  actions: {
    storeEmail: assign((_, email: string) => ({ email, failure: null })),
    storeFailure: assign((_, error: unknown) => ({ failure: describeForgotFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ clientId: input.clientId, email: '', failure: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The person types the e-mail address of their account to be sent a reset link.',
      on: {
        'forgot.submit': {
          target: 'sending',
          description: 'The person asks for the reset link.',
          actions: { type: 'storeEmail', params: ({ event }) => event.email },
        },
      },
    },
    sending: {
      description: 'The reset link is being requested.',
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email, clientId: context.clientId }),
        onDone: { target: 'sent', description: 'The request was taken.' },
        onError: {
          target: 'editing',
          description: 'Refused (too many requests, a malformed address) or not reached: the form says why.',
          actions: { type: 'storeFailure', params: errorOf },
        },
      },
    },
    sent: {
      description:
        'The person is told a link is on its way if the address has an account (the same words whatever the address).',
      on: {
        'forgot.restart': {
          target: 'editing',
          description: 'The person asks again, for another address.',
          actions: 'clearFailure',
        },
      },
    },
  },
});
