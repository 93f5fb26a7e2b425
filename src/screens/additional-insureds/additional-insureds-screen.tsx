import '@/styles/additional-insureds.css';
import { useSearch } from '@tanstack/react-router';
import { useActor, useMachine } from '@xstate/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import {
  deleteAdditionalInsured,
  downloadCertificate,
  getAdditionalInsureds,
  saveAdditionalInsured,
} from '@/api/additional-insureds';
import { errorText } from '@/api/api-error';
import {
  saveAdditionalInsuredRequestSchema,
  type AdditionalInsured,
  type AdditionalInsuredList,
  type SaveAdditionalInsuredRequest,
} from '@shared/contract/additional-insureds';
import { recordIdInputSchema, requiredText, stateCodeSchema, zip5Schema } from '@shared/contract/address';
import type { SubmissionSummary } from '@shared/contract/dashboard';
import type { UsState } from '@shared/contract/lists';
import { getStateList } from '@/api/lists';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { orderStatusWords } from '@/components/dashboard/order-status';
import { Dialog } from '@/components/dialog';
import { SelectField } from '@/components/form/select-field';
import { failureWords, refusal } from '@/components/format/failure-words';
import { ServerFailure } from '@/components/form/server-failure';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import { ScreenLink } from '@/components/screen-link';
import { dashboardMachine } from '@/machines/dashboard.machine';
import { recordListMachine, type ListedRecord, type SaveRecordInput } from '@/machines/record-list.machine';
import { saveBlob } from '@/components/files/save-blob';

/** The orders to choose from: the dashboard's list, without its "continue" shortcut. */
const ordersMachine = dashboardMachine.provide({
  actors: { loadOpenOrder: fromPromise<SubmissionSummary | null>(async () => null) },
});

/** The state select's choices; null when the list cannot be had, and the dialog takes the two letters typed. */
const statesLogic = fromPromise<UsState[] | null>(() => getStateList().catch(() => null));

/** Orders that can carry additional insureds: open ones, and complete ones for their certificates. */
const choosable = (order: SubmissionSummary) => order.open || order.status === 'complete';

/** The `submissionid` in the address, when it is a positive whole number. */
function submissionIdOf(search: Record<string, unknown>): number | undefined {
  const parsed = v.safeParse(recordIdInputSchema, search.submissionid);
  return parsed.success ? parsed.output : undefined;
}

export default function AdditionalInsuredsScreen() {
  // The route has no search schema: the query arrives as text and is checked here.
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const submissionId = submissionIdOf(search);
  const malformed = search.submissionid !== undefined && submissionId === undefined;
  return (
    <section
      data-screen="additionally-insured"
      className="screen additional-insureds"
      aria-labelledby="additional-insureds-title"
    >
      <p className="eyebrow">Your policy</p>
      <h1 id="additional-insureds-title">Additional insureds</h1>
      <p className="additional-insureds__lead">
        Landlords, clients and others whose contracts ask to be covered by your policy too. Once your policy is bound,
        you can download a certificate of insurance naming each of them.
      </p>
      {submissionId === undefined ? (
        <OrderPicker malformed={malformed} />
      ) : (
        <AdditionalInsureds key={submissionId} submissionId={submissionId} />
      )}
    </section>
  );
}

/** Link to this screen for one order; the client area is kept (ScreenLink). */
function OrderLink({
  submissionId,
  className,
  children,
}: {
  submissionId?: number;
  className?: string;
  children: ReactNode;
}) {
  // The screen's row takes no search schema, so its query is typed as empty; submissionid passes through as text.
  const search = submissionId === undefined ? undefined : ({ submissionid: String(submissionId) } as never);
  return (
    <ScreenLink screen="additionally-insured" search={search} className={className}>
      {children}
    </ScreenLink>
  );
}

function OrderPicker({ malformed }: { malformed: boolean }) {
  const [state, send] = useMachine(ordersMachine);
  const orders = state.context.orders.filter(choosable);
  return (
    <section className="order-picker" aria-labelledby="order-picker-title">
      <h2 id="order-picker-title">Choose an order</h2>
      {malformed && (
        <p className="notice notice--error" role="alert">
          That address does not name an order. Please choose one below.
        </p>
      )}
      {state.matches('loading') && <p role="status">Loading your orders…</p>}
      {state.matches('loadFailed') && (
        <div className="notice notice--error" role="alert">
          <p>We could not load your orders. {state.context.errorMessage}</p>
          <button type="button" className="button" onClick={() => send({ type: 'dashboard.retry' })}>
            Try again
          </button>
        </div>
      )}
      {(state.matches('empty') || state.matches('loaded')) &&
        (orders.length === 0 ? (
          <div className="records-empty">
            <p>Additional insureds are added to an order, and you have no open order yet.</p>
            <ScreenLink screen="specialities" className="button">
              Get a quote
            </ScreenLink>
          </div>
        ) : (
          <>
            <p>Additional insureds belong to one order. Which order are they for?</p>
            <ul className="order-picker__list">
              {orders.map((order) => (
                <li key={order.submissionId}>
                  <OrderLink submissionId={order.submissionId} className="order-picker__link">
                    <span className="order-picker__speciality">{order.speciality.name}</span>{' '}
                    <span className="order-picker__meta">
                      Order {order.number} · {orderStatusWords(order.status)}
                    </span>
                  </OrderLink>
                </li>
              ))}
            </ul>
          </>
        ))}
    </section>
  );
}

/** Why a list that cannot change cannot, in the insured's terms. */
function frozenReason(status: string): ReactNode {
  if (status === 'bound' || status === 'complete') {
    // Anyone else is named on a certificate issued on demand, as an additional insured if their contract asks.
    return (
      <>
        Its policy has been issued, so the list can no longer change here. To name someone else — a landlord, a client —
        issue them a certificate of insurance yourself, also as an additional insured if their contract asks:{' '}
        <ScreenLink screen="certificates">Certificates of insurance</ScreenLink>.
      </>
    );
  }
  if (status === 'declined') return 'This order was declined, so its list can no longer change.';
  return 'This order is closed, so its list can no longer change.';
}

function addressLine(insured: AdditionalInsured): string | undefined {
  if (!insured.address1) return undefined;
  const street = [insured.address1, insured.address2].filter(Boolean).join(', ');
  return `${street}, ${insured.city ?? ''}, ${insured.state ?? ''} ${insured.zipcode ?? ''}`
    .replace(/\s+/g, ' ')
    .trim();
}

function AdditionalInsureds({ submissionId }: { submissionId: number }) {
  // The order's facts (number, whether the list may change, certificates) come with every load.
  const [order, setOrder] = useState<AdditionalInsuredList | null>(null);
  // One machine per order shown (the key above): its calls name this order.
  const [machine] = useState(() =>
    recordListMachine.provide({
      actors: {
        loadRecords: fromPromise<ListedRecord[]>(async () => {
          const list = await getAdditionalInsureds(submissionId);
          setOrder(list);
          return list.additionalInsureds;
        }),
        saveRecord: fromPromise<ListedRecord, SaveRecordInput>(({ input }) =>
          saveAdditionalInsured(
            {
              ...(input.values as Omit<SaveAdditionalInsuredRequest, 'id' | 'submissionId'>),
              id: input.id ?? null,
              submissionId,
            },
            input.id === undefined ? input.idempotencyKey : undefined,
          ),
        ),
        removeRecord: fromPromise<unknown, { id: number }>(({ input }) => deleteAdditionalInsured(input.id)),
      },
    }),
  );
  const [state, send] = useMachine(machine);
  const [states] = useActor(statesLogic);
  const [download, setDownload] = useState<string>('');
  const insureds = state.context.records as AdditionalInsured[];
  const { lastChange, errorMessage, editing, removing } = state.context;

  const changed = lastChange && insureds.find((insured) => insured.id === lastChange.id);
  const announcement =
    lastChange?.kind === 'removed'
      ? 'Additional insured removed.'
      : changed
        ? `${changed.name} ${lastChange?.kind === 'added' ? 'added' : 'updated'}.`
        : '';

  if (state.matches('loading')) return <p role="status">Loading the additional insureds…</p>;
  if (state.matches('loadFailed')) {
    return (
      <div className="notice notice--error" role="alert">
        <p>We could not load the additional insureds of this order. {errorMessage}</p>
        <p className="screen-actions">
          <button type="button" className="button" onClick={() => send({ type: 'records.retry' })}>
            Try again
          </button>
          <OrderLink className="button button--secondary">Choose another order</OrderLink>
        </p>
      </div>
    );
  }
  if (!order) return null;
  const { editable, certificatesAvailable } = order;

  return (
    <>
      <p className="additional-insureds__order">
        For order <strong>{order.number}</strong> ({orderStatusWords(order.status)}).{' '}
        <OrderLink>Choose another order</OrderLink>
      </p>
      {!editable && <p className="notice additional-insureds__frozen">{frozenReason(order.status)}</p>}

      {/* Present from the start, so that what is put in them later is announced. */}
      <p role="status" className={announcement ? 'additional-insureds__announcement' : 'visually-hidden'}>
        {announcement}
      </p>
      <p role="status" className="visually-hidden">
        {download}
      </p>

      <section aria-labelledby="additional-insureds-list-title">
        <div className="records-toolbar">
          <h2 id="additional-insureds-list-title">On this order</h2>
          {editable && (
            <button type="button" className="button" onClick={() => send({ type: 'record.add' })}>
              Add an additional insured
            </button>
          )}
        </div>
        {certificatesAvailable && insureds.length > 0 && (
          <p className="additional-insureds__certificates">
            Download a certificate of insurance for anyone below: it shows them they are covered by your policy.
          </p>
        )}
        {state.matches('ready') && errorMessage && (
          <div className="notice notice--error" role="alert">
            <p>We could not refresh the list. {errorMessage}</p>
            <button type="button" className="button" onClick={() => send({ type: 'records.retry' })}>
              Try again
            </button>
          </div>
        )}
        {insureds.length === 0 ? (
          <p className="records-empty">
            {editable
              ? 'No one is named on this order yet. Add a landlord, a client or anyone whose contract asks to be covered by your policy.'
              : 'No additional insureds were named on this order.'}
          </p>
        ) : (
          <ul className="records">
            {insureds.map((insured) => (
              <li key={insured.id} className="record" data-additional-insured-id={insured.id}>
                <div>
                  <h3 className="record__title">{insured.name}</h3>
                  <p className="record__lines">
                    {[insured.relationship, insured.email, addressLine(insured)].filter(Boolean).map((line) => (
                      <span key={line} className="additional-insured__line">
                        {line}
                      </span>
                    ))}
                  </p>
                </div>
                <div className="record__actions">
                  {certificatesAvailable && (
                    <CertificateButton
                      submissionId={submissionId}
                      orderNumber={order.number}
                      insured={insured}
                      onDownloaded={() => setDownload(`The certificate naming ${insured.name} has been downloaded.`)}
                    />
                  )}
                  {editable && (
                    <>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => send({ type: 'record.edit', id: insured.id })}
                      >
                        Edit <span className="visually-hidden">{insured.name}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => send({ type: 'record.remove', id: insured.id })}
                      >
                        Remove <span className="visually-hidden">{insured.name}</span>
                      </button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {(state.matches('editing') || state.matches('saving')) && (
        <AdditionalInsuredDialog
          insured={editing as AdditionalInsured | null}
          states={states.status === 'done' ? states.output : null}
          saving={state.matches('saving')}
          failure={state.matches('editing') && errorMessage ? refusal(errorMessage, state.context.fieldErrors) : null}
          onSave={(values) => send({ type: 'editor.save', values })}
          onCancel={() => send({ type: 'editor.cancel' })}
        />
      )}

      {(state.matches('confirmingRemove') || state.matches('removing')) && removing && (
        <ConfirmDialog
          title={`Remove ${(removing as AdditionalInsured).name}?`}
          message={`They will no longer be named on order ${order.number}.`}
          confirmLabel="Remove"
          error={state.matches('confirmingRemove') && errorMessage ? failureWords(errorMessage) : undefined}
          busy={state.matches('removing')}
          onConfirm={() => send({ type: 'remove.confirm' })}
          onCancel={() => send({ type: 'remove.cancel' })}
        />
      )}
    </>
  );
}

/** A file name people recognise in their downloads, when the server did not give one. */
function certificateFileName(orderNumber: string, name: string): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `certificate-${slug(orderNumber)}-${slug(name) || 'additional-insured'}.pdf`;
}

function CertificateButton({
  submissionId,
  orderNumber,
  insured,
  onDownloaded,
}: {
  submissionId: number;
  orderNumber: string;
  insured: AdditionalInsured;
  onDownloaded: () => void;
}) {
  // A one-off download, not a flow: working, or the last failure in words.
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errorId = useId();

  async function download() {
    if (working) return;
    setWorking(true);
    setFailure(null);
    try {
      const { pdf, filename } = await downloadCertificate(submissionId, insured.id);
      saveBlob(pdf, filename ?? certificateFileName(orderNumber, insured.name));
      onDownloaded();
    } catch (error) {
      setFailure(failureWords(errorText(error)));
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="certificate">
      <button
        type="button"
        className="button button--small"
        onClick={download}
        aria-disabled={working || undefined}
        aria-describedby={failure ? errorId : undefined}
      >
        {working ? 'Preparing…' : 'Download certificate'} <span className="visually-hidden">naming {insured.name}</span>
      </button>
      {failure && (
        <p id={errorId} className="field__error" role="alert">
          We could not produce the certificate. {failure}
        </p>
      )}
    </div>
  );
}

const SHOWN_FIELDS = ['name', 'relationship', 'email', 'address1', 'address2', 'city', 'state', 'zipcode'] as const;
const ADDRESS_PARTS = ['address1', 'address2', 'city', 'state', 'zipcode'] as const;
const entries = saveAdditionalInsuredRequestSchema.entries;

/** "is required" for an empty field, before the shape's own message ("must be a 5-digit ZIP code"). */
const filled = (schema: v.GenericSchema<string>) => v.pipe(v.string(), v.trim(), v.nonEmpty('is required'), schema);

/** The address is optional as a whole: once any part is given, the street, city, state and ZIP are needed. */
const hasAddress = (values: Readonly<Record<string, string>>) =>
  ADDRESS_PARTS.some((part) => (values[part] ?? '').trim() !== '');

function AdditionalInsuredDialog({
  insured,
  states,
  saving,
  failure,
  onSave,
  onCancel,
}: {
  insured: AdditionalInsured | null;
  /** The states to choose from; null while unknown (the state is typed instead). */
  states: { code: string; name: string }[] | null;
  saving: boolean;
  failure: { message: string; fields: Record<string, string> } | null;
  onSave: (values: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const whenAddressed =
    (needed: v.GenericSchema, otherwise: v.GenericSchema) => (values: Readonly<Record<string, string>>) =>
      hasAddress(values) ? needed : otherwise;
  const form = useForm(
    {
      name: { schema: entries.name, name: 'Name', initial: insured?.name ?? '' },
      relationship: { schema: entries.relationship, name: 'Relationship', initial: insured?.relationship ?? '' },
      email: { schema: entries.email, name: 'E-mail', initial: insured?.email ?? '' },
      address1: {
        schema: whenAddressed(requiredText(200), entries.address1),
        name: 'Street address',
        initial: insured?.address1 ?? '',
      },
      address2: { schema: entries.address2, name: 'Address line 2', initial: insured?.address2 ?? '' },
      city: { schema: whenAddressed(requiredText(100), entries.city), name: 'City', initial: insured?.city ?? '' },
      state: {
        schema: whenAddressed(filled(stateCodeSchema), entries.state),
        name: 'State',
        initial: insured?.state ?? '',
      },
      zipcode: {
        schema: whenAddressed(filled(zip5Schema), entries.zipcode),
        name: 'ZIP code',
        initial: insured?.zipcode ?? '',
      },
    },
    failure?.fields,
  );
  const addressed = hasAddress(form.values);
  const groupHintId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const values = form.submit();
    if (values) onSave({ ...values, state: values.state.trim().toUpperCase() });
  }

  const field = (name: (typeof SHOWN_FIELDS)[number]) => ({ ...form.field(name), readOnly: saving });

  return (
    <Dialog
      title={insured ? 'Edit additional insured' : 'Add an additional insured'}
      onClose={onCancel}
      className="dialog--wide"
    >
      {failure && (
        <ServerFailure title="We could not save this additional insured" failure={failure} shownFields={SHOWN_FIELDS} />
      )}
      <form className="form" noValidate onSubmit={submit} aria-busy={saving}>
        <TextField
          label="Name"
          data-autofocus
          hint="A person or an organisation, as their contract names them."
          autoComplete="off"
          {...field('name')}
        />
        <TextField label="Relationship" hint="Landlord, client, lender…" optional {...field('relationship')} />
        <TextField label="E-mail" type="email" autoComplete="off" optional {...field('email')} />
        <fieldset className="additional-insureds__address" aria-describedby={groupHintId}>
          <legend>
            Address <span className="field__optional">(optional)</span>
          </legend>
          <p id={groupHintId} className="field__hint">
            Leave it empty, or give the street, city, state and ZIP code.
          </p>
          <TextField label="Street address" optional={!addressed} {...field('address1')} />
          <TextField label="Address line 2" hint="Suite, floor, building." optional {...field('address2')} />
          <div className="form__row">
            <TextField label="City" optional={!addressed} {...field('city')} />
            {states ? (
              <SelectField
                label="State"
                optional={!addressed}
                placeholder="Choose a state"
                options={states.map((state) => ({ value: state.code, label: state.name }))}
                {...form.field('state')}
              />
            ) : (
              <TextField
                label="State"
                hint="Two letters, e.g. TX."
                optional={!addressed}
                maxLength={2}
                autoCapitalize="characters"
                {...field('state')}
              />
            )}
            <TextField
              label="ZIP code"
              inputMode="numeric"
              autoComplete="off"
              optional={!addressed}
              {...field('zipcode')}
            />
          </div>
        </fieldset>
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
            {saving ? 'Saving…' : 'Save additional insured'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
