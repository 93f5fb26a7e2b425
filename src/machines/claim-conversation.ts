import { errorFields, errorText, serverMessage } from '@/api/api-error';
import { newSaveKey } from '@/api/saved-quote';
import type { ClaimMessage } from '@shared/contract/claims';
import { errorOf, outputOf } from '@/machines/actor-events';

/**
 * The conversation on a claim, as both sides hold it: the insured's claim page (claim.machine.ts)
 * and the handler's claims desk (claim-handling.machine.ts) write messages the same way — one
 * Idempotency-Key per message, kept while the same words are sent again, so a retry after a lost
 * answer sends it once; the box empties once it is sent; a refusal keeps the text and says why;
 * a 409 (the claim was closed meanwhile) fetches the claim again. What differs is who writes, and
 * so the words of the diagram.
 */

/** Why the last message (or move) was refused: the server's words, and its messages by field (`body`). */
export interface MessageFailure {
  message: string;
  fields: Record<string, string>;
}

/** A refusal in the server's words (a 409 names the status), or why it was not reached. */
export function refusalOf(error: unknown): MessageFailure {
  return { message: serverMessage(error) ?? errorText(error), fields: errorFields(error) };
}

/** Adds what the server answered to a list, once (a retry answers the same record again). */
export function withRecords<T extends { id: number }>(list: readonly T[], added: readonly T[]): T[] {
  const known = new Set(list.map((item) => item.id));
  return [...list, ...added.filter((item) => !known.has(item.id))];
}

export interface ConversationContext {
  /** The Idempotency-Key of the message being sent: made once per message, kept when the same text is sent again. */
  messageKey: string;
  /** The text that key was sent with; null once it was sent. */
  lastSent: string | null;
  messageFailure: MessageFailure | null;
  /** How many messages were sent here: the box empties and the sending is announced each time. */
  sent: number;
}

export const conversationStart: ConversationContext = { messageKey: '', lastSent: null, messageFailure: null, sent: 0 };

/** A message about to be sent: the same words again keep their key (trimmed, as the server stores them). */
export function messageStarted(context: ConversationContext, body: string): Partial<ConversationContext> {
  const again = context.lastSent !== null && context.lastSent === body.trim();
  return { messageKey: again ? context.messageKey : newSaveKey(), lastSent: body.trim(), messageFailure: null };
}

/** The message the server recorded joins the conversation (once), and the box empties. */
export function messageStored<Detail extends { messages: ClaimMessage[] }>(
  context: ConversationContext & { detail: Detail | null },
  message: ClaimMessage,
) {
  return {
    detail: context.detail && { ...context.detail, messages: withRecords(context.detail.messages, [message]) },
    lastSent: null,
    sent: context.sent + 1,
  };
}

type Writer = 'insured' | 'handler';

const WORDS: Record<Writer, { region: string; idle: string; send: string; sent: string }> = {
  insured: {
    region: 'The messages, oldest first, and the box to write.',
    idle: 'The box waits for the insured; a refused message says why beside it.',
    send: 'The insured sends a message on the open claim.',
    sent: 'Sent: it joins the conversation and the box empties.',
  },
  handler: {
    region: 'The messages, oldest first, and the box to write to the insured.',
    idle: 'The box waits for the handler; a refused message says why beside it.',
    send: 'The handler writes to the insured on the open claim.',
    sent: 'Sent (and mailed to the insured): it joins the conversation and the box empties.',
  },
};

/**
 * The `conversation` region of a claim machine, whose id is `machineId`: it needs the actor
 * `sendMessage`, the guards `hasWords`, `isGone` and `isConflict`, the actions `startMessage`,
 * `storeMessage` and `storeMessageFailure`, and the states `notFound` and `refreshing`.
 */
export function conversationRegion<const MachineId extends string>(machineId: MachineId, writer: Writer) {
  const words = WORDS[writer];
  return {
    description: words.region,
    initial: 'idle',
    states: {
      idle: {
        description: words.idle,
        on: {
          'message.send': {
            guard: { type: 'hasWords', params: ({ event }: { event: { body: string } }) => event.body },
            target: 'sending',
            description: words.send,
            actions: { type: 'startMessage', params: ({ event }: { event: { body: string } }) => event.body },
          },
        },
      },
      sending: {
        description: 'The message is being sent; sending it again never sends it twice.',
        invoke: {
          id: 'sendMessage',
          src: 'sendMessage',
          input: ({ context }: { context: ConversationContext & { claimId: number } }) => ({
            claimId: context.claimId,
            body: context.lastSent!,
            idempotencyKey: context.messageKey,
          }),
          onDone: {
            target: 'idle',
            description: words.sent,
            actions: { type: 'storeMessage', params: outputOf<ClaimMessage> },
          },
          onError: [
            {
              guard: { type: 'isGone', params: errorOf },
              target: `#${machineId}.notFound`,
              description: 'The claim is gone.',
            },
            {
              guard: { type: 'isConflict', params: errorOf },
              target: `#${machineId}.refreshing`,
              description: 'The claim was closed meanwhile: it is fetched again, and the refusal says so.',
              actions: { type: 'storeMessageFailure', params: errorOf },
            },
            {
              target: 'idle',
              description: 'Refused or not reached: the box keeps the text and says why.',
              actions: { type: 'storeMessageFailure', params: errorOf },
            },
          ],
        },
      },
    },
  } as const;
}
