import '@/styles/underwriting.css';
import '@/styles/endorsements-desk.css';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { requiredText } from '@shared/contract/address';
import type { ReferredEndorsement } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { FormDialog } from '@/components/form-dialog';
import { TextAreaField } from '@/components/form/text-area-field';
import { useForm } from '@/components/form/use-form';
import { formatDay } from '@/components/format/dates';
import { signedUsd } from '@/components/endorsements/change-words';
import { changeLines } from '@/components/policy-history/endorsement-words';
import { ScreenLink } from '@/components/screen-link';
import { WaitingSince } from '@/components/underwriting/waiting-since';
import {
  endorsementsDeskMachine,
  type DeskDecisionKind,
  type DeskFailure,
  type DeskOutcome,
} from '@/machines/endorsements-desk.machine';

const TITLE_ID = 'endorsements-desk-title';

/**
 * underwriting/endorsements: the referred-changes desk (underwriters and administrators). The
 * mid-term changes the rules sent to an underwriter, oldest waiting first, each with what it
 * changes, why it was referred, its annual premium before and after against the automatic
 * authority and its prorated worksheet; Approve or Decline (with the reason the insured reads),
 * each in a dialog. The outcome is announced and focused; the list then shows what still waits.
 */
export default function EndorsementsDeskScreen() {
  const [state, send] = useMachine(endorsementsDeskMachine);
  const { items, errorMessage, chosen, failure, conflict, outcome, decisions } = state.context;
  const announcementRef = useRef<HTMLParagraphElement>(null);
  const settled = state.matches('ready') || state.matches('empty') || state.matches('loadFailed');
  const deciding = state.matches({ ready: 'deciding' });

  // Once a decision has ended and the list is back, the change decided is gone (and with it the
  // button that opened the dialog): focus goes to what happened instead of falling to the page.
  useEffect(() => {
    if (decisions > 0 && settled && !chosen) announcementRef.current?.focus();
  }, [decisions, settled, chosen]);

  const said = conflict ? conflictWords(conflict) : outcome ? outcomeWords(outcome) : '';
  const chosenItem = chosen && items?.find((item) => item.id === chosen.endorsementId);
  const count = items?.length ?? 0;

  return (
    <section data-screen="endorsements-desk" className="screen desk endorsements-desk" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">
        <ScreenLink screen="underwriting" className="endorsements-desk__back">
          ← Underwriting desk
        </ScreenLink>
      </p>
      <h1 id={TITLE_ID}>Referred changes</h1>
      <p className="desk__lead">
        Mid-term changes the rules referred to an underwriter — a change raising a policy’s annual premium above the
        automatic authority — oldest waiting first. Approved, a change proceeds: the insured pays any additional
        premium, then it is issued. Declined, the insured is told your reason.
      </p>

      <p
        ref={announcementRef}
        tabIndex={-1}
        role="status"
        className={
          said
            ? `endorsements-desk__announcement endorsements-desk__announcement--${conflict ? 'conflict' : 'done'}`
            : 'visually-hidden'
        }
      >
        {said && <span key={decisions}>{said}</span>}
      </p>

      {state.matches('loading') && (
        <p role="status" className="desk__status">
          Loading the referred changes…
        </p>
      )}
      {state.matches('loadFailed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load the referred changes. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'desk.retry' })}>
            Try again
          </button>
        </div>
      )}
      {state.matches('empty') && (
        <div className="desk__empty">
          <p>No change is waiting for an underwriter. Changes the rules refer appear here.</p>
          <p>
            <ScreenLink screen="underwriting">Back to the orders on the underwriting desk</ScreenLink>
          </p>
        </div>
      )}
      {(state.matches('ready') || state.matches('refreshing')) && items && (
        <>
          <p className="desk__status" aria-live="polite">
            {state.matches('refreshing')
              ? 'Updating the list…'
              : `${count} ${count === 1 ? 'change is' : 'changes are'} waiting for a decision.`}
          </p>
          <ol className="endorsements-desk__list" aria-label="Referred changes, oldest waiting first">
            {items.map((item) => (
              <ReferredChange
                key={item.id}
                item={item}
                onDecide={(kind) => send({ type: 'decision.start', endorsementId: item.id, kind })}
              />
            ))}
          </ol>
        </>
      )}

      {chosen && chosenItem && (
        <DecisionDialog
          kind={chosen.kind}
          item={chosenItem}
          busy={deciding}
          failure={failure}
          onSubmit={(reason) => send({ type: 'decision.submit', ...(reason === undefined ? {} : { reason }) })}
          onCancel={() => send({ type: 'decision.cancel' })}
        />
      )}
    </section>
  );
}

/** What the decision did, in words: approved (to be paid, or issued at once) or declined. */
function outcomeWords({ number, kind, endorsement }: DeskOutcome): string {
  if (kind === 'decline') return `Change ${number} declined. The insured has been e-mailed your reason.`;
  if (endorsement.status === 'awaiting_payment') {
    return `Change ${number} approved. The insured has been e-mailed to pay the additional premium of ${formatUsd(endorsement.totalChangeCents)}; it is made once paid.`;
  }
  return `Change ${number} approved and issued. The declarations have been reissued and the insured e-mailed.`;
}

function conflictWords(conflict: string): string {
  return `Nothing was decided — ${conflict}. The list has been updated.`;
}

// ---------------------------------------------------------------------------------------------
// One referred change

function ReferredChange({ item, onDecide }: { item: ReferredEndorsement; onDecide: (kind: DeskDecisionKind) => void }) {
  const headingId = `referred-${item.id}`;
  const lines = changeLines(item);
  const authority = item.authorityCents;
  const difference = item.annualPremiumAfterCents - item.annualPremiumBeforeCents;
  return (
    <li className="endorsements-desk__item" data-endorsement-id={item.id}>
      <article className="referred-change" aria-labelledby={headingId}>
        <header className="referred-change__header">
          <h2 id={headingId}>
            Change <span className="referred-change__number">{item.number}</span>
          </h2>
          <p className="referred-change__insured">{item.insuredName}</p>
        </header>

        <dl className="referred-change__facts">
          <div>
            <dt>Policy</dt>
            <dd>{item.policyNumber}</dd>
          </div>
          <div>
            <dt>Takes effect</dt>
            <dd>{formatDay(item.effectiveDate)}</dd>
          </div>
          <div>
            <dt>Waiting since</dt>
            <dd>
              <WaitingSince at={item.createdAt} />
            </dd>
          </div>
        </dl>

        <div className="referred-change__body">
          <section className="referred-change__section" aria-labelledby={`${headingId}-what`}>
            <h3 id={`${headingId}-what`}>What changes</h3>
            <ul className="referred-change__changes">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="referred-change__reason">
              <strong>Referred because:</strong> {item.reason}
            </p>
          </section>

          <section className="referred-change__section" aria-labelledby={`${headingId}-premium`}>
            <h3 id={`${headingId}-premium`}>Annual premium</h3>
            <dl className="referred-change__lines">
              <div>
                <dt>Before the change</dt>
                <dd>{formatUsd(item.annualPremiumBeforeCents)}</dd>
              </div>
              <div>
                <dt>After the change</dt>
                <dd>
                  <strong>{formatUsd(item.annualPremiumAfterCents)}</strong>
                </dd>
              </div>
              {authority !== undefined && (
                <>
                  <div>
                    <dt>Automatic authority</dt>
                    <dd>{formatUsd(authority)}</dd>
                  </div>
                  <div className="referred-change__over">
                    <dt>
                      {item.annualPremiumAfterCents > authority ? 'Above the authority by' : 'Within the authority'}
                    </dt>
                    <dd>
                      {item.annualPremiumAfterCents > authority
                        ? formatUsd(item.annualPremiumAfterCents - authority)
                        : '—'}
                    </dd>
                  </div>
                </>
              )}
            </dl>
          </section>

          <section className="referred-change__section" aria-labelledby={`${headingId}-worksheet`}>
            <h3 id={`${headingId}-worksheet`}>Prorated worksheet</h3>
            <dl className="referred-change__lines">
              <div>
                <dt>Annual difference</dt>
                <dd>{signedUsd(difference)}</dd>
              </div>
              {item.daysRemaining !== undefined && item.daysInPeriod !== undefined && (
                <div>
                  <dt>Days of cover left</dt>
                  <dd>
                    {item.daysRemaining} of {item.daysInPeriod}
                  </dd>
                </div>
              )}
              <div>
                <dt>Prorated premium</dt>
                <dd>{signedUsd(item.premiumChangeCents)}</dd>
              </div>
              <div>
                <dt>Premium tax</dt>
                <dd>{signedUsd(item.taxChangeCents)}</dd>
              </div>
              <div>
                <dt>State fees</dt>
                <dd>{signedUsd(item.feeChangeCents)}</dd>
              </div>
              <div className="referred-change__total">
                <dt>{item.totalChangeCents < 0 ? 'Return premium' : 'Additional premium'}</dt>
                <dd>{signedUsd(item.totalChangeCents)}</dd>
              </div>
            </dl>
            {item.daysRemaining !== undefined && item.daysInPeriod !== undefined && item.policyExpirationDate && (
              <p className="referred-change__why">
                {signedUsd(difference)} × {item.daysRemaining} ÷ {item.daysInPeriod} days, from{' '}
                {formatDay(item.effectiveDate)} to the policy’s expiry on {formatDay(item.policyExpirationDate)}.
              </p>
            )}
          </section>
        </div>

        <div className="referred-change__actions">
          <button type="button" className="button" onClick={() => onDecide('approve')}>
            Approve <span className="visually-hidden">change {item.number}</span>
          </button>
          <button type="button" className="button button--secondary" onClick={() => onDecide('decline')}>
            Decline <span className="visually-hidden">change {item.number}</span>
          </button>
        </div>
      </article>
    </li>
  );
}

// ---------------------------------------------------------------------------------------------
// The decision's dialog

function DecisionDialog({
  kind,
  item,
  busy,
  failure,
  onSubmit,
  onCancel,
}: {
  kind: DeskDecisionKind;
  item: ReferredEndorsement;
  busy: boolean;
  failure: DeskFailure | undefined;
  onSubmit: (reason?: string) => void;
  onCancel: () => void;
}) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  return kind === 'approve' ? (
    <FormDialog
      title={`Approve change ${item.number}`}
      submitLabel="Approve change"
      busyLabel="Approving…"
      busy={busy}
      failure={failure}
      failureTitle="We could not approve this change"
      shownFields={[]}
      onSubmit={() => onSubmit()}
      onCancel={cancel}
      className="dialog--wide decision-dialog"
    >
      <p>
        {item.insuredName}, policy {item.policyNumber}: the annual premium becomes{' '}
        {formatUsd(item.annualPremiumAfterCents)}.
      </p>
      <p>
        {item.totalChangeCents > 0
          ? `Approved, the insured is e-mailed to pay the additional premium of ${formatUsd(item.totalChangeCents)}; the change is made once it is paid.`
          : 'Approved, the change is issued at once and the declarations reissued.'}
      </p>
    </FormDialog>
  ) : (
    <DeclineDialog item={item} busy={busy} failure={failure} onSubmit={onSubmit} onCancel={cancel} />
  );
}

const REASON_FIELDS = ['reason'] as const;

function DeclineDialog({
  item,
  busy,
  failure,
  onSubmit,
  onCancel,
}: {
  item: ReferredEndorsement;
  busy: boolean;
  failure: DeskFailure | undefined;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const form = useForm(
    { reason: { schema: requiredText(2000), name: 'Reason' } },
    failure?.fields.reason ? { reason: failure.fields.reason } : {},
  );
  return (
    <FormDialog
      title={`Decline change ${item.number}`}
      submitLabel="Decline change"
      busyLabel="Declining…"
      danger
      busy={busy}
      failure={failure}
      failureTitle="We could not decline this change"
      shownFields={REASON_FIELDS}
      onSubmit={() => {
        const values = form.submit();
        if (values) onSubmit(values.reason.trim());
      }}
      onCancel={onCancel}
      className="dialog--wide decision-dialog"
    >
      <p>Declined, the policy stays as it is; the insured may ask for another change.</p>
      <TextAreaField
        {...form.field('reason')}
        label="Reason"
        hint="The insured reads it on their policy and in the e-mail they receive."
        rows={4}
        readOnly={busy}
        data-autofocus
      />
    </FormDialog>
  );
}
