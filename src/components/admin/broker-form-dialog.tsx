import { useId, useState } from 'react';
import * as v from 'valibot';
import {
  brokerClientUrlSchema,
  brokerRequestSchema,
  LOGO_BOX,
  MAX_LOGO_BYTES,
  type AdminBroker,
  type ClientUrlCheck,
} from '@shared/contract/admin-brokers';
import type { Speciality } from '@shared/contract/specialities';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/form/text-field';
import { useForm } from '@/components/form/use-form';
import type { BrokerDraft } from '@/machines/admin-brokers.machine';

const SHOWN_FIELDS = ['name', 'abbreviation', 'clientUrl', 'specialityIds', 'logo'] as const;
const { name, abbreviation } = brokerRequestSchema.entries;

export const isWellFormedClientUrl = (value: string) => v.safeParse(brokerClientUrlSchema, value).success;

/** A data URL for a stored logo. */
export const logoSource = (logo: NonNullable<AdminBroker['logo']>) => `data:${logo.mime};base64,${logo.base64}`;

/**
 * Create or edit a broker: name, abbreviation, client URL (said free or taken as it is typed, by
 * the machine's check), what it sells, and its logo (PNG or JPEG; the server redraws it).
 */
export function BrokerFormDialog({
  broker,
  specialities,
  clientUrlCheck,
  checking,
  busy,
  failure,
  onClientUrlChange,
  onSave,
  onCancel,
}: {
  broker: AdminBroker | null;
  specialities: readonly Speciality[];
  /** What the server said of the client URL typed, once it has. */
  clientUrlCheck: ClientUrlCheck | undefined;
  checking: boolean;
  busy: boolean;
  failure: { message: string; fields: Record<string, string> } | null;
  onClientUrlChange: (value: string) => void;
  onSave: (draft: BrokerDraft) => void;
  onCancel: () => void;
}) {
  const form = useForm(
    {
      name: { schema: name, name: 'Name', initial: broker?.name },
      abbreviation: { schema: abbreviation, name: 'Abbreviation', initial: broker?.abbreviation },
      clientUrl: { schema: brokerClientUrlSchema, name: 'Client URL', initial: broker?.clientUrl },
    },
    failure?.fields ?? {},
  );
  const sold = broker?.specialities.filter((entry) => entry.active).map((entry) => entry.id) ?? [];
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(sold));
  const [triedSave, setTriedSave] = useState(false);
  const [logo, setLogo] = useState<File | undefined>();
  const [removeLogo, setRemoveLogo] = useState(false);
  const [preview, setPreview] = useState<string | undefined>();
  const ids = {
    specialities: useId(),
    specialitiesError: useId(),
    logo: useId(),
    logoHint: useId(),
    logoError: useId(),
    clientUrlStatus: useId(),
  };

  // Retired specialities the broker still sells stay choosable, so an edit never drops them unasked.
  const choices = [
    ...specialities.map((speciality) => ({ id: speciality.id, name: speciality.name })),
    ...(broker?.specialities ?? []).filter((entry) => !specialities.some((speciality) => speciality.id === entry.id)),
  ];
  const specialitiesError =
    (triedSave && chosen.size === 0 ? 'Choose at least one speciality it sells' : undefined) ??
    (failure?.fields.specialityIds ? `Specialities ${failure.fields.specialityIds}` : undefined);
  const logoTooLarge = logo && logo.size > MAX_LOGO_BYTES;
  const logoError = logoTooLarge
    ? `The logo must be at most ${MAX_LOGO_BYTES / (1024 * 1024)} MB`
    : failure?.fields.logo
      ? `Logo ${failure.fields.logo}`
      : undefined;

  const typed = form.values.clientUrl.trim().toLowerCase();
  let clientUrlStatus = '';
  if (checking) clientUrlStatus = 'Checking whether it is free…';
  else if (clientUrlCheck && clientUrlCheck.clientUrl === typed) {
    clientUrlStatus = clientUrlCheck.available
      ? `${typed} is free.`
      : `${typed} is already ${clientUrlCheck.takenBy ?? 'another broker'}’s: choose another.`;
  }
  const clientUrlTaken = clientUrlCheck?.clientUrl === typed && !clientUrlCheck.available;

  function save() {
    setTriedSave(true);
    const values = form.submit();
    if (!values || chosen.size === 0 || logoTooLarge) return;
    onSave({
      values: {
        name: values.name,
        abbreviation: values.abbreviation,
        clientUrl: values.clientUrl,
        specialityIds: [...chosen].sort((a, b) => a - b),
      },
      logo: logo ?? (removeLogo ? 'remove' : undefined),
    });
  }

  const clientUrlField = form.field('clientUrl');
  return (
    <FormDialog
      title={broker ? `Edit ${broker.name}` : 'New broker'}
      submitLabel={broker ? 'Save changes' : 'Create broker'}
      busyLabel="Saving…"
      busy={busy}
      failure={failure}
      failureTitle="We could not save this broker"
      shownFields={SHOWN_FIELDS}
      onSubmit={save}
      onCancel={onCancel}
      className="broker-form"
    >
      <TextField label="Name" autoComplete="organization" {...form.field('name')} />
      <TextField
        label="Abbreviation"
        hint="Shown beside the logo, up to 12 characters (e.g. SPB)."
        {...form.field('abbreviation')}
      />
      <TextField
        label="Client URL"
        hint={
          <>
            Letters, digits and hyphens: the storefront is <code>/client/landing/{typed || 'your-code'}</code>.
            {broker && ' Changing it moves the storefront: links to the old address stop working.'}
          </>
        }
        autoCapitalize="none"
        spellCheck={false}
        {...clientUrlField}
        error={
          clientUrlField.error ??
          (clientUrlTaken ? `Client URL is already ${clientUrlCheck?.takenBy ?? 'another broker'}’s` : undefined)
        }
        onValueChange={(value) => {
          clientUrlField.onValueChange(value);
          onClientUrlChange(value);
        }}
      />
      <p id={ids.clientUrlStatus} className="broker-form__url-status" role="status">
        {clientUrlTaken ? '' : clientUrlStatus}
      </p>

      <fieldset
        className="broker-form__specialities"
        aria-describedby={specialitiesError ? ids.specialitiesError : undefined}
        aria-invalid={specialitiesError ? true : undefined}
      >
        <legend>Specialities it sells</legend>
        {specialitiesError && (
          <p id={ids.specialitiesError} className="field__error">
            {specialitiesError}
          </p>
        )}
        <ul>
          {choices.map((choice) => {
            const id = `${ids.specialities}-${choice.id}`;
            return (
              <li key={choice.id} className="checkbox">
                <input
                  id={id}
                  type="checkbox"
                  checked={chosen.has(choice.id)}
                  readOnly={busy}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(choice.id);
                    else next.delete(choice.id);
                    setChosen(next);
                  }}
                />
                <label htmlFor={id}>{choice.name}</label>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div className="field broker-form__logo">
        <label htmlFor={ids.logo}>Logo (optional)</label>
        <p id={ids.logoHint} className="field__hint">
          A PNG or JPEG up to {MAX_LOGO_BYTES / (1024 * 1024)} MB; it is resized to fit {LOGO_BOX.width}×
          {LOGO_BOX.height} pixels.
        </p>
        <input
          id={ids.logo}
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={logoError ? `${ids.logoHint} ${ids.logoError}` : ids.logoHint}
          aria-invalid={logoError ? true : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            setLogo(file);
            setRemoveLogo(false);
            setPreview(undefined);
            // A data URL needs no revoking; a later choice simply replaces it.
            if (file && file.size <= MAX_LOGO_BYTES) {
              const reader = new FileReader();
              reader.onload = () => {
                if (typeof reader.result === 'string') setPreview(reader.result);
              };
              reader.readAsDataURL(file);
            }
          }}
        />
        {logoError && (
          <p id={ids.logoError} className="field__error">
            {logoError}
          </p>
        )}
        {(preview ?? (broker?.logo && !removeLogo ? logoSource(broker.logo) : undefined)) && (
          <img
            className="broker-form__preview"
            src={preview ?? logoSource(broker!.logo!)}
            alt={preview ? 'The logo chosen' : `${broker?.name}’s logo now`}
          />
        )}
        {broker?.logo && !logo && (
          <div className="checkbox">
            <input
              id={`${ids.logo}-remove`}
              type="checkbox"
              checked={removeLogo}
              onChange={(event) => setRemoveLogo(event.target.checked)}
            />
            <label htmlFor={`${ids.logo}-remove`}>Remove the logo (the storefront then shows the abbreviation)</label>
          </div>
        )}
      </div>
    </FormDialog>
  );
}
