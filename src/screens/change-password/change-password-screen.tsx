import { useParams } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { updatePasswordRequestSchema } from '@shared/contract/auth';
import { PasswordRules } from '@/components/form/password-rules';
import { ServerFailure } from '@/components/form/server-failure';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import { ScreenLink } from '@/components/screen-link';
import { useAuth } from '@/components/use-auth';
import { changePasswordMachine } from '@/machines/change-password.machine';

export default function ChangePasswordScreen() {
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  // A new link is a new flow.
  return <ChangePassword key={token} token={token} />;
}

function ChangePassword({ token }: { token: string }) {
  const auth = useAuth();
  // The server ends every session once the password is changed: this browser signs out too,
  // quietly, so the header stops showing the user; the success message stays on show.
  const [machine] = useState(() =>
    changePasswordMachine.provide({ actions: { endSessions: () => auth.send({ type: 'auth.sessionEnded' }) } }),
  );
  const [state, send] = useMachine(machine, { input: { token } });
  const { failure } = state.context;
  const heading = useRef<HTMLHeadingElement>(null);
  const settled = state.matches('invalid') || state.matches('changed');

  useEffect(() => {
    if (settled) heading.current?.focus();
  }, [settled]);

  if (state.matches('arriving') || state.matches('checking')) {
    return (
      <section
        data-screen="changepassword"
        className="screen screen--narrow auth-screen"
        aria-busy="true"
        aria-labelledby="change-title"
      >
        <h1 id="change-title">Choose a new password</h1>
        <p className="notice">Checking your link…</p>
      </section>
    );
  }

  if (state.matches('invalid')) {
    return (
      <section
        data-screen="changepassword"
        className="screen screen--narrow auth-screen"
        aria-labelledby="change-title"
      >
        <h1 id="change-title" ref={heading} tabIndex={-1}>
          This link cannot be used
        </h1>
        <p>
          Password links work once, for an hour. This one has expired, has already been used, or was copied incompletely
          from the e-mail.
        </p>
        <p>
          <ScreenLink screen="forgotpassword" className="button">
            Ask for a new link
          </ScreenLink>
        </p>
      </section>
    );
  }

  if (state.matches('changed')) {
    return (
      <section
        data-screen="changepassword"
        className="screen screen--narrow auth-screen"
        aria-labelledby="change-title"
      >
        {/* Focus moves to the heading, which reads the news: no live region as well. */}
        <div className="auth-screen__done">
          <h1 id="change-title" ref={heading} tabIndex={-1}>
            Your password has been changed
          </h1>
          <p>For your safety, every device that was signed in has been signed out. Log in with your new password.</p>
          <p>
            <ScreenLink screen="login" className="button">
              Log in
            </ScreenLink>
          </p>
        </div>
      </section>
    );
  }

  return (
    <section data-screen="changepassword" className="screen screen--narrow auth-screen" aria-labelledby="change-title">
      <h1 id="change-title">Choose a new password</h1>
      {state.matches('unreachable') ? (
        <div className="notice notice--error" role="alert">
          <p>We could not check your link. {failure?.message}</p>
          <button type="button" className="button" onClick={() => send({ type: 'password.retry' })}>
            Try again
          </button>
        </div>
      ) : (
        <NewPasswordForm
          saving={state.matches('saving')}
          failure={failure}
          onSubmit={(newpassword) => send({ type: 'password.submit', newpassword })}
        />
      )}
    </section>
  );
}

function NewPasswordForm({
  saving,
  failure,
  onSubmit,
}: {
  saving: boolean;
  failure: { message: string; fields: Record<string, string> } | null;
  onSubmit: (newpassword: string) => void;
}) {
  const form = useForm(
    {
      newpassword: { schema: updatePasswordRequestSchema.entries.newpassword, name: 'New password' },
      confirmation: {
        // Checked against the new password as typed now.
        schema: (values) =>
          v.pipe(
            v.string(),
            v.nonEmpty('is required'),
            v.check((value) => value === values.newpassword, 'must match the new password'),
          ),
        name: 'The confirmation',
      },
    },
    { newpassword: failure?.fields.newpassword },
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    // Saving: the button stays focusable (aria-disabled), so a repeat submit lands here and is ignored.
    if (saving) return;
    const values = form.submit();
    if (values) onSubmit(values.newpassword);
  }

  return (
    <>
      {failure && (
        <ServerFailure title="We could not change your password" failure={failure} shownFields={['newpassword']} />
      )}
      <form className="form" noValidate onSubmit={submit} aria-busy={saving}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={<PasswordRules password={form.values.newpassword} />}
          {...form.field('newpassword')}
          readOnly={saving}
        />
        <TextField
          label="Confirm the new password"
          type="password"
          autoComplete="new-password"
          {...form.field('confirmation')}
          readOnly={saving}
        />
        <div className="form__actions">
          <button type="submit" className="button" aria-disabled={saving || undefined}>
            {saving ? 'Saving…' : 'Change password'}
          </button>
        </div>
      </form>
    </>
  );
}
