import '@/styles/underwriting.css';
import { requiredText } from '@shared/contract/address';
import { formatUsd } from '@shared/contract/money-format';
import { FormDialog } from '@/components/form-dialog';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import {
  adjustedPremium,
  adjustmentReasonSchema,
  adjustmentSchema,
  adjustmentWords,
  MAX_PERCENT,
  MIN_PERCENT,
  percentToBps,
} from '@/components/underwriting/adjustment';
import type { DecisionFailure, DecisionKind, DecisionRequest } from '@/machines/underwriting-review.machine';

interface DecisionDialogProps {
  kind: DecisionKind;
  /** The order's number, for the dialogs' words. */
  number: string;
  /** The premium before fees and taxes (what an adjustment applies to); null when not priced. */
  premiumCents: number | null;
  busy: boolean;
  failure: DecisionFailure | undefined;
  onSubmit: (request: DecisionRequest) => void;
  onCancel: () => void;
}

/** The dialog of one decision: approve (with an optional premium adjustment), ask for information, or decline. */
export function DecisionDialog(props: DecisionDialogProps) {
  switch (props.kind) {
    case 'approve':
      return <ApproveDialog {...props} />;
    case 'requestInfo':
      return <RequestInfoDialog {...props} />;
    case 'decline':
      return <DeclineDialog {...props} />;
  }
}

/** The server's messages for the fields a dialog shows (the rest go in its alert). */
function shownOnly<K extends string>(
  failure: DecisionFailure | undefined,
  fields: readonly K[],
): Partial<Record<K, string>> {
  return Object.fromEntries(
    Object.entries(failure?.fields ?? {}).filter(([name]) => (fields as readonly string[]).includes(name)),
  ) as Partial<Record<K, string>>;
}

/** The desk's decision dialogs: a wide form dialog that cannot be dismissed while the decision is being sent. */
function DecisionShell({ busy, onCancel, ...props }: Omit<Parameters<typeof FormDialog>[0], 'className'>) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  return <FormDialog {...props} busy={busy} onCancel={cancel} className="dialog--wide decision-dialog" />;
}

const APPROVE_FIELDS = ['adjustmentBps', 'reason'] as const;

function ApproveDialog({ number, premiumCents, busy, failure, onSubmit, onCancel }: DecisionDialogProps) {
  const form = useForm(
    {
      adjustmentBps: { schema: adjustmentSchema, name: 'Premium adjustment' },
      reason: { schema: adjustmentReasonSchema, name: 'Reason' },
    },
    shownOnly(failure, APPROVE_FIELDS),
  );
  const bps = percentToBps(form.values.adjustmentBps);
  const adjusting = bps !== undefined && bps !== 0;
  const inRange = bps !== undefined && bps >= MIN_PERCENT * 100 && bps <= MAX_PERCENT * 100;
  return (
    <DecisionShell
      title={`Approve order ${number}`}
      submitLabel="Approve"
      busyLabel="Approving…"
      busy={busy}
      failure={failure}
      failureTitle="We could not approve this order"
      shownFields={APPROVE_FIELDS}
      onCancel={onCancel}
      onSubmit={() => {
        const values = form.submit();
        if (!values) return;
        onSubmit({
          kind: 'approve',
          adjustmentBps: percentToBps(values.adjustmentBps) ?? 0,
          reason: values.reason.trim() || null,
        });
      }}
    >
      <p>Approved, the order goes back to the insured to pay. You may adjust the premium first.</p>
      <TextField
        {...form.field('adjustmentBps')}
        label="Premium adjustment (%)"
        hint={`From ${MIN_PERCENT} to +${MAX_PERCENT}; leave empty or 0 for none. Applied to the premium before fees and taxes.`}
        optional
        inputMode="decimal"
        autoComplete="off"
        data-autofocus
      />
      <dl className="decision-dialog__estimate" aria-live="polite">
        <div>
          <dt>Premium now</dt>
          <dd>{premiumCents === null ? 'Not priced' : formatUsd(premiumCents)}</dd>
        </div>
        <div>
          <dt>Premium after adjustment (estimate)</dt>
          <dd>
            {premiumCents === null || !inRange
              ? '—'
              : `${formatUsd(adjustedPremium(premiumCents, bps))} (${adjustmentWords(bps)})`}
          </dd>
        </div>
      </dl>
      <p className="field__hint">Fees and taxes are worked out again when you approve.</p>
      <TextAreaField
        {...form.field('reason')}
        label="Reason"
        optional={!adjusting}
        hint={adjusting ? 'Required when the premium is adjusted. The insured sees it.' : 'The insured sees it.'}
        rows={3}
      />
    </DecisionShell>
  );
}

const MESSAGE_FIELDS = ['message'] as const;

function RequestInfoDialog({ number, busy, failure, onSubmit, onCancel }: DecisionDialogProps) {
  const form = useForm(
    { message: { schema: requiredText(2000), name: 'Message' } },
    shownOnly(failure, MESSAGE_FIELDS),
  );
  return (
    <DecisionShell
      title={`Ask for information on order ${number}`}
      submitLabel="Send request"
      busyLabel="Sending…"
      busy={busy}
      failure={failure}
      failureTitle="We could not send this request"
      shownFields={MESSAGE_FIELDS}
      onCancel={onCancel}
      onSubmit={() => {
        const values = form.submit();
        if (values) onSubmit({ kind: 'requestInfo', message: values.message.trim() });
      }}
    >
      <TextAreaField
        {...form.field('message')}
        label="Message"
        hint="What the insured must supply. They see it on their order and receive it by e-mail."
        rows={5}
        data-autofocus
      />
    </DecisionShell>
  );
}

const REASON_FIELDS = ['reason'] as const;

function DeclineDialog({ number, busy, failure, onSubmit, onCancel }: DecisionDialogProps) {
  const form = useForm({ reason: { schema: requiredText(1000), name: 'Reason' } }, shownOnly(failure, REASON_FIELDS));
  return (
    <DecisionShell
      title={`Decline order ${number}`}
      submitLabel="Decline order"
      busyLabel="Declining…"
      danger
      busy={busy}
      failure={failure}
      failureTitle="We could not decline this order"
      shownFields={REASON_FIELDS}
      onCancel={onCancel}
      onSubmit={() => {
        const values = form.submit();
        if (values) onSubmit({ kind: 'decline', reason: values.reason.trim() });
      }}
    >
      <p>A declined order is closed: the insured cannot buy it.</p>
      <TextAreaField
        {...form.field('reason')}
        label="Reason"
        hint="The insured sees this reason."
        rows={4}
        data-autofocus
      />
    </DecisionShell>
  );
}
