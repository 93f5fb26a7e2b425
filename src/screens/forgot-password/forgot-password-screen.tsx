import { useMachine } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { emailSchema } from '@shared/contract/auth';
import { ServerFailure } from '@/components/form/server-failure';
import { TextField } from '@/components/form/text-field';
import { useForm, type FieldSpecs } from '@/components/form/use-form';
import { ScreenLink } from '@/components/screen-link';
import { forgotPasswordMachine } from '@/machines/forgot-password.machine';
import { useClientArea } from '@/routes/use-broker';

const fields = { email: { schema: emailSchema, name: 'E-mail address' } } satisfies FieldSpecs<'email'>;

export default function ForgotPasswordScreen() {
  const clientid = useClientArea();
  // The e-mailed link is branded when the request came from the client area.
  const [state, send] = useMachine(forgotPasswordMachine, { input: { clientId: clientid } });
  const { failure, email } = state.context;
  const form = useForm(fields, { email: failure?.fields.email });
  const sending = state.matches('sending');
  const sent = state.matches('sent');
  const sentHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Sending: the button stays focusable (aria-disabled), so a repeat submit lands here and is ignored.
    if (sending) return;
    const values = form.submit();
    if (values) send({ type: 'forgot.submit', email: values.email.trim() });
  }

  return (
    <section data-screen="forgotpassword" className="screen screen--narrow auth-screen" aria-labelledby="forgot-title">
      {sent ? (
        // Focus moves to the heading (above), which reads the news: no live region as well.
        <div className="auth-screen__done">
          <h1 id="forgot-title" ref={sentHeading} tabIndex={-1}>
            Check your e-mail
          </h1>
          <p>
            If an account exists for <strong>{email}</strong>, we have sent it a link to choose a new password. The link
            works once, within the next hour.
          </p>
          <p>Nothing arrived after a few minutes? Look in your spam folder, or check the address and ask again.</p>
          <p className="form__actions">
            <ScreenLink screen="login" className="button">
              Back to log in
            </ScreenLink>
            <button type="button" className="button button--secondary" onClick={() => send({ type: 'forgot.restart' })}>
              Use another address
            </button>
          </p>
        </div>
      ) : (
        <>
          <h1 id="forgot-title">Reset your password</h1>
          <p className="auth-screen__lead">
            Enter the e-mail address you signed up with and we will send you a link to choose a new password.
          </p>
          {failure && <ServerFailure title="We could not send the link" failure={failure} shownFields={['email']} />}
          <form className="form" noValidate onSubmit={submit} aria-busy={sending}>
            <TextField
              label="E-mail address"
              type="email"
              autoComplete="email"
              inputMode="email"
              {...form.field('email')}
              readOnly={sending}
            />
            <div className="form__actions">
              <button type="submit" className="button" aria-disabled={sending || undefined}>
                {sending ? 'Sending…' : 'Send the link'}
              </button>
              <ScreenLink screen="login">Back to log in</ScreenLink>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
