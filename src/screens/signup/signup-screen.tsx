import { useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { requiredPhoneSchema, requiredText, zip5Schema } from '@shared/contract/address';
import { insuredTypes, newPasswordFor, signUpRequestSchema } from '@shared/contract/auth';
import { readSavedQuote } from '@/api/saved-quote';
import { CoverSummary } from '@/components/purchase/cover-summary';
import { PurchaseProgress } from '@/components/purchase/purchase-progress';
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

type Field =
  | 'email'
  | 'password'
  | 'firstname'
  | 'lastname'
  | 'companyname'
  | 'insuredtype'
  | 'contactnumber'
  | 'address1'
  | 'address2'
  | 'zipcode'
  | 'acceptTerms';
const { entries } = signUpRequestSchema;
/**
 * Buying a saved quote, the street address is asked (its ZIP is the quote's); signing up on its
 * own, it may wait until the first purchase — but a street address given needs its ZIP.
 */
const fieldsFor = (quotedZip: string | undefined) =>
  ({
    email: { schema: entries.email, name: 'E-mail address' },
    // The schema's rule plus the server's e-mail rule, in the server's words.
    password: {
      schema: (values: Readonly<Record<string, string>>) => newPasswordFor(values.email ?? ''),
      name: 'Password',
    },
    firstname: { schema: entries.firstname, name: 'First name' },
    lastname: { schema: entries.lastname, name: 'Last name' },
    companyname: { schema: entries.companyname, name: 'Company name' },
    insuredtype: { schema: entries.insuredtype, name: 'Who the cover is for' },
    contactnumber: { schema: requiredPhoneSchema, name: 'Phone' },
    address1: {
      schema: quotedZip ? requiredText(200) : v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters')),
      name: 'Street address',
    },
    address2: {
      schema: v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters')),
      name: 'Suite, floor or unit',
    },
    // The ZIP of the quote being bought is known already: it is not asked again.
    zipcode: {
      schema: quotedZip
        ? v.string()
        : (values: Readonly<Record<string, string>>) =>
            values.address1?.trim()
              ? zip5Schema
              : v.pipe(v.string(), v.regex(/^(\d{5})?$/, 'must be a 5-digit ZIP code')),
      name: 'ZIP code',
      initial: quotedZip ?? '',
    },
    acceptTerms: { schema: v.literal('yes', 'must be accepted to create an account'), name: 'The terms of use' },
  }) satisfies FieldSpecs<Field>;
const FIELD_ORDER = Object.keys(fieldsFor(undefined)) as Field[];

const INSURED_TYPE_LABELS: Record<(typeof insuredTypes)[number], { label: string; hint: string }> = {
  individual: { label: 'Me, as an individual', hint: 'A sole practitioner or freelancer.' },
  business: { label: 'My business', hint: 'A practice, firm or company.' },
};

export default function SignupScreen() {
  const auth = useAuth();
  const clientid = useClientArea();
  const restoring = useSelector(auth, isRestoring);
  const user = useSelector(auth, signedInUser);
  const pending = useSelector(
    auth,
    (s) => s.matches({ signedOut: 'signingUp' }) || s.matches({ signedOut: 'signingInWithGoogle' }),
  );
  const failure = useSelector(auth, (s) => failureOf(s, 'signUp', 'google'));
  // A quote saved before signing up becomes the account's, and the new account goes straight on to buying it.
  const [order] = useState(visitorOrder);
  // The quote the order was saved from, even if another speciality was looked at since.
  const [quote] = useState(() => (order ? readSavedQuote(order.specialityId) : undefined));
  const quotedZip = quote?.zipcode || undefined;
  const [fields] = useState(() => fieldsFor(quotedZip));
  const form = useForm(fields, failure?.fields);
  const typeId = useId();
  const busy = pending || restoring;

  useEffect(() => {
    auth.send({ type: 'auth.clearError' });
  }, [auth]);

  // Bought: on to review and pay. Saved for later: the order, kept. Neither: the welcome.
  const confirmation = !order
    ? screenHref({ screen: 'signupconfirmation' }, clientid)
    : order.buying
      ? screenHref({ screen: 'payment', search: { submissionid: String(order.submissionId) } }, clientid)
      : screenHref({ screen: 'order', params: { submissionid: String(order.submissionId) } }, clientid);

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
        contactnumber: values.contactnumber.trim(),
        address1: values.address1.trim() || null,
        address2: values.address2.trim() || null,
        zipcode: values.zipcode.trim() || null,
        acceptTerms: true,
        ...(clientid ? { clientId: clientid } : {}),
        ...(order ? { submissionRequest: order.submissionRequest } : {}),
      },
      next: confirmation,
    });
  }

  const text = (name: Exclude<Field, 'insuredtype' | 'acceptTerms'>) => ({ ...form.field(name), readOnly: pending });
  const termsError = form.error('acceptTerms');
  const termsErrorId = `${typeId}-terms-error`;
  const typeError = form.error('insuredtype');
  const typeErrorId = `${typeId}-error`;

  return (
    <section
      data-screen="signup"
      className={`screen auth-screen${order ? ' purchase-screen' : ' screen--narrow'}`}
      aria-labelledby="signup-title"
    >
      {order && <PurchaseProgress current="account" />}
      <div className={order ? 'purchase-layout' : undefined}>
        <div className={order ? 'purchase-layout__main' : undefined}>
          <h1 id="signup-title">Create your account</h1>
          <p className="auth-screen__lead">
            Already have one? <ScreenLink screen="login">Log in</ScreenLink>
          </p>
          {order && (
            <p className="notice" data-saved-order={order.number}>
              Your quote is saved as order <strong>{order.number}</strong>.{' '}
              {order.buying
                ? 'Create your account and go straight on to review and pay.'
                : 'Create your account to keep it; buy it whenever you are ready.'}
            </p>
          )}

          {user && !pending ? (
            <SignedInNotice user={user} next={screenHref({ screen: 'dashboard' }, clientid)} />
          ) : (
            <>
              {failure && (
                <ServerFailure
                  title={
                    failure.operation === 'google' ? 'Google sign-in did not work' : 'We could not create your account'
                  }
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
                <TextField
                  label="E-mail address"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  {...text('email')}
                />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  hint={<PasswordRules password={form.values.password} email={form.values.email} />}
                  {...text('password')}
                />
                <div className="form__row">
                  <TextField label="First name" autoComplete="given-name" {...text('firstname')} />
                  <TextField label="Last name" autoComplete="family-name" {...text('lastname')} />
                </div>
                <TextField label="Company name" autoComplete="organization" optional {...text('companyname')} />
                <TextField
                  label="Phone"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  hint="For your policy and any claim: we call only about your cover."
                  {...text('contactnumber')}
                />
                <fieldset className="form__group">
                  <legend>Your practice’s address{quotedZip ? '' : ' (optional: add it now, or when you buy)'}</legend>
                  <TextField
                    label="Street address"
                    autoComplete="address-line1"
                    optional={!quotedZip}
                    {...text('address1')}
                  />
                  <TextField label="Suite, floor or unit" autoComplete="address-line2" optional {...text('address2')} />
                  {quotedZip ? (
                    <p className="field__hint" data-quoted-place>
                      City and state follow from your quote’s ZIP code, {quotedZip}.
                    </p>
                  ) : (
                    <TextField
                      label="ZIP code"
                      autoComplete="postal-code"
                      inputMode="numeric"
                      maxLength={10}
                      optional
                      {...text('zipcode')}
                    />
                  )}
                </fieldset>
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
                <div className={`field field--check${termsError ? ' field--invalid' : ''}`}>
                  <label className="choice">
                    <input
                      type="checkbox"
                      checked={form.values.acceptTerms === 'yes'}
                      onChange={(event) => {
                        if (!pending) form.setValue('acceptTerms', event.target.checked ? 'yes' : '');
                      }}
                      onBlur={() => form.leave('acceptTerms')}
                      ref={form.register('acceptTerms')}
                      aria-required
                      aria-invalid={termsError ? true : undefined}
                      aria-describedby={termsError ? termsErrorId : undefined}
                    />
                    <span className="choice__label">I accept the terms of use and have read the privacy notice.</span>
                  </label>
                  {/* Outside the label (a link inside it is a second target for the same click), and in a
                      new tab, so reading them does not lose what was typed here. */}
                  <p className="field__hint">
                    Read the{' '}
                    <a href={screenHref({ screen: 'terms' }, clientid)} target="_blank" rel="noopener">
                      terms of use
                    </a>{' '}
                    and the{' '}
                    <a href={screenHref({ screen: 'privacy' }, clientid)} target="_blank" rel="noopener">
                      privacy notice
                    </a>{' '}
                    (each opens in a new tab).
                  </p>
                  {termsError && (
                    <p id={termsErrorId} className="field__error">
                      {termsError}
                    </p>
                  )}
                </div>
                <div className="form__actions">
                  <button type="submit" className="button" aria-disabled={busy || undefined}>
                    {pending
                      ? 'Creating your account…'
                      : order?.buying
                        ? 'Create account and continue'
                        : 'Create account'}
                  </button>
                </div>
              </form>
              <GoogleSignInButton
                context="signup"
                onCredential={(googletoken) =>
                  auth.send({
                    type: 'auth.google',
                    googletoken,
                    ...(clientid ? { clientId: clientid } : {}),
                    ...(order ? { submissionRequest: order.submissionRequest } : {}),
                    next: confirmation,
                  })
                }
              />
            </>
          )}
        </div>
        {order && quote?.summary && <CoverSummary facts={quote.summary} />}
      </div>
    </section>
  );
}
