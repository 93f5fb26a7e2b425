import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { emailSchema } from '@shared/contract/auth';
import type { MailedDocument } from '@/api/documents';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import type { shareDocumentMachine } from '@/machines/share-document.machine';

/** Each mail as the insured reads it: the dialog's title and what it sends. */
export const MAIL_WORDS: Record<
  MailedDocument,
  { title: string; sends: (orderNumber: string) => string; sent: string }
> = {
  orderSummary: {
    title: 'E-mail the order summary',
    sends: (orderNumber) => `We send the summary of order ${orderNumber}, as a PDF, to this address.`,
    sent: 'The order summary',
  },
  orderConfirmation: {
    title: 'E-mail my order confirmation',
    sends: (orderNumber) =>
      `We send the confirmation of order ${orderNumber}, with your policy documents attached, to this address.`,
    sent: 'Your order confirmation',
  },
};

const SHOWN_FIELDS = ['to'] as const;

/**
 * "E-mail the order summary" / "E-mail my order confirmation": one address, checked with the
 * contract's rule before it is sent, then Send. Driven by the share-document machine the screen's
 * documents machine invoked; a refusal shows on the field (the address) or in the alert (a 429
 * says how long to wait), and the insured can change it and send again, or cancel.
 */
export function ShareDocumentDialog({ actor }: { actor: ActorRefFrom<typeof shareDocumentMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const { what, orderNumber, to, failure } = state.context;
  const sending = state.matches('sending');
  const words = MAIL_WORDS[what];
  const form = useForm(
    { to: { schema: emailSchema, name: 'E-mail address', initial: to } },
    failure?.fields.to ? { to: failure.fields.to } : {},
  );
  return (
    <FormDialog
      title={words.title}
      submitLabel="Send"
      busyLabel="Sending…"
      busy={sending}
      failure={failure}
      failureTitle="We could not send the e-mail"
      shownFields={SHOWN_FIELDS}
      onSubmit={() => {
        const values = form.submit();
        if (values) actor.send({ type: 'share.send', to: values.to });
      }}
      onCancel={() => {
        if (!sending) actor.send({ type: 'share.cancel' });
      }}
    >
      <p>{words.sends(orderNumber)}</p>
      <TextField
        {...form.field('to')}
        label="E-mail address"
        type="email"
        autoComplete="email"
        spellCheck={false}
        data-autofocus
      />
    </FormDialog>
  );
}
