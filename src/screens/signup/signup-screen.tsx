import { useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { insuredTypes, signUpRequestSchema } from '@/api/contract/auth';
import { PasswordRules } from '@/components/form/password-rules';
import { ServerFailure } from '@/components/form/server-failure';
import { TextField } from '@/components/form/text-field';
import { useForm, type FieldSpecs } from '@/components/form/use-form';
import { GoogleSignInButton } from '@/components/google-sign-in-button';
import { ScreenLink } from '@/components/screen-link';
import { SignedInNotice } from '@/components/signed-in-notice';
import { useAuth } from '@/components/use-auth';
import { failureOf, isRestoring, signedInUser } from '@/machines/auth.machine';
import { screenHref } from '@/routes/screen-location';
import { useClientArea } from '@/routes/use-broker';
import { visitorOrder } from '@/api/saved-quote';

type Field = 'email' | 'password' | 'firstname' | 'lastname' | 'companyname' | 'insuredtype';
const { entries } = signUpRequestSchema;
const fields = {
  email: { schema: entries.email, name: 'E-mail address' },
  password: { schema: entries.password, name: 'Password' },
  firstname: { schema: entries.firstname, name: 'First name' },
  lastname: { schema: entries.lastname, name: 'Last name' },
  companyname: { schema: entries.companyname, name: 'Company name' },
  insuredtype: { schema: entries.insuredtype, name: 'Who the cover is for' },
} satisfies FieldSpecs<Field>;
const FIELD_ORDER = Object.keys(fields) as Field[];

const INSURED_TYPE_LABELS: Record<(typeof insuredTypes)[number], { label: string; hint: string }> = {
  individual: { label: 'Me, as an individual', hint: 'A sole practitioner or freelancer.' },
  business: { label: 'My business', hint: 'A practice, firm or company.' },
};

export default function SignupScreen() {
  const auth = useAuth();
  const clientid = useClientArea();
  const restoring = useSelector(auth, isRestoring);
  const user = useSelector(auth, signedInUser);
  const pending = useSelector(auth, (s) => s.matches('signingUp') || s.matches('signingInWithGoogle'));
  const failure = useSelector(auth, (s) => failureOf(s, 'signUp', 'google'));
  const form = useForm(fields, failure?.fields);
  const typeId = useId();
  const busy = pending || restoring;

  useEffect(() => {
    auth.send({ type: 'auth.clearError' });
  }, [auth]);

  // A quote saved before signing up becomes the account's, and the new account opens on it.
  const [order] = useState(visitorOrder);
  const confirmation = order
    ? screenHref({ screen: 'order', params: { submissionid: String(order.submissionId) } }, clientid)
    : screenHref({ screen: 'signupconfirmation' }, clientid);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Busy: the button stays focusable (aria-disabled), so a repeat submit lands here and is ignored.
    if (busy) return;
    const values = form.submit();
    if (!values) return;
    auth.send({
      type: 'auth.signUp',
      account: {
        email: values.email.trim(),
        password: values.password,
        firstname: values.firstname.trim(),
        lastname: values.lastname.trim(),
        companyname: values.companyname.trim(),
        insuredtype: values.insuredtype as (typeof insuredTypes)[number],
        ...(clientid ? { clientId: clientid } : {}),
        ...(order ? { submissionRequest: order.submissionRequest } : {}),
      },
      next: confirmation,
    });
  }

  const text = (name: Exclude<Field, 'insuredtype'>) => ({ ...form.field(name), readOnly: pending });
  const typeError = form.error('insuredtype');
  const typeErrorId = `${typeId}-error`;

  return (
    <section data-screen="signup" className="screen screen--narrow auth-screen" aria-labelledby="signup-title">
      <h1 id="signup-title">Create your account</h1>
      <p className="auth-screen__lead">
        Already have one? <ScreenLink screen="login">Log in</ScreenLink>
      </p>
      {order && (
        <p className="notice" data-saved-order={order.number}>
          Your quote is saved as order <strong>{order.number}</strong>. Create your account to keep it and buy it.
        </p>
      )}

      {user && !pending ? (
        <SignedInNotice user={user} next={screenHref({ screen: 'landing' }, clientid)} />
      ) : (
        <>
          {failure && (
            <ServerFailure
              title={failure.operation === 'google' ? 'Google sign-in did not work' : 'We could not create your account'}
              failure={failure}
              shownFields={FIELD_ORDER}
            >
              {failure.status === 409 && (
                <p>
                  <ScreenLink screen="login">Log in</ScreenLink> or{' '}
                  <ScreenLink screen="forgotpassword">reset your password</ScreenLink>.
                </p>
              )}
            </ServerFailure>
          )}
          <form className="form" noValidate onSubmit={submit} aria-busy={pending}>
            <TextField label="E-mail address" type="email" autoComplete="email" inputMode="email" {...text('email')} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={<PasswordRules password={form.values.password} />}
              {...text('password')}
            />
            <div className="form__row">
              <TextField label="First name" autoComplete="given-name" {...text('firstname')} />
              <TextField label="Last name" autoComplete="family-name" {...text('lastname')} />
            </div>
            <TextField label="Company name" autoComplete="organization" optional {...text('companyname')} />
            {/* A fieldset with a legend is already a group: the radios carry the state and the error. */}
            <fieldset className={`choices${typeError ? ' choices--invalid' : ''}`}>
              <legend>Who is the cover for?</legend>
              {insuredTypes.map((type, index) => (
                <label key={type} className="choice">
                  <input
                    type="radio"
                    name={`${typeId}-insuredtype`}
                    value={type}
                    checked={form.values.insuredtype === type}
                    onChange={() => {
                      if (!pending) form.setValue('insuredtype', type);
                    }}
                    onBlur={() => form.leave('insuredtype')}
                    ref={index === 0 ? form.register('insuredtype') : undefined}
                    required
                    aria-invalid={typeError ? true : undefined}
                    aria-describedby={typeError ? typeErrorId : undefined}
                    aria-disabled={pending || undefined}
                  />
                  <span>
                    <span className="choice__label">{INSURED_TYPE_LABELS[type].label}</span>
                    <span className="choice__hint">{INSURED_TYPE_LABELS[type].hint}</span>
                  </span>
                </label>
              ))}
              {typeError && (
                <p id={typeErrorId} className="field__error">
                  {typeError}
                </p>
              )}
            </fieldset>
            <div className="form__actions">
              <button type="submit" className="button" aria-disabled={busy || undefined}>
                {pending ? 'Creating your account…' : 'Create account'}
              </button>
            </div>
          </form>
          <GoogleSignInButton
            context="signup"
            onCredential={(googletoken) =>
              auth.send({ type: 'auth.google', googletoken, ...(clientid ? { clientId: clientid } : {}), ...(order ? { submissionRequest: order.submissionRequest } : {}), next: confirmation })
            }
          />
        </>
      )}
    </section>
  );
}
