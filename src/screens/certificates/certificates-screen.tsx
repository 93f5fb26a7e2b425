import '@/styles/dialog.css';
import '@/styles/certificates.css';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { stateCodeSchema, zip5Schema } from '@shared/contract/address';
import {
  groupedCode,
  issueCertificateRequestSchema,
  MAX_CERTIFICATE_DESCRIPTION_LENGTH,
  type Certificate,
  type CertificateList,
} from '@shared/contract/certificates';
import { useUsStates } from '@/components/account/use-us-states';
import { standingTone, standingWords } from '@/components/certificates/standing-words';
import { StateField } from '@/components/edit-order/state-field';
import { saveBlob } from '@/components/files/save-blob';
import { ServerFailure } from '@/components/form/server-failure';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import { formatDay } from '@/components/format/dates';
import { failureWords, refusal } from '@/components/format/failure-words';
import { ScreenLink } from '@/components/screen-link';
import { PolicyPicker } from '@/components/policy/policy-picker';
import { certificatesMachine, type HolderRequest } from '@/machines/certificates.machine';
import { certificatesSearch } from '@/routes/search-params';

const TITLE_ID = 'certificates-title';

const certificatesWithSave = certificatesMachine.provide({
  actions: { saveFile: (_, { blob, filename }) => saveBlob(blob, filename) },
});

/**
 * certificates?policyid: the insured's certificates of insurance on one of their policies —
 * its standing, the certificates issued (each downloaded again, its check page's link copied),
 * and "Add a certificate holder", which issues one and downloads it at once. Without a policy in
 * the address it asks which.
 */
export default function CertificatesScreen() {
  const parsed = v.safeParse(certificatesSearch, useSearch({ strict: false }));
  const policyId = parsed.success ? parsed.output.policyid : undefined;
  return (
    <section data-screen="certificates" className="screen certificates" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">Your policy</p>
      <h1 id={TITLE_ID}>Certificates of insurance</h1>
      <p className="certificates__lead">
        Proof of your cover for a landlord, a client or anyone whose contract asks for it. Each certificate carries a
        code they can check online, without an account, to see that your policy is in force.
      </p>
      {policyId === undefined ? (
        <PolicyPicker
          screen="certificates"
          className="certificates-section"
          lead="Certificates name one of your policies. Which one is it for?"
          none="Certificates are issued on a policy once it is bound, and you have none yet."
        />
      ) : (
        <PolicyCertificates key={policyId} policyId={policyId} />
      )}
    </section>
  );
}

/** Why no certificate can be issued on the policy today, plainly. */
function cannotIssueReason(list: CertificateList): string {
  if (list.standing === 'cancelled') {
    return 'This policy is cancelled, so no new certificate can be issued on it. The certificates already issued can still be downloaded; their check page now says the policy is cancelled.';
  }
  if (list.standing === 'expired') {
    return 'This policy has expired, so no new certificate can be issued on it. The certificates already issued can still be downloaded; their check page says the policy has expired.';
  }
  return 'No certificate can be issued on this policy until its order is bound. Please contact your broker if you think it should be.';
}

function PolicyCertificates({ policyId }: { policyId: number }) {
  const [state, send] = useMachine(certificatesWithSave, { input: { policyId } });
  const { list, errorMessage, issued, download, downloadFailure } = state.context;

  if (state.matches('loading')) return <p role="status">Loading the policy’s certificates…</p>;
  if (state.matches('loadFailed')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load the certificates of this policy. {errorMessage}</p>
        <p className="screen-actions">
          <button type="button" className="button" onClick={() => send({ type: 'certificates.retry' })}>
            Try again
          </button>
          <ScreenLink screen="certificates" className="button button--secondary">
            Choose another policy
          </ScreenLink>
        </p>
      </div>
    );
  }
  if (!list) return null;

  const downloading = state.matches({ ready: 'downloading' });
  const issuing = state.matches({ ready: 'issuing' });
  const refused = state.matches({ ready: 'issueFailed' }) || (downloading && state.context.failure !== null);
  const failure =
    refused && state.context.failure ? refusal(state.context.failure.message, state.context.failure.fields) : null;

  // What just happened, for the live region: present from the start, so that what is put in it is announced.
  const fetched = download && !downloading && downloadFailure?.certificateId !== download.id ? download : null;
  const announcement =
    issued && download?.id === issued.id && downloading
      ? `Certificate for ${issued.holder.name} issued. Downloading it now…`
      : issued && fetched?.id === issued.id
        ? `Certificate for ${issued.holder.name} issued and downloaded.`
        : fetched
          ? `The certificate for ${fetched.holder.name} has been downloaded.`
          : '';

  return (
    <>
      <div className="certificates-policy">
        <p className="certificates-policy__number">
          Policy <strong>{list.policyNumber}</strong>
        </p>
        <p className={`certificates-standing certificates-standing--${standingTone(list.standing)}`}>
          {standingWords(list.standing)}
        </p>
        <ScreenLink screen="certificates" className="certificates-policy__other">
          Choose another policy
        </ScreenLink>
      </div>

      <p role="status" className={announcement ? 'certificates__announcement' : 'visually-hidden'}>
        {announcement}
      </p>

      {list.canIssue ? (
        <section className="certificates-section" aria-labelledby="certificates-add-title">
          <h2 id="certificates-add-title">Add a certificate holder</h2>
          <p className="certificates-section__lead">
            The certificate names them and is ready at once: it downloads as soon as it is issued.
          </p>
          <HolderForm
            // A fresh, empty form for the next holder once one is issued.
            key={issued?.id ?? 0}
            policyNumber={list.policyNumber}
            failure={failure}
            issuing={issuing}
            busy={issuing || downloading}
            onIssue={(holder) => send({ type: 'certificate.issue', holder })}
          />
        </section>
      ) : (
        <p className="notice certificates__cannot-issue">{cannotIssueReason(list)}</p>
      )}

      <section className="certificates-section" aria-labelledby="certificates-issued-title">
        <h2 id="certificates-issued-title">Issued certificates</h2>
        {list.certificates.length === 0 ? (
          <p className="records-empty">No certificate has been issued on this policy yet.</p>
        ) : (
          <ul className="records certificates-list">
            {list.certificates.map((certificate) => (
              <IssuedCertificate
                key={certificate.id}
                certificate={certificate}
                busy={downloading && download?.id === certificate.id}
                failure={downloadFailure?.certificateId === certificate.id ? downloadFailure.message : undefined}
                onDownload={() => send({ type: 'certificate.download', certificateId: certificate.id })}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function holderAddress(certificate: Certificate): string {
  const { address1, address2, city, state, zipcode } = certificate.holder;
  return [address1, address2, city, `${state} ${zipcode}`].filter(Boolean).join(', ');
}

function IssuedCertificate({
  certificate,
  busy,
  failure,
  onDownload,
}: {
  certificate: Certificate;
  busy: boolean;
  failure: string | undefined;
  onDownload: () => void;
}) {
  const name = certificate.holder.name;
  const errorId = useId();
  const code = groupedCode(certificate.code);
  return (
    <li className="record certificate-item" data-certificate-id={certificate.id}>
      <div className="certificate-item__body">
        <h3 className="record__title">{name}</h3>
        <p className="record__lines">
          <span className="certificate-item__line">{holderAddress(certificate)}</span>
          <span className="certificate-item__line">
            Issued <time dateTime={certificate.issuedAt}>{formatDay(certificate.issuedAt)}</time>
            {certificate.additionalInsured && ' · also an additional insured'}
          </span>
          {certificate.description && (
            <span className="certificate-item__line certificate-item__description">For: {certificate.description}</span>
          )}
        </p>
        <p className="certificate-item__code">
          Verification code{' '}
          <ScreenLink screen="verify-certificate" params={{ code: certificate.code }}>
            <code>{code}</code>
          </ScreenLink>
        </p>
      </div>
      <div className="record__actions certificate-item__actions">
        <button
          type="button"
          className="button button--small"
          onClick={onDownload}
          aria-disabled={busy || undefined}
          aria-describedby={failure ? errorId : undefined}
        >
          {busy ? 'Downloading…' : 'Download'} <span className="visually-hidden">the certificate for {name}</span>
        </button>
        <CopyVerificationLink url={certificate.verificationUrl} name={name} />
      </div>
      {failure && (
        <p id={errorId} className="field__error certificate-item__error" role="alert">
          The certificate could not be downloaded: {failureWords(failure)}
        </p>
      )}
    </li>
  );
}

/** Copies the check page's address; where the browser refuses the clipboard, shows it to copy by hand. */
function CopyVerificationLink({ url, name }: { url: string; name: string }) {
  const [said, setSaid] = useState<'copied' | 'refused' | null>(null);
  return (
    <div className="certificate-item__copy">
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          const copied = navigator.clipboard?.writeText(url);
          if (!copied) setSaid('refused');
          else void copied.then(() => setSaid('copied')).catch(() => setSaid('refused'));
        }}
      >
        Copy verification link <span className="visually-hidden">of the certificate for {name}</span>
      </button>
      <p role="status" className="certificate-item__said">
        {said === 'copied' && 'Link copied.'}
        {said === 'refused' && (
          <>
            Your browser did not let us copy. The link: <a href={url}>{url}</a>
          </>
        )}
      </p>
    </div>
  );
}

const SHOWN_FIELDS = [
  'holderName',
  'address1',
  'address2',
  'city',
  'state',
  'zipcode',
  'description',
  'additionalInsured',
] as const;
const entries = issueCertificateRequestSchema.entries;
// A select has nothing to mistype: the only thing to say is that none was chosen.
const chosenState = v.pipe(v.string(), v.nonEmpty('is required'), stateCodeSchema);
/** "is required" for an empty ZIP, before the shape's own message ("must be a 5-digit ZIP code"). */
const filledZip = v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), zip5Schema);

/** The additional-insured wording the certificate prints for this holder (the server's, for this policy). */
function wordingFor(name: string, policyNumber: string): string {
  return `${name.trim() || 'The certificate holder'} is an additional insured under policy ${policyNumber}, with respect to liability arising out of the named insured’s professional services, subject to the policy’s terms, conditions and exclusions.`;
}

function HolderForm({
  policyNumber,
  failure,
  issuing,
  busy,
  onIssue,
}: {
  policyNumber: string;
  failure: { message: string; fields: Record<string, string> } | null;
  issuing: boolean;
  /** Issuing, or a certificate downloading: a submit meanwhile is ignored. */
  busy: boolean;
  onIssue: (holder: HolderRequest) => void;
}) {
  const usStates = useUsStates();
  const form = useForm(
    {
      holderName: { schema: entries.holderName, name: 'Name' },
      address1: { schema: entries.address1, name: 'Street address' },
      address2: { schema: entries.address2, name: 'Address line 2' },
      city: { schema: entries.city, name: 'City' },
      state: { schema: chosenState, name: 'State' },
      zipcode: { schema: filledZip, name: 'ZIP code' },
      description: { schema: entries.description, name: 'Description of operations / project' },
    },
    failure?.fields,
  );
  const [additionalInsured, setAdditionalInsured] = useState(false);
  const checkboxId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    // Busy: the button stays focusable (aria-disabled), so a repeat submit lands here and is ignored.
    if (busy) return;
    const values = form.submit();
    if (!values) return;
    onIssue({
      holderName: values.holderName,
      address1: values.address1,
      address2: values.address2,
      city: values.city,
      state: values.state,
      zipcode: values.zipcode,
      description: values.description.trim() || null,
      additionalInsured,
    });
  }

  const text = (name: 'holderName' | 'address1' | 'address2' | 'city' | 'zipcode' | 'description') => ({
    ...form.field(name),
    readOnly: issuing,
  });

  return (
    <>
      {failure && (
        <ServerFailure title="We could not issue this certificate" failure={failure} shownFields={SHOWN_FIELDS} />
      )}
      <form className="form certificates-form" noValidate onSubmit={submit} aria-busy={issuing}>
        <TextField
          label="Name"
          hint="A person or an organisation, as their contract names them."
          autoComplete="off"
          {...text('holderName')}
        />
        <TextField label="Street address" autoComplete="off" {...text('address1')} />
        <TextField
          label="Address line 2"
          hint="Suite, floor or building."
          optional
          autoComplete="off"
          {...text('address2')}
        />
        <div className="form__row certificates-form__place">
          <TextField label="City" autoComplete="off" {...text('city')} />
          <StateField
            label="State"
            states={usStates.status === 'failed' ? null : usStates.states}
            {...form.field('state')}
            readOnly={issuing}
          />
          <TextField label="ZIP code" inputMode="numeric" autoComplete="off" {...text('zipcode')} />
        </div>
        <TextAreaField
          label="Description of operations / project"
          hint={`What the certificate is for, as the holder’s contract puts it: a project, a site or a contract number. Printed on the certificate; at most ${MAX_CERTIFICATE_DESCRIPTION_LENGTH} characters.`}
          optional
          rows={3}
          maxLength={MAX_CERTIFICATE_DESCRIPTION_LENGTH}
          {...text('description')}
        />
        <div className="checkbox certificates-form__additional">
          <input
            id={checkboxId}
            type="checkbox"
            checked={additionalInsured}
            onChange={(event) => !issuing && setAdditionalInsured(event.target.checked)}
            aria-describedby={`${checkboxId}-hint`}
          />
          <label htmlFor={checkboxId}>Also an additional insured</label>
          <div id={`${checkboxId}-hint`} className="field__hint">
            <p>When their contract asks to be covered by your policy too. The certificate then says:</p>
            <blockquote className="certificates-form__wording">
              {wordingFor(form.values.holderName, policyNumber)}
            </blockquote>
          </div>
        </div>
        <div className="form__actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {issuing ? 'Issuing…' : 'Issue and download the certificate'}
          </button>
        </div>
      </form>
    </>
  );
}
