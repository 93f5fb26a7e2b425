import { useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { emailSchema, signInRequestSchema } from '@shared/contract/auth';
import { ServerFailure } from '@/components/form/server-failure';
import { TextField } from '@/components/form/text-field';
import { useForm, type FieldSpecs } from '@/components/form/use-form';
import { GoogleSignInButton } from '@/components/google-sign-in-button';
import { ScreenLink } from '@/components/screen-link';
import { SignedInNotice } from '@/components/signed-in-notice';
import { useAuth } from '@/components/use-auth';
import { failureOf, isRestoring, signedInUser } from '@/machines/auth.machine';
import { screenHref } from '@/routes/screen-location';
import { safeRedirect } from '@/routes/search-params';
import { useClientArea } from '@/routes/use-broker';
import { visitorOrder } from '@/api/saved-quote';
import { PurchaseProgress } from '@/components/purchase/purchase-progress';

const fields = {
  email: { schema: emailSchema, name: 'E-mail address' },
  password: { schema: signInRequestSchema.entries.password, name: 'Password' },
} satisfies FieldSpecs<'email' | 'password'>;

export default function LoginScreen() {
  const auth = useAuth();
  const clientid = useClientArea();
  const { redirect } = useSearch({ strict: false }) as { redirect?: string };
  // A quote saved before signing in becomes the account's (issue 5).
  const [order] = useState(visitorOrder);
  // After signing in: back where the user was sent from, else straight on to buying that quote
  // (review and pay), else the dashboard — a home, not the landing page (issue 16).
  const next =
    safeRedirect(redirect) ??
    (order
      ? order.buying
        ? screenHref({ screen: 'payment', search: { submissionid: String(order.submissionId) } }, clientid)
        : screenHref({ screen: 'order', params: { submissionid: String(order.submissionId) } }, clientid)
      : undefined) ??
    screenHref({ screen: 'dashboard' }, clientid);

  const restoring = useSelector(auth, isRestoring);
  const user = useSelector(auth, signedInUser);
  const pending = useSelector(
    auth,
    (s) => s.matches({ signedOut: 'signingIn' }) || s.matches({ signedOut: 'signingInWithGoogle' }),
  );
  const failure = useSelector(auth, (s) => failureOf(s, 'signIn', 'google'));
  const form = useForm(fields, {
    email: failure?.fields.username ?? failure?.fields.email,
    password: failure?.fields.password,
  });
  const [rememberMe, setRememberMe] = useState(false);
  const rememberId = useId();
  const busy = pending || restoring;

  // A message from an earlier visit is not this visit's.
  useEffect(() => {
    auth.send({ type: 'auth.clearError' });
  }, [auth]);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Busy: the button stays focusable (aria-disabled), so a repeat submit lands here and is ignored.
    if (busy) return;
    const values = form.submit();
    if (!values) return;
    auth.send({
      type: 'auth.signIn',
      username: values.email.trim(),
      password: values.password,
      rememberMe,
      ...(order ? { submissionRequest: order.submissionRequest } : {}),
      next,
    });
  }

  return (
    <section data-screen="login" className="screen screen--narrow auth-screen" aria-labelledby="login-title">
      {order && <PurchaseProgress current="account" />}
      <h1 id="login-title">Log in</h1>
      <p className="auth-screen__lead">
        New here? <ScreenLink screen="signup">Create an account</ScreenLink> — it takes a minute.
      </p>

      {user && !pending ? (
        <SignedInNotice user={user} next={next} />
      ) : (
        <>
          {failure && (
            <ServerFailure
              title={failure.operation === 'google' ? 'Google sign-in did not work' : 'We could not sign you in'}
              failure={failure}
              shownFields={['username', 'email', 'password']}
            >
              {failure.status === 401 && failure.operation === 'signIn' && (
                <p>
                  <ScreenLink screen="forgotpassword">Reset your password</ScreenLink>
                </p>
              )}
            </ServerFailure>
          )}
          <form className="form" noValidate onSubmit={submit} aria-busy={pending}>
            <TextField
              label="E-mail address"
              type="email"
              autoComplete="username"
              inputMode="email"
              {...form.field('email')}
              readOnly={pending}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              {...form.field('password')}
              readOnly={pending}
            />
            <div className="checkbox">
              <input
                id={rememberId}
                type="checkbox"
                checked={rememberMe}
                onChange={(event) => {
                  if (!pending) setRememberMe(event.target.checked);
                }}
                aria-describedby={`${rememberId}-hint`}
                aria-disabled={pending || undefined}
              />
              <label htmlFor={rememberId}>Remember me</label>
              <p id={`${rememberId}-hint`} className="field__hint">
                Stay signed in on this device for 30 days. Leave it off on a shared computer.
              </p>
            </div>
            <div className="form__actions">
              <button type="submit" className="button" aria-disabled={busy || undefined}>
                {pending ? 'Signing in…' : 'Log in'}
              </button>
              <ScreenLink screen="forgotpassword">Forgot your password?</ScreenLink>
            </div>
          </form>
          <GoogleSignInButton
            context="signin"
            onCredential={(googletoken) =>
              auth.send({
                type: 'auth.google',
                googletoken,
                rememberMe,
                ...(clientid ? { clientId: clientid } : {}),
                ...(order ? { submissionRequest: order.submissionRequest } : {}),
                next,
              })
            }
          />
        </>
      )}
    </section>
  );
}
