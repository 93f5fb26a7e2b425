import { claimFacts } from '@shared/contract/claim-facts';
import '@/styles/claim.css';
import { useParams } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import type { ClaimDetail } from '@shared/contract/claims';
import { ClaimAttachmentUpload } from '@/components/claims/claim-attachments';
import { ClaimProgress } from '@/components/claims/claim-progress';
import { ClaimThread } from '@/components/claims/claim-thread';
import { claimNextStep, claimStatusWords } from '@/components/claims/claim-words';
import { formatDay } from '@/components/format/dates';
import { ScreenLink } from '@/components/screen-link';
import { claimMachine } from '@/machines/claim.machine';

const TITLE_ID = 'claim-title';

/** claim/{claimid}: one of the insured's claims, to follow, write on and attach files to. */
export default function ClaimScreen() {
  const { claimid } = useParams({ strict: false }) as { claimid?: string };
  const id = /^[1-9]\d{0,9}$/.test(claimid ?? '') ? Number(claimid) : undefined;
  return (
    <section data-screen="claim" className="screen claim-page" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">
        <ScreenLink screen="claims" className="claim-page__back">
          ← Your claims
        </ScreenLink>
      </p>
      {id === undefined ? <NotFound /> : <ClaimPage key={id} claimId={id} />}
    </section>
  );
}

function NotFound() {
  return (
    <>
      <h1 id={TITLE_ID}>We could not find that claim</h1>
      <p>
        The link may be incomplete, or the claim is not one of yours. Your claims are all listed on the claims page.
      </p>
    </>
  );
}

function ClaimPage({ claimId }: { claimId: number }) {
  const [state, send] = useMachine(claimMachine, { input: { claimId } });
  const { detail, errorMessage, messageFailure, sent, upload, uploads, queued } = state.context;

  if (state.matches('notFound')) return <NotFound />;
  if (!detail) {
    return (
      <>
        <h1 id={TITLE_ID}>Your claim</h1>
        {state.matches('loadFailed') ? (
          <div className="notice notice--error" role="alert">
            <p>We could not load this claim. {errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'claim.retry' })}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading your claim…</p>
        )}
      </>
    );
  }

  const { claim, open } = detail;
  const sending = state.matches({ ready: { conversation: 'sending' } });
  const uploading = state.matches({ ready: { attachments: 'uploading' } });
  return (
    <>
      <h1 id={TITLE_ID}>Claim {claim.number}</h1>
      <ClaimFacts detail={detail} />
      <ClaimProgress status={claim.status} timeline={detail.timeline} />
      <p className={`claim-next${open ? '' : ' claim-next--closed'}`}>
        <strong>{open ? 'What happens next: ' : 'Closed: '}</strong>
        {open
          ? claimNextStep(claim.status)
          : 'this claim takes no more messages or files. If something new comes to light, call your broker: your claims handler can reopen it.'}
      </p>

      {errorMessage && (
        <div className="notice notice--error" role="alert">
          <p>We could not reload this claim, so what you see may be out of date. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'claim.retry' })}>
            Try again
          </button>
        </div>
      )}

      <ClaimThread
        detail={detail}
        viewer="insured"
        sending={sending}
        sent={sent}
        messageFailure={messageFailure}
        onSend={(body) => send({ type: 'message.send', body })}
        afterAttachments={
          open ? (
            <ClaimAttachmentUpload
              claimId={claim.id}
              busy={uploading}
              outcome={upload}
              count={uploads}
              queued={queued.length}
              onUpload={(files) => send({ type: 'files.upload', files })}
            />
          ) : (
            upload?.kind === 'refused' && (
              <div className="notice notice--error" role="alert">
                <p>Your files were not uploaded. {upload.message}</p>
              </div>
            )
          )
        }
      />
    </>
  );
}

function ClaimFacts({ detail }: { detail: ClaimDetail }) {
  const { claim } = detail;
  return (
    <dl className="claim-facts">
      <div>
        <dt>Status</dt>
        <dd data-claim-status={claim.status}>{claimStatusWords(claim.status)}</dd>
      </div>
      <div>
        <dt>Policy</dt>
        <dd>
          {claim.policyNumber}
          <span className="claim-facts__sub">{claim.specialityName}</span>
        </dd>
      </div>
      {/* What the report said: claim or circumstance, when it was made, the act, the claimant, a suit, the demand. */}
      {claimFacts(claim).map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
      <div>
        <dt>Reported</dt>
        <dd>{formatDay(claim.reportedAt)}</dd>
      </div>
    </dl>
  );
}
