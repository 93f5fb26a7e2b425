import { useEffect, type FormEvent } from 'react';
import { MAX_CLAIM_MESSAGE_LENGTH, type ClaimMessage } from '@shared/contract/claims';
import { ServerFailure } from '@/components/form/server-failure';
import { TextAreaField } from '@/components/form/text-area-field';
import { useForm } from '@/components/form/use-form';
import { formatMoment } from '@/components/format/dates';
import { refusal } from '@/components/format/failure-words';
import * as v from 'valibot';

type Viewer = 'insured' | 'handler';

const WORDS = {
  insured: {
    empty: 'No messages yet. Write to your claims handler below: they answer here, and you are mailed when they do.',
    label: 'Write to your claims handler',
    hint: 'They read it here and are told at once. Letters and photos go in Attachments.',
  },
  handler: {
    empty: 'No messages yet.',
    label: 'Write to the insured',
    hint: 'The insured reads it on the claim’s page and is mailed a copy.',
  },
} as const;

/** Who wrote a message, as the reader says it: the insured reads "You" for their own, the handler "You" for a handler's. */
function authorWords(message: ClaimMessage, viewer: Viewer): string {
  if (message.author === viewer) return viewer === 'insured' ? 'You' : `${message.authorName} (claims)`;
  return message.author === 'handler' ? `${message.authorName}, claims handler` : message.authorName;
}

const bodySchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('is empty: write something to send'),
  v.maxLength(MAX_CLAIM_MESSAGE_LENGTH, `must be at most ${MAX_CLAIM_MESSAGE_LENGTH} characters`),
);

/**
 * The messages on a claim, oldest first, as a conversation (the reader's own on the right), and
 * while the claim is open the box to write. The box empties once a message is sent (the parent
 * gives a new `key`); a refusal shows above it in the server's words and keeps the text.
 */
export function ClaimConversation({
  messages,
  viewer,
  open,
  sending,
  sent,
  failure,
  onSend,
}: {
  messages: readonly ClaimMessage[];
  viewer: Viewer;
  /** Whether the claim takes messages: a closed one shows the conversation only. */
  open: boolean;
  sending: boolean;
  /** How many messages were sent here: each is announced. */
  sent: number;
  failure: { message: string; fields: Record<string, string> } | null;
  onSend: (body: string) => void;
}) {
  const words = WORDS[viewer];
  return (
    <>
      {messages.length === 0 ? (
        <p className="claim-conversation__empty">{words.empty}</p>
      ) : (
        <ol className="claim-conversation">
          {messages.map((message) => (
            <li
              key={message.id}
              className={`claim-message claim-message--${message.author === viewer ? 'mine' : 'theirs'}`}
              data-author={message.author}
            >
              <p className="claim-message__meta">
                <span className="claim-message__author">{authorWords(message, viewer)}</span>{' '}
                <time dateTime={message.createdAt}>{formatMoment(message.createdAt)}</time>
              </p>
              <p className="claim-message__body">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {/* Once the claim is closed, "Message sent." would read as if the box still took messages. */}
      <p role="status" className={sent > 0 && open ? 'claim-conversation__said' : 'visually-hidden'}>
        {sent > 0 && open ? 'Message sent.' : ''}
      </p>
      {/* Refused because the claim was closed meanwhile: the box is gone, the reason stays. */}
      {!open && failure && (
        <div className="notice notice--error" role="alert">
          <p>Your message was not sent. {refusal(failure.message, failure.fields).message}</p>
        </div>
      )}
      {open && (
        <MessageBox
          // A fresh, empty box once a message is sent.
          key={sent}
          // After a message is sent, the writer is put back in the fresh box (it replaced the one they were in).
          focusOnMount={sent > 0}
          label={words.label}
          hint={words.hint}
          sending={sending}
          failure={failure && refusal(failure.message, failure.fields)}
          onSend={onSend}
        />
      )}
    </>
  );
}

function MessageBox({
  focusOnMount,
  label,
  hint,
  sending,
  failure,
  onSend,
}: {
  focusOnMount: boolean;
  label: string;
  hint: string;
  sending: boolean;
  failure: { message: string; fields: Record<string, string> } | null;
  onSend: (body: string) => void;
}) {
  const form = useForm({ body: { schema: bodySchema, name: 'Your message' } }, failure?.fields);
  const { focus } = form;
  useEffect(() => {
    if (focusOnMount) focus('body');
  }, [focusOnMount, focus]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Sending: the button stays focusable (aria-disabled), so a repeat lands here and is ignored.
    if (sending) return;
    const values = form.submit();
    if (values) onSend(values.body);
  }

  return (
    <form className="form claim-conversation__form" noValidate onSubmit={submit} aria-busy={sending}>
      {failure && <ServerFailure title="Your message was not sent" failure={failure} shownFields={['body']} />}
      <TextAreaField label={label} hint={hint} rows={4} {...form.field('body')} readOnly={sending} />
      <div className="form__actions">
        <button type="submit" className="button" aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
