import { claimFacts } from '@shared/contract/claim-facts';
import '@/styles/underwriting.css';
import '@/styles/claim.css';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ClaimHandlerDetail, ClaimQueueItem, ClaimStatus } from '@shared/contract/claims';
import { claimStatuses } from '@shared/contract/enums';
import { ClaimProgress } from '@/components/claims/claim-progress';
import { ClaimThread } from '@/components/claims/claim-thread';
import { claimStatusWords, movedWords, moveButtonWords } from '@/components/claims/claim-words';
import { useClaimsDeskAddress, type ClaimsDeskAddress } from '@/components/claims/claims-desk-search';
import { ServerFailure } from '@/components/form/server-failure';
import { TextAreaField } from '@/components/form/text-area-field';
import { formatDay } from '@/components/format/dates';
import { refusal } from '@/components/format/failure-words';
import { ScreenLink } from '@/components/screen-link';
import { WaitingSince } from '@/components/underwriting/waiting-since';
import { claimHandlingMachine, legalMoves } from '@/machines/claim-handling.machine';
import { claimsDeskMachine } from '@/machines/claims-desk.machine';
import { useScreenNavigate } from '@/routes/screen-navigation';

/**
 * underwriting/claims: the handler's claims desk (underwriters and administrators). Without
 * `claimid` the queue, narrowed by status; with it, that claim to move, answer and read.
 */
export default function ClaimsDeskScreen() {
  const address = useClaimsDeskAddress();
  return (
    <section data-screen="claims-desk" className="screen desk claim-desk" aria-labelledby="claims-desk-title">
      {address.claimid === undefined ? (
        <ClaimsQueue status={address.status} />
      ) : (
        <HandledClaim key={address.claimid} claimId={address.claimid} status={address.status} />
      )}
    </section>
  );
}

/** A desk address for a link: only the keys set (ScreenLink's type knows no search for this row). */
const deskSearch = (address: ClaimsDeskAddress) => address as never;

// ---------------------------------------------------------------------------------------------
// The queue

function ClaimsQueue({ status }: { status: ClaimStatus | undefined }) {
  const navigate = useScreenNavigate();
  const [state, send] = useMachine(
    claimsDeskMachine.provide({
      actions: {
        // The status lives in the address, so a reload, a bookmark and Back all keep it.
        showStatus: (_, chosen) =>
          void navigate({ screen: 'claims-desk', search: deskSearch(chosen ? { status: chosen } : {}) }),
      },
    }),
    { input: { status } },
  );
  // Back and Forward change the address without a choice here: the queue follows it.
  useEffect(() => {
    send({ type: 'queue.sync', status });
  }, [send, status]);
  const selectId = useId();
  const { queue, errorMessage } = state.context;
  const chosen = state.context.status;

  let said = '';
  if (state.matches('loading')) said = 'Loading the claims…';
  else if (state.matches('loaded') && queue) {
    const waiting = queue.filter((item) => item.awaitingHandler).length;
    said = `${queue.length} ${queue.length === 1 ? 'claim' : 'claims'}${chosen ? ` ${claimStatusWords(chosen).toLowerCase()}` : ' open'}; ${waiting} waiting on you.`;
  } else if (state.matches('empty'))
    said = chosen ? `No claim is ${claimStatusWords(chosen).toLowerCase()}.` : 'No claim is open.';

  return (
    <>
      <p className="eyebrow">
        <ScreenLink screen="underwriting" className="claim-page__back">
          ← Underwriting desk
        </ScreenLink>
      </p>
      <h1 id="claims-desk-title">Claims desk</h1>
      <p className="desk__lead">
        Claims reported by insureds. Those where the insured wrote or sent files since your last word come first, newest
        first.
      </p>

      <form className="queue-filters" aria-label="Filter the claims" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={selectId}>Status</label>
          <select
            id={selectId}
            value={chosen ?? ''}
            onChange={(event) =>
              send({ type: 'queue.filter', status: (event.target.value || undefined) as ClaimStatus | undefined })
            }
          >
            <option value="">Open (any status but closed)</option>
            {claimStatuses.map((code) => (
              <option key={code} value={code}>
                {claimStatusWords(code)}
              </option>
            ))}
          </select>
        </div>
      </form>

      <p role="status" className="desk__status">
        {said}
      </p>

      {state.matches('loadFailed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load the claims. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'queue.retry' })}>
            Try again
          </button>
        </div>
      )}
      {state.matches('empty') && (
        <div className="desk__empty">
          <p>
            {chosen ? 'No claim is in this status. Choose another status.' : 'No claim is open: nothing to handle.'}
          </p>
        </div>
      )}
      {state.matches('loaded') && queue && <ClaimsTable items={queue} status={chosen} />}
    </>
  );
}

function ClaimsTable({ items, status }: { items: ClaimQueueItem[]; status: ClaimStatus | undefined }) {
  return (
    // Focusable so that a keyboard can scroll it sideways on a narrow screen.
    <div className="queue-table-wrap" tabIndex={0} role="region" aria-labelledby="claims-caption">
      <table className="queue-table">
        <caption id="claims-caption">Claims, waiting on you first, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Claim</th>
            <th scope="col">Insured</th>
            <th scope="col">Policy</th>
            <th scope="col">Claim made</th>
            <th scope="col">Status</th>
            <th scope="col">Last activity</th>
            <th scope="col">Waiting on</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-claim-id={item.id}>
              <th scope="row">
                <ScreenLink
                  screen="claims-desk"
                  search={deskSearch({ ...(status ? { status } : {}), claimid: item.id })}
                >
                  {item.number}
                </ScreenLink>
              </th>
              <td>
                {item.insuredName}
                {item.companyName && <span className="queue-table__company">{item.companyName}</span>}
              </td>
              <td>
                {item.policyNumber}
                <span className="queue-table__company">{item.specialityName}</span>
              </td>
              <td>{formatDay(item.dateOfLoss)}</td>
              <td>{claimStatusWords(item.status)}</td>
              <td>
                <WaitingSince at={item.lastActivityAt} />
              </td>
              <td>
                {item.awaitingHandler ? (
                  <strong className="claim-desk__waiting">You: the insured wrote</strong>
                ) : (
                  'The insured'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// One claim

function HandledClaim({ claimId, status }: { claimId: number; status: ClaimStatus | undefined }) {
  const [state, send] = useMachine(claimHandlingMachine, { input: { claimId } });
  const { detail, errorMessage, moveFailure, moved, moves, messageFailure, sent } = state.context;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const ready = state.matches('ready');

  // After a move the buttons change with the status (the one pressed may be gone): focus that
  // would fall to the page goes to the heading instead.
  useEffect(() => {
    if (!ready || moves === 0) return;
    if (document.activeElement === null || document.activeElement === document.body) titleRef.current?.focus();
  }, [ready, moves]);

  const back = (
    <p className="eyebrow">
      <ScreenLink screen="claims-desk" search={deskSearch(status ? { status } : {})} className="claim-page__back">
        ← Back to the claims
      </ScreenLink>
    </p>
  );

  if (state.matches('notFound')) {
    return (
      <>
        {back}
        <h1 id="claims-desk-title">We could not find that claim</h1>
        <p>The link may be incomplete. The claims desk lists every claim reported.</p>
      </>
    );
  }
  if (!detail) {
    return (
      <>
        {back}
        <h1 id="claims-desk-title">A claim</h1>
        {state.matches('loadFailed') ? (
          <div className="notice notice--error" role="alert">
            <p>We could not load this claim. {errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'claim.retry' })}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading the claim…</p>
        )}
      </>
    );
  }

  const { claim } = detail;
  return (
    <div className="claim-page">
      {back}
      <h1 id="claims-desk-title" ref={titleRef} tabIndex={-1}>
        Claim {claim.number}
      </h1>
      <HandlerFacts detail={detail} />
      <ClaimProgress status={claim.status} timeline={detail.timeline} />

      <p role="status" className={moved ? 'claim-announcement' : 'visually-hidden'}>
        {moved ? <span key={moves}>{movedWords(moved.number, moved.event.from, moved.event.to)}</span> : ''}
      </p>
      {errorMessage && (
        <div className="notice notice--error" role="alert">
          <p>We could not reload this claim, so what you see may be out of date. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'claim.retry' })}>
            Try again
          </button>
        </div>
      )}

      <section className="claim-section" aria-labelledby="claim-move-title">
        <h2 id="claim-move-title">Move the claim</h2>
        <MoveForm
          // A fresh note for the next move.
          key={moves}
          detail={detail}
          busy={state.matches({ ready: { moves: 'moving' } })}
          failure={moveFailure && refusal(moveFailure.message, moveFailure.fields)}
          conflict={moveFailure?.fields.status !== undefined}
          onMove={(to, note) => send({ type: 'move.submit', move: { to, note } })}
        />
      </section>

      <ClaimThread
        detail={detail}
        viewer="handler"
        sending={state.matches({ ready: { conversation: 'sending' } })}
        sent={sent}
        messageFailure={messageFailure}
        onSend={(body) => send({ type: 'message.send', body })}
        afterMessages={
          !detail.open && (
            <p className="notice claim-readonly">The claim is closed: reopen it to write to the insured.</p>
          )
        }
      />
    </div>
  );
}

function HandlerFacts({ detail }: { detail: ClaimHandlerDetail }) {
  const { claim, insured } = detail;
  return (
    <dl className="claim-facts">
      <div>
        <dt>Status</dt>
        <dd data-claim-status={claim.status}>{claimStatusWords(claim.status)}</dd>
      </div>
      <div>
        <dt>Insured</dt>
        <dd>
          {insured.name}
          {insured.companyName && <span className="claim-facts__sub">{insured.companyName}</span>}
        </dd>
      </div>
      <div>
        <dt>Contact</dt>
        <dd>
          <a href={`mailto:${insured.email}`}>{insured.email}</a>
          {insured.phone && <span className="claim-facts__sub">{insured.phone}</span>}
        </dd>
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

/**
 * The lifecycle's legal next moves as buttons, with one note the insured reads with whichever is
 * pressed. None (a status without moves): says so.
 */
function MoveForm({
  detail,
  busy,
  failure,
  conflict,
  onMove,
}: {
  detail: ClaimHandlerDetail;
  busy: boolean;
  failure: { message: string; fields: Record<string, string> } | null;
  /** The refusal was a move no longer allowed (someone else moved the claim): the claim was reloaded. */
  conflict: boolean;
  onMove: (to: ClaimStatus, note: string) => void;
}) {
  const [note, setNote] = useState('');
  const offered = legalMoves(detail);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const to = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') as ClaimStatus | null;
    // Busy: the buttons stay focusable (aria-disabled), so a repeat lands here and is ignored.
    if (busy || !to) return;
    onMove(to, note);
  }
  return (
    <>
      {failure && (
        <ServerFailure title="The claim was not moved" failure={failure} shownFields={['note']}>
          {conflict && <p>Someone else moved it since you opened it: it has been reloaded as it is now.</p>}
        </ServerFailure>
      )}
      {offered.length === 0 ? (
        <p>No move is possible from {claimStatusWords(detail.claim.status).toLowerCase()}.</p>
      ) : (
        <form className="form claim-move" noValidate onSubmit={submit} aria-busy={busy}>
          <TextAreaField
            label="Note to the insured"
            optional
            hint="Shown with the move on the claim’s history and in the mail the insured receives. Say why when you close it."
            rows={3}
            value={note}
            onValueChange={setNote}
            readOnly={busy}
            error={failure?.fields.note ? `The note ${failure.fields.note}` : undefined}
          />
          <div className="claim-moves">
            {offered.map((to) => (
              <button
                key={to}
                type="submit"
                name="to"
                value={to}
                className={to === 'closed' ? 'button button--secondary' : 'button'}
                aria-disabled={busy || undefined}
              >
                {moveButtonWords(detail.claim.status, to)}
              </button>
            ))}
          </div>
        </form>
      )}
    </>
  );
}
