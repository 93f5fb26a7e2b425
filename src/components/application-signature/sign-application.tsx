import '@/styles/application-signature.css';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { ApplicationSignature } from '@shared/contract/application-signature';
import { ApplicationReview } from '@/components/application-signature/application-review';
import { ConsentCheckbox } from '@/components/application-signature/consent-checkbox';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { formatDay } from '@/components/format/dates';
import { useAuth } from '@/components/use-auth';
import { signedInUser } from '@/machines/auth.machine';
import {
  applicationSignatureMachine,
  signingProblems,
  type SigningField,
} from '@/machines/application-signature.machine';

export interface SignApplicationProps {
  submissionId: number;
  /** Told whether the application is signed as it stands: once it has loaded, then whenever that changes. */
  onSignedChange?: (signed: boolean) => void;
  /** Told once the application has loaded or failed to (the page may show what follows it then). */
  onLoaded?: () => void;
}

/** "a1b2c3d4…e5f6a7b8": enough of the SHA-256 to compare with the signed PDF. */
export const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-8)}`;

const signedWords = (signature: ApplicationSignature) =>
  `Signed by ${signature.signerName} on ${formatDay(signature.signedAt)}`;

/**
 * Review and sign the application before paying (issue 16): the application as it will be
 * signed, the declarations, the two boxes (electronic records; the statements are true) and the
 * name typed as the signature. Signed, it says by whom and when with the record's fingerprint;
 * when an answer or the cover changed after signing, it asks for a new signature. The payment
 * screen embeds it and enables paying through `onSignedChange`.
 */
export function SignApplication({ submissionId, onSignedChange, onLoaded }: SignApplicationProps) {
  const auth = useAuth();
  const user = useSelector(auth, signedInUser);
  const [state, send] = useMachine(applicationSignatureMachine, {
    input: { submissionId, signerName: user ? `${user.firstname} ${user.lastname}` : undefined },
  });
  const { application, fieldErrors, errorMessage, changedNotice } = state.context;
  const titleId = useId();
  const signed = state.matches({ ready: 'signed' });
  const stale = state.matches({ ready: 'stale' });
  const signing = state.matches({ ready: 'signing' });
  const consentRef = useRef<HTMLInputElement>(null);
  const agreeRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  // Tells the parent whether the application is signed as it stands, on every change (not on every
  // render). Until it has loaded that is "no": a signature known before a reload must not let the
  // parent pay against an application that may have changed meanwhile.
  const known = !state.matches('loading');
  const signedNow = known && signed;
  const told = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (!onSignedChange || told.current === signedNow) return;
    told.current = signedNow;
    onSignedChange(signedNow);
  }, [signedNow, onSignedChange]);
  useEffect(() => {
    if (known) onLoaded?.();
  }, [known, onLoaded]);
  // Signed: the button that had focus is gone; focus goes to the notice that replaced it.
  const signedNotice = useRef<HTMLDivElement>(null);
  const wasSigning = useRef(false);
  useEffect(() => {
    if (wasSigning.current && signed) signedNotice.current?.focus();
    wasSigning.current = signing;
  }, [signing, signed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signing) return;
    // The first box or field still to fill takes focus (the machine names each one).
    const problems = signingProblems(state.context);
    const order: [SigningField, HTMLInputElement | null][] = [
      ['consentToElectronicRecords', consentRef.current],
      ['agreeToDeclarations', agreeRef.current],
      ['signerName', nameRef.current],
    ];
    send({ type: 'application.sign' });
    order.find(([field]) => problems[field])?.[1]?.focus();
  };

  const announcement = state.matches('loading')
    ? 'Loading your application…'
    : signing
      ? 'Signing your application…'
      : signed && application?.signature
        ? `${signedWords(application.signature)}.`
        : changedNotice
          ? 'Your application changed since you opened it. Review it again, then sign.'
          : '';

  return (
    <section
      className="order-section sign-application"
      aria-labelledby={titleId}
      data-signed={signed ? 'true' : 'false'}
    >
      <h2 id={titleId}>Review and sign your application</h2>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>

      {state.matches('loading') && <p>Loading your application…</p>}

      {state.matches('failed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load your application. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'application.retry' })}>
            Try again
          </button>
        </div>
      )}

      {state.matches('ready') && application && (
        <>
          {changedNotice && (
            <div className="notice sign-application__notice" role="alert">
              <p>Your application changed since you opened it. Review it again below, then sign.</p>
            </div>
          )}
          {stale && application.signature && (
            <div className="notice sign-application__notice">
              <p>
                You signed this application on {formatDay(application.signature.signedAt)}, but an answer or your cover
                has changed since. Review it and sign again before paying.
              </p>
            </div>
          )}
          {!signed && !stale && (
            <p>Before you pay, check every answer and the cover below: by signing, you declare them true.</p>
          )}

          <ApplicationReview record={application.record} />

          {signed && application.signature ? (
            <div className="notice sign-application__signed" ref={signedNotice} tabIndex={-1}>
              <p>
                <strong>{signedWords(application.signature)}</strong>
              </p>
              <p>
                Fingerprint of the signed application (SHA-256):{' '}
                <code className="sign-application__hash">{shortHash(application.signature.recordHash)}</code>
              </p>
              <p>If you change an answer or your cover, you will be asked to sign again.</p>
            </div>
          ) : (
            <form className="sign-application__form" noValidate onSubmit={submit} aria-labelledby={`${titleId}-sign`}>
              <h3 id={`${titleId}-sign`}>Sign</h3>
              <ConsentCheckbox
                inputRef={consentRef}
                label="I agree to use electronic records and signatures"
                hint="Your signature typed here has the same effect as one on paper. You can ask us for a paper copy at no charge."
                checked={state.context.consentToElectronicRecords}
                onCheckedChange={(checked) => send({ type: 'signer.consent', checked })}
                error={fieldErrors.consentToElectronicRecords}
              />
              <ConsentCheckbox
                inputRef={agreeRef}
                label="I declare the statements in this application are true"
                checked={state.context.agreeToDeclarations}
                onCheckedChange={(checked) => send({ type: 'signer.agree', checked })}
                error={fieldErrors.agreeToDeclarations}
              />
              <TextField
                inputRef={nameRef}
                label="Your full name, as your signature"
                hint="Sign in your own name, as a person entitled to act for the insured."
                autoComplete="name"
                value={state.context.signerName}
                onValueChange={(value) => send({ type: 'signer.name', value })}
                error={fieldErrors.signerName}
                readOnly={signing}
              />
              {errorMessage && (
                <FormAlert title="Your application is not signed yet" focusKey={errorMessage}>
                  <p>{errorMessage}</p>
                </FormAlert>
              )}
              <button type="submit" className="button" aria-disabled={signing || undefined}>
                {signing ? 'Signing…' : 'Sign application'}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
