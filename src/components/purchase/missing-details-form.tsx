import { useMachine, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { emailSchema } from '@shared/contract/auth';
import { requiredPhoneSchema, requiredText } from '@shared/contract/address';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { useForm, type FieldSpecs } from '@/components/form/use-form';
import { useAuth } from '@/components/use-auth';
import { signedInUser } from '@/machines/auth.machine';
import { missingDetailsMachine, type MissingDetailsInput } from '@/machines/missing-details.machine';

type Field = 'address1' | 'address2' | 'firstname' | 'lastname' | 'email' | 'contactnumber';

const anything = v.string();

/**
 * The practice's street address and a primary contact, when buy now found them missing (an
 * account made before sign-up asked for them, or an address at another ZIP): asked here, on the
 * review screen, then the order is loaded again.
 */
export function MissingDetailsForm({
  input,
  placeWords,
  onSupplied,
}: {
  input: MissingDetailsInput;
  placeWords: string;
  onSupplied: () => void;
}) {
  const auth = useAuth();
  const user = useSelector(auth, signedInUser);
  const [machine] = useState(() => missingDetailsMachine.provide({ actions: { supplied: onSupplied } }));
  const [state, send] = useMachine(machine, { input });
  const [fields] = useState<FieldSpecs<Field>>(() => ({
    address1: { schema: input.needsLocation ? requiredText(200) : anything, name: 'Street address' },
    address2: { schema: anything, name: 'Suite, floor or unit' },
    firstname: {
      schema: input.needsContact ? requiredText(100) : anything,
      name: 'First name',
      initial: user?.firstname ?? '',
    },
    lastname: {
      schema: input.needsContact ? requiredText(100) : anything,
      name: 'Last name',
      initial: user?.lastname ?? '',
    },
    email: { schema: input.needsContact ? emailSchema : anything, name: 'E-mail', initial: user?.email ?? '' },
    contactnumber: { schema: input.needsContact ? requiredPhoneSchema : anything, name: 'Phone' },
  }));
  const { failure } = state.context;
  const form = useForm(fields, failure?.fields);
  const saving = state.matches('savingAddress') || state.matches('savingContact');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const values = form.submit();
    if (!values) return;
    send({
      type: 'details.save',
      given: {
        ...(input.needsLocation
          ? { address: { address1: values.address1.trim(), address2: values.address2.trim() || null } }
          : {}),
        ...(input.needsContact
          ? {
              contact: {
                firstname: values.firstname.trim(),
                lastname: values.lastname.trim(),
                email: values.email.trim() || null,
                contactnumber: values.contactnumber.trim(),
              },
            }
          : {}),
      },
    });
  };
  return (
    <section className="order-section missing-details" aria-labelledby="missing-details-title">
      <h2 id="missing-details-title">A few details to finish</h2>
      <form className="form" onSubmit={submit} noValidate aria-busy={saving}>
        {failure && (
          <FormAlert title="We could not save these details" focusKey={failure}>
            <p>{failure.message}</p>
          </FormAlert>
        )}
        {input.needsLocation && (
          <fieldset className="form__group">
            <legend>Your practice’s address in {placeWords}</legend>
            <TextField label="Street address" autoComplete="address-line1" {...form.field('address1')} />
            <TextField label="Suite, floor or unit" autoComplete="address-line2" optional {...form.field('address2')} />
          </fieldset>
        )}
        {input.needsContact && (
          <fieldset className="form__group">
            <legend>Who we contact about this policy</legend>
            <div className="form__row">
              <TextField label="First name" autoComplete="given-name" {...form.field('firstname')} />
              <TextField label="Last name" autoComplete="family-name" {...form.field('lastname')} />
            </div>
            <TextField label="E-mail" type="email" autoComplete="email" {...form.field('email')} />
            <TextField label="Phone" type="tel" autoComplete="tel" inputMode="tel" {...form.field('contactnumber')} />
          </fieldset>
        )}
        <p className="form__actions">
          <button type="submit" className="button button--secondary" aria-disabled={saving || undefined}>
            {saving ? 'Saving…' : 'Save these details'}
          </button>
        </p>
      </form>
    </section>
  );
}
