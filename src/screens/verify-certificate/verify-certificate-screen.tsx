import '@/styles/verify-certificate.css';
import { useParams } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { groupedCode, type CertificateVerification } from '@shared/contract/certificates';
import { periodWords, wholeUsd } from '@/components/billing/money-words';
import { standingTone, standingWords } from '@/components/certificates/standing-words';
import { formatDay } from '@/components/format/dates';
import { ScreenLink } from '@/components/screen-link';
import { verifyCertificateMachine } from '@/machines/verify-certificate.machine';

const TITLE_ID = 'verify-certificate-title';

/** "about 9 minutes", "a minute": how long a 429 asked to wait, in words. */
function waitWords(seconds: number | undefined): string {
  if (seconds === undefined) return 'in a few minutes';
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'in a minute' : `in about ${minutes} minutes`;
}

/**
 * verify-certificate/<code>: the public check a certificate's QR code opens, for the landlord or
 * client it was given to, without signing in. Only what the code may tell: the policy's standing
 * today, its period, its limits and the holder's name.
 */
export default function VerifyCertificateScreen() {
  const { code = '' } = useParams({ strict: false }) as { code?: string };
  return (
    <section data-screen="verify-certificate" className="screen verify-certificate" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">Certificate of insurance</p>
      <h1 id={TITLE_ID}>Certificate check</h1>
      {/* One check per code: a new code in the address is a new check. */}
      <Check key={code} code={code} />
    </section>
  );
}

function Check({ code }: { code: string }) {
  const [state, send] = useMachine(verifyCertificateMachine, { input: { code } });
  const { verification, retryAfterSeconds, errorMessage } = state.context;

  if (state.matches('found') && verification) {
    return <Verified verification={verification} code={state.context.code} />;
  }
  if (state.matches('notFound')) {
    return (
      <div className="verify-certificate__outcome verify-certificate__outcome--unknown" role="alert">
        <p className="verify-certificate__headline">No certificate has this code</p>
        <p>
          We have no certificate of insurance with the code <code>{groupedCode(state.context.code)}</code>. Check it
          against the certificate: it is printed under the QR code, in three groups of four letters and digits.
        </p>
      </div>
    );
  }
  if (state.matches('malformed')) {
    return (
      <div className="verify-certificate__outcome verify-certificate__outcome--unknown" role="alert">
        <p className="verify-certificate__headline">This is not a verification code</p>
        <p>
          A certificate’s code has 12 letters and digits, printed under its QR code in three groups of four, like
          ABCD-EFGH-JKMN. Please open the link on the certificate again, or type the code exactly as printed.
        </p>
      </div>
    );
  }
  if (state.matches('rateLimited')) {
    return (
      <div className="verify-certificate__outcome verify-certificate__outcome--unknown" role="alert">
        <p className="verify-certificate__headline">Too many checks for now</p>
        <p>
          Many certificates were checked from your network in the last few minutes. Please try again{' '}
          {waitWords(retryAfterSeconds)}.
        </p>
        <button type="button" className="button" onClick={() => send({ type: 'verification.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  if (state.matches('failed')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not check this certificate. {errorMessage}</p>
        <button type="button" className="button" onClick={() => send({ type: 'verification.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  return <p role="status">Checking the certificate…</p>;
}

function Verified({ verification, code }: { verification: CertificateVerification; code: string }) {
  const tone = standingTone(verification.standing);
  return (
    <>
      <div className={`verify-certificate__status verify-certificate__status--${tone}`}>
        <p className="verify-certificate__status-label">Policy status</p>
        <p className="verify-certificate__standing" data-standing={verification.standing}>
          {standingWords(verification.standing, verification.cancellationDate)}
        </p>
        {verification.standing !== 'cancelled' && verification.cancellationDate && (
          // Cancelled from a day still to come: in force until then.
          <p className="verify-certificate__ahead">
            Cancelled from{' '}
            <time dateTime={verification.cancellationDate}>{formatDay(verification.cancellationDate)}</time>: the cover
            ends that day.
          </p>
        )}
        <p className="verify-certificate__as-of">
          as of <time dateTime={verification.asOf}>{formatDay(verification.asOf)}</time>
        </p>
      </div>
      <dl className="verify-certificate__facts">
        <div>
          <dt>Certificate holder</dt>
          <dd>{verification.holderName}</dd>
        </div>
        <div>
          <dt>Policy period</dt>
          <dd>{periodWords(verification.effectiveDate, verification.expirationDate)}</dd>
        </div>
        <div>
          <dt>Limits</dt>
          <dd>
            {wholeUsd(verification.perClaimLimitCents)} per claim, {wholeUsd(verification.aggregateLimitCents)}{' '}
            aggregate
          </dd>
        </div>
        <div>
          <dt>Verification code</dt>
          <dd>
            <code>{groupedCode(code)}</code>
          </dd>
        </div>
      </dl>
      <p className="verify-certificate__note">
        This page shows where the policy stands today, not on the day the certificate was issued. A certificate does not
        change the policy’s terms. Checks are counted by network address, to stop codes being guessed: see our{' '}
        <ScreenLink screen="privacy">privacy notice</ScreenLink>.
      </p>
    </>
  );
}
