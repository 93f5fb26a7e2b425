import '@/styles/endorsements.css';
import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import * as v from 'valibot';
import { addressInputEntries, requiredText } from '@shared/contract/address';
import type { Endorsement, EndorsementOptions } from '@shared/contract/endorsements';
import { formatUsd } from '@shared/contract/money-format';
import { periodWords } from '@/components/billing/money-words';
import { changeWords, totalWords } from '@/components/endorsements/change-words';
import { PolicyPicker } from '@/components/policy/policy-picker';
import { PriceWorksheet } from '@/components/endorsements/price-worksheet';
import { saveBlob } from '@/components/files/save-blob';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { formatDay } from '@/components/format/dates';
import { failureWords } from '@/components/format/failure-words';
import { ScreenLink } from '@/components/screen-link';
import { useFocusRescue } from '@/components/use-focus-rescue';
import { endorsementsMachine, type ChangeRequest } from '@/machines/endorsements.machine';
import { policySearch } from '@/routes/search-params';
import { useClientArea } from '@/routes/use-broker';

const TITLE_ID = 'endorsements-title';

/**
 * policy/changes?policyid: a mid-term change of one of the insured's policies — a new limit or
 * deductible, a corrected named insured or practice address, from a day they choose — priced as
 * they choose it, then made: issued at once when it costs nothing or returns premium, or paid
 * through the hosted checkout when it costs more. Without a policy in the address it asks which.
 */
export default function EndorsementsScreen() {
  const parsed = v.safeParse(policySearch, useSearch({ strict: false }));
  const policyId = parsed.success ? parsed.output.policyid : undefined;
  const unpaid = parsed.success ? parsed.output.unpaid : undefined;
  useFocusRescue(TITLE_ID);
  return (
    <section data-screen="endorsements" className="screen endorsements" aria-labelledby={TITLE_ID}>
      <p className="eyebrow">Your policy</p>
      <h1 id={TITLE_ID} tabIndex={-1}>
        Change your policy
      </h1>
      <p className="endorsements__lead">
        Raise or lower your limit or deductible, or correct the name or address on your policy. You see the price before
        anything changes.
      </p>
      {policyId === undefined ? (
        <PolicyPicker
          screen="endorsements"
          className="endorsements-section"
          lead="Which policy would you like to change?"
          none="A policy can be changed once it is issued, and you have none yet."
        />
      ) : (
        <PolicyChange key={policyId} policyId={policyId} unpaid={unpaid} />
      )}
    </section>
  );
}

/** `unpaid`: the change whose hosted checkout was just left without paying (the checkout's way back). */
function PolicyChange({ policyId, unpaid }: { policyId: number; unpaid: number | undefined }) {
  const clientId = useClientArea();
  const [machine] = useState(() =>
    endorsementsMachine.provide({
      actions: {
        saveFile: (_, { blob, filename }) => saveBlob(blob, filename),
        goToCheckout: (_, { url }) => window.location.assign(url),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { policyId, clientId } });
  const { options, errorMessage } = state.context;

  if (state.matches('loading')) return <p role="status">Loading your policy…</p>;
  if (state.matches('loadFailed')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load this policy. {failureWords(errorMessage)}</p>
        <p className="screen-actions">
          <button type="button" className="button" onClick={() => send({ type: 'policy.retry' })}>
            Try again
          </button>
          <ScreenLink screen="endorsements" className="button button--secondary">
            Choose another policy
          </ScreenLink>
        </p>
      </div>
    );
  }
  if (state.matches('notInForce')) {
    return (
      <div className="notice endorsements__not-in-force">
        <h2>This policy can no longer be changed</h2>
        <p>{failureWords(errorMessage)}. Only a policy in force can be changed.</p>
        <p className="screen-actions">
          <ScreenLink screen="policy-history" search={{ policyid: policyId }} className="button">
            See your policy
          </ScreenLink>
          <ScreenLink screen="endorsements" className="button button--secondary">
            Choose another policy
          </ScreenLink>
        </p>
      </div>
    );
  }
  if (!options) return null;

  return (
    <>
      <PolicySummary
        options={
          state.matches('issued') && state.context.endorsement ? changed(options, state.context.endorsement) : options
        }
      />
      {state.matches('editing') ? (
        <ChangeForm options={options} state={state} send={send} />
      ) : (
        <Outcome policyId={policyId} options={options} state={state} send={send} unpaid={unpaid} />
      )}
    </>
  );
}

type Handle = ReturnType<typeof useMachine<typeof endorsementsMachine>>;
type State = Handle[0];
type Send = Handle[1];

/** The policy as it reads once the change is made: what the summary shows after it. */
function changed(options: EndorsementOptions, endorsement: Endorsement): EndorsementOptions {
  const after: EndorsementOptions = { ...options };
  for (const change of endorsement.changes) {
    if (typeof change.after !== 'string') continue;
    if (change.field === 'limitCode') after.limitCode = change.after;
    if (change.field === 'deductibleCode') after.deductibleCode = change.after;
    if (change.field === 'insuredName') after.insuredName = change.after;
    if (change.field === 'address') after.addressLines = change.after.split('\n');
  }
  return after;
}

function labelOf(list: ReadonlyArray<{ code: string; label: string }>, code: string) {
  return list.find((option) => option.code === code)?.label ?? code;
}

/** The policy the change is about, as it stands before it. */
function PolicySummary({ options }: { options: EndorsementOptions }) {
  return (
    <div className="endorsements-policy">
      <div className="endorsements-policy__head">
        <p className="endorsements-policy__number">
          Policy <strong>{options.policyNumber}</strong>
        </p>
        <p className="endorsements-standing">In force</p>
        <ScreenLink screen="endorsements" className="endorsements-policy__other">
          Choose another policy
        </ScreenLink>
      </div>
      <dl className="endorsements-policy__facts">
        <div>
          <dt>Policy period</dt>
          <dd>{periodWords(options.effectiveDate, options.expirationDate)}</dd>
        </div>
        <div>
          <dt>Limit of liability</dt>
          <dd>{labelOf(options.limits, options.limitCode)}</dd>
        </div>
        <div>
          <dt>Deductible</dt>
          <dd>{labelOf(options.deductibles, options.deductibleCode)}</dd>
        </div>
        <div>
          <dt>Named insured</dt>
          <dd>{options.insuredName}</dd>
        </div>
        <div>
          <dt>Practice address</dt>
          <dd>{options.addressLines.join(', ')}</dd>
        </div>
      </dl>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// The form

type TextName = 'insuredName' | 'address1' | 'address2' | 'city' | 'zipcode';
type Values = Record<TextName | 'limitCode' | 'deductibleCode' | 'effectiveDate', string>;

const FIELD_SPECS: Record<TextName, { schema: v.GenericSchema; name: string }> = {
  insuredName: { schema: requiredText(200), name: 'Named insured' },
  address1: { schema: addressInputEntries.address1, name: 'Street address' },
  address2: { schema: addressInputEntries.address2, name: 'Address line 2' },
  city: { schema: addressInputEntries.city, name: 'City' },
  zipcode: { schema: addressInputEntries.zipcode, name: 'ZIP code' },
};

/** What the server may name in a refusal, by the form's field. */
const SERVER_FIELDS: Record<string, keyof Values> = {
  limitCode: 'limitCode',
  deductibleCode: 'deductibleCode',
  effectiveDate: 'effectiveDate',
  insuredName: 'insuredName',
  'address.address1': 'address1',
  'address.address2': 'address2',
  'address.city': 'city',
  'address.zipcode': 'zipcode',
};

function initialValues(options: EndorsementOptions): Values {
  return {
    limitCode: options.limitCode,
    deductibleCode: options.deductibleCode,
    insuredName: options.insuredName,
    address1: options.address?.address1 ?? '',
    address2: options.address?.address2 ?? '',
    city: options.address?.city ?? '',
    zipcode: options.address?.zipcode ?? '',
    effectiveDate: options.earliestEffectiveDate,
  };
}

const trimmed = (value: string) => value.trim();

/** The field's own message (the contract's words, named), or none. */
function ownMessage(name: TextName, value: string): string | undefined {
  const spec = FIELD_SPECS[name];
  const result = v.safeParse(spec.schema, value);
  return result.success ? undefined : `${spec.name} ${result.issues[0].message}`;
}

function dateMessage(value: string, options: EndorsementOptions): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Effective date is required';
  if (value < options.earliestEffectiveDate || value > options.latestEffectiveDate) {
    return `Effective date must be from ${formatDay(options.earliestEffectiveDate)} to ${formatDay(options.latestEffectiveDate)}`;
  }
  return undefined;
}

function addressChanged(values: Values, options: EndorsementOptions): boolean {
  const held = options.address;
  if (!held) return [values.address1, values.address2, values.city, values.zipcode].some((value) => value.trim());
  return (
    trimmed(values.address1) !== held.address1 ||
    trimmed(values.address2) !== (held.address2 ?? '') ||
    trimmed(values.city) !== held.city ||
    trimmed(values.zipcode) !== held.zipcode
  );
}

/** The fields whose own message counts now: the name when it differs, the address when any part does. */
function checkedFields(values: Values, options: EndorsementOptions): TextName[] {
  const names: TextName[] = [];
  if (trimmed(values.insuredName) !== options.insuredName) names.push('insuredName');
  if (addressChanged(values, options)) names.push('address1', 'address2', 'city', 'zipcode');
  return names;
}

/**
 * The change the form holds, as the server takes it: only what differs from the policy, the
 * address in the policy's state; null while a field it sends is still to correct.
 */
function requestOf(values: Values, options: EndorsementOptions): ChangeRequest | null {
  if (dateMessage(values.effectiveDate, options)) return null;
  const checked = checkedFields(values, options);
  if (checked.some((name) => ownMessage(name, values[name]))) return null;
  const change: ChangeRequest = { effectiveDate: values.effectiveDate };
  if (values.limitCode !== options.limitCode) change.limitCode = values.limitCode;
  if (values.deductibleCode !== options.deductibleCode) change.deductibleCode = values.deductibleCode;
  if (checked.includes('insuredName')) change.insuredName = trimmed(values.insuredName);
  if (checked.includes('address1')) {
    change.address = {
      address1: trimmed(values.address1),
      ...(trimmed(values.address2) ? { address2: trimmed(values.address2) } : {}),
      city: trimmed(values.city),
      state: options.stateCode,
      zipcode: trimmed(values.zipcode),
    };
  }
  return change;
}

function ChangeForm({ options, state, send }: { options: EndorsementOptions; state: State; send: Send }) {
  const [values, setValues] = useState(() => initialValues(options));
  const [left, setLeft] = useState<ReadonlySet<keyof Values>>(() => new Set());
  const { quote, previewFailure, endorseFailure } = state.context;
  const confirming = state.matches({ editing: 'confirming' });
  const pricing = state.matches({ editing: 'waiting' }) || state.matches({ editing: 'previewing' });
  const previewed = state.matches({ editing: 'previewed' }) || confirming;
  const refused = state.matches({ editing: 'previewFailed' });
  const [correcting, setCorrecting] = useState(false);

  function change(name: keyof Values, value: string) {
    if (confirming) return;
    const next = { ...values, [name]: value };
    setValues(next);
    send({ type: 'change.edit', request: requestOf(next, options) });
  }
  const leave = (name: keyof Values) =>
    setLeft((current) => (current.has(name) ? current : new Set(current).add(name)));

  const checked = checkedFields(values, options);
  const serverFields = Object.fromEntries(
    Object.entries(previewFailure?.fields ?? {})
      .filter(([name]) => SERVER_FIELDS[name])
      .map(([name, message]) => [SERVER_FIELDS[name]!, message]),
  ) as Partial<Record<keyof Values, string>>;
  const messageOf = (name: keyof Values, label: string): string | undefined => {
    const own =
      name === 'effectiveDate'
        ? dateMessage(values.effectiveDate, options)
        : checked.includes(name as TextName) && left.has(name)
          ? ownMessage(name as TextName, values[name])
          : undefined;
    if (own) return own;
    return serverFields[name] ? `${label} ${serverFields[name]}` : undefined;
  };
  const text = (name: TextName, label: string) => ({
    label,
    value: values[name],
    onValueChange: (value: string) => change(name, value),
    onBlur: () => leave(name),
    error: messageOf(name, label),
    readOnly: confirming,
    autoComplete: 'off',
  });

  const nothingYet = state.matches({ editing: 'choosing' });
  const otherRefusal =
    previewFailure && Object.keys(previewFailure.fields).every((name) => !SERVER_FIELDS[name] || name === 'limitCode');

  return (
    <>
      <form className="form endorsements-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <section className="endorsements-section" aria-labelledby="endorsements-form-title">
          <h2 id="endorsements-form-title">What would you like to change?</h2>
          <fieldset className="endorsements-fieldset">
            <legend>Your cover</legend>
            <div className="form__row endorsements-form__cover">
              <SelectField
                label="Limit of liability"
                // "Current" in the hint, not the option: "$1,000,000 / $1,000,000 (current)" was cut off on a phone.
                hint={`Per claim / in all for the policy period. Now: ${labelOf(options.limits, options.limitCode)}.`}
                options={options.limits.map((limit) => ({ value: limit.code, label: limit.label }))}
                value={values.limitCode}
                onValueChange={(value) => change('limitCode', value)}
                error={messageOf('limitCode', 'Limit of liability')}
                disabled={confirming}
              />
              <SelectField
                label="Deductible"
                hint={`What you pay towards each claim. Now: ${labelOf(options.deductibles, options.deductibleCode)}.`}
                options={options.deductibles.map((deductible) => ({ value: deductible.code, label: deductible.label }))}
                value={values.deductibleCode}
                onValueChange={(value) => change('deductibleCode', value)}
                error={messageOf('deductibleCode', 'Deductible')}
                disabled={confirming}
              />
            </div>
          </fieldset>

          <details
            className="endorsements-correct"
            open={correcting || checked.length > 0}
            onToggle={(event) => setCorrecting(event.currentTarget.open)}
          >
            <summary>Correct the named insured or the practice address</summary>
            <p className="endorsements-section__lead">
              For a misspelt name or a wrong street number: a correction costs nothing. A move to another state is a new
              policy, not a correction.
            </p>
            <TextField {...text('insuredName', 'Named insured')} hint="As it should read on your policy." />
            <TextField {...text('address1', 'Street address')} />
            <TextField {...text('address2', 'Address line 2')} optional hint="Suite, floor or building." />
            <div className="form__row endorsements-form__place">
              <TextField {...text('city', 'City')} />
              <div className="field endorsements-form__state">
                <span className="endorsements-form__state-label">State</span>
                <span>{options.stateCode}</span>
              </div>
              <TextField {...text('zipcode', 'ZIP code')} inputMode="numeric" />
            </div>
          </details>

          <TextField
            label="Effective date"
            type="date"
            hint={`The day the change starts: from ${formatDay(options.earliestEffectiveDate)} to ${formatDay(options.latestEffectiveDate)}.`}
            min={options.earliestEffectiveDate}
            max={options.latestEffectiveDate}
            value={values.effectiveDate}
            onValueChange={(value) => change('effectiveDate', value)}
            onBlur={() => leave('effectiveDate')}
            error={messageOf('effectiveDate', 'Effective date')}
            readOnly={confirming}
          />
        </section>
      </form>

      <section className="endorsements-section endorsements-preview" aria-labelledby="endorsements-preview-title">
        <h2 id="endorsements-preview-title">The price of this change</h2>
        <p role="status" className="endorsements-preview__status">
          {nothingYet
            ? 'Choose a new limit or deductible, or correct your details, to see the price.'
            : pricing
              ? 'Working out the price…'
              : previewed && quote
                ? `${totalWords(quote.totalCents)}.`
                : ''}
        </p>
        {refused && previewFailure && (
          <div className="notice notice--error" role="alert">
            <p>
              We could not price this change. {failureWords(previewFailure.message)}
              {otherRefusal ? '' : ' See the field marked above.'}
            </p>
            <button type="button" className="button button--secondary" onClick={() => send({ type: 'preview.retry' })}>
              Try again
            </button>
          </div>
        )}
        {quote && (previewed || pricing) && (
          <div className={pricing ? 'endorsements-preview__stale' : undefined} aria-busy={pricing || undefined}>
            <PriceWorksheet quote={quote} options={options} />
          </div>
        )}
        {previewed && quote && (
          <Confirm
            totalCents={quote.totalCents}
            confirming={confirming}
            failure={endorseFailure?.message}
            onConfirm={() => send({ type: 'change.confirm' })}
          />
        )}
      </section>
    </>
  );
}

function Confirm({
  totalCents,
  confirming,
  failure,
  onConfirm,
}: {
  totalCents: number;
  confirming: boolean;
  failure: string | undefined;
  onConfirm: () => void;
}) {
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  return (
    <div className="endorsements-confirm">
      {failure && (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={alertRef}>
          <p>We could not make this change. {failureWords(failure)}</p>
        </div>
      )}
      <p className="endorsements-confirm__note">
        {totalCents > 0
          ? 'Once confirmed, you pay the additional premium on our payment partner’s secure page; the change is made when it is paid.'
          : 'Once confirmed, the change is made at once and your declarations are reissued.'}
      </p>
      <button
        type="button"
        className="button"
        aria-disabled={confirming || undefined}
        onClick={() => !confirming && onConfirm()}
      >
        {confirming ? 'Making the change…' : 'Confirm the change'}
      </button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// After confirming

function Outcome({
  policyId,
  options,
  state,
  send,
  unpaid,
}: {
  policyId: number;
  options: EndorsementOptions;
  state: State;
  send: Send;
  unpaid: number | undefined;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { endorsement, payable, payFailure, downloadFailure, downloaded } = state.context;
  const top = Object.keys(state.value as object)[0] ?? String(state.value);
  // The outcome replaces the form: the person is put on its heading.
  useEffect(() => headingRef.current?.focus(), [top]);

  const policyLink = (
    <ScreenLink screen="policy-history" search={{ policyid: policyId }} className="button button--secondary">
      See your policy
    </ScreenLink>
  );
  const changes = endorsement?.changes.map((change) => changeWords(change, options)) ?? [];
  const changeList = changes.length > 0 && (
    <ul className="endorsements-outcome__changes">
      {changes.map((words) => (
        <li key={words.name}>
          {words.name}: {words.before} <span aria-hidden="true">→</span>
          <span className="visually-hidden"> becomes </span> <strong>{words.after}</strong>
        </li>
      ))}
    </ul>
  );

  let body: ReactNode;
  if (state.matches('issued') && endorsement) {
    const downloading = state.matches({ issued: 'downloading' });
    const returned = endorsement.totalChangeCents < 0;
    body = (
      <Panel
        tone="success"
        headingRef={headingRef}
        title={`Your change ${endorsement.number} is made`}
        actions={
          <>
            <button
              type="button"
              className="button"
              aria-disabled={downloading || undefined}
              onClick={() => !downloading && send({ type: 'endorsement.download' })}
            >
              {downloading ? 'Downloading…' : 'Download the endorsement (PDF)'}
            </button>
            {policyLink}
          </>
        }
      >
        <p>It takes effect on {formatDay(endorsement.effectiveDate)}, and your declarations are reissued with it.</p>
        {changeList}
        <p>
          {returned
            ? `${totalWords(endorsement.totalChangeCents)}: we credit or refund it to you.`
            : 'Nothing more to pay.'}
        </p>
        <p role="status" className={downloaded || downloadFailure ? undefined : 'visually-hidden'}>
          {downloadFailure ? '' : downloaded ? `The endorsement ${endorsement.number} has been downloaded.` : ''}
        </p>
        {downloadFailure && (
          <p className="field__error" role="alert">
            The endorsement could not be downloaded: {failureWords(downloadFailure)}
          </p>
        )}
      </Panel>
    );
  } else if (state.matches('awaitingPayment') && payable) {
    const opening = state.matches({ awaitingPayment: 'opening' }) || state.matches({ awaitingPayment: 'leaving' });
    const earlier = endorsement === null;
    // Back from the hosted checkout without paying: said first, so the heading and Pay read on.
    const leftUnpaid = earlier && unpaid === payable.id;
    body = (
      <Panel
        tone="info"
        headingRef={headingRef}
        title={
          earlier
            ? `Your change ${payable.number} is waiting for its payment`
            : `Pay ${formatUsd(payable.totalCents)} to make your change`
        }
        actions={
          <>
            <button
              type="button"
              className="button"
              aria-disabled={opening || undefined}
              onClick={() => !opening && send({ type: 'endorsement.pay' })}
            >
              {opening ? 'Opening the secure payment page…' : `Pay ${formatUsd(payable.totalCents)}`}
            </button>
            {policyLink}
          </>
        }
      >
        {leftUnpaid && (
          <p className="notice endorsements-outcome__unpaid">
            <strong>Not paid.</strong> You left the payment page before paying, so nothing was charged and your change
            is not made yet. Pay now to put it in place.
          </p>
        )}
        {earlier ? (
          <p>
            You asked for a change of this policy that costs {formatUsd(payable.totalCents)} more. Pay it to put it in
            place; another change can be made once it is paid.
          </p>
        ) : (
          <>
            <p>
              Change {payable.number} is ready. It takes effect once the additional premium of{' '}
              {formatUsd(payable.totalCents)} is paid.
            </p>
            {changeList}
          </>
        )}
        <p>You pay on our payment partner’s secure page, then come back here.</p>
        {payFailure && (
          <div className="notice notice--error" role="alert">
            <p>We could not open the payment page. {failureWords(payFailure)}</p>
          </div>
        )}
      </Panel>
    );
  } else if (state.matches('referred') && (endorsement ?? options.referred)) {
    // Made here (its changes listed), or asked before and still with the underwriter on opening.
    const number = endorsement?.number ?? options.referred!.number;
    body = (
      <Panel
        tone="info"
        headingRef={headingRef}
        title={`Your change ${number} is with an underwriter`}
        actions={policyLink}
      >
        <p>Our underwriters look at this change before it is made. We e-mail you their answer.</p>
        {endorsement ? changeList : <p>Another change can be asked for once they have decided.</p>}
      </Panel>
    );
  }
  return body;
}

function Panel({
  tone,
  title,
  headingRef,
  actions,
  children,
}: {
  tone: 'success' | 'info';
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={`endorsements-outcome endorsements-outcome--${tone}`} aria-labelledby="endorsements-outcome">
      <h2 id="endorsements-outcome" tabIndex={-1} ref={headingRef}>
        {title}
      </h2>
      {children}
      <p className="screen-actions endorsements-outcome__actions">{actions}</p>
    </section>
  );
}
