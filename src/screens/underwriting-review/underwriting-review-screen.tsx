import '@/styles/underwriting.css';
import { useParams } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatUsd } from '@shared/contract/money-format';
import type { Review } from '@shared/contract/underwriting';
import { FileList } from '@/components/files/file-list';
import { formatDay } from '@/components/format/dates';
import { OrderHistory } from '@/components/order/order-history';
import { Worksheet } from '@/components/quote/worksheet';
import { ScreenLink } from '@/components/screen-link';
import { DecisionDialog } from '@/components/underwriting/decision-dialogs';
import { DeskStatus, deskStatusWords } from '@/components/underwriting/desk-status';
import { useQueueFilters } from '@/components/underwriting/queue-filters';
import { ReferralReasons } from '@/components/underwriting/referral-reasons';
import { exactWords, WaitingSince } from '@/components/underwriting/waiting-since';
import {
  underwritingReviewMachine,
  type DecisionKind,
  type DecisionOutcome,
} from '@/machines/underwriting-review.machine';

const DECISIONS: { kind: DecisionKind; label: string; className: string }[] = [
  { kind: 'approve', label: 'Approve…', className: 'button' },
  { kind: 'requestInfo', label: 'Ask for information…', className: 'button button--secondary' },
  { kind: 'decline', label: 'Decline…', className: 'button button--danger' },
];

const DONE_WORDS: Record<DecisionKind, string> = {
  approve: 'approved',
  requestInfo: 'sent back to the insured with your request',
  decline: 'declined',
};

/** What the status message says after a decision. */
function outcomeWords(outcome: DecisionOutcome): string {
  return `Order ${outcome.number} ${DONE_WORDS[outcome.kind]}. Its status is now: ${deskStatusWords(outcome.status)}.`;
}

export default function UnderwritingReviewScreen() {
  const { submissionid } = useParams({ strict: false }) as { submissionid?: string };
  const id = /^[1-9]\d{0,9}$/.test(submissionid ?? '') ? Number(submissionid) : undefined;
  const filters = useQueueFilters();
  return (
    <section data-screen="underwriting-review" className="screen desk" aria-labelledby="review-title">
      <p className="eyebrow">
        <ScreenLink screen="underwriting" search={filters}>
          ← Back to the queue
        </ScreenLink>
      </p>
      <ReviewPage key={id ?? 'none'} submissionId={id} />
    </section>
  );
}

function ReviewPage({ submissionId }: { submissionId: number | undefined }) {
  const [state, send] = useMachine(underwritingReviewMachine, { input: { submissionId } });
  const { review, errorMessage, dialog, failure, conflict, outcome, decisions } = state.context;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const ready = state.matches('ready');

  // After a decision (or a 409) the page is reloaded and its buttons may be gone with the status:
  // focus that would fall to the page goes to the heading instead.
  useEffect(() => {
    if (!ready || (decisions === 0 && conflict === undefined)) return;
    if (document.activeElement === null || document.activeElement === document.body) titleRef.current?.focus();
  }, [ready, decisions, conflict]);

  if (state.matches('notFound')) {
    return (
      <>
        <h1 id="review-title">We could not find that submission</h1>
        <p>It may have been removed, or the link may be incomplete. The queue lists every order waiting on the desk.</p>
      </>
    );
  }
  if (!review) {
    return (
      <>
        <h1 id="review-title">Review a submission</h1>
        {state.matches('loadFailed') ? (
          <div className="notice notice--error" role="alert">
            <p>We could not load this submission. {errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'review.retry' })}>
              Try again
            </button>
          </div>
        ) : (
          <p role="status">Loading the submission…</p>
        )}
      </>
    );
  }

  const { order } = review;
  const busy = state.matches('submitting');
  const offered = DECISIONS.filter((decision) => review.allowed[decision.kind]);
  return (
    <>
      <h1 id="review-title" ref={titleRef} tabIndex={-1}>
        Review order {order.number}
      </h1>
      <ReviewFacts review={review} />

      <p role="status" className="desk__status">
        {outcome && <span key={decisions}>{outcomeWords(outcome)}</span>}
      </p>
      {conflict && (
        <div className="notice notice--error" role="alert">
          <p>
            <strong>Someone else has acted on this order since you opened it.</strong> {conflict}
          </p>
          <p>The order has been reloaded as it is now: check it before deciding.</p>
        </div>
      )}
      {errorMessage && (
        <div className="notice notice--error" role="alert">
          <p>We could not reload this order, so what you see may be out of date. {errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'review.retry' })}>
            Try again
          </button>
        </div>
      )}

      <section className="review-decisions-section" aria-labelledby="review-decisions-title">
        <h2 id="review-decisions-title">Decision</h2>
        {offered.length === 0 ? (
          <p>No decision is due: the order is {deskStatusWords(order.status).toLowerCase()}.</p>
        ) : (
          <div className="review-decisions">
            {offered.map((decision) => (
              <button
                key={decision.kind}
                type="button"
                className={decision.className}
                aria-haspopup="dialog"
                onClick={() => send({ type: 'decision.open', kind: decision.kind })}
              >
                {decision.label}
              </button>
            ))}
          </div>
        )}
      </section>

      {dialog && (
        <DecisionDialog
          kind={dialog}
          number={order.number}
          premiumCents={order.rating?.premiumCents ?? null}
          busy={busy}
          failure={failure}
          onSubmit={(request) => send({ type: 'decision.submit', request })}
          onCancel={() => send({ type: 'decision.cancel' })}
        />
      )}

      <ReviewSections review={review} />
    </>
  );
}

function ReviewFacts({ review }: { review: Review }) {
  const { order, insured, broker } = review;
  // Quote edits keep the status: the move into it is the last entry that changed it.
  const entered = order.history.findLast(
    (entry) => entry.toStatus === order.status && entry.fromStatus !== entry.toStatus,
  );
  return (
    <dl className="review-facts">
      <div>
        <dt>Status</dt>
        <dd>
          <DeskStatus status={order.status} />
        </dd>
      </div>
      <div>
        <dt>Insured</dt>
        <dd>
          {insured.name}
          {insured.companyName && <span className="queue-table__company">{insured.companyName}</span>}
        </dd>
      </div>
      <div>
        <dt>Contact</dt>
        <dd>
          <a href={`mailto:${insured.email}`}>{insured.email}</a>
          {insured.phone && <span className="queue-table__company">{insured.phone}</span>}
        </dd>
      </div>
      <div>
        <dt>Broker</dt>
        <dd>{broker?.name ?? 'Direct'}</dd>
      </div>
      <div>
        <dt>Speciality</dt>
        <dd>{order.speciality.name}</dd>
      </div>
      <div>
        <dt>State</dt>
        <dd>{order.state ? `${order.state.name}${order.zipcode ? `, ZIP ${order.zipcode}` : ''}` : '—'}</dd>
      </div>
      <div>
        <dt>Price for the year</dt>
        <dd>{order.premiumCents === null ? 'Not priced' : formatUsd(order.premiumCents)}</dd>
      </div>
      <div>
        <dt>Limit and deductible</dt>
        <dd>{order.limit && order.deductible ? `${order.limit.label}, deductible ${order.deductible.label}` : '—'}</dd>
      </div>
      <div>
        <dt>Starts</dt>
        <dd>{order.effectiveDate ? formatDay(order.effectiveDate) : 'Not set'}</dd>
      </div>
      {entered && (
        <div>
          <dt>In this status since</dt>
          <dd>
            <WaitingSince at={entered.at} />
          </dd>
        </div>
      )}
    </dl>
  );
}

/** One titled part of the review. */
function ReviewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="review-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function ReviewSections({ review }: { review: Review }) {
  const { order, questions, locations, reasons, requiredItems, conversation, files } = review;
  return (
    <>
      <ReviewSection id="review-reasons" title="Why it was referred">
        {reasons.length === 0 ? (
          <p>No referral reasons were recorded.</p>
        ) : (
          <ReferralReasons reasons={reasons} withDetail />
        )}
      </ReviewSection>

      {requiredItems.length > 0 && (
        <ReviewSection id="review-missing" title="Still missing">
          <ul className="review-list">
            {requiredItems.map((item) => (
              <li key={item.code}>{item.label}</li>
            ))}
          </ul>
        </ReviewSection>
      )}

      <ReviewSection id="review-answers" title="Answers">
        {questions.length === 0 ? (
          <p>No answers were recorded.</p>
        ) : (
          <dl className="review-answers">
            {questions.map((question) => (
              <div key={question.code} data-question={question.code}>
                <dt>{question.text}</dt>
                <dd>
                  {question.answer ?? 'Not answered'}
                  {question.effect && <span className="review-answers__effect">{question.effect}</span>}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </ReviewSection>

      <ReviewSection id="review-worksheet" title="Rating worksheet">
        {order.rating ? <Worksheet lines={order.rating.worksheet} sources /> : <p>This order has not been priced.</p>}
      </ReviewSection>

      <ReviewSection id="review-locations" title="Locations">
        {locations.length === 0 ? (
          <p>No locations are on this order.</p>
        ) : (
          <ul className="review-list">
            {locations.map((location) => (
              <li key={location.id}>
                <strong>{location.title ?? 'Location'}</strong>
                {location.isprimary && ' (rated here)'}
                <span className="review-list__detail">
                  {[location.address1, location.address2, location.city, `${location.state} ${location.zipcode}`]
                    .filter(Boolean)
                    .join(', ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </ReviewSection>

      <ReviewSection id="review-files" title="Files">
        <FileList files={files} emptyText="No files are attached to this order." />
      </ReviewSection>

      <ReviewSection id="review-conversation" title="Conversation">
        {conversation.length === 0 ? (
          <p>No information has been asked for yet.</p>
        ) : (
          <ol className="review-list">
            {conversation.map((entry, index) => (
              <li key={`${entry.at}-${index}`} data-from={entry.from}>
                <span className="review-list__meta">
                  {entry.name ?? (entry.from === 'underwriter' ? 'An underwriter' : 'The insured')}
                  {entry.from === 'underwriter' ? ' asked' : ' replied'},{' '}
                  <time dateTime={entry.at}>{exactWords(entry.at)}</time>
                </span>
                {entry.message}
              </li>
            ))}
          </ol>
        )}
      </ReviewSection>

      <ReviewSection id="review-history" title="History">
        <OrderHistory entries={order.history} audience="underwriter" />
      </ReviewSection>
    </>
  );
}
