import { useId, useMemo, type FormEvent } from 'react';
import * as v from 'valibot';
import { stateCodeSchema } from '@shared/contract/address';
import type { UsState } from '@shared/contract/lists';
import { updatePrimaryInsuredWithLocationRequestSchema } from '@shared/contract/primary-insured';
import { ServerFailure } from '@/components/form/server-failure';
import { TextField } from '@/components/form/text-field';
import { useForm, type FieldSpecs } from '@/components/form/use-form';
import { StateField } from '@/components/edit-order/state-field';
import type { Failure, InsuredRequest } from '@/machines/edit-order.machine';

export type NamedInsuredField =
  'firstname' | 'lastname' | 'companyname' | 'contactnumber' | 'address1' | 'address2' | 'city' | 'state' | 'zipcode';

export type NamedInsuredValues = Record<NamedInsuredField, string>;

const { entries } = updatePrimaryInsuredWithLocationRequestSchema;
const specs: FieldSpecs<NamedInsuredField> = {
  firstname: { schema: entries.firstname, name: 'First name' },
  lastname: { schema: entries.lastname, name: 'Last name' },
  companyname: { schema: entries.companyname, name: 'Company' },
  contactnumber: { schema: entries.contactnumber, name: 'Phone' },
  address1: { schema: entries.address1, name: 'Address line 1' },
  address2: { schema: entries.address2, name: 'Address line 2' },
  city: { schema: entries.city, name: 'City' },
  // An empty select is "required", not "must be a two-letter state code".
  state: { schema: v.pipe(v.string(), v.nonEmpty('is required'), stateCodeSchema), name: 'State' },
  zipcode: { schema: entries.zipcode, name: 'ZIP code' },
};
const SHOWN_FIELDS = [...Object.keys(specs), 'isupdatemaster'];

interface NamedInsuredFormProps {
  initial: NamedInsuredValues;
  /** The saved location and contact the form's address and phone came from (changed with "Also update"). */
  locationId: number | null;
  contactId: number | null;
  states: UsState[] | null;
  /** The server's refusal of the last save. */
  failure: Failure | undefined;
  busy: boolean;
  saving: boolean;
  onSave: (request: InsuredRequest) => void;
}

/**
 * The order's named insured: the insured's names, and the address of the order's primary
 * location, which is where the order is priced. Remount it (a `key`) when what it shows changes
 * on the server; until then it keeps what the user typed.
 */
export function NamedInsuredForm({
  initial,
  locationId,
  contactId,
  states,
  failure,
  busy,
  saving,
  onSave,
}: NamedInsuredFormProps) {
  const fields = useMemo(() => {
    const names = Object.keys(specs) as NamedInsuredField[];
    return Object.fromEntries(
      names.map((name) => [name, { ...specs[name], initial: initial[name] }]),
    ) as FieldSpecs<NamedInsuredField>;
  }, [initial]);
  const form = useForm(fields, failure?.fields);
  const masterId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Busy: the button stays focusable (aria-disabled), so a repeat submit lands here and is ignored.
    if (busy) return;
    const values = form.submit();
    if (!values) return;
    const master = new FormData(event.currentTarget).get('isupdatemaster') === 'on';
    onSave({
      firstname: values.firstname,
      lastname: values.lastname,
      companyname: values.companyname,
      contactnumber: values.contactnumber,
      address1: values.address1,
      address2: values.address2,
      city: values.city,
      state: values.state,
      zipcode: values.zipcode,
      locationId,
      contactId,
      isupdatemaster: master,
    });
  }

  const text = (name: Exclude<NamedInsuredField, 'state'>) => ({ ...form.field(name), readOnly: saving });

  return (
    <>
      {failure && <ServerFailure title={failure.title} failure={failure} shownFields={SHOWN_FIELDS} />}
      <form className="form" noValidate onSubmit={submit} aria-busy={saving}>
        <div className="form__row">
          <TextField label="First name" autoComplete="given-name" {...text('firstname')} />
          <TextField label="Last name" autoComplete="family-name" {...text('lastname')} />
        </div>
        <TextField label="Company" autoComplete="organization" optional {...text('companyname')} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          optional
          hint="A US number, e.g. (512) 555-0142"
          {...text('contactnumber')}
        />
        <TextField label="Address line 1" autoComplete="address-line1" {...text('address1')} />
        <TextField label="Address line 2" autoComplete="address-line2" optional {...text('address2')} />
        <div className="form__row">
          <TextField label="City" autoComplete="address-level2" {...text('city')} />
          <StateField label="State" states={states} {...form.field('state')} readOnly={saving} />
          <TextField label="ZIP code" autoComplete="postal-code" inputMode="numeric" {...text('zipcode')} />
        </div>
        <div className="checkbox">
          <input id={masterId} type="checkbox" name="isupdatemaster" aria-describedby={`${masterId}-hint`} />
          <label htmlFor={masterId}>Also update my saved location and contact</label>
          <p id={`${masterId}-hint`} className="field__hint">
            Otherwise only this order changes; your saved location and contact stay as they are.
          </p>
        </div>
        <div className="form__actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {saving ? 'Saving…' : 'Save named insured'}
          </button>
        </div>
      </form>
    </>
  );
}
