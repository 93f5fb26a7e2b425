import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText, retryAfterSeconds, serverMessage } from '@/api/api-error';
import type { MailQueued } from '@shared/contract/documents';
import { mailDocument, type MailedDocument } from '@/api/documents';
import { errorOf } from '@/machines/actor-events';

export interface ShareDocumentInput {
  what: MailedDocument;
  submissionId: number;
  /** The order number people read, for the dialog's words. */
  orderNumber: string;
  /** The address the dialog starts with (the insured's own, when known). */
  to: string;
}

export interface ShareFailure {
  message: string;
  /** The server's messages by field (`to`). */
  fields: Record<string, string>;
}

export interface ShareDocumentContext extends ShareDocumentInput {
  failure: ShareFailure | null;
  queued: MailQueued | null;
}

export type ShareDocumentEvent = { type: 'share.send'; to: string } | { type: 'share.cancel' };

/** What the machine ends with: which mail for which order, and the mail queued, or null when the insured cancelled. */
export type ShareDocumentOutput = { what: MailedDocument; submissionId: number; queued: MailQueued | null };

/** A refusal in words: the address the server refused, too many mails in a while (429), or anything else. */
function refusal(error: unknown): ShareFailure {
  const status = errorStatus(error);
  const said = serverMessage(error);
  if (status === 429) {
    const wait = retryAfterSeconds(error);
    const words = said ?? 'Too many e-mails were sent just now.';
    if (wait === undefined) return { message: words, fields: {} };
    const after = wait < 90 ? `${wait} seconds` : `${Math.ceil(wait / 60)} minutes`;
    return { message: `${words}${/[.!?]$/.test(words) ? '' : '.'} Try again in ${after}.`, fields: {} };
  }
  if (status === 404) return { message: 'We could not find that order. It may belong to another account.', fields: {} };
  if (status === 400) return { message: said ?? 'Please check the address.', fields: errorFields(error) };
  return { message: said ?? errorText(error), fields: {} };
}

/**
 * "E-mail the order summary" (documents/shareOrderSummary) and "E-mail my order confirmation"
 * (emailtemplate/sendemailwithorderconfirmation): the insured gives an address, sends, and the
 * mail is queued with its documents. A refusal keeps the dialog open with the server's words (the
 * address it refused, or the 429 that says to wait) so the insured can change it and send again,
 * or cancel. Invoked by the documents machine, or used on its own; either way its output says
 * whether a mail was queued.
 */
export const shareDocumentMachine = setup({
  types: {
    context: {} as ShareDocumentContext,
    input: {} as ShareDocumentInput,
    events: {} as ShareDocumentEvent,
    output: {} as ShareDocumentOutput,
  },
  actors: {
    mailDocument: fromPromise<MailQueued, { what: MailedDocument; submissionId: number; to: string }>(({ input }) =>
      mailDocument(input.what, input.submissionId, input.to),
    ),
  },
  actions: {
    startSending: assign((_, to: string) => ({ to: to.trim(), failure: null })),
    requireAddress: assign((_, to: string) => ({
      to,
      failure: { message: 'Enter the e-mail address to send it to.', fields: { to: 'is required' } },
    })),
    storeQueued: assign((_, queued: MailQueued) => ({ queued })),
    storeRefusal: assign((_, error: unknown) => ({ failure: refusal(error) })),
  },
  guards: {
    hasAddress: (_, to: string) => to.trim() !== '',
  },
}).createMachine({
  id: 'shareDocument',
  context: ({ input }) => ({ ...input, failure: null, queued: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The insured is asked for the e-mail address to send the document to.',
      on: {
        'share.send': [
          {
            description: 'The insured sends it.',
            guard: { type: 'hasAddress', params: ({ event }) => event.to },
            target: 'sending',
            actions: { type: 'startSending', params: ({ event }) => event.to },
          },
          {
            target: 'refused',
            description: 'The insured sends with no address: they are asked for one, and nothing is sent.',
            actions: { type: 'requireAddress', params: ({ event }) => event.to },
          },
        ],
        'share.cancel': { target: 'cancelled', description: 'The insured closes the dialog without sending.' },
      },
    },
    sending: {
      description: 'The e-mail with the document is being queued.',
      invoke: {
        id: 'mailDocument',
        src: 'mailDocument',
        input: ({ context }) => ({ what: context.what, submissionId: context.submissionId, to: context.to }),
        onDone: {
          target: 'sent',
          description: 'The e-mail is queued.',
          actions: { type: 'storeQueued', params: ({ event }) => event.output },
        },
        onError: {
          target: 'refused',
          description: 'Refused (an address not taken, too many e-mails) or not reached: the dialog says why.',
          actions: { type: 'storeRefusal', params: errorOf },
        },
      },
    },
    // As editing, with the refusal shown: change the address and send again, or cancel.
    refused: {
      description:
        'The dialog stays open with the reason it was not sent, to change the address and send again, or cancel.',
      on: {
        'share.send': [
          {
            description: 'The insured sends it again.',
            guard: { type: 'hasAddress', params: ({ event }) => event.to },
            target: 'sending',
            actions: { type: 'startSending', params: ({ event }) => event.to },
          },
          {
            description: 'The insured sends with no address: they are asked for one, and nothing is sent.',
            actions: { type: 'requireAddress', params: ({ event }) => event.to },
          },
        ],
        'share.cancel': { target: 'cancelled', description: 'The insured closes the dialog without sending.' },
      },
    },
    sent: { description: 'The e-mail is on its way; the screen announces it.', type: 'final' },
    cancelled: { description: 'The insured closed the dialog; nothing was sent.', type: 'final' },
  },
  output: ({ context }) => ({ what: context.what, submissionId: context.submissionId, queued: context.queued }),
});
