import '@/styles/dialog.css';
import '@/styles/cancellation.css';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { CancellationOptions, CancellationQuote } from '@shared/contract/cancellation';
import { formatUsd } from '@shared/contract/money-format';
import { periodWords } from '@/components/billing/money-words';
import { PolicyPicker } from '@/components/policy/policy-picker';
import { ReturnPremiumWorking } from '@/components/cancellation/return-premium-working';
import { TailOffer } from '@/components/cancellation/tail-offer';
import { saveBlob } from '@/components/files/save-blob';
import { SelectField } from '@/components/form/select-field';
import { ServerFailure } from '@/components/form/server-failure';
import { TextAreaField } from '@/components/form/text-area-field';
import { formatDay, localToday } from '@/components/format/dates';
import { coverStopsAt, coverStopsSentence } from '@shared/contract/cover-stops';
import { failureWords, refusal } from '@/components/format/failure-words';
import { ScreenLink } from '@/components/screen-link';
import { useFocusRescue } from '@/components/use-focus-rescue';
import { cancellationMachine } from '@/machines/cancellation.machine';
import { policySearch } from '@/routes/search-params';
import { useClientArea } from '@/routes/use-broker';

const TITLE_ID = 'cancellation-title';

const cancellationInBrowser = cancellationMachine.provide({
  actions: {
    saveFile: (_, { blob, filename }) => saveBlob(blob, filename),
    // The hosted checkout is not ours: a full page navigation, back to paymentconfirm when paid.
    goToCheckout: (_, { url }) => window.location.assign(url),
  },
});

/**
 * policy/cancel?policyid: cancelling one of the insured's policies, honestly — the day cover
 * ends, what comes back and how it is worked out, what is lost (claims made after it) — then a
 * deliberate confirmation; once cancelled (or expired), the notice and the tail. Without a
 * policy in the address it asks which.
 */
export default function CancellationScreen() {
  const parsed = v.safeParse(policySearch, useSearch({ strict: false }));
  const policyId = parsed.success ? parsed.output.policyid : undefined;
  const unpaid = parsed.success ? parsed.output.unpaid : undefined;
  useFocusRescue(TITLE_ID);
  return (
    <section data-screen="cancellation" className="screen cancellation" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">Your policy</p>
      <h1 id={TITLE_ID} tabIndex={-1}>
        Cancel your policy
      </h1>
      {policyId === undefined ? (
        <PolicyPicker
          screen="cancellation"
          className="cancellation-section"
          lead="Which policy is it about? You will see what cancelling returns before anything is done."
          none="You have no policy to cancel: a policy is issued once an order is bound and paid."
        />
      ) : (
        <PolicyCancellation key={policyId} policyId={policyId} unpaid={unpaid} />
      )}
    </section>
  );
}

const STATUS_WORDS: Record<CancellationOptions['status'], string> = {
  in_force: 'In force',
  cancellation_notice: 'Under a notice of cancellation',
  cancelled: 'Cancelled',
  expired: 'Expired',
  renewed: 'Renewed',
};

/** The policy, its period and where it stands, above every step. */
function PolicyHeader({ options, cancelledFrom }: { options: CancellationOptions; cancelledFrom: string | null }) {
  const status = cancelledFrom ? 'cancelled' : options.status;
  const tone = status === 'in_force' ? 'covered' : 'ended';
  return (
    <div className="cancellation-policy">
      <p className="cancellation-policy__number">
        Policy <strong>{options.policyNumber}</strong>
      </p>
      <p className={`cancellation-standing cancellation-standing--${tone}`}>
        {cancelledFrom ? `Cancelled from ${formatDay(cancelledFrom)}` : STATUS_WORDS[status]}
      </p>
      <p className="cancellation-policy__period">{periodWords(options.effectiveDate, options.expirationDate)}</p>
    </div>
  );
}

/** Common reasons, so most people choose rather than type; the text box takes anything else. */
const REASONS = [
  'I sold or closed my practice',
  'I am retiring',
  'I found cover elsewhere',
  'The price is too high',
  'I no longer need this cover',
  'Something else',
].map((reason) => ({ value: reason, label: reason }));

/** The reason as the server keeps it (up to 500 characters): the choice, then the words typed. */
const reasonOf = (choice: string, words: string) => [choice, words.trim()].filter(Boolean).join(': ').slice(0, 500);

/** Moves focus to the element once, when `when` becomes true (a step's heading as it appears). */
function useFocusWhen<T extends HTMLElement>(when: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}

/** `unpaid`: the tail whose hosted checkout was just left without paying (the checkout's way back). */
function PolicyCancellation({ policyId, unpaid }: { policyId: number; unpaid: number | undefined }) {
  const clientId = useClientArea();
  const [state, send] = useMachine(cancellationInBrowser, { input: { policyId, clientId } });
  const [choice, setChoice] = useState('');
  const [words, setWords] = useState('');
  const { options, cancellation } = state.context;
  const concluded = state.matches('concluded');
  const concludedHeading = useFocusWhen<HTMLHeadingElement>(concluded && cancellation !== null);

  if (state.matches('loading')) return <p role="status">Loading your policy…</p>;
  if (state.matches('loadFailed')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load this policy. {failureWords(state.context.loadError)}</p>
        <p className="screen-actions">
          <button type="button" className="button" onClick={() => send({ type: 'cancellation.retry' })}>
            Try again
          </button>
          <ScreenLink screen="cancellation" className="button button--secondary">
            Choose another policy
          </ScreenLink>
        </p>
      </div>
    );
  }
  if (!options) return null;

  const setReason = (nextChoice: string, nextWords: string) => {
    setChoice(nextChoice);
    setWords(nextWords);
    send({ type: 'cancellation.reason', reason: reasonOf(nextChoice, nextWords) });
  };

  return (
    <>
      <PolicyHeader options={options} cancelledFrom={cancellation?.cancellationDate ?? options.cancellationDate} />
      {state.matches('refused') && (
        <div className="notice notice--error" role="alert">
          <p>{failureWords(state.context.failure?.message)}</p>
          <button type="button" className="button" onClick={() => send({ type: 'cancellation.retry' })}>
            See where your policy stands
          </button>
        </div>
      )}
      {state.matches({ cancelling: 'choosing' }) && (
        <ChooseStep state={state} send={send} choice={choice} words={words} onReason={setReason} />
      )}
      {state.matches({ cancelling: 'confirming' }) && <ConfirmStep state={state} send={send} />}
      {concluded && (
        <>
          {cancellation ? (
            <div className="cancellation-done">
              <h2 ref={concludedHeading} tabIndex={-1} className="cancellation-done__title">
                Policy {cancellation.policyNumber} is cancelled from {formatDay(cancellation.cancellationDate)}
              </h2>
              <p>{coverStopsSentence(cancellation.cancellationDate, todayOf(options))}</p>
              {cancellation.unpaidPremium ? (
                <p>
                  Return premium: {formatUsd(cancellation.returnPremium.totalCents)}, less your instalments not yet
                  paid, {formatUsd(cancellation.unpaidPremium.unpaidCents)}.{' '}
                  {cancellation.unpaidPremium.netCents >= 0 ? (
                    <>
                      <strong>{formatUsd(cancellation.unpaidPremium.netCents)}</strong> is recorded on your policy (
                      {cancellation.endorsement.number}) as owed to you, to be refunded or credited.
                    </>
                  ) : (
                    <>
                      You still owe <strong>{formatUsd(-cancellation.unpaidPremium.netCents)}</strong> of premium earned
                      for the days you were covered, recorded on your policy ({cancellation.endorsement.number}
                      ).
                    </>
                  )}{' '}
                  The notice of cancellation has been e-mailed to you and is kept with your documents.
                </p>
              ) : (
                <p>
                  Return premium owed to you: <strong>{formatUsd(cancellation.returnPremium.totalCents)}</strong>. It is
                  recorded on your policy ({cancellation.endorsement.number}) as owed to you, to be refunded or
                  credited. The notice of cancellation has been e-mailed to you and is kept with your documents.
                </p>
              )}
            </div>
          ) : (
            <Standing options={options} />
          )}
          {state.context.noticeEndorsementId !== null && (
            <p className="cancellation-notice-download">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => send({ type: 'notice.download' })}
                aria-disabled={state.matches({ concluded: 'downloadingNotice' }) || undefined}
              >
                {state.matches({ concluded: 'downloadingNotice' })
                  ? 'Downloading…'
                  : 'Download the cancellation notice (PDF)'}
              </button>
              {state.context.noticeFailure && (
                <span className="field__error" role="alert">
                  The notice could not be downloaded: {failureWords(state.context.noticeFailure)}
                </span>
              )}
            </p>
          )}
          <TailSection state={state} send={send} options={options} unpaid={unpaid} />
        </>
      )}
      <p className="cancellation-back">
        <ScreenLink screen="policy-history" search={{ policyid: policyId }}>
          Back to your policy
        </ScreenLink>
      </p>
    </>
  );
}

type Machine = ReturnType<typeof useMachine<typeof cancellationInBrowser>>;
type StepProps = { state: Machine[0]; send: Machine[1] };

/** A policy that came cancelled or expired: its standing in words. */
function Standing({ options }: { options: CancellationOptions }) {
  if (options.status === 'cancelled' && options.cancellationDate) {
    return (
      <div className="cancellation-done">
        <h2 className="cancellation-done__title">
          Policy {options.policyNumber} is cancelled from {formatDay(options.cancellationDate)}
        </h2>
        <p>{coverStopsSentence(options.cancellationDate, todayOf(options))}</p>
        {options.cancellationReason && <p>Reason given: {options.cancellationReason}</p>}
      </div>
    );
  }
  if (options.status === 'expired') {
    return (
      <div className="cancellation-done">
        <h2 className="cancellation-done__title">
          Policy {options.policyNumber} expired on {formatDay(options.expirationDate)}
        </h2>
        <p>There is nothing left to cancel: its cover has ended.</p>
      </div>
    );
  }
  return (
    <p className="notice">
      This policy cannot be cancelled online today. Please contact your broker or us if you want to end it.
    </p>
  );
}

function TailSection({
  state,
  send,
  options,
  unpaid,
}: StepProps & { options: CancellationOptions; unpaid?: number | undefined }) {
  const { tail, tailOffer, cancellation } = state.context;
  const startsOn = cancellation?.cancellationDate ?? options.tailStartsOn;
  if (!startsOn || (!tail && tailOffer.length === 0)) return null;
  return (
    <TailOffer
      startsOn={startsOn}
      retroactiveDate={options.retroactiveDate}
      offer={tailOffer}
      tail={tail}
      buying={state.matches({ concluded: 'buyingTail' }) ? state.context.tailYears : null}
      paying={state.matches({ concluded: 'payingTail' }) || state.matches({ concluded: 'leavingForCheckout' })}
      failure={state.context.tailFailure}
      onBuy={(years) => send({ type: 'tail.buy', years })}
      onPay={() => send({ type: 'tail.pay' })}
      unpaid={unpaid}
    />
  );
}

function ChooseStep({
  state,
  send,
  choice,
  words,
  onReason,
}: StepProps & { choice: string; words: string; onReason: (choice: string, words: string) => void }) {
  const { options, quote, date, dateProblem, failure } = state.context;
  const previewing = state.matches({ cancelling: { choosing: 'previewing' } });
  const previewed = state.matches({ cancelling: { choosing: 'previewed' } });
  const previewFailed = state.matches({ cancelling: { choosing: 'previewFailed' } });
  const dateError = dateProblem ?? (previewFailed ? failure?.fields.cancellationDate : undefined);
  // Its first day is still to come (or today): cancelling from it is flat.
  const notStarted = options!.earliestCancellationDate === options!.effectiveDate;
  const today = todayOf(options!);

  function review(event: FormEvent) {
    event.preventDefault();
    send({ type: 'cancellation.review' });
  }

  return (
    <form className="form cancellation-form" noValidate onSubmit={review} aria-busy={previewing}>
      <section className="cancellation-section" aria-labelledby="cancellation-when-title">
        <h2 id="cancellation-when-title">When should your cover end?</h2>
        <div className={`field${dateError ? ' field--invalid' : ''}`}>
          <label htmlFor="cancellation-date">Cancellation date</label>
          <div id="cancellation-date-hint" className="field__hint">
            The first day without cover: your cover stops at 12:01 a.m. on the day you choose. From{' '}
            {formatDay(options!.earliestCancellationDate!)}
            {options!.earliestCancellationDate === today ? ' (today)' : ''} to{' '}
            {formatDay(options!.latestCancellationDate!)}.
            {notStarted && (
              <>
                {' '}
                Your policy starts on {formatDay(options!.effectiveDate)}: cancelled from that day, it is a{' '}
                <strong>flat cancellation — everything you paid comes back</strong>.
              </>
            )}
          </div>
          <input
            id="cancellation-date"
            type="date"
            value={date}
            min={options!.earliestCancellationDate!}
            max={options!.latestCancellationDate!}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={`cancellation-date-hint${dateError ? ' cancellation-date-error' : ''}`}
            onChange={(event) => send({ type: 'cancellation.date', date: event.target.value })}
          />
          {dateError && (
            <p id="cancellation-date-error" className="field__error">
              The cancellation date {dateError}.
            </p>
          )}
        </div>
        <SelectField
          label="Why are you cancelling?"
          optional
          placeholder="Rather not say"
          options={REASONS}
          value={choice}
          onValueChange={(value) => onReason(value, words)}
        />
        <TextAreaField
          label="Anything you want to tell us"
          optional
          rows={3}
          maxLength={400}
          value={words}
          onValueChange={(value) => onReason(choice, value)}
        />
      </section>

      <section className="cancellation-section" aria-labelledby="cancellation-return-title" aria-live="polite">
        <h2 id="cancellation-return-title">What you get back</h2>
        {previewing && <p role="status">Working out your return premium…</p>}
        {previewFailed && failure && !failure.fields.cancellationDate && (
          <div className="notice notice--error" role="alert">
            <p>We could not work out your return premium. {failureWords(failure.message)}</p>
            <button type="button" className="button" onClick={() => send({ type: 'cancellation.retry' })}>
              Try again
            </button>
          </div>
        )}
        {dateProblem && <p>Choose a cancellation date in the range above to see what comes back.</p>}
        {quote && previewed && (
          <>
            <ReturnPremiumWorking returned={quote.returnPremium} headingId="cancellation-return-title" />
            <UnpaidInstalments unpaid={quote.unpaidPremium} />
          </>
        )}
      </section>

      {quote && previewed && (
        <CoverWarning date={quote.cancellationDate} today={today} fromCents={quote.tailOffer[0]?.totalCents} />
      )}

      <div className="form__actions">
        <button type="submit" className="button" aria-disabled={!previewed || undefined}>
          Review the cancellation
        </button>
      </div>
    </form>
  );
}

/** What cancelling takes away, said plainly before anything is confirmed. */
/**
 * A payment plan's instalments not yet paid are set against the return (issue 20): what is left,
 * either way — owed back, or premium earned for the days covered that the insured would still owe.
 */
function UnpaidInstalments({ unpaid }: { unpaid: CancellationQuote['unpaidPremium'] }) {
  if (!unpaid) return null;
  return (
    <p className="cancellation-unpaid">
      Less your instalments not yet paid, {formatUsd(unpaid.unpaidCents)}:{' '}
      {unpaid.netCents >= 0 ? (
        <>
          <strong>{formatUsd(unpaid.netCents)}</strong> owed back to you.
        </>
      ) : (
        <>
          you would still owe <strong>{formatUsd(-unpaid.netCents)}</strong> of premium earned for the days you were
          covered.
        </>
      )}
    </p>
  );
}

/** The server's business day when it said (the days on offer are counted from it), else the browser's. */
const todayOf = (options: CancellationOptions | null) => options?.today ?? localToday();

/**
 * When the chosen date stops the cover, as the policy page, the mail and the notice say it: 12:01
 * a.m. on that day, its first day without cover — from today, a moment already past.
 */
const coverStopsWords = (date: string, today: string) =>
  `${coverStopsAt(date, today)}${date === today ? ', already past' : ''}`;

function CoverWarning({ date, today, fromCents }: { date: string; today: string; fromCents: number | undefined }) {
  return (
    <div className="cancellation-warning" role="note" aria-labelledby="cancellation-warning-title">
      <p id="cancellation-warning-title" className="cancellation-warning__title">
        Your cover stops {coverStopsWords(date, today)}
      </p>
      <p>
        Claims made against you on or after {formatDay(date)} are <strong>not covered</strong> — even for work you did
        while the policy was in force — unless you buy a tail (an extended reporting period)
        {fromCents !== undefined ? `, from ${formatUsd(fromCents)} for a year` : ''}. You can buy one right after
        cancelling.
      </p>
    </div>
  );
}

const SHOWN_FIELDS = ['cancellationDate', 'reason'] as const;

function ConfirmStep({ state, send }: StepProps) {
  const { quote, reason, failure, options } = state.context;
  const submitting = state.matches({ cancelling: { confirming: 'submitting' } });
  const heading = useFocusWhen<HTMLHeadingElement>(true);
  if (!quote) return null;
  const day = formatDay(quote.cancellationDate);
  return (
    <section className="cancellation-section cancellation-confirm" aria-labelledby="cancellation-confirm-title">
      <h2 id="cancellation-confirm-title" ref={heading} tabIndex={-1}>
        Confirm the cancellation
      </h2>
      {failure && state.matches({ cancelling: { confirming: 'failed' } }) && (
        <ServerFailure
          title="Your policy was not cancelled"
          failure={refusal(failure.message, failure.fields)}
          shownFields={SHOWN_FIELDS}
        />
      )}
      <dl className="cancellation-summary">
        <div>
          <dt>Policy</dt>
          <dd>{quote.policyNumber}</dd>
        </div>
        <div>
          <dt>Cover stops</dt>
          <dd>
            {/* "At 12:01 a.m. on …": the sentence's words, capitalised for a list. */}
            {coverStopsWords(quote.cancellationDate, todayOf(options)).replace(/^a/, 'A')}
            {quote.cancellationDate === todayOf(options) ? '' : ', the first day without cover'}
          </dd>
        </div>
        {quote.unpaidPremium ? (
          <>
            <div>
              <dt>Return premium</dt>
              <dd>{formatUsd(quote.returnPremium.totalCents)}</dd>
            </div>
            <div>
              <dt>Instalments not yet paid</dt>
              <dd>{formatUsd(quote.unpaidPremium.unpaidCents)}</dd>
            </div>
            <div>
              <dt>{quote.unpaidPremium.netCents >= 0 ? 'Owed back to you' : 'You would still owe'}</dt>
              <dd>{formatUsd(Math.abs(quote.unpaidPremium.netCents))}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>Owed back to you</dt>
            <dd>{formatUsd(quote.returnPremium.totalCents)}</dd>
          </div>
        )}
        <div>
          <dt>Reason</dt>
          <dd>{reason.trim() || 'Not given'}</dd>
        </div>
      </dl>
      <CoverWarning date={quote.cancellationDate} today={todayOf(options)} fromCents={quote.tailOffer[0]?.totalCents} />
      <p>This cannot be undone online. The notice of cancellation is e-mailed to you.</p>
      <div className="form__actions cancellation-confirm__actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => !submitting && send({ type: 'cancellation.confirm' })}
          aria-disabled={submitting || undefined}
        >
          {submitting ? 'Cancelling…' : `Cancel policy ${quote.policyNumber} from ${day}`}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => !submitting && send({ type: 'cancellation.back' })}
          aria-disabled={submitting || undefined}
        >
          Go back
        </button>
      </div>
    </section>
  );
}
