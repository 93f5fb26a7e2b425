import '@/styles/claims.css';
import { useSearch } from '@tanstack/react-router';
import { useActor, useMachine } from '@xstate/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { errorText } from '@/api/api-error';
import { getClaimablePolicies, getClaims, reportClaim } from '@/api/claims';
import { addDays, type CalendarDay } from '@shared/calendar';
import { claimMadeLabel } from '@shared/contract/claim-facts';
import {
  MAX_CLAIMANT_LENGTH,
  reportClaimRequestSchema,
  type Claim,
  type ClaimablePolicy,
  type ClaimKind,
  type ReportClaimRequest,
} from '@shared/contract/claims';
import { isoDateSchema } from '@shared/contract/submissions';
import { Dialog } from '@/components/dialog';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { formatDay, localToday } from '@/components/format/dates';
import { refusal } from '@/components/format/failure-words';
import { ServerFailure } from '@/components/form/server-failure';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import { claimNextStep, claimStatusWords } from '@/components/claims/claim-words';
import { ScreenLink } from '@/components/screen-link';
import { recordListMachine, type ListedRecord, type SaveRecordInput } from '@/machines/record-list.machine';
import { claimsSearch } from '@/routes/search-params';

/**
 * Claims are reported, never edited or withdrawn here: the claims team owns them once reported.
 * The list machine's remove is therefore never offered; it refuses if it were ever asked.
 */
const claimsMachine = recordListMachine.provide({
  actors: {
    loadRecords: fromPromise<ListedRecord[]>(() => getClaims()),
    saveRecord: fromPromise<ListedRecord, SaveRecordInput>(({ input }) =>
      reportClaim(input.values as ReportClaimRequest, input.idempotencyKey),
    ),
    removeRecord: fromPromise<unknown, { id: number }>(() =>
      Promise.reject(new Error('A reported claim cannot be withdrawn here. Please call your claims handler.')),
    ),
  },
});

/**
 * The policies a claim can be reported against: asked once per visit (and again on Try again).
 * A failure is an answer too, so the actor always completes and the screen shows why.
 */
const policiesLogic = fromPromise<{ policies: ClaimablePolicy[] } | { failure: string }>(async () => {
  try {
    return { policies: await getClaimablePolicies() };
  } catch (error) {
    return { failure: errorText(error) };
  }
});

export default function ClaimsScreen() {
  // ?report=<policy id>: opened from the policy page's "Report a claim", the form opens at once with that policy.
  const parsed = v.safeParse(claimsSearch, useSearch({ strict: false }));
  const reportPolicyId = parsed.success ? parsed.output.report : undefined;
  const machine = useMemo(
    () => claimsMachine.provide({ guards: { addOnLoad: () => reportPolicyId !== undefined } }),
    [reportPolicyId],
  );
  const [state, send] = useMachine(machine);
  // A new attempt at the policies is a new actor: the key remounts the part that asks.
  const [policiesAttempt, setPoliciesAttempt] = useState(0);
  const claims = state.context.records as Claim[];
  const { lastChange, errorMessage } = state.context;
  const reported = lastChange?.kind === 'added' ? claims.find((claim) => claim.id === lastChange.id) : undefined;

  return (
    <section data-screen="claims" className="screen claims" aria-labelledby="claims-title">
      <p className="eyebrow">Your policy</p>
      <h1 id="claims-title">Claims</h1>
      <p className="claims__lead">
        Tell us as soon as you know of a claim or of something that could become one. Your claims handler takes it from
        there, and you can follow it here.
      </p>

      <ReportClaim
        key={policiesAttempt}
        dialogOpen={state.matches('editing') || state.matches('saving')}
        saving={state.matches('saving')}
        failure={state.matches('editing') && errorMessage ? refusal(errorMessage, state.context.fieldErrors) : null}
        onOpen={() => send({ type: 'record.add' })}
        onCancel={() => send({ type: 'editor.cancel' })}
        onReport={(request) => send({ type: 'editor.save', values: { ...request } })}
        onRetry={() => setPoliciesAttempt((attempt) => attempt + 1)}
        policyId={reportPolicyId}
      />

      {/* Present from the start, so that what is put in it later is announced. */}
      <p role="status" className={reported ? 'claims__announcement' : 'visually-hidden'}>
        {reported && (
          <>
            Claim {reported.number} reported. Your claims handler will be in touch.{' '}
            <ScreenLink screen="claim" params={{ claimid: String(reported.id) }}>
              Open it to attach documents
            </ScreenLink>
          </>
        )}
      </p>

      <section className="claims__list" aria-labelledby="claims-list-title">
        <h2 id="claims-list-title">Your claims</h2>
        {state.matches('loading') && <p role="status">Loading your claims…</p>}
        {state.matches('loadFailed') && (
          <div className="notice notice--error" role="alert">
            <p>We could not load your claims. {errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'records.retry' })}>
              Try again
            </button>
          </div>
        )}
        {state.matches('ready') && errorMessage && (
          <div className="notice notice--error" role="alert">
            <p>We could not refresh your claims. {errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'records.retry' })}>
              Try again
            </button>
          </div>
        )}
        {!state.matches('loading') &&
          !state.matches('loadFailed') &&
          (claims.length === 0 ? (
            <p className="records-empty">You have not reported any claims.</p>
          ) : (
            <ul className="records">
              {claims.map((claim) => (
                <ClaimItem key={claim.id} claim={claim} />
              ))}
            </ul>
          ))}
      </section>
    </section>
  );
}

function ClaimItem({ claim }: { claim: Claim }) {
  const headingId = `claim-${claim.id}-title`;
  return (
    <li className="record claim" data-claim-id={claim.id}>
      <div className="claim__body">
        <h3 className="record__title" id={headingId}>
          {claim.kind === 'circumstance' ? 'Notice of circumstance' : 'Claim'} {claim.number}
        </h3>
        <dl className="claim__facts">
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`claim__status claim__status--${claim.status}`} data-claim-status={claim.status}>
                {claimStatusWords(claim.status)}
              </span>
            </dd>
          </div>
          <div>
            <dt>Policy</dt>
            <dd>
              {claim.policyNumber} ({claim.specialityName})
            </dd>
          </div>
          <div>
            <dt>{claimMadeLabel(claim.kind)}</dt>
            <dd>{formatDay(claim.dateOfLoss)}</dd>
          </div>
          <div>
            <dt>Reported</dt>
            <dd>{formatDay(claim.reportedAt)}</dd>
          </div>
        </dl>
        <p className="claim__next">{claimNextStep(claim.status)}</p>
      </div>
      <div className="record__actions">
        <ScreenLink screen="claim" params={{ claimid: String(claim.id) }} className="button button--secondary">
          {claim.status === 'closed' ? 'View' : 'Open'} <span className="visually-hidden">claim {claim.number}</span>
        </ScreenLink>
      </div>
    </li>
  );
}

interface ReportClaimProps {
  dialogOpen: boolean;
  saving: boolean;
  failure: { message: string; fields: Record<string, string> } | null;
  onOpen: () => void;
  onCancel: () => void;
  onReport: (request: ReportClaimRequest) => void;
  onRetry: () => void;
  /** The policy the form opens with (the address's report), when it is one a claim can be reported against. */
  policyId: number | undefined;
}

/**
 * "Report a claim", once it is known there is a policy to report against; otherwise why not.
 * Owns the policies it needs for the dialog's choice.
 */
function ReportClaim({ dialogOpen, saving, failure, onOpen, onCancel, onReport, onRetry, policyId }: ReportClaimProps) {
  const [check] = useActor(policiesLogic);
  const answer = check.status === 'done' ? check.output : undefined;

  if (!answer) {
    return (
      <p className="claims__checking" role="status">
        Checking your policies…
      </p>
    );
  }
  if ('failure' in answer) {
    return (
      <div className="notice notice--error claims__report" role="alert">
        <p>We could not check which policies you hold, so a claim cannot be reported just now. {answer.failure}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (answer.policies.length === 0) {
    return (
      <div className="notice claims__report claims__no-policy">
        <p>
          <strong>Claims are reported against a bound policy.</strong> You do not hold one yet: once an order is bound,
          you can report a claim against it here.
        </p>
        <p>
          <ScreenLink screen="dashboard">See your orders on the dashboard</ScreenLink>
        </p>
      </div>
    );
  }
  return (
    <div className="claims__report">
      <button type="button" className="button" onClick={onOpen}>
        Report a claim
      </button>
      {dialogOpen && (
        <ReportClaimDialog
          policies={answer.policies}
          policyId={policyId}
          saving={saving}
          failure={failure}
          onCancel={onCancel}
          onReport={onReport}
        />
      )}
    </div>
  );
}

const SHOWN_FIELDS = [
  'policyid',
  'kind',
  'dateofloss',
  'actdate',
  'claimant',
  'lawsuitfiled',
  'amountdemandedcents',
  'description',
] as const;

/** Short enough for a phone's select ("P-2026-000001 · Architects"); the period shows under it. */
function policyLabel(policy: ClaimablePolicy): string {
  return `${policy.number} · ${policy.specialityName}`;
}

const KIND_OPTIONS: { value: ClaimKind; label: string }[] = [
  { value: 'claim', label: 'A claim made against me' },
  { value: 'circumstance', label: 'Something that may become a claim' },
];

/** "$25,000", "25000.50": dollars as people type them; whole cents on the wire. */
const DOLLARS = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
const dollarsToCents = (typed: string) => Math.round(Number(typed.replace(/[$,\s]/g, '')) * 100);

/**
 * The browser refuses only what is wrong whatever the time zone: a day before the policy began
 * (the policy's own date) or later than tomorrow here. Whether a day is in the future is the
 * server's to say, by its clock and business day: a phone's date may be a day behind or ahead.
 */
const latestPossibleDay = (): CalendarDay => addDays(localToday() as CalendarDay, 1);

function ReportClaimDialog({
  policies,
  policyId,
  saving,
  failure,
  onCancel,
  onReport,
}: {
  policies: ClaimablePolicy[];
  /** The policy the form opens with, when it is one of `policies`. */
  policyId?: number | undefined;
  saving: boolean;
  failure: { message: string; fields: Record<string, string> } | null;
  onCancel: () => void;
  onReport: (request: ReportClaimRequest) => void;
}) {
  const latest = latestPossibleDay();
  const policyFor = (id: string) => policies.find((policy) => String(policy.id) === id);
  const form = useForm(
    {
      policyid: {
        schema: v.pipe(v.string(), v.nonEmpty('is required: choose the policy the claim is against')),
        name: 'The policy',
        // With one policy there is nothing to choose; from a policy's page, that one.
        initial:
          policies.length === 1
            ? String(policies[0]!.id)
            : policies.some((policy) => policy.id === policyId)
              ? String(policyId)
              : '',
      },
      kind: { schema: v.picklist(['claim', 'circumstance']), name: 'What you report', initial: 'claim' },
      dateofloss: {
        schema: (values) => {
          const start = policyFor(values.policyid ?? '')?.effectiveDate;
          return v.pipe(
            v.string(),
            v.nonEmpty('is required'),
            isoDateSchema,
            v.check((value) => value <= latest, 'cannot be in the future'),
            v.check(
              (value) => !start || value >= start,
              `must be on or after the policy started${start ? ` (${formatDay(start)})` : ''}`,
            ),
          );
        },
        name: 'The date',
      },
      actdate: {
        schema: (values) =>
          v.union([
            v.literal(''),
            v.pipe(
              isoDateSchema,
              v.check((value) => value <= latest, 'cannot be in the future'),
              v.check(
                (value) => !values.dateofloss || value <= values.dateofloss,
                'cannot come after the claim was made',
              ),
            ),
          ]),
        name: 'The date of the act or error',
      },
      claimant: {
        schema: v.pipe(
          v.string(),
          v.trim(),
          v.maxLength(MAX_CLAIMANT_LENGTH, `must be at most ${MAX_CLAIMANT_LENGTH} characters`),
        ),
        name: 'Who is claiming',
      },
      amount: {
        schema: v.union([
          v.literal(''),
          v.pipe(v.string(), v.trim(), v.regex(DOLLARS, 'must be an amount in dollars, such as 25,000')),
        ]),
        name: 'The amount demanded',
      },
      description: { schema: reportClaimRequestSchema.entries.description, name: 'The description' },
    },
    failure?.fields,
  );
  const [lawsuitFiled, setLawsuitFiled] = useState(false);
  const lawsuitId = useId();
  const chosen = policyFor(form.values.policyid);
  const circumstance = form.values.kind === 'circumstance';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const values = form.submit();
    if (values)
      onReport({
        policyid: Number(values.policyid),
        kind: values.kind as ClaimKind,
        dateofloss: values.dateofloss,
        actdate: values.actdate || null,
        claimant: values.claimant.trim() || null,
        lawsuitfiled: lawsuitFiled,
        amountdemandedcents: values.amount.trim() ? dollarsToCents(values.amount.trim()) : null,
        description: values.description.trim(),
      });
  }

  return (
    <Dialog title="Report a claim" onClose={onCancel} className="dialog--wide">
      {failure && <ServerFailure title="We could not report your claim" failure={failure} shownFields={SHOWN_FIELDS} />}
      <form className="form claims__form" noValidate onSubmit={submit} aria-busy={saving}>
        <p className="notice claims__guidance">
          <strong>Don’t admit liability or agree to a settlement or payment</strong> — we handle that with you. We
          acknowledge every report within one business day.
        </p>
        <SelectField
          label="Policy"
          data-autofocus
          options={policies.map((policy) => ({ value: String(policy.id), label: policyLabel(policy) }))}
          placeholder={policies.length === 1 ? undefined : 'Choose a policy'}
          hint={
            chosen
              ? `In force from ${formatDay(chosen.effectiveDate)} to ${formatDay(chosen.expirationDate)}.`
              : undefined
          }
          {...form.field('policyid')}
        />
        <SelectField
          label="What are you reporting?"
          options={KIND_OPTIONS}
          hint="A claim is a demand for money or services, a lawyer’s letter or a lawsuit. Tell us too of something that may become one (a notice of circumstance): a claim that follows stays on this policy."
          {...form.field('kind')}
        />
        <TextField
          label={circumstance ? 'Date you learned of it' : 'Date the claim was made'}
          type="date"
          hint={
            circumstance
              ? 'The day you became aware of what happened.'
              : `The day the demand, letter or lawsuit first reached you${chosen ? `: from ${formatDay(chosen.effectiveDate)} to today` : ''}.`
          }
          min={chosen?.effectiveDate}
          max={latest}
          {...form.field('dateofloss')}
          readOnly={saving}
        />
        <TextField
          label="Date of the act or error"
          type="date"
          optional
          hint="When the work complained of was done, if you know."
          max={form.values.dateofloss || latest}
          {...form.field('actdate')}
          readOnly={saving}
        />
        <TextField
          label="Who is claiming"
          optional
          hint="The person or organisation making the claim."
          autoComplete="off"
          {...form.field('claimant')}
          readOnly={saving}
        />
        <div className="checkbox claims__lawsuit">
          <input
            id={lawsuitId}
            type="checkbox"
            checked={lawsuitFiled}
            onChange={(event) => !saving && setLawsuitFiled(event.target.checked)}
          />
          <label htmlFor={lawsuitId}>A lawsuit has been filed</label>
        </div>
        <TextField
          label="Amount demanded"
          optional
          inputMode="decimal"
          hint="In dollars, if the claimant named one."
          autoComplete="off"
          {...form.field('amount')}
          readOnly={saving}
        />
        <TextAreaField
          label="What happened"
          hint="Who was involved, what happened and when, and any letter or demand you have received."
          rows={6}
          {...form.field('description')}
          readOnly={saving}
        />
        <p className="notice claims__documents">
          <strong>Documents:</strong> once the claim is reported, attach the demand, letters and court papers on its
          page, and write to your claims handler there.
        </p>
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onCancel}
            aria-disabled={saving || undefined}
          >
            Cancel
          </button>
          <button type="submit" className="button" aria-disabled={saving || undefined}>
            {saving ? 'Reporting…' : 'Report claim'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
